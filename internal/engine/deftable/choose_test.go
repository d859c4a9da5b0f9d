package deftable

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// The default build searches a class index where the rule says: the
// symmetries, at least searchClassesFrom states indexed, a set of at most
// symindex.MaxA states (or the permutation of a puzzle's one set)
// splitting the state into two parts each of more than one state, and
// less memory than the states' search; and it says
// why not, case by case. Where it chooses the class index, the memory the
// index's tables, once made, take (PlanClassIndex) is less than the
// states' search's too, so the estimate made without them did not choose
// it wrongly.
func TestChooseClassIndex(t *testing.T) {
	tws := filepath.Join("..", "..", "..", "lookup", "tws", "testdata")
	cube2 := filepath.Join("..", "..", "model", "ksolve", "testdata", "cube2.tws")
	cases := []struct {
		name, file, moves string
		lowered           bool // searchClassesFrom set to 0
		want              bool
		why               string // in Why
	}{
		{name: "symm skewb", file: "skewb", want: true},
		{name: "symm Jing's pyraminx", file: "Jing_pyraminx", want: true},
		{name: "symm pyraminx", file: "pyraminx", want: true},
		{name: "domino group", file: "3x3x3", moves: "U,D,R2,L2,F2,B2", want: true},
		// One set of 88 million states: A is its permutation, B its
		// twists. The dino's 240 million: no A within MaxA, its edges'
		// permutation alone being 479 million.
		{name: "symm 2x2x2", file: "2x2x2", want: true},
		{name: "symm dino", file: "dino", why: "no set has"},
		{name: "cube2 U,R,F", file: cube2, moves: "U,R,F", why: "under 16777216"},
		{name: "symm mastermorphix", file: "mastermorphix", why: "under 16777216"},
		// Past the size, one set is its own A, and B one state.
		{name: "cube2 U,R,F, any size", file: cube2, moves: "U,R,F", lowered: true, why: "one set"},
		{name: "cube2 colours, any size", file: filepath.Join(tws, "cube2_colours.tws"), lowered: true, why: "one set"},
		{name: "symm mastermorphix, any size", file: "mastermorphix", lowered: true, want: true},
		{name: "twisty", file: filepath.Join(tws, "twisty.tws"), lowered: true, why: "no symmetries"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.lowered {
				old := searchClassesFrom
				searchClassesFrom = 0
				t.Cleanup(func() { searchClassesFrom = old })
			}
			p := symmetricPuzzle(t, twsearchFile(t, c.file), ksolve.HTM, c.moves)
			got, err := ChooseClassIndex(p)
			if err != nil {
				t.Fatal(err)
			}
			if got.ClassIndex != c.want || !strings.Contains(got.Why, c.why) {
				t.Fatalf("chose the class index %v (%s); want %v, saying %q", got.ClassIndex, got.Why, c.want, c.why)
			}
			size, memory, err := Plan(p, false)
			if err != nil {
				t.Fatal(err)
			}
			if !got.ClassIndex {
				if got.Indices != size || got.Memory != memory {
					t.Fatalf("the states' search: %d indices, %d bytes; Plan says %d, %d", got.Indices, got.Memory, size, memory)
				}
				return
			}
			if got.Memory >= memory {
				t.Fatalf("chose a class index of about %d bytes over the states' search of %d", got.Memory, memory)
			}
			if testing.Short() && got.Indices > 1<<30 {
				return // its tables take seconds
			}
			indices, need, err := PlanClassIndex(p)
			if err != nil {
				t.Fatal(err)
			}
			if need >= memory || indices >= size {
				t.Fatalf("the class index, made: %d indices, %d bytes, against the states' %d, %d bytes", indices, need, size, memory)
			}
		})
	}
}
