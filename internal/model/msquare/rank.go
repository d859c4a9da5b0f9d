package msquare

import "sync"

// fact[i] is i!.
var fact = [Cells]uint32{1, 1, 2, 6, 24, 120, 720, 5040}

// Ranks come in two halves. The rank of a permutation in lexicographic order
// (its Cantor expansion) is the sum over the cells of (7-i)! times the
// number of later cells holding smaller numbers. For the first four cells
// that count is the cell's number less the earlier smaller ones, so their
// part of the rank depends on the top row alone, and is a multiple of 4! =
// 24; for the last four the count depends only on their relative order, one
// of 24. Each row is twelve bits, so each part is one lookup in a table of
// 4096 entries.
const (
	nTops     = NStates / 24 // ordered choices of the top row's four numbers
	nPatterns = 24           // orders of the bottom row's four numbers
)

type rankTables struct {
	top    [1 << 12]uint16 // the top row's part of the rank
	bottom [1 << 12]uint16 // the bottom row's part
	// tops[k] is the top row whose part of the rank is 24k; patterns[p]
	// lists, for the bottom row of pattern p, which of the four remaining
	// numbers (in increasing order) each cell holds.
	tops     [nTops]uint16
	patterns [nPatterns][4]uint8
}

var ranks = sync.OnceValue(buildRanks)

func buildRanks() *rankTables {
	t := new(rankTables)
	for x := 0; x < 1<<12; x++ {
		var v [4]uint32
		distinct := true
		for i := range v {
			v[i] = uint32(x>>(3*i)) & cellMask
			for j := 0; j < i; j++ {
				distinct = distinct && v[j] != v[i]
			}
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
		if distinct {
			t.tops[top/24] = uint16(x)
			if max(v[0], v[1], v[2], v[3]) < 4 {
				// Numbers 0..3 in some order: the pattern itself.
				t.patterns[bottom] = [4]uint8{uint8(v[0]), uint8(v[1]), uint8(v[2]), uint8(v[3])}
			}
		}
	}
	return t
}

// rank returns the rank of b, for a permutation b.
func (t *rankTables) rank(b Board) uint32 {
	return uint32(t.top[b&low]) + uint32(t.bottom[b>>12&low])
}

// unrank returns the board of rank r.
func (t *rankTables) unrank(r uint32) Board {
	top := Board(t.tops[r/nPatterns])
	rest := t.remaining(top)
	p := &t.patterns[r%nPatterns]
	return top | rest[p[0]]<<12 | rest[p[1]]<<15 | rest[p[2]]<<18 | rest[p[3]]<<21
}

// remaining returns, in increasing order, the four numbers not in the top
// row top.
func (t *rankTables) remaining(top Board) (rest [4]Board) {
	used := uint8(0)
	for i := 0; i < 4; i++ {
		used |= 1 << (top >> (3 * i) & cellMask)
	}
	k := 0
	for v := Board(0); v < Cells; v++ {
		if used&(1<<v) == 0 {
			rest[k] = v
			k++
		}
	}
	return rest
}

// Rank returns the position of b among the 40,320 permutations in
// lexicographic order: the base state is 0, 8 7 6 5 4 3 2 1 is 40319. b must
// be a permutation of 1..8.
func (b Board) Rank() uint32 { return ranks().rank(b) }

// Unrank returns the board of the given rank (r < NStates).
func Unrank(r uint32) Board { return ranks().unrank(r) }
