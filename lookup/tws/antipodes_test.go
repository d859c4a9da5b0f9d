package tws_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// Antipodes gives exactly the states the reference search finds farthest
// from the solved state, each once, each made by its moves in as many moves
// as it is far; asked for fewer, the first of the same list.
func TestAntipodesAgainstReference(t *testing.T) {
	for _, name := range []string{"twisty.tws", "loop3.tws", "loop3_cols.tws", "ties.tws", "one.tws", "long.tws", "ring256.tws"} {
		t.Run(name, func(t *testing.T) {
			if raceShort() && name == "loop3.tws" {
				t.Skip("the largest, left to the suite without the race detector")
			}
			file := filepath.Join("testdata", name)
			pz := build(t, file, "htm")
			r := newReference(t, file, ksolve.HTM)
			d := r.p.Def
			dist := r.distribution()
			most := len(dist) - 1
			want := map[string]bool{}
			for s, k := range r.dist {
				if k == most {
					want[d.FormatLine(ksolve.State(s))] = true
				}
			}
			far, err := pz.Antipodes(len(want) + 3)
			if err != nil {
				t.Fatal(err)
			}
			if len(far) != len(want) {
				t.Fatalf("%d antipodes, the reference has %d at distance %d", len(far), len(want), most)
			}
			byName := map[string]int{}
			for i, m := range r.p.Moves {
				byName[m.Name] = i
			}
			var lines []string
			for _, pos := range far {
				line := pos.Line()
				if !want[line] {
					t.Fatalf("%s is no antipode", line)
				}
				delete(want, line)
				lines = append(lines, line)
				moves, err := pos.Moves()
				if err != nil {
					t.Fatal(err)
				}
				s := string(d.Solved)
				for _, m := range moves.Moves() {
					i, ok := byName[m]
					if !ok {
						t.Fatalf("%s: move %q", line, m)
					}
					s = r.apply(s, i)
				}
				if got := d.FormatLine(ksolve.State(s)); got != line || moves.Cost() != most {
					t.Fatalf("%s: moves %s (%d) make %s", line, moves, moves.Cost(), got)
				}
			}
			for _, n := range []int{0, 1, 2, len(far) / 2, len(far) - 1} {
				n = max(0, min(n, len(far)))
				first, err := pz.Antipodes(n)
				if err != nil {
					t.Fatal(err)
				}
				got := make([]string, len(first))
				for i, pos := range first {
					got[i] = pos.Line()
				}
				if !slices.Equal(got, lines[:n]) {
					t.Fatalf("Antipodes(%d) = %v, want the first %d of %v", n, got, n, lines)
				}
			}
		})
	}
}
