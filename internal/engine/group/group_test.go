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

// The elements that keep a colouring: in S_n, the colouring's classes'
// symmetric groups (k!(n-k)! for two colours); in A_n, half of them; in
// C_n, the rotations by a multiple of the colouring's period; and none
// but the identity where every point has a colour of its own. A budget too
// small for the search says so.
func TestStabiliserOrder(t *testing.T) {
	fact := func(n int64) *big.Int { return new(big.Int).MulRange(1, n) }
	for n := 3; n <= 9; n++ {
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		sym := New(n, []Perm{cycle(n, 0, 1), cycle(n, all...)})
		var threes []Perm
		for i := 0; i+2 < n; i++ {
			threes = append(threes, cycle(n, i, i+1, i+2))
		}
		alt := New(n, threes)
		for k := 1; k < n; k++ {
			colour := make([]int, n)
			for i := k; i < n; i++ {
				colour[i] = 1
			}
			want := new(big.Int).Mul(fact(int64(k)), fact(int64(n-k)))
			if got, ok := sym.StabiliserOrder(colour, 1<<20); !ok || got.Cmp(want) != 0 {
				t.Errorf("S%d, %d and %d: %v (%v), want %v", n, k, n-k, got, ok, want)
			}
			want.Quo(want, big.NewInt(2))
			if got, ok := alt.StabiliserOrder(colour, 1<<20); !ok || got.Cmp(want) != 0 {
				t.Errorf("A%d, %d and %d: %v (%v), want %v", n, k, n-k, got, ok, want)
			}
		}
		if got, ok := sym.StabiliserOrder(all, 1<<20); !ok || got.Int64() != 1 {
			t.Errorf("S%d, every point its own colour: %v (%v)", n, got, ok)
		}
	}
	c12 := New(12, []Perm{cycle(12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)})
	for _, period := range []int{1, 2, 3, 4, 6, 12} {
		colour := make([]int, 12)
		for i := range colour {
			colour[i] = i % period
		}
		if got, ok := c12.StabiliserOrder(colour, 1<<20); !ok || got.Int64() != int64(12/period) {
			t.Errorf("C12, period %d: %v (%v), want %d", period, got, ok, 12/period)
		}
	}
	colour := make([]int, 9)
	colour[0] = 1
	if _, ok := New(9, []Perm{cycle(9, 0, 1), cycle(9, 0, 1, 2, 3, 4, 5, 6, 7, 8)}).StabiliserOrder(colour, 3); ok {
		t.Error("a budget of 3 nodes was enough for S9")
	}
}
