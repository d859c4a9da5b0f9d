package symindex

import (
	"fmt"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// An index within a set: A is the set's permutation, B its orientations.
// A move turns B as it would whatever A is (a slot's orientation after a
// move is the one it takes from, plus the move's), so B keeps its move
// table. A conjugate is not so: a symmetry renames each piece with a twist
// of its own, so the conjugate's orientations are B's moved to the
// symmetry's slots, plus an offset that depends on which piece is where.
// Conjugating (a, b) by s gives the orientations
//
//	conj(id, b) - conj(id, 0) + conj(a, 0)
//
// (id the solved permutation, 0 no twist, each sum an orientation a slot,
// modulo the set's), as each of the three terms of a conjugate's
// orientation (B's moved, the symmetry's own, the renaming's, which reads
// A) stands in exactly one way in it. So B's conjugate is the sum of
// perm[s][b] and off[s][a], a table of B's states and one of A's; the sum
// is added up a slot at a time (a table of B's pairs would be larger than
// the search's levels, and read at random).
type withinTables struct {
	na, nb    uint64
	size, mod int
	// aMove[c*gens+g] is the state of A generator g takes class c's
	// representative to.
	aMove []uint32
	// perm[s*nb+b] is conj_s(id, b) - conj_s(id, 0); off[s*na+a] is
	// conj_s(a, 0).
	perm, off []uint32
	// rows[b*size:][:size] are B's state b's orientations; byRow[n] is
	// the state whose orientations, read as a number in base mod, are n.
	rows  []uint8
	byRow []uint32
}

// conj is B's state b conjugated by symmetry s, A's state being a.
func (w *withinTables) conj(s, a, b uint64) uint64 {
	return uint64(w.sum(uint64(w.perm[s*w.nb+b]), uint64(w.off[s*w.na+a])))
}

// sum is the state of B whose orientations are b's and e's added.
func (w *withinTables) sum(b, e uint64) uint32 {
	size := uint64(w.size)
	rb, re := w.rows[b*size:][:size], w.rows[e*size:][:size]
	n, mod := 0, w.mod
	for i, o := range rb {
		v := int(o) + int(re[i])
		if v >= mod {
			v -= mod
		}
		n = n*mod + v
	}
	return w.byRow[n]
}

// withinFits says whether the tables of an index within set, whose
// orientations have nb states, are within maxConj: its orientation rows
// numbered in base Mod, and every sum of two states checked.
func withinFits(set ksolve.Set, nb uint64) bool {
	rows := uint64(1)
	for range set.Size {
		if rows *= uint64(set.Mod); rows > maxConj {
			return false
		}
	}
	return nb*nb <= maxConj
}

// withinMoveTables makes the tables of an index within set x.within.
func (x *Index) withinMoveTables() error {
	d := x.p.Def
	set := d.Sets[x.within]
	na, nb, ns, gens := x.a.Size(), x.b.Size(), uint64(len(x.syms)), len(x.p.Gens)
	if na*ns > maxConj {
		return fmt.Errorf("symindex: %s: %d orientations of B and %d states of A under %d symmetries are beyond its tables", d.Name, nb, na, ns)
	}
	w := &withinTables{na: na, nb: nb, size: set.Size, mod: set.Mod}
	w.aMove = make([]uint32, uint64(len(x.reps))*uint64(gens))
	for c, r := range x.reps {
		for g := range gens {
			w.aMove[c*gens+g] = uint32(x.a.Apply(uint64(r), g))
		}
	}

	// Orientation rows, numbered as base-Mod numbers to find B's index of
	// a sum without ranking it.
	digits := uint64(1)
	for range set.Size {
		digits *= uint64(set.Mod)
		if digits > maxConj {
			return fmt.Errorf("symindex: %s: %d pieces of %d orientations are beyond its tables", d.Name, set.Size, set.Mod)
		}
	}
	w.rows = make([]uint8, 0, nb*uint64(set.Size))
	w.byRow = make([]uint32, digits)
	for i := range w.byRow {
		w.byRow[i] = noState
	}
	rowOf := func(s ksolve.State) []uint8 { return s[set.Off+set.Size : set.Off+2*set.Size] }
	number := func(row []uint8) uint64 {
		n := uint64(0)
		for _, o := range row {
			n = n*uint64(set.Mod) + uint64(o)
		}
		return n
	}
	for b := range nb {
		row := rowOf(x.b.State(b))
		w.rows = append(w.rows, row...)
		w.byRow[number(row)] = uint32(b)
	}
	indexOf := func(row []uint8) (uint32, error) {
		b := w.byRow[number(row)]
		if b == noState {
			return 0, fmt.Errorf("symindex: %s: orientations %v are none of B's", d.Name, row)
		}
		return b, nil
	}
	// Every sum of two states of B is one, so that every conjugate's sum
	// has an index.
	if nb*nb > maxConj {
		return fmt.Errorf("symindex: %s: %d orientations of B are beyond its tables", d.Name, nb)
	}
	for b := range nb {
		for e := b; e < nb; e++ {
			if w.sum(b, e) == noState {
				return fmt.Errorf("symindex: %s: B's orientations are not closed under sums", d.Name)
			}
		}
	}
	sum := make([]uint8, set.Size)

	// withPieces is a state of the set: A's pieces, with orientations,
	// written over st.
	solved := d.Solved
	st := solved.Clone()
	withPieces := func(pieces ksolve.State, row []uint8) ksolve.State {
		copy(st[set.Off:set.Off+set.Size], pieces[set.Off:set.Off+set.Size])
		copy(st[set.Off+set.Size:set.Off+2*set.Size], row)
		return st
	}
	zero := make([]uint8, set.Size)
	var conj ksolve.State
	w.off = make([]uint32, ns*na)
	for a := range na {
		pieces := x.a.State(a)
		withPieces(pieces, zero)
		for s := range ns {
			conj = x.p.Conjugate(conj, st, &x.syms[s])
			v, err := indexOf(rowOf(conj))
			if err != nil {
				return err
			}
			w.off[s*na+a] = v
		}
	}
	w.perm = make([]uint32, ns*nb)
	for s := range ns {
		base := rowOf(x.p.Conjugate(nil, withPieces(solved, zero), &x.syms[s]))
		for b := range nb {
			conj = x.p.Conjugate(conj, withPieces(solved, w.rows[b*uint64(set.Size):][:set.Size]), &x.syms[s])
			for i, o := range rowOf(conj) {
				sum[i] = (o + uint8(set.Mod) - base[i]) % uint8(set.Mod)
			}
			v, err := indexOf(sum)
			if err != nil {
				return err
			}
			w.perm[s*nb+b] = v
		}
	}
	x.split = w
	return nil
}
