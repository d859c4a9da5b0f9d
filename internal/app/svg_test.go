package app

import (
	"bytes"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/app/cli"
)

// show --svg writes each puzzle's drawing of the state, one line; scramble
// --svg adds each drawn state's drawing as a third column (and an svg
// field in JSON), the same image show --svg draws of that state.
func TestSVG(t *testing.T) {
	states := map[string]string{
		"pocket": "FFFUDDRFRULLLDRRUULBBBDB", "pyraminx": "FFRLFFRFFDRDFLLLDLRLRDLFRDRDDFDDRLLR",
		"msquare": "2 6 8 4 5 7 3 1", "rotgame": "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3",
		"rotgrid": "492357816", "views": "fe88e8f9b499",
		"3x3x3": "UUUUUUUUULLLFFFRRRBBBLLLFFFRRRBBBLLLFFFRRRBBBDDDDDDDDD",
	}
	for _, p := range puzzles() {
		d, ok := p.(cli.SVGDrawer)
		if !ok {
			t.Errorf("%s: no SVG drawing", p.Name())
			continue
		}
		state := states[p.Name()]
		var out, errs bytes.Buffer
		if code := Run([]string{"show", p.Name(), "--svg", state}, nil, &out, &errs); code != 0 {
			t.Fatalf("show %s --svg: exit %d: %s", p.Name(), code, errs.String())
		}
		shown, err := p.After(state, "", &cli.Options{Order: "net"})
		if err != nil {
			t.Fatal(err)
		}
		if want := d.SVG(shown) + "\n"; out.String() != want || strings.Count(want, "\n") != 1 || !strings.HasPrefix(want, "<svg ") {
			t.Errorf("show %s --svg:\n%.200s\nwant\n%.200s", p.Name(), out.String(), want)
		}
		if !p.Features().Table {
			continue
		}
		out.Reset()
		if code := Run([]string{"scramble", p.Name(), "--svg", "-n", "3", "--seed", "4"}, nil, &out, &errs); code != 0 {
			t.Fatalf("scramble %s --svg: exit %d: %s", p.Name(), code, errs.String())
		}
		var plain bytes.Buffer
		Run([]string{"scramble", p.Name(), "-n", "3", "--seed", "4"}, nil, &plain, &errs)
		lines, plainLines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"), strings.Split(strings.TrimSuffix(plain.String(), "\n"), "\n")
		if len(lines) != 3 {
			t.Fatalf("scramble %s --svg: %d lines", p.Name(), len(lines))
		}
		for k, l := range lines {
			cols := strings.Split(l, "\t")
			if len(cols) != 3 || cols[0]+"\t"+cols[1] != plainLines[k] {
				t.Fatalf("scramble %s --svg: %.100q, without --svg %q", p.Name(), l, plainLines[k])
			}
			var pic bytes.Buffer
			Run([]string{"show", p.Name(), "--svg", cols[0]}, nil, &pic, &errs)
			if cols[2]+"\n" != pic.String() {
				t.Errorf("scramble %s --svg: the picture of %s is not show's", p.Name(), cols[0])
			}
		}
		out.Reset()
		Run([]string{"scramble", p.Name(), "--svg", "--json", "--seed", "4"}, nil, &out, &errs)
		if !strings.Contains(out.String(), `,"svg":"\u003csvg `) {
			t.Errorf("scramble %s --svg --json: no svg field: %.200s", p.Name(), out.String())
		}
	}
}

// show --svg --next draws the arrow the puzzle's drawing gives; a move it
// cannot mark, or --next without --svg, is bad usage, said in one line
// naming the flag.
func TestSVGNext(t *testing.T) {
	var out, errs bytes.Buffer
	if code := Run([]string{"show", "2x2", "--svg", "--next", "R'", "--scramble", "R U"}, nil, &out, &errs); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if strings.Count(out.String(), "<polyline") != 2 || !strings.Contains(out.String(), `class="arrow-head"`) {
		t.Errorf("no arrow: %.200s", out.String())
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"show", "pocket", "--svg", "--next", "D", "UUUULLFFRRBBLLFFRRBBDDDD"}, `--next "D": want one of R U F, plain or with ' or 2`},
		{[]string{"show", "pyraminx", "--svg", "--next", "U2", "FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD"}, `--next "U2": want one of U L R B u l r b, plain or with '`},
		{[]string{"show", "pocket", "--next", "R", "UUUULLFFRRBBLLFFRRBBDDDD"}, `--next "R" without --svg`},
	} {
		out.Reset()
		errs.Reset()
		if code := Run(c.args, nil, &out, &errs); code != ExitUsage || !strings.Contains(strings.SplitN(errs.String(), "\n", 2)[0], c.msg) || out.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errs.String(), ExitUsage, c.msg)
		}
	}
	// The boards mark each of their moves, and refuse another naming them
	// all; the views puzzle, which has no moves, has no such flag.
	for _, c := range []struct {
		puzzle, state string
		moves         []string
		bad, msg      string
	}{
		{"rotgrid", "123456789", []string{"TL", "TL'", "TR", "TR'", "BL", "BL'", "BR", "BR'"}, "TL2", `--next "TL2": want one of TL TL' TR TR' BL BL' BR BR'`},
		{"msquare", "1 2 3 4 5 6 7 8", []string{"A", "B", "C"}, "D", `--next "D": want one of A B C`},
		{"rotgame", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", []string{"A", "B", "C", "D", "E", "F", "G", "H"}, "a", `--next "a": want one of A B C D E F G H`},
	} {
		plain := runOut(t, "show", c.puzzle, "--svg", c.state)
		seen := map[string]bool{}
		for _, m := range c.moves {
			doc := runOut(t, "show", c.puzzle, "--svg", "--next", m, c.state)
			if !strings.Contains(doc, `class="arrow-head"`) || !strings.HasPrefix(doc, strings.TrimSuffix(plain, "</svg>\n")) || seen[doc] {
				t.Errorf("%s --next %s: no arrow of its own over the drawing: %.200s", c.puzzle, m, doc)
			}
			seen[doc] = true
		}
		out.Reset()
		errs.Reset()
		if code := Run([]string{"show", c.puzzle, "--svg", "--next", c.bad, c.state}, nil, &out, &errs); code != ExitUsage || !strings.Contains(errs.String(), c.msg) || out.Len() != 0 {
			t.Errorf("%s --next %s: exit %d, %q", c.puzzle, c.bad, code, errs.String())
		}
	}
	errs.Reset()
	if code := Run([]string{"show", "views", "--svg", "--next", "A", "f00000000001"}, nil, &out, &errs); code != ExitUsage || !strings.Contains(errs.String(), "flag provided but not defined: -next") {
		t.Errorf("views --next: exit %d, %q", code, errs.String())
	}
}

// runOut runs the command and returns what it wrote, failing the test
// unless it ends well.
func runOut(t *testing.T, args ...string) string {
	t.Helper()
	var out, errs bytes.Buffer
	if code := Run(args, nil, &out, &errs); code != ExitOK {
		t.Fatalf("%v: exit %d, %s", args, code, errs.String())
	}
	return out.String()
}
