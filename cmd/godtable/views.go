package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/godtable/godtable/lookup"
)

// viewsCmd is the top/front/side views puzzle, solved by exact search.
type viewsCmd struct{}

func (viewsCmd) name() string { return "views" }

func (viewsCmd) features() features { return features{draw: true, battery: true} }

func (viewsCmd) endsInput(string) bool { return false }

func (viewsCmd) solve(in string, o *options, a *answer) error {
	v, err := lookup.ParseViews(in)
	if err != nil {
		return err
	}
	b, ok := lookup.SolveViews(v)
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
	v, err := lookup.ParseViews(state)
	if err != nil {
		return lookup.Verdict{}, err
	}
	best, solvable := lookup.SolveViews(v)
	out := lookup.Verdict{Impossible: !solvable, Optimal: best.Count()}
	// The claim is written as solve writes its answer: "impossible", or
	// the block count and the blocks' 16 hex digits (the count may be left
	// out).
	fields := strings.Fields(solution)
	if len(fields) == 1 && strings.EqualFold(fields[0], "impossible") {
		out.Legal = !solvable
		if solvable {
			out.Problem = fmt.Sprintf("the views are solvable, with %d blocks", best.Count())
		}
		return out, nil
	}
	// A badly written claim is an illegal answer, as for every puzzle, not
	// an invalid input: the input is the views.
	illegal := func(problem string) (lookup.Verdict, error) {
		out.Legal, out.Problem = false, problem
		return out, nil
	}
	var claimed = -1
	switch len(fields) {
	case 1:
	case 2:
		n, err := strconv.Atoi(fields[0])
		if err != nil || n < 0 {
			return illegal(fmt.Sprintf("bad block count %q: want impossible, or the block count and 16 hex digits", truncate(fields[0], 20)))
		}
		claimed, fields = n, fields[1:]
	default:
		return illegal("want impossible, or the block count and 16 hex digits")
	}
	b, err := lookup.ParseBlocks(fields[0])
	if err != nil {
		return illegal(err.Error())
	}
	r := lookup.VerifyViews(v, b)
	out.Length = b.Count()
	out.Legal = r.Valid
	switch {
	case !solvable:
		out.Length = 0
		out.Problem = "no block set has these views"
	case !r.Valid:
		var wrong []string
		for _, w := range []struct {
			name      string
			got, want uint16
		}{{"top", r.Got.Top, v.Top}, {"front", r.Got.Front, v.Front}, {"side", r.Got.Side, v.Side}} {
			if w.got != w.want {
				wrong = append(wrong, w.name)
			}
		}
		what := wrong[len(wrong)-1] + " view differs"
		if len(wrong) > 1 {
			what = strings.Join(wrong[:len(wrong)-1], ", ") + " and " + what[:len(what)-len(" differs")] + "s differ"
		}
		out.Problem = fmt.Sprintf("the blocks' %s (they show %s)", what, r.Got.Hex())
	case claimed >= 0 && claimed != b.Count():
		out.Legal = false
		out.Problem = fmt.Sprintf("says %d blocks, the set has %d", claimed, b.Count())
	}
	return out, nil
}

// scramble draws a block set uniformly (each block present or not with
// even odds) and gives its views, with the drawn set as the "moves". The
// fewest blocks with those views, the distance, is found only for --json,
// the one form that writes it: such dense views are the slowest to solve
// (tens of microseconds each, against nothing for the draw).
func (viewsCmd) scramble(rng *rand.Rand, o *options) (string, string, int, error) {
	b := lookup.Blocks(rng.Uint64())
	v := b.Views()
	dist := -1
	if o.json {
		best, _ := lookup.SolveViews(v)
		dist = best.Count()
	}
	return v.Hex(), b.Hex(), dist, nil
}

func (viewsCmd) stats(*options) ([]int, error) {
	return nil, fmt.Errorf("views has no table")
}

func (viewsCmd) show(state string, o *options, colour bool) (string, error) {
	v, err := lookup.ParseViews(state)
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
	cases, solvable, blocks := lookup.ViewsBattery(o.n, o.workers)
	fmt.Fprintf(e.stdout, "cases %d solvable %d blocks %d\n", cases, solvable, blocks)
	return exitOK
}

// truncate shortens s to at most n bytes, marking the cut, so that a
// message quoting a long field stays short.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
