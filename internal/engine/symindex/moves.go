package symindex

import (
	"fmt"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// maxConj bounds B's conjugation table: four bytes a state of B a
// symmetry.
const maxConj = 1 << 28

// moveTables makes what Neighbor reads: a move table on A's classes and
// B's conjugation table (B's own moves are its index's).
func (x *Index) moveTables() error {
	nb, ns, gens := x.b.Size(), uint64(len(x.syms)), len(x.p.Gens)
	if x.within >= 0 {
		ns = 1 // B's conjugates are withinMoveTables's
	}
	if nb*max(ns, uint64(gens)) > maxConj {
		return fmt.Errorf("symindex: %s: B's %d states under %d symmetries are beyond its conjugation table", x.p.Def.Name, nb, ns)
	}
	if x.b.Degree() != gens || x.a.Degree() != gens {
		return fmt.Errorf("symindex: %s: a part's moves are not the puzzle's", x.p.Def.Name)
	}
	if x.within < 0 {
		x.aMove = make([]uint32, len(x.reps)*gens) // within a set, withinTables.aMove
	}
	for c, r := range x.reps {
		for g := range gens {
			a := x.a.Apply(uint64(r), g)
			if x.classOf[a] >= 1<<24 {
				return fmt.Errorf("symindex: %s: more than 2^24 classes of A", x.p.Def.Name)
			}
			if x.aMove != nil {
				x.aMove[c*gens+g] = x.classOf[a]<<8 | uint32(x.symOf[a])
			}
		}
	}
	// B's own move table, read at every move where permindex's Apply
	// would decode and encode B's coordinates.
	x.bMove = make([]uint32, nb*uint64(gens))
	for b := range nb {
		for g := range gens {
			x.bMove[b*uint64(gens)+uint64(g)] = uint32(x.b.Apply(b, g))
		}
	}
	if x.within >= 0 {
		return x.withinMoveTables()
	}
	x.bConj = make([]uint32, nb*ns)
	d := x.p.Def
	var conj ksolve.State
	for b := range nb {
		st := x.b.State(b)
		x.bConj[b] = uint32(b)
		for s := 1; s < len(x.syms); s++ {
			conj = x.p.Conjugate(conj, st, &x.syms[s])
			j, ok := x.b.Index(mask(d, conj, x.inA, x.within, false))
			if !ok {
				return fmt.Errorf("symindex: %s: a conjugate of B's state %d has no index", d.Name, b)
			}
			x.bConj[uint64(s)*nb+b] = uint32(j)
		}
	}
	return nil
}

// canonicalB is the least of b's conjugates by the symmetries fixing
// class c's representative, b among them; with a parity tie, the least
// of those the tie allows (all of them, for a state the moves reach).
func (x *Index) canonicalB(c uint64, b uint64) uint64 {
	least := b
	for _, t := range x.stabs[c] {
		bt := x.conjB(uint64(t), c, b)
		if bt < least && (x.tie == nil || x.tie.sigOf[bt] == x.tie.sigOf[b]) {
			least = bt
		}
	}
	return least
}

// conjB is B's state b conjugated by symmetry s, with A's state class c's
// representative.
func (x *Index) conjB(s, c, b uint64) uint64 {
	if w := x.split; w != nil {
		return w.conj(s, uint64(x.reps[c]), b)
	}
	return uint64(x.bConj[s*x.b.Size()+b])
}

// Neighbor returns the index of the class generator g takes index i's
// class to, from the tables alone, and false where there is none: i
// stands for no state, or (with a parity tie) for one the moves never
// reach whose neighbour's conjugate breaks the tie.
func (x *Index) Neighbor(i uint64, g int) (uint64, bool) {
	nb, gens := x.b.Size(), uint64(len(x.p.Gens))
	c, r := x.at(i)
	b, ok := x.stateOfB(c, r)
	if !ok {
		return 0, false
	}
	b = uint64(x.bMove[b*gens+uint64(g)])
	var to uint64
	if w := x.split; w != nil {
		a := uint64(w.aMove[c*gens+uint64(g)])
		to = uint64(x.classOf[a])
		if s := uint64(x.symOf[a]); s != 0 {
			b = w.conj(s, a, b)
		}
	} else {
		e := x.aMove[c*gens+uint64(g)]
		to = uint64(e >> 8)
		if s := uint64(e & 0xff); s != 0 {
			b = uint64(x.bConj[s*nb+b])
		}
	}
	r, ok = x.numberOf(to, x.canonicalB(to, b))
	if !ok {
		return 0, false
	}
	return x.indexOf(to, r), true
}

// Canonical says whether index i is the one its class maps to: false for
// an index that stands for no state of B, or for a B that a symmetry
// fixing A's representative takes to a lesser one.
func (x *Index) Canonical(i uint64) bool {
	c, r := x.at(i)
	b, ok := x.stateOfB(c, r)
	return ok && x.canonicalB(c, b) == b
}

// OrbitSize is the number of states in index i's class: the symmetries over
// those that fix its state (the identity and those of its A
// representative's stabilizer that fix its B); 0 where i stands for no
// state.
func (x *Index) OrbitSize(i uint64) uint64 {
	c, r := x.at(i)
	b, ok := x.stateOfB(c, r)
	if !ok {
		return 0
	}
	fixed := uint64(1)
	for _, t := range x.stabs[c] {
		if x.conjB(uint64(t), c, b) == b {
			fixed++
		}
	}
	return uint64(len(x.syms)) / fixed
}

// TableBytes is the memory the index's own tables take: A's classes and
// symmetries, the moves of A's classes and of B, B's conjugates, and a
// parity tie's numbering of B.
func (x *Index) TableBytes() uint64 {
	n := uint64(len(x.classOf))*5 + uint64(len(x.reps))*4 + uint64(len(x.aMove)+len(x.bMove)+len(x.bConj))*4
	if w := x.split; w != nil {
		n += uint64(len(w.aMove)+len(w.perm)+len(w.off)+len(w.byRow))*4 + uint64(len(w.rows))
	}
	if t := x.tie; t != nil {
		n += uint64(len(t.sigOf)) + uint64(len(t.rank)+len(t.unrank))*4 + uint64(len(t.want))
	}
	if x.lay != nil {
		n += x.lay.bytes()
	}
	return n
}
