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

// With alike pieces and ignored orientations, the count is the group's
// order divided by the order of the elements that keep the solved state:
// twisty's 648 elements reach 216 states (its search's count), and a
// 4-piece ring of pieces 1 1 2 2 under a 4-cycle reaches 2 of its 4
// rotations. Past the search's budget, the order is given as a bound.
func TestReachableAlike(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "twisty.tws"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, src string
		want      string
	}{
		{"twisty", string(src), "216"},
		{"ring", "Set R 4 1\nSolved\nR\n1 1 2 2\nEnd\nMove M\nR\n2 3 4 1\nEnd\n", "4"},
		{"pairs", "Set R 4 1\nSolved\nR\n1 2 1 2\nEnd\nMove M\nR\n2 3 4 1\nEnd\n", "2"},
	} {
		d, err := Parse(c.name+".tws", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPuzzle(d, HTM, "")
		if err != nil {
			t.Fatal(err)
		}
		if n, exact := p.Reachable(); n.String() != c.want || !exact {
			t.Errorf("%s: %v states (exact %v), want %s", c.name, n, exact, c.want)
		}
	}
	d, err := Parse("twisty.tws", src)
	if err != nil {
		t.Fatal(err)
	}
	defer func(b int) { stabiliserBudget = b }(stabiliserBudget)
	stabiliserBudget = 1
	p, err := NewPuzzle(d, HTM, "")
	if err != nil {
		t.Fatal(err)
	}
	if n, exact := p.Reachable(); n.String() != "648" || exact {
		t.Errorf("twisty past the budget: %v (exact %v), want the bound 648", n, exact)
	}
}
