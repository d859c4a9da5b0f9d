package symindex

import (
	"fmt"
	"math/bits"
)

// Levels is a search's result over a class index: two bits an index, each
// class's distance mod 3 on the index its class maps to, 3 on an index
// no class maps to or none the moves reach.
type Levels struct {
	words []uint64
	// ClassCounts are the classes at each distance, and StateCounts the
	// states in them.
	ClassCounts, StateCounts []uint64
}

// Level is index i's level: its class's distance mod 3, or 3.
func (l *Levels) Level(i uint64) uint8 { return uint8(l.words[i/32] >> (i % 32 * 2) & 3) }

func (l *Levels) set(i uint64, v uint8) {
	l.words[i/32] &^= (3 ^ uint64(v)) << (i % 32 * 2)
}

// Bytes is the memory the levels take.
func (l *Levels) Bytes() uint64 { return uint64(len(l.words)) * 8 }

// Search finds the distance of every class the moves reach from the
// goal's, level by level, holding two bits an index: from each class at
// the last distance to its neighbours not met (forward), or, once fewer
// indices are left than were met at the last distance, from each index
// not met to a neighbour at the last distance (backward). An index at
// distance d-3 reads as one at d, but its neighbours were all met by d-2,
// so going forward from it finds nothing new.
//
// progress, if not nil, is told each distance's classes and states as
// they are found.
func (x *Index) Search(goal uint64, progress func(d int, classes, states uint64)) (*Levels, error) {
	if goal >= x.size {
		return nil, fmt.Errorf("symindex: goal %d beyond the index's %d", goal, x.size)
	}
	l := &Levels{words: make([]uint64, (x.size+31)/32)}
	for i := range l.words {
		l.words[i] = ^uint64(0)
	}
	l.set(goal, 0)
	l.ClassCounts, l.StateCounts = []uint64{1}, []uint64{x.OrbitSize(goal)}
	left := x.size - 1
	for d := 0; ; d++ {
		var classes, states uint64
		if l.ClassCounts[d] < left {
			classes, states = x.forward(l, uint8(d%3))
		} else {
			classes, states = x.backward(l, uint8(d%3))
		}
		if classes == 0 {
			return l, nil
		}
		left -= classes
		if progress != nil {
			progress(d+1, classes, states)
		}
		l.ClassCounts = append(l.ClassCounts, classes)
		l.StateCounts = append(l.StateCounts, states)
	}
}

// forward marks the classes not met one move from those at level v.
func (x *Index) forward(l *Levels, v uint8) (classes, states uint64) {
	next := (v + 1) % 3
	// A pair of bits equal to v: its xor with v's pattern is 0.
	pattern := uint64(v) * 0x5555555555555555
	for w := range l.words {
		z := l.words[w] ^ pattern
		at := ^(z | z>>1) & 0x5555555555555555
		for at != 0 {
			k := uint64(bits.TrailingZeros64(at))
			at &= at - 1
			i := uint64(w)*32 + k/2
			if i >= x.size {
				break
			}
			for g := range x.p.Gens {
				n, ok := x.Neighbor(i, g)
				if ok && l.Level(n) == 3 {
					l.set(n, next)
					classes++
					states += x.OrbitSize(n)
				}
			}
		}
	}
	return classes, states
}

// backward marks the canonical indices not met with a neighbour at level v.
func (x *Index) backward(l *Levels, v uint8) (classes, states uint64) {
	next := (v + 1) % 3
	for i := range x.size {
		if l.Level(i) != 3 || !x.Canonical(i) {
			continue
		}
		for g := range x.p.Gens {
			if n, ok := x.Neighbor(i, g); ok && l.Level(n) == v {
				l.set(i, next)
				classes++
				states += x.OrbitSize(i)
				break
			}
		}
	}
	return classes, states
}
