package ksolve

import (
	"os"
	"path/filepath"
	"testing"
)

// The number of states the moves reach, from the moves alone: the cube's
// group and its best-known subgroups (each in half turns too, the same
// group), and a twisted corner of the pocket cube kept out.
func TestReachable(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "3x3x3.tws"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Parse("3x3x3.tws", src)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ moves, want string }{
		{"", "43252003274489856000"},
		{"U,F", "73483200"},
		{"R,U", "73483200"},
		{"U,D,R2,L2,F2,B2", "19508428800"},
		{"R2,U2", "12"},
		{"U", "4"},
	} {
		for _, m := range []Metric{HTM, QTM} {
			p, err := NewPuzzle(d, m, c.moves)
			if err != nil {
				t.Fatal(err)
			}
			n, exact := p.Reachable()
			if n.String() != c.want || !exact {
				t.Errorf("moves %q (%v): %v states (exact %v), want %s", c.moves, m, n, exact, c.want)
			}
		}
	}
}
