package command

import (
	"bytes"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/cli"
)

// show --svg writes each puzzle's drawing of the state, one line; scramble
// --svg adds each drawn state's drawing as a third column (and an svg
// field in JSON), the same image show --svg draws of that state.
func TestSVG(t *testing.T) {
	states := map[string]string{
		"pocket": "FFFUDDRFRULLLDRRUULBBBDB", "pyraminx": "FFRLFFRFFDRDFLLLDLRLRDLFRDRDDFDDRLLR",
		"msquare": "2 6 8 4 5 7 3 1", "rotgame": "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3",
		"rotgrid": "492357816", "views": "fe88e8f9b499",
	}
	for _, p := range puzzles {
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
