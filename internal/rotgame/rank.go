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
// so the sum splits by bytes: rankLow gives byte 0's terms, rankMid byte 1's
// for each count of bits below, and rankHigh byte 2's, whose count below is
// 8 minus its own (every placement has eight bits).
var rankLow, rankMid, rankHigh = func() (lo [256]uint32, mid [256][9]uint32, hi [256]uint32) {
	terms := func(k, v, below int) uint32 {
		var r uint32
		j := below
		for bit := 0; bit < 8; bit++ {
			if v>>bit&1 != 0 {
				j++
				if j <= 8 {
					r += binom[8*k+bit][j]
				}
			}
		}
		return r
	}
	for v := 0; v < 256; v++ {
		lo[v] = terms(0, v, 0)
		for b := 0; b <= 8; b++ {
			mid[v][b] = terms(1, v, b)
		}
		if below := 8 - bits.OnesCount8(uint8(v)); below >= 0 {
			hi[v] = terms(2, v, below)
		}
	}
	return
}()

// Rank returns the index of a placement in [0, NPlacements). p must have
// exactly eight of its 24 low bits set.
func Rank(p uint32) uint32 {
	b0 := uint8(p)
	return rankLow[b0] + rankMid[uint8(p>>8)][bits.OnesCount8(b0)] + rankHigh[uint8(p>>16)]
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
