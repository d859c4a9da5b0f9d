package rotgame

import "math/bits"

// NPlacements is the number of placements of one number's eight cells:
// C(24, 8) = 735,471.
const NPlacements = 735471

// binom[n][k] is C(n, k).
var binom = func() (c [NCells + 1][9]uint32) {
	for n := range c {
		c[n][0] = 1
		for k := 1; k < 9 && k <= n; k++ {
			c[n][k] = c[n-1][k-1]
			if k < n {
				c[n][k] += c[n-1][k]
			}
		}
	}
	return c
}()

// A placement's rank is its index in the combinatorial number system: with
// its cells c1 < c2 < ... < c8, the sum of C(c_j, j). Each set bit adds a
// term that depends only on its cell and on how many set bits lie below it,
// so the sum splits in two halves of 12 cells: rankLow gives the terms of
// cells 0..11, and rankHigh those of cells 12..23, whose count of bits below
// is 8 minus their own (every placement has eight bits). Two lookups, no
// counting. fillRanks fills them in.
func (t *byteTables) fillRanks() {
	terms := func(base, v, below int) uint32 {
		var r uint32
		j := below
		for bit := 0; bit < 12; bit++ {
			if v>>bit&1 != 0 {
				j++
				if j <= 8 {
					r += binom[base+bit][j]
				}
			}
		}
		return r
	}
	for v := range t.rankLow {
		t.rankLow[v] = terms(0, v, 0)
		if below := 8 - bits.OnesCount(uint(v)); below >= 0 {
			t.rankHigh[v] = terms(12, v, below)
		}
	}
}

// Rank returns the index of a placement in [0, NPlacements). p must have
// exactly eight of its 24 low bits set.
func Rank(p uint32) uint32 { return tabs().rank(p) }

// rank is Rank once the tables are in hand.
func (t *byteTables) rank(p uint32) uint32 {
	return t.rankLow[p&0xfff] + t.rankHigh[p>>12&0xfff]
}

// Unrank returns the placement with rank r: the cells are found from the
// highest down, each the largest c with C(c, j) <= what is left of r.
func Unrank(r uint32) uint32 {
	var p uint32
	c := NCells - 1
	for j := 8; j >= 1; j-- {
		for binom[c][j] > r {
			c--
		}
		p |= 1 << c
		r -= binom[c][j]
		c--
	}
	return p
}
