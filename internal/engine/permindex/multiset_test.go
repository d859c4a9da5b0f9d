package permindex

import (
	"bytes"
	"fmt"
	"testing"
)

// The table of ranks (multiset.before) numbers every arrangement of a
// multiset as the divisions do, in lexicographic order: for every rank
// of several multisets (two labels, several, one piece of some, one
// label), unrank then rank is the rank, the table's arrangement is the
// divisions', and each arrangement comes after the one before it.
func TestMultisetTableRanks(t *testing.T) {
	for _, counts := range [][]int{{6, 6}, {3, 3, 3, 3}, {2, 2, 2, 2, 2, 2}, {1, 1, 1, 1, 1, 1, 6}, {1, 1, 1, 5}, {4, 1, 2}, {5}, {2, 1}} {
		t.Run(fmt.Sprint(counts), func(t *testing.T) {
			ms := newMultiset(counts)
			if ms.before == nil {
				t.Fatal("no table of ranks")
			}
			plain := ms
			plain.before = nil
			a, b := make([]uint8, ms.n), make([]uint8, ms.n)
			prev := make([]uint8, ms.n)
			for r := range ms.size {
				ms.unrank(r, a)
				plain.unrank(r, b)
				if !bytes.Equal(a, b) {
					t.Fatalf("rank %d: %v, the divisions give %v", r, a, b)
				}
				if got := ms.rank(a); got != r {
					t.Fatalf("%v: rank %d, want %d", a, got, r)
				}
				if got := plain.rank(a); got != r {
					t.Fatalf("%v: the divisions rank %d, want %d", a, got, r)
				}
				if r > 0 && bytes.Compare(prev, a) >= 0 {
					t.Fatalf("rank %d: %v does not come after %v", r, a, prev)
				}
				copy(prev, a)
			}
		})
	}
}
