package group

import (
	"math/big"
	"testing"
)

func cycle(n int, pts ...int) Perm {
	p := Identity(n)
	for i, x := range pts {
		p[x] = pts[(i+1)%len(pts)]
	}
	return p
}

// The orders of groups known in closed form: the symmetric group from a
// transposition and an n-cycle (n!), the alternating group from 3-cycles
// (n!/2), a cyclic group, the trivial group, and a direct product of two
// groups on disjoint points; and membership, of elements in and out.
func TestOrder(t *testing.T) {
	fact := func(n int64) *big.Int { return new(big.Int).MulRange(1, n) }
	for n := 2; n <= 12; n++ {
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		sym := New(n, []Perm{cycle(n, 0, 1), cycle(n, all...)})
		if got := sym.Order(); got.Cmp(fact(int64(n))) != 0 {
			t.Errorf("S%d: order %v", n, got)
		}
		if n >= 3 {
			var threes []Perm
			for i := 0; i+2 < n; i++ {
				threes = append(threes, cycle(n, i, i+1, i+2))
			}
			alt := New(n, threes)
			want := new(big.Int).Div(fact(int64(n)), big.NewInt(2))
			if got := alt.Order(); got.Cmp(want) != 0 {
				t.Errorf("A%d: order %v, want %v", n, got, want)
			}
			if alt.Contains(cycle(n, 0, 1)) || !alt.Contains(cycle(n, 0, 1, 2)) || !sym.Contains(cycle(n, 0, 1)) {
				t.Errorf("A%d: membership of a transposition or a 3-cycle is wrong", n)
			}
		}
	}
	if got := New(7, []Perm{cycle(7, 0, 1, 2, 3, 4, 5, 6)}).Order(); got.Int64() != 7 {
		t.Errorf("C7: order %v", got)
	}
	if got := New(5, nil).Order(); got.Int64() != 1 {
		t.Errorf("trivial group: order %v", got)
	}
	// S3 on points 0..2 times C4 on points 3..6.
	prod := New(7, []Perm{cycle(7, 0, 1), cycle(7, 0, 1, 2), cycle(7, 3, 4, 5, 6)})
	if got := prod.Order(); got.Int64() != 24 {
		t.Errorf("S3 x C4: order %v", got)
	}
}
