package rotgrid

import "math/bits"

// Coordinates: a grid's rank is X*NZ + Z, where X says which cells hold the
// tiles 1..4 (9*8*7*6 = 3024 ways) and Z in which order the tiles 5..9 fill
// the five other cells, read in cell order (5! = 120 ways). The solved grid
// has rank 0.
//
// The split makes a move two small table lookups instead of an unrank,
// permute and rank: where the tiles 1..4 go depends only on X, and the new
// order of the tiles 5..9 only on Z and on which five cells they occupy.
const (
	NX = 9 * 8 * 7 * 6
	NZ = 5 * 4 * 3 * 2 * 1
	// NStates is the number of grids: 9! = 362,880.
	NStates = NX * NZ
	// NSets is the number of ways to choose the five cells of the tiles
	// 5..9: C(9,5) = 126.
	NSets = 126
)

// Rank returns the grid's rank in [0, NStates). The grid must hold each of
// 1..9 once.
func (g Grid) Rank() uint32 { return g.xCoord()*NZ + g.zCoord() }

// xCoord is X: the cells of tiles 1..4 in turn, each as its index among the
// cells not yet taken.
func (g Grid) xCoord() uint32 {
	var pos [5]uint8
	for c, t := range g {
		if t <= 4 {
			pos[t] = uint8(c)
		}
	}
	used, x := uint32(0), uint32(0)
	for t := 1; t <= 4; t++ {
		c := pos[t]
		x = x*uint32(10-t) + uint32(c) - uint32(bits.OnesCount32(used&(1<<c-1)))
		used |= 1 << c
	}
	return x
}

// zCoord is Z: the tiles 5..9 met in cell order, each as its index among the
// tiles not yet met.
func (g Grid) zCoord() uint32 {
	seen, z, k := uint32(0), uint32(0), uint32(5)
	for _, t := range g {
		if t < 5 {
			continue
		}
		v := uint32(t - 5)
		z = z*k + v - uint32(bits.OnesCount32(seen&(1<<v-1)))
		seen |= 1 << v
		k--
	}
	return z
}

// FromRank returns the grid with the given rank (in [0, NStates)).
func FromRank(r uint32) Grid {
	var g Grid
	var cells [4]uint8
	taken := unlehmer(r/NZ, 9, cells[:])
	for t, c := range cells {
		g[c] = uint8(t + 1)
	}
	var met [5]uint8
	unlehmer(r%NZ, 5, met[:])
	i := 0
	for c := range g {
		if taken&(1<<c) == 0 {
			g[c] = met[i] + 5
			i++
		}
	}
	return g
}

// lehmer returns the code of the distinct values v (each below n) as the
// coordinates write it: each value's index among those not yet used, in
// bases n, n-1, ... (xCoord and zCoord write theirs straight from the
// grid, as parsing a grid ranks it.)
func lehmer(v []uint8, n uint32) uint32 {
	used, code := uint32(0), uint32(0)
	for k, c := range v {
		code = code*(n-uint32(k)) + uint32(c) - uint32(bits.OnesCount32(used&(1<<c-1)))
		used |= 1 << c
	}
	return code
}

// unlehmer is lehmer undone: it writes into v the distinct values below n
// whose code is code, and returns them as a set (bit c for value c).
func unlehmer(code, n uint32, v []uint8) (set uint32) {
	var digit [9]uint32
	for k := len(v) - 1; k >= 0; k-- {
		base := n - uint32(k)
		digit[k] = code % base
		code /= base
	}
	for k := range v {
		c := nthClear(set, digit[k])
		v[k] = uint8(c)
		set |= 1 << c
	}
	return set
}

// nthClear returns the n-th (from 0) bit position that is clear in mask.
func nthClear(mask, n uint32) uint32 {
	for b := uint32(0); ; b++ {
		if mask&(1<<b) != 0 {
			continue
		}
		if n == 0 {
			return b
		}
		n--
	}
}

// freeCells returns the set of cells (bit c for cell c) that do not hold
// the tiles 1..4.
func freeCells(g Grid) uint32 {
	m := uint32(0)
	for c, t := range g {
		if t >= 5 {
			m |= 1 << c
		}
	}
	return m
}
