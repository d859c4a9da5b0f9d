package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/views"
)

// viewsCmd is the top/front/side views puzzle, solved by exact search.
type viewsCmd struct{}

func (viewsCmd) name() string { return "views" }

func (viewsCmd) features() features { return features{draw: true, battery: true} }

func (viewsCmd) endsInput(string) bool { return false }

func (viewsCmd) solve(in string, o *options, a *answer) error {
	v, err := views.Parse(in)
	if err != nil {
		return err
	}
	b, ok := v.Solve()
	if !ok {
		a.text = append(a.text, "impossible\n"...)
		a.set("solvable", false)
		return nil
	}
	a.text = strconv.AppendInt(a.text, int64(b.Count()), 10)
	a.text = append(a.text, ' ')
	a.text = append(a.text, b.Hex()...)
	a.text = append(a.text, '\n')
	if o.draw {
		a.text = append(a.text, b.Draw()...)
	}
	a.set("solvable", true)
	a.set("count", b.Count())
	a.set("blocks", b.Hex())
	return nil
}

func (viewsCmd) verify(state, solution string, o *options) (lookup.Verdict, error) {
	v, err := views.Parse(state)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return v.Verify(solution), nil
}

// scramble draws a block set uniformly (each block present or not with
// even odds) and gives its views, with the drawn set as the "moves". The
// fewest blocks with those views, the distance, is found only for --json,
// the one form that writes it: such dense views are the slowest to solve
// (tens of microseconds each, against nothing for the draw).
func (viewsCmd) scramble(rng *rand.Rand, o *options) (string, string, int, error) {
	b := views.Blocks(rng.Uint64())
	v := b.Views()
	dist := -1
	if o.json {
		best, _ := v.Solve()
		dist = best.Count()
	}
	return v.Hex(), b.Hex(), dist, nil
}

func (viewsCmd) stats(*options) ([]int, error) {
	return nil, fmt.Errorf("views has no table")
}

func (viewsCmd) show(state string, o *options, colour bool) (string, error) {
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

// drawingLines says how stdin lines group into one input: a drawing is an
// optional header line ("Top: Front: Side:") and four rows.
func (viewsCmd) drawingLines(line string) (starts bool, row bool) {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(strings.ToLower(t), "top") {
		return true, false
	}
	r := isDrawingRow(line)
	return r, r
}

func (viewsCmd) battery(e *env, o *options) int {
	cases, solvable, blocks := views.Battery(o.n, o.workers)
	fmt.Fprintf(e.stdout, "cases %d solvable %d blocks %d\n", cases, solvable, blocks)
	return exitOK
}
