// Package viewscli runs the views puzzle (the top, front and side views of
// a 4x4x4 grid of blocks, solved by exact search) in the godtable command:
// views in hex or as a drawing of four rows, which may span lines on stdin.
package viewscli

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/app/svg"
	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/views"
)

// Puzzle is the views puzzle.
type Puzzle struct{}

// The command, the server and the page answer the puzzle once this
// package is imported.

// Name is "views".
func (Puzzle) Name() string { return "views" }

// Features: the drawing (--draw); the battery is Battery's.
func (Puzzle) Features() cli.Features { return cli.Features{Draw: true} }

// EndsInput is always false.
func (Puzzle) EndsInput(string) bool { return false }

// Solve answers views: the fewest blocks and a set of them, or
// "impossible".
func (Puzzle) Solve(in string, o *cli.Options, a *cli.Answer) error {
	v, err := views.Parse(in)
	if err != nil {
		return err
	}
	b, ok := v.Solve()
	if !ok {
		a.Text = append(a.Text, "impossible\n"...)
		a.Set("solvable", false)
		return nil
	}
	a.Text = strconv.AppendInt(a.Text, int64(b.Count()), 10)
	a.Text = append(a.Text, ' ')
	a.Text = append(a.Text, b.Hex()...)
	a.Text = append(a.Text, '\n')
	if o.Draw {
		a.Text = append(a.Text, b.Draw()...)
	}
	a.Set("solvable", true)
	a.Set("count", b.Count())
	a.Set("blocks", b.Hex())
	return nil
}

// Verify checks a block set against the views.
func (Puzzle) Verify(state, solution string, o *cli.Options) (lookup.Verdict, error) {
	v, err := views.Parse(state)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return v.Verify(solution), nil
}

// Scramble draws a block set uniformly (each block present or not with
// even odds) and gives its views, with the drawn set as the "moves". The
// fewest blocks with those views, the distance, is found only for --json,
// the one form that writes it: such dense views are the slowest to solve
// (tens of microseconds each, against nothing for the draw).
func (Puzzle) Scramble(rng *rand.Rand, o *cli.Options) (string, string, int, error) {
	b := views.Blocks(rng.Uint64())
	v := b.Views()
	dist := -1
	if o.JSON {
		best, _ := v.Solve()
		dist = best.Count()
	}
	return v.Hex(), b.Hex(), dist, nil
}

// Stats is an error: the puzzle has no table.
func (Puzzle) Stats(*cli.Options) ([]int, error) {
	return nil, fmt.Errorf("views has no table")
}

// Show draws the views.
func (Puzzle) Show(state string, o *cli.Options, colour bool) (string, error) {
	v, err := views.Parse(state)
	if err != nil {
		return "", err
	}
	return v.Draw(), nil
}

// isDrawingRow reports whether a line is (meant as) a row of a views
// drawing: at least six x or . cells. Other characters are allowed here, so
// that a malformed row stays with its drawing and the drawing's parser names
// the bad character; a hex input has at most one x or . in it.
func isDrawingRow(line string) bool {
	cells := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case 'x', 'X', '.':
			cells++
		}
	}
	return cells >= 6
}

// GroupRows is 4: a drawing's rows.
func (Puzzle) GroupRows() int { return 4 }

// Group says how stdin lines group into one input: a drawing is an
// optional header line ("Top: Front: Side:") and four rows.
func (Puzzle) Group(line string) (starts bool, row bool) {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(strings.ToLower(t), "top") {
		return true, false
	}
	r := isDrawingRow(line)
	return r, r
}

// BatterySize is the published battery's size.
func (Puzzle) BatterySize() int { return views.BatterySize }

// Battery runs the published battery's first o.N cases.
func (Puzzle) Battery(o *cli.Options) string {
	cases, solvable, blocks := views.Battery(o.N, o.Workers)
	return fmt.Sprintf("cases %d solvable %d blocks %d\n", cases, solvable, blocks)
}

// After gives the views in hex; the puzzle has no moves.
func (Puzzle) After(state, moves string, o *cli.Options) (cli.Shown, error) {
	v, err := views.Parse(state)
	if err != nil {
		return cli.Shown{}, err
	}
	if strings.TrimSpace(moves) != "" {
		return cli.Shown{}, errors.New("moves: views has no moves")
	}
	return cli.Shown{State: v.Hex()}, nil
}

// SVG draws the state (internal/app/svg).
func (Puzzle) SVG(s cli.Shown) string { return svg.ViewsHex(s.State) }
