package msquare

import "sync"

// MoveTable gives, for every rank and operation, the rank after it: the
// walk through the table then moves by one lookup, with no board to unpack.
type MoveTable [NStates][3]uint16

// Moves returns the move table, built on first use (about half a
// millisecond): every board in rank order, each operation applied and the
// result ranked.
var Moves = sync.OnceValue(buildMoves)

func buildMoves() *MoveTable {
	t := ranks()
	mt := new(MoveTable)
	r := 0
	for _, top := range t.tops {
		b0 := Board(top)
		rest := t.remaining(b0)
		for _, p := range &t.patterns {
			b := b0 | rest[p[0]]<<12 | rest[p[1]]<<15 | rest[p[2]]<<18 | rest[p[3]]<<21
			mt[r] = [3]uint16{uint16(t.rank(b.A())), uint16(t.rank(b.B())), uint16(t.rank(b.C()))}
			r++
		}
	}
	return mt
}

// Apply returns the rank after operation m from rank r.
func (mt *MoveTable) Apply(r uint32, m Move) uint32 { return uint32(mt[r][m]) }
