package permindex

import (
	"slices"
	"testing"
)

// sharedDef is a set of six pieces with orientations, of which the solved
// state tells the pieces named a and b apart from four alike whose
// orientations are ignored; moves names its generators' slot moves.
func sharedDef(solved, moves string) string {
	return "Name Shared\nSet P 6 3\nSolved\nP\n" + solved + "\nEnd\n" + moves
}

const sharedMoves = `Move A
P
2 3 4 1 5 6
1 0 0 2 0 0
End
Move B
P
1 2 4 5 6 3
0 1 0 0 2 0
End
`

// Two indices whose coordinates are the same functions of the same moves
// share their move tables, whatever their solved states; each table is the
// one its index would build alone; an index of other moves shares none.
func TestIndicesShareMoveTables(t *testing.T) {
	x1 := newShared(t, sharedDef("1 2 3 3 3 3\n0 0 ? ? ? ?", sharedMoves))
	x2 := newShared(t, sharedDef("3 3 1 3 2 3\n? ? 0 ? 0 ?", sharedMoves))
	other := newShared(t, sharedDef("1 2 3 3 3 3\n0 0 ? ? ? ?", strings3(sharedMoves)))
	if len(x1.raw) != len(x2.raw) || len(x1.raw) == 0 {
		t.Fatalf("raw coordinates %d and %d", len(x1.raw), len(x2.raw))
	}
	shared := 0
	for k := range x1.raw {
		a, b := &x1.raw[k], &x2.raw[k]
		if a.t16 == nil && a.t32 == nil {
			continue
		}
		if !sameArray(a, b) {
			t.Errorf("raw coordinate %d: two tables for one key", k)
		}
		shared++
		for _, x := range []*Index{x1, x2} {
			c := &x.raw[k]
			t16, t32 := slices.Clone(c.t16), slices.Clone(c.t32)
			keep16, keep32 := c.t16, c.t32
			c.t16, c.t32 = nil, nil
			x.buildTable(k)
			if !slices.Equal(c.t16, t16) || !slices.Equal(c.t32, t32) {
				t.Errorf("raw coordinate %d: the shared table differs from its own", k)
			}
			c.t16, c.t32 = keep16, keep32
		}
		for j := range other.raw {
			if sameArray(a, &other.raw[j]) {
				t.Errorf("raw coordinate %d shared with an index of other moves", k)
			}
		}
	}
	if shared == 0 {
		t.Fatal("no move table to share")
	}
}

func newShared(t *testing.T, src string) *Index {
	t.Helper()
	x, err := New(puzzleOf(t, src))
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func sameArray(a, b *coord) bool {
	switch {
	case a.t16 != nil:
		return b.t16 != nil && &a.t16[0] == &b.t16[0]
	case a.t32 != nil:
		return b.t32 != nil && &a.t32[0] == &b.t32[0]
	}
	return false
}

// strings3 is moves with move B's slot cycle reversed: other moves.
func strings3(moves string) string {
	return moves[:len(moves)-len("1 2 4 5 6 3\n0 1 0 0 2 0\nEnd\n")] + "1 2 6 3 4 5\n0 1 0 0 2 0\nEnd\n"
}
