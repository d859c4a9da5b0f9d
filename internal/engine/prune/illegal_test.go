package prune

import (
	"maps"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// A projection keeps an Illegal line where every piece its projected piece
// stands for is forbidden in the slot, and no other: kept, it only cuts
// moves the whole puzzle does not have either.
func TestProjectionForbids(t *testing.T) {
	d, err := ksolve.Parse("x.tws", []byte("Set S 4 1\nSolved\nS\n1 2 3 3\nEnd\nMove U\nS\n2 3 4 1\nEnd\nIllegal S 1 3\nIllegal S 3 1 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		track []bool
		want  map[int][]uint8 // State position: projected labels
	}{
		// Piece 3 tracked (label 0), pieces 1 and 2 one label (1), both
		// forbidden in slot 3.
		{[]bool{false, false, true}, map[int][]uint8{0: {0}, 2: {1}}},
		// Piece 1 tracked (0); 2 and 3 are one label, not both
		// forbidden in either slot.
		{[]bool{true, false, false}, map[int][]uint8{2: {0}}},
		{[]bool{true, true, true}, map[int][]uint8{0: {2}, 2: {0, 1}}},
	} {
		pj, err := Project(d, Projection{{Track: c.track}})
		if err != nil {
			t.Fatal(err)
		}
		got := pj.Def.Forbidden()
		if !maps.EqualFunc(got, c.want, slices.Equal) {
			t.Errorf("tracking %v: forbids %v, want %v", c.track, got, c.want)
		}
		if !pj.Def.Legal(pj.Def.Solved) {
			t.Errorf("tracking %v: the projected solved state is illegal", c.track)
		}
	}
}
