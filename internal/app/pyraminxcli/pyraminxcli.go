// Package pyraminxcli runs the Pyraminx (U L R B, tips u l r b) in the
// godtable command: 36 stickers, or a move sequence (--scramble).
package pyraminxcli

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/app/svg"
	"github.com/godtable/godtable/lookup"
	api "github.com/godtable/godtable/lookup/pyraminx"
)

// Puzzle is the Pyraminx.
type Puzzle struct{}

// The command, the server and the page answer the puzzle once this
// package is imported.

// Name is "pyraminx".
func (Puzzle) Name() string { return "pyraminx" }

// SVG draws the net in triangles.
func (p Puzzle) SVG(s cli.Shown) string {
	d, _ := p.SVGNext(s, "") // no move: nothing to refuse
	return d
}

// SVGNext draws the net with an arrow for the move about to be made.
func (Puzzle) SVGNext(s cli.Shown, next string) (string, error) { return svg.Pyraminx(s.State, next) }

// Aliases are the WCA's event ID and a short name.
func (Puzzle) Aliases() []string { return []string{"pyram", "pyra"} }

// Features: a table, and move sequences.
func (Puzzle) Features() cli.Features { return cli.Features{Table: true, Scramble: true} }

// EndsInput is always false: every line is a position.
func (Puzzle) EndsInput(string) bool { return false }

func parse(in string, o *cli.Options) (api.Position, error) {
	if o.Scramble {
		return api.Scramble(in)
	}
	return api.Parse(strings.TrimSpace(in))
}

// Solve answers a position.
func (Puzzle) Solve(in string, o *cli.Options, a *cli.Answer) error {
	p, err := parse(in, o)
	if err != nil {
		return err
	}
	return cli.Sequences(a, o, cli.Solver[lookup.Solution]{Solve: p.Solve, Count: p.Count, All: p.All})
}

// Verify checks a solution.
func (Puzzle) Verify(state, solution string, o *cli.Options) (lookup.Verdict, error) {
	p, err := parse(state, o)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return p.Verify(solution)
}

// Scramble draws a position, tips included, with a sequence that makes it,
// tips last. --min-moves counts the body's moves, not the tips' (a tip is
// one flick, no test of a scramble's worth); the WCA's minimum counts every
// move, as TNoodle's filter does.
func (Puzzle) Scramble(rng *rand.Rand, o *cli.Options) (string, string, int, error) {
	dist, err := api.Distribution()
	if err != nil {
		return "", "", 0, err
	}
	if most := len(dist) - 1; o.MinMoves > most {
		return "", "", 0, fmt.Errorf("--min-moves %d: no position's body is more than %d moves from the goal (--min-moves counts the body's moves, not the tips')", o.MinMoves, most)
	}
	return cli.DrawWhere(o, "position", func() (cli.Drawn, bool, error) {
		p := api.Random(rng)
		d, err := p.Distance()
		if err != nil || d-p.TwistedTips() < o.MinMoves || o.WCA && d < wcaMinimum {
			return cli.Drawn{}, false, err
		}
		moves, err := p.Moves()
		return cli.Drawn{State: p.Stickers(), Moves: moves.String(), Dist: d}, true, err
	})
}

// MinMovesUsage says that --min-moves counts the body's moves.
func (Puzzle) MinMovesUsage() string {
	return "only states whose body is at least `K` moves from the goal (the tips not counted)"
}

// wcaMinimum is the WCA's fewest moves for a Pyraminx scramble's state:
// "Pyraminx: The (random) state must require at least 6 moves to solve"
// (regulation 4b3f), tips included, as TNoodle's filter counts them
// (SCRAMBLE_LENGTH_INCLUDES_TIPS).
const wcaMinimum = 6

// WCAMinimum is regulation 4b3f's 6 moves.
func (Puzzle) WCAMinimum() (int, string) { return wcaMinimum, "4b3f" }

// Stats is the body's distribution.
func (Puzzle) Stats(*cli.Options) ([]int, error) { return api.Distribution() }

// StatsNote says the tips are left out.
func (Puzzle) StatsNote() string {
	return "(the body: each twisted tip adds one move)"
}

// Show draws the net.
func (Puzzle) Show(state string, o *cli.Options, colour bool) (string, error) {
	p, err := parse(state, o)
	if err != nil {
		return "", err
	}
	return p.Draw(colour), nil
}

// After gives the stickers.
func (Puzzle) After(state, moves string, o *cli.Options) (cli.Shown, error) {
	p, err := parse(state, o)
	if err != nil {
		return cli.Shown{}, err
	}
	p, err = cli.Replay(p, moves, api.Scramble, api.Position.Moves)
	if err != nil {
		return cli.Shown{}, err
	}
	return cli.Shown{State: p.Stickers(), Solved: p.IsSolved()}, nil
}
