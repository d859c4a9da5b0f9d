package ksolve

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cube2 returns testdata/cube2.tws (a 2x2x2 with its 24 rotations), its
// Solved block replaced by solved when solved is not "".
func cube2(t *testing.T, solved string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "cube2.tws"))
	if err != nil {
		t.Fatal(err)
	}
	if solved == "" {
		return src
	}
	const block = "Solved\nCORNERS\n1 2 3 4 5 6 7 8\nEnd\n"
	if !strings.Contains(string(src), block) {
		t.Fatal("cube2.tws: no Solved block to replace")
	}
	return []byte(strings.Replace(string(src), block, "Solved\nCORNERS\n"+solved+"\nEnd\n", 1))
}

func puzzleOf(t *testing.T, src []byte, metric Metric, restrict string) *Puzzle {
	t.Helper()
	d, err := Parse("cube2.tws", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPuzzle(d, metric, restrict)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The symmetries are the cube's rotations that keep the solved state (its
// colours, its ignored orientations) and the move set: all 24 for the
// cube; those that keep the set of its restricted moves' faces; those
// that keep two coloured layers, or ignored orientations, where they are.
func TestSymmetriesOfTheCube(t *testing.T) {
	cases := []struct {
		name, solved, moves string
		metric              Metric
		want                int
	}{
		{"whole", "", "", HTM, 24},
		{"whole qtm", "", "", QTM, 24},
		{"U,R,F", "", "U,R,F", HTM, 3}, // the turns about the URF corner
		{"U,R", "", "U,R", HTM, 2},     // the half turn about the UR edge
		{"U,D", "", "U,D", HTM, 8},     // those that keep the U-D axis
		{"U,R2", "", "U,R2", HTM, 0},   // U and R2 are not alike
		{"U2,R2", "", "U2,R2", HTM, 2}, // alike again
		{"two layers", "1 1 1 1 2 2 2 2", "", HTM, 8},
		{"one layer ignored", "1 2 3 4 5 6 7 8\n? ? ? ? 0 0 0 0", "", HTM, 4},
		{"all ignored", "1 2 3 4 5 6 7 8\n? ? ? ? ? ? ? ?", "", HTM, 24},
		// The four edges parallel to F-B, each a pair of alike corners:
		// the three half turns keep them pairs, and both corners of a
		// pair alike turned; a quarter turn about F-B twists them apart.
		{"four pairs", "1 1 2 2 3 3 4 4", "", HTM, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := puzzleOf(t, cube2(t, c.solved), c.metric, c.moves)
			syms := p.Symmetries()
			if len(syms) != c.want {
				t.Fatalf("%d symmetries, want %d", len(syms), c.want)
			}
			if len(syms) == 0 {
				return
			}
			if string(syms[0].Perm) != string(p.Def.Identity()) {
				t.Error("the first symmetry is not the identity")
			}
			checkConjugates(t, p, syms)
		})
	}
}

// checkConjugates checks that each symmetry keeps the solved state and
// takes moves to its moves: the conjugate of x·g is the conjugate of x
// moved by its image of g, on random states.
func checkConjugates(t *testing.T, p *Puzzle, syms []Symmetry) {
	t.Helper()
	d := p.Def
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range syms {
		s := &syms[k]
		if got := p.Conjugate(nil, d.Solved, s); string(got) != string(d.Solved) {
			t.Fatalf("symmetry %d: the solved state's conjugate is %v", k, got)
		}
		x := d.Solved.Clone()
		for range 200 {
			g := rng.IntN(len(p.Gens))
			m := p.Moves[p.Gens[g]].Perm
			m2 := p.Moves[p.Gens[s.Gen[g]]].Perm
			cx := p.Conjugate(nil, x, s)
			next := d.Apply(nil, x, m)
			if got, want := p.Conjugate(nil, next, s), d.Apply(nil, cx, m2); string(got) != string(want) {
				t.Fatalf("symmetry %d, generator %s: conjugate of x·g %v, conjugate of x moved by %s %v",
					k, p.Moves[p.Gens[g]].Name, got, p.Moves[p.Gens[s.Gen[g]]].Name, want)
			}
			x = next
		}
	}
}

// A definition without rotations has no symmetries, nor one whose
// rotations keep neither its solved state nor its moves.
func TestNoSymmetries(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "3x3x3.tws"))
	if err != nil {
		t.Fatal(err)
	}
	if syms := puzzleOf(t, src, HTM, "").Symmetries(); syms != nil {
		t.Errorf("3x3x3.tws (no rotations): %d symmetries", len(syms))
	}
	// Two alike corners and six others: no rotation but the identity
	// keeps six corners in place.
	if syms := puzzleOf(t, cube2(t, "1 1 2 3 4 5 6 7"), HTM, "").Symmetries(); syms != nil {
		t.Errorf("one alike pair: %d symmetries", len(syms))
	}
}
