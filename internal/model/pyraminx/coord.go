package pyraminx

import (
	"math/bits"
	"sync"
)

// Coordinates. The body's rank is (perm*NFlip + flip)*NTwist + twist:
// perm ranks the even edge permutation (6!/2 = 360), flip the flips of the
// edges UL..LB in binary (the RB flip follows, as the flips add up to an
// even number), twist the centre twists U, L, R, B in base 3. The tips are a
// separate coordinate: their twists relative to their centres, in base 3.
// The solved puzzle has body rank 0 and tips 0.
const (
	NPerm  = 360
	NFlip  = 32
	NTwist = 81
	// NEdges is the number of edge coordinates perm*NFlip + flip, the
	// major part of the body rank.
	NEdges = NPerm * NFlip
	// NBody is the number of body positions: 933,120.
	NBody = NEdges * NTwist
	// NTips is the number of tip settings: 81.
	NTips = 81
	// NPositions is the number of positions with the tips: 75,582,720.
	NPositions = NBody * NTips
)

// Position is a whole position as coordinates: the body's rank in [0,
// NBody) and the tips' twists relative to their centres in [0, NTips).
type Position struct {
	Body uint32
	Tips uint8
}

// Solved is the solved puzzle.
var Solved = Position{}

// edgeRank ranks the edge permutation and flips: the Lehmer digits of the
// first four positions (the last two follow from the parity), then the
// flips.
func (p Pieces) edgeRank() uint32 {
	var used uint32
	perm := uint32(0)
	for i := 0; i < 4; i++ {
		v := uint32(p.EP[i])
		perm = perm*uint32(6-i) + uint32(bits.OnesCount32(^used&(1<<v-1)))
		used |= 1 << v
	}
	flip := uint32(0)
	for i := 4; i >= 0; i-- {
		flip = flip<<1 | uint32(p.EO[i])
	}
	return perm*NFlip + flip
}

// twistRank ranks the centre twists, U the lowest digit.
func (p Pieces) twistRank() uint32 {
	return uint32(p.CO[0]) + 3*uint32(p.CO[1]) + 9*uint32(p.CO[2]) + 27*uint32(p.CO[3])
}

// tipRank ranks the tip twists relative to the centres, U the lowest digit.
func (p Pieces) tipRank() uint8 {
	r := uint8(0)
	for c := 3; c >= 0; c-- {
		r = 3*r + (p.TO[c]+3-p.CO[c])%3
	}
	return r
}

// BodyRank returns the rank of the position without its tips.
func (p Pieces) BodyRank() uint32 { return p.edgeRank()*NTwist + p.twistRank() }

// Position returns the position as coordinates.
func (p Pieces) Position() Position { return Position{Body: p.BodyRank(), Tips: p.tipRank()} }

// Pieces returns the position as pieces.
func (q Position) Pieces() Pieces {
	e, tw := q.Body/NTwist, q.Body%NTwist
	perm, flip := e/NFlip, e%NFlip
	var p Pieces
	var used uint32
	for i := 0; i < 4; i++ {
		w := uint32(1)
		for k := i + 1; k < 4; k++ {
			w *= uint32(6 - k)
		}
		d := perm / w
		perm %= w
		// The d-th unused edge.
		free := ^used & 0x3f
		for ; d > 0; d-- {
			free &= free - 1
		}
		v := uint32(bits.TrailingZeros32(free))
		p.EP[i] = uint8(v)
		used |= 1 << v
	}
	// The last two edges, in the order that makes the permutation even.
	free := ^used & 0x3f
	a := uint8(bits.TrailingZeros32(free))
	free &= free - 1
	b := uint8(bits.TrailingZeros32(free))
	p.EP[4], p.EP[5] = a, b
	if p.EdgeParity() != 0 {
		p.EP[4], p.EP[5] = b, a
	}
	sum := uint8(0)
	for i := 0; i < 5; i++ {
		p.EO[i] = uint8(flip>>i) & 1
		sum ^= p.EO[i]
	}
	p.EO[5] = sum
	tips := q.Tips
	for c := 0; c < 4; c++ {
		p.CO[c] = uint8(tw % 3)
		tw /= 3
		p.TO[c] = (p.CO[c] + tips%3) % 3
		tips /= 3
	}
	return p
}

// UnrankBody returns the body position with the given rank, its tips
// solved.
func UnrankBody(r uint32) Pieces { return Position{Body: r}.Pieces() }

// Tables are the coordinate move tables, every entry computed through
// Pieces.Apply, so from the sticker cycles: the edge coordinate and the
// centre twists after each corner turn (the edges do not depend on the
// centres, nor the other way round), and the tips after each tip turn.
type Tables struct {
	Edges  [NEdges][NBodyMoves]uint16
	Twists [NTwist][NBodyMoves]uint8
	Tips   [NTips][NMoves - NBodyMoves]uint8
}

// MoveTables returns the move tables, built on first use (about a
// millisecond).
var MoveTables = sync.OnceValue(func() *Tables {
	t := new(Tables)
	for e := uint32(0); e < NEdges; e++ {
		p := UnrankBody(e * NTwist)
		for m := MoveU; m < NBodyMoves; m++ {
			t.Edges[e][m] = uint16(p.Apply(m).edgeRank())
		}
	}
	for w := uint32(0); w < NTwist; w++ {
		p := UnrankBody(w)
		for m := MoveU; m < NBodyMoves; m++ {
			t.Twists[w][m] = uint8(p.Apply(m).twistRank())
		}
	}
	for tips := 0; tips < NTips; tips++ {
		p := Position{Tips: uint8(tips)}.Pieces()
		for m := MoveTipU; m < NMoves; m++ {
			t.Tips[tips][m-NBodyMoves] = p.Apply(m).tipRank()
		}
	}
	return t
})

// ApplyBody returns the body rank after corner turn m (m < NBodyMoves).
func (t *Tables) ApplyBody(r uint32, m Move) uint32 {
	return uint32(t.Edges[r/NTwist][m])*NTwist + uint32(t.Twists[r%NTwist][m])
}

// Apply returns the position after move m. A corner turn moves the body and
// leaves the relative tip twists alone; a tip turn the other way round.
func (q Position) Apply(m Move) Position {
	t := MoveTables()
	if m.TipOnly() {
		q.Tips = t.Tips[q.Tips][m-NBodyMoves]
	} else {
		q.Body = t.ApplyBody(q.Body, m)
	}
	return q
}

// Faces returns the face (colour) of every sticker.
func (q Position) Faces() [NStickers]uint8 { return q.Pieces().Faces() }

// Stickers returns the sticker string, the faces written as the letters
// F L R D; ParseStickers reads it back.
func (q Position) Stickers() string {
	f := q.Faces()
	var b [NStickers]byte
	for i, x := range f {
		b[i] = FaceNames[x]
	}
	return string(b[:])
}

// UnsolvedTips returns the number of tips twisted relative to their
// centres: each needs one tip move, whatever the body.
func (q Position) UnsolvedTips() int {
	n := 0
	for t := q.Tips; t > 0; t /= 3 {
		if t%3 != 0 {
			n++
		}
	}
	return n
}
