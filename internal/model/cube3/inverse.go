package cube3

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

// invIndex is the table's entry of the inverse along axis a.
func (p *pruneTable) invIndex(v *invView, a int) int {
	fs, tw := v[a].flipSliceTwist()
	return p.index(fs, tw)
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
