package msquare

import "sync"

// fact[i] is i!.
var fact = [Cells]uint32{1, 1, 2, 6, 24, 120, 720, 5040}

// rankTables hold the rank in two halves. The rank of a permutation in
// lexicographic order (its Cantor expansion) is the sum over the cells of
// (7-i)! times the number of later cells holding smaller numbers. For the
// first four cells that count is the cell's number less the earlier smaller
// ones, so it depends on the top row alone; for the last four it depends only
// on their relative order. Each half is twelve bits, so each part is one
// lookup in a table of 4096 entries.
type rankTables struct {
	top    [1 << 12]uint16 // the top row's part of the rank
	bottom [1 << 12]uint16 // the bottom row's part
}

var ranks = sync.OnceValue(func() *rankTables {
	t := new(rankTables)
	for x := 0; x < 1<<12; x++ {
		var v [4]uint32
		for i := range v {
			v[i] = uint32(x>>(3*i)) & cellMask
		}
		var top, bottom uint32
		for i := 0; i < 4; i++ {
			earlier, later := uint32(0), uint32(0)
			for j := 0; j < i; j++ {
				if v[j] < v[i] {
					earlier++
				}
			}
			for j := i + 1; j < 4; j++ {
				if v[j] < v[i] {
					later++
				}
			}
			// Where numbers repeat the entry is never used; the
			// arithmetic only has to stay in range.
			if v[i] >= earlier {
				top += (v[i] - earlier) * fact[7-i]
			}
			bottom += later * fact[3-i]
		}
		t.top[x] = uint16(top)
		t.bottom[x] = uint16(bottom)
	}
	return t
})

// rank returns the rank of b, for a permutation b.
func (t *rankTables) rank(b Board) uint32 {
	return uint32(t.top[b&low]) + uint32(t.bottom[b>>12&low])
}

// Rank returns the position of b among the 40,320 permutations in
// lexicographic order: the base state is 0, 8 7 6 5 4 3 2 1 is 40319. b must
// be a permutation of 1..8.
func (b Board) Rank() uint32 { return ranks().rank(b) }

// Unrank returns the board of the given rank (r < NStates).
func Unrank(r uint32) Board {
	var used uint8
	var b Board
	for i := 0; i < Cells; i++ {
		k := r / fact[7-i]
		r %= fact[7-i]
		// The number is the k-th (from 0) not yet used.
		for v := 0; v < Cells; v++ {
			if used&(1<<v) != 0 {
				continue
			}
			if k == 0 {
				used |= 1 << v
				b |= Board(v) << (3 * i)
				break
			}
			k--
		}
	}
	return b
}
