// Package msquarecli runs the magic-squares puzzle (USACO "msquare") in the
// godtable command. Its answer is the judge's: the length on one line, then
// the operations in lines of at most 60, so that the command reads the
// judge's input line and writes the judge's output. --count answers with one
// number; --all lists every shortest sequence in lexicographic order, one per
// line (none is longer than 22 operations, so each is also a line of the
// judge's format), then an empty line. --from STATE asks from STATE instead
// of the base state.
package msquarecli

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/app/svg"
	"github.com/godtable/godtable/internal/model/msquare"
	"github.com/godtable/godtable/lookup"
	api "github.com/godtable/godtable/lookup/msquare"
)

// Puzzle is the magic-squares puzzle.
type Puzzle struct{}

// The command, the server and the page answer the puzzle once this
// package is imported.

// Name is "msquare".
func (Puzzle) Name() string { return "msquare" }

// Features: a table, and --from.
func (Puzzle) Features() cli.Features { return cli.Features{Table: true, From: true} }

// EndsInput is always false: every line is a state.
func (Puzzle) EndsInput(string) bool { return false }

// CheckOptions refuses a --from that is not a state, as bad usage, before
// any input is read.
func (Puzzle) CheckOptions(cmd string, o *cli.Options) error {
	if _, err := fromState(o); err != nil {
		return fmt.Errorf("--from: %v", err)
	}
	return nil
}

// fromState returns the --from state, the base state without one.
func fromState(o *cli.Options) (api.Position, error) {
	if o.From == "" {
		return api.Position{}, nil
	}
	return api.Parse(o.From)
}

// Solve answers a state in the judge's format.
func (Puzzle) Solve(in string, o *cli.Options, a *cli.Answer) error {
	q, err := api.Parse(in)
	if err != nil {
		return err
	}
	from, err := fromState(o)
	if err != nil {
		return err
	}
	if o.From != "" {
		a.Set("from", from.String())
	}
	if o.Count || o.All {
		return cli.Sequences(a, o, cli.Solver[lookup.Solution]{
			Count: func() (uint64, error) { return q.CountFrom(from) },
			All:   func(limit int) ([]lookup.Solution, bool, error) { return q.AllFrom(from, limit) },
		})
	}
	sol, err := q.SolveFrom(from)
	if err != nil {
		return err
	}
	a.Text = api.AppendAnswer(a.Text, sol)
	if o.JSON {
		a.Set("length", sol.Len())
		a.Set("solution", sol.String())
	}
	return nil
}

// Verify takes a solution as the operations alone ("BCABCCB") or as the
// judge's answer on one line, its length first ("7 BCABCCB", and "0" for no
// operations), so that solve's output, its lines joined, verifies; a length
// that is not the operations' count makes the answer illegal.
func (Puzzle) Verify(state, solution string, o *cli.Options) (lookup.Verdict, error) {
	q, err := api.Parse(state)
	if err != nil {
		return lookup.Verdict{}, err
	}
	from, err := fromState(o)
	if err != nil {
		return lookup.Verdict{}, err
	}
	ops, claimed, said := solution, -1, ""
	if fields := strings.Fields(solution); len(fields) > 0 && isDigits(fields[0]) {
		// A count too large for an int is no operations' count either.
		claimed, said = math.MaxInt, fields[0]
		if n, err := strconv.Atoi(said); err == nil {
			claimed = n
		}
		if len(said) > 20 {
			said = said[:20] + "..."
		}
		ops = strings.Join(fields[1:], " ")
	}
	v, err := q.VerifyFrom(from, ops)
	if err != nil || claimed < 0 || !v.Legal || claimed == v.Length {
		return v, err
	}
	v.Legal, v.Smallest = false, ""
	v.Problem = fmt.Sprintf("says %s operations, the sequence has %d", said, v.Length)
	return v, nil
}

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Scramble draws a state with its answer from the base state.
func (Puzzle) Scramble(rng *rand.Rand, o *cli.Options) (string, string, int, error) {
	dist, err := api.Distribution()
	if err != nil {
		return "", "", 0, err
	}
	return cli.DrawAtLeast(o, len(dist)-1, "state", func() (cli.Drawn, error) {
		q := api.Random(rng)
		sol, err := q.Solve()
		return cli.Drawn{State: q.String(), Moves: sol.String(), Dist: sol.Len()}, err
	})
}

// Stats is the table's distribution.
func (Puzzle) Stats(*cli.Options) ([]int, error) { return api.Distribution() }

// Show draws the board as two rows of four; in colour, the numbers not in
// their base-state cell stand out.
func (Puzzle) Show(state string, o *cli.Options, colour bool) (string, error) {
	q, err := api.Parse(state)
	if err != nil {
		return "", err
	}
	return q.Draw(colour), nil
}

// After applies operations (A, B, C) to the state and gives its cells.
func (Puzzle) After(state, moves string, o *cli.Options) (cli.Shown, error) {
	q, err := api.Parse(state)
	if err != nil {
		return cli.Shown{}, err
	}
	sol, err := cli.ReadOps(moves, 'C', api.ParseMoves)
	if err != nil {
		return cli.Shown{}, err
	}
	q = q.Apply(sol)
	cells := q.Cells()
	return cli.Shown{State: q.String(), Solved: q.IsBase(), Cells: cells[:]}, nil
}

// SVG draws the state (internal/app/svg).
func (Puzzle) SVG(s cli.Shown) string { return svg.MagicSquare(s.Cells) }

// SVGNext draws the state with arrows for the operation next (A, B or C).
func (Puzzle) SVGNext(s cli.Shown, next string) (string, error) {
	op, err := cli.NextMove(next, msquare.MoveNames[:])
	if err != nil {
		return "", err
	}
	return svg.MagicSquareNext(s.Cells, op), nil
}
