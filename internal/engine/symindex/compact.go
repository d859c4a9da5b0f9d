package symindex

import "sort"

// compact numbers the classes of an index within a set (within.go) with
// no index to spare where A's representative is fixed by a symmetry: such
// a class of A keeps only the states of B that its stabilizer takes to
// none lesser (canonicalB), one index each, where every other class of A
// keeps all of B's. A's classes fixed by a symmetry are few, but each
// would otherwise hold as many indices as B has states, most of them for
// no class: the symm 2x2x2's index was 1.096 indices a class that way.
//
// Indices: the classes of A with no stabilizer first, in class order, B's
// states each; then the others, in class order, their kept states each.
type compact struct {
	plain []uint32 // the classes with no stabilizer, in order
	// posOf[c] is class c's place among plain, or among fixed.
	posOf []uint32
	fixed []uint32   // the classes with a stabilizer, in order
	base  []uint64   // fixed[k]'s first index
	keep  [][]uint32 // fixed[k]'s states of B kept, in order
	size  uint64
}

// compactLayout makes x's compact numbering.
func (x *Index) compactLayout() *compact {
	l := &compact{posOf: make([]uint32, len(x.reps))}
	for c, st := range x.stabs {
		if len(st) == 0 {
			l.posOf[c] = uint32(len(l.plain))
			l.plain = append(l.plain, uint32(c))
		} else {
			l.posOf[c] = uint32(len(l.fixed))
			l.fixed = append(l.fixed, uint32(c))
		}
	}
	nb := x.b.Size()
	l.size = uint64(len(l.plain)) * nb
	seen := make([]bool, nb)
	for _, c := range l.fixed {
		// Each orbit of B under the stabilizer once: its least state.
		clear(seen)
		var keep []uint32
		for b := range nb {
			if seen[b] {
				continue
			}
			least := b
			for _, t := range x.stabs[c] {
				bt := x.conjB(uint64(t), uint64(c), b)
				seen[bt] = true
				least = min(least, bt)
			}
			if least == b {
				keep = append(keep, uint32(b))
			}
		}
		l.base = append(l.base, l.size)
		l.keep = append(l.keep, keep)
		l.size += uint64(len(keep))
	}
	return l
}

// at is the class and the state of B of index i.
func (l *compact) at(i, nb uint64) (c, b uint64) {
	if i < uint64(len(l.plain))*nb {
		return uint64(l.plain[i/nb]), i % nb
	}
	k := sort.Search(len(l.base), func(k int) bool { return l.base[k] > i }) - 1
	return uint64(l.fixed[k]), uint64(l.keep[k][i-l.base[k]])
}

// index is the index of class c with B's state b, which must be the least
// of its conjugates by c's stabilizer where c has one.
func (l *compact) index(c, b, nb uint64, fixed bool) uint64 {
	k := l.posOf[c]
	if !fixed {
		return uint64(k)*nb + b
	}
	keep := l.keep[k]
	j := sort.Search(len(keep), func(j int) bool { return uint64(keep[j]) >= b })
	return l.base[k] + uint64(j)
}

// bytes is the memory the numbering takes.
func (l *compact) bytes() uint64 {
	n := uint64(len(l.plain)+len(l.posOf)+len(l.fixed))*4 + uint64(len(l.base))*8
	for _, k := range l.keep {
		n += uint64(len(k)) * 4
	}
	return n
}
