package cube3

import "math/bits"

// The inverse position: a sequence that solves a position, read backwards
// with each move undone, solves the inverse position, so the two are as far
// from solved, and the table's entries for the inverse are lower bounds
// too. The search carries the inverse as pieces, seen along each of the
// three axes: a move m after the position is the move m⁻¹ before its
// inverse, and a move before a position cannot be followed on the flip,
// twist and slice coordinates alone (it depends on which piece is where),
// so it is made on the pieces, by table, and the coordinates are read from
// them. One move changes an inverse's entry by more than one at times (it
// is a move at the other end of the sequence), so only the position's own
// entries cut children before they are made.

// pieces is a position as pieces, one byte each: corner position i holds
// corner c[i]&7 twisted c[i]>>3, edge position i holds edge e[i]&15
// flipped e[i]>>4.
type pieces struct {
	c [8]uint8
	e [12]uint8
}

func piecesOf(c *Cubie) pieces {
	var p pieces
	for i := range p.c {
		p.c[i] = c.CP[i] | c.CO[i]<<3
	}
	for i := range p.e {
		p.e[i] = c.EP[i] | c.EO[i]<<4
	}
	return p
}

// invView is the inverse of a position seen along each axis.
type invView [3]pieces

func invViewOf(c Cubie) invView {
	var v invView
	inv := c.Inverse()
	for a := range axes {
		d := axes[a].conj(inv)
		v[a] = piecesOf(&d)
	}
	return v
}

// premoveTables: cornerBefore[m][x] is the corner x (piece and twist, as
// pieces keeps it) after move m is made before the position that holds it,
// edgeBefore[m][x] the same for an edge.
var cornerBefore, edgeBefore = func() (cs [NMoves][24]uint8, es [NMoves][32]uint8) {
	for m := range NMoves {
		mc := &moveCubie[m]
		for x := range 24 {
			j, o := x&7, x>>3
			if j < 8 && o < 3 {
				cs[m][x] = mc.CP[j] | (mc.CO[j]+uint8(o))%3<<3
			}
		}
		for x := range 32 {
			j, o := x&15, x>>4
			if j < 12 {
				es[m][x] = mc.EP[j] | (mc.EO[j]^uint8(o))<<4
			}
		}
	}
	return cs, es
}()

// undo[m] is the move that undoes m.
var undo = func() (u [NMoves]Move) {
	for m := range NMoves {
		u[m] = Move(m/3*3 + [3]int{1, 0, 2}[m%3])
	}
	return u
}()

// child returns the inverse of the position after move m: each axis's
// view gets m⁻¹, as that axis sees it, before it.
func (v *invView) child(m Move) invView {
	var out invView
	for a := range v {
		u := undo[axisMove[a][m]]
		cb, eb := &cornerBefore[u], &edgeBefore[u]
		for i, x := range v[a].c {
			out[a].c[i] = cb[x]
		}
		for i, x := range v[a].e {
			out[a].e[i] = eb[x]
		}
	}
	return out
}

// flipSliceTwist returns the view's slice (unsorted) × 2,048 + flip, and
// its twist: the table's coordinates.
func (p *pieces) flipSliceTwist() (fs, tw int) {
	for i := range 7 {
		tw = 3*tw + int(p.c[i]>>3)
	}
	flip := 0
	for i := range 11 {
		flip = 2*flip + int(p.e[i]>>4)
	}
	set, k := 0, 0
	for i, x := range p.e {
		if x&15 >= FR {
			set += binom[i][k+1]
			k++
		}
	}
	return set*nFlip + flip, tw
}

// invTables are the tables looked up for the inverse: the
// flip-slice-twist table along each axis, then the separation table.
var invTables = [4]int{0, 1, 2, sepEntry}

// invIndex is the index of the inverse's entry in invTables[j].
func (p *pruneTable) invIndex(v *invView, j int) int {
	if j == 3 {
		if p.sep == nil {
			return 0
		}
		return p.sep.k.index(v[0].sepCoords())
	}
	fs, tw := v[j].flipSliceTwist()
	return p.index(fs, tw)
}

// invValue is the entry at i of invTables[j].
func (p *pruneTable) invValue(i, j int) uint8 {
	if j == 3 {
		if p.sep == nil {
			return 0
		}
		return uint8(p.sep.words.get(i))
	}
	return uint8(p.get(i))
}

// sepCoords are the separation table's coordinates of the pieces: the
// corners' tetrads and twist, the edges' slices.
func (p *pieces) sepCoords() (cocsep, esep int) {
	var a uint16
	tw := 0
	for i, x := range p.c {
		if tetradA[x&7] {
			a |= 1 << i
		}
		if i < 7 {
			tw = 3*tw + int(x>>3)
		}
	}
	var e, m uint16
	for i, x := range p.e {
		switch edgeSlice[x&15] {
		case 2:
			e |= 1 << i
		case 1:
			m |= 1 << i
		}
	}
	er := int(rank12[e])
	return int(rank8[a])*nTwist + tw, er*70 + int(mRank[er*nSlice+int(mSliceRank[m])])
}

// keepsAxis[a] has bit m set for the moves that, seen along axis a, keep
// the twist, flip and slice solved: the turns of the U and D faces and the
// half turns (the moves of Kociemba's second phase).
var keepsAxis = func() (k [3]uint32) {
	for a := range axes {
		for m := range NMoves {
			v := axisMove[a][m]
			if f := moveFaces[v.Face()]; f == U || f == D || v.Quarters() == 2 {
				k[a] |= 1 << m
			}
		}
	}
	return k
}()

// invKeeps[j] has bit m set for the moves that keep invTables[j]'s
// coordinates solved: keepsAxis, and for the separation table the half
// turns (each keeps the corners in their tetrads, twisted as they were, and
// the edges in their slices).
var invKeeps = func() (k [4]uint32) {
	copy(k[:], keepsAxis[:])
	for m := range NMoves {
		if Move(m).Quarters() == 2 {
			k[3] |= 1 << m
		}
	}
	return k
}()

// rank8[mask] is the colex rank of a set of four places among eight (0
// for a mask of another size).
var rank8 = func() (t [256]uint8) {
	for m := range t {
		if bits.OnesCount16(uint16(m)) == 4 {
			t[m] = uint8(colexRank(uint16(m), 8))
		}
	}
	return t
}()

// mSliceRank[mask] is axis 1's slice coordinate (divided by 24) where the
// M edges are at the places of mask.
var mSliceRank = func() []uint16 {
	t := make([]uint16, 1<<12)
	for s, m := range axisSliceMask[1] {
		t[m] = uint16(s)
	}
	return t
}()
