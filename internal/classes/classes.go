// Package classes reduces a searched index to the classes of its states
// under a puzzle's symmetries (see ksolve.Symmetry): which states stand
// for their class, how many classes are at each distance, and the table's
// layout of one entry a class.
//
// A symmetry s makes of each state x a conjugate conj_s(x), as far from
// the goal as x, and it takes the moves to moves: conj_s(x·g) =
// conj_s(x)·σ_s(g), where σ_s is the symmetry's map of the generators. The
// goal is its own conjugate. So the conjugates of a state are found from
// those of its parent by one move each, and the whole of them, its orbit,
// from the goal down, without a state ever being built: Reduce walks the
// classes depth first from the goal, along moves that go one farther, and
// marks each class's states the first time it meets one of them.
//
// A class is represented by its least index. A table of classes keeps the
// distance of each representative, in index order, then a bit for every
// index, set on the representatives (Layout): an entry is found from a
// state's representative by counting the representatives before it (Map).
package classes

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
)

// Graph is what Reduce reads of an index: its size and its moves.
type Graph interface {
	Size() uint64
	Apply(i uint64, g int) uint64
}

// Reduction is the classes of a searched index.
type Reduction struct {
	// Reps has bit i%64 of word i/64 set when index i represents its
	// class: it is the least of its class's indices.
	Reps []uint64
	// Classes is the number of classes.
	Classes uint64
	// ClassCounts are the classes at each distance, and StateCounts the
	// states in them: the sizes of their orbits, which must be the
	// search's counts.
	ClassCounts, StateCounts []uint64
}

// Reduce finds the classes of the states of index x that a search from
// goal reached, whose levels (distance mod 3, 3 for unreached) level
// gives. gens[s][g] is symmetry s's image of generator g (ksolve.Symmetry.Gen),
// one row a symmetry, the identity's among them.
func Reduce(ctx context.Context, x Graph, goal uint64, level func(uint64) uint8, gens [][]int) (*Reduction, error) {
	size := x.Size()
	if len(gens) == 0 {
		return nil, fmt.Errorf("classes: no symmetry")
	}
	S := len(gens)
	deg := len(gens[0])
	seen := make([]uint64, (size+63)/64)
	r := &Reduction{Reps: make([]uint64, (size+63)/64)}
	mark := func(i uint64) { seen[i/64] |= 1 << (i % 64) }
	has := func(i uint64) bool { return seen[i/64]&(1<<(i%64)) != 0 }
	scratch := make([]uint64, S)
	// add takes the orbit orb, a new class at distance d, into the
	// reduction.
	add := func(orb []uint64, d int) {
		copy(scratch, orb)
		slices.Sort(scratch)
		distinct := uint64(0)
		for k, i := range scratch {
			if k == 0 || i != scratch[k-1] {
				distinct++
				mark(i)
			}
		}
		rep := scratch[0]
		r.Reps[rep/64] |= 1 << (rep % 64)
		for len(r.ClassCounts) <= d {
			r.ClassCounts = append(r.ClassCounts, 0)
			r.StateCounts = append(r.StateCounts, 0)
		}
		r.ClassCounts[d]++
		r.StateCounts[d] += distinct
		r.Classes++
	}
	// The frames of the walk: a class's orbit (conjugate s of its first
	// state met at orbit[s]) and the next generator to follow from it.
	type frame struct {
		orbit []uint64
		next  int
		level uint8
	}
	var free [][]uint64
	orbitOf := func() []uint64 {
		if n := len(free); n > 0 {
			o := free[n-1]
			free = free[:n-1]
			return o
		}
		return make([]uint64, S)
	}
	start := orbitOf()
	for s := range start {
		start[s] = goal
	}
	add(start, 0)
	stack := []frame{{orbit: start, level: level(goal)}}
	steps := 0
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next == deg {
			free = append(free, f.orbit)
			stack = stack[:len(stack)-1]
			continue
		}
		g := f.next
		f.next++
		y := x.Apply(f.orbit[0], g)
		if has(y) {
			continue
		}
		ly := level(y)
		if ly != (f.level+1)%3 {
			// Not one farther: the class is met from a state one nearer
			// than it, unless it is unreached.
			continue
		}
		if steps++; steps&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		orb := orbitOf()
		orb[0] = y
		for s := 1; s < S; s++ {
			orb[s] = x.Apply(f.orbit[s], gens[s][g])
		}
		d := len(stack)
		add(orb, d)
		stack = append(stack, frame{orbit: orb, level: ly})
	}
	return r, nil
}

// IsRep says whether index i represents its class.
func (r *Reduction) IsRep(i uint64) bool { return r.Reps[i/64]&(1<<(i%64)) != 0 }

// Packed returns the table's packed bytes of a reduction (see Layout):
// each representative's level, as level gives it, two bits an entry in a
// table.Mod3 table's order, then the representatives' bits.
func (r *Reduction) Packed(size uint64, level func(uint64) uint8) []byte {
	head := (r.Classes + 3) / 4
	b := make([]byte, head, head+(size+7)/8)
	e := uint64(0)
	for w, word := range r.Reps {
		for word != 0 {
			i := uint64(w)*64 + uint64(bits.TrailingZeros64(word))
			word &= word - 1
			b[e>>2] |= level(i) << (e & 3 * 2)
			e++
		}
	}
	for i := uint64(0); i < (size+7)/8; i++ {
		b = append(b, byte(r.Reps[i/8]>>(i%8*8)))
	}
	return b
}

// Layout returns, for a table of classes of an index of size states with
// the given number of classes, how many packed bytes hold its entries'
// levels and how many its representatives' bits.
func Layout(size, classes uint64) (levels, reps uint64) {
	return (classes + 3) / 4, (size + 7) / 8
}

// Map finds a class's entry from its representative: the number of
// representatives before it.
type Map struct {
	reps   []uint64
	before []uint64
}

// NewMap reads the representatives' bits of a table of classes (the
// bytes after its levels; see Layout).
func NewMap(repBytes []byte) *Map {
	n := (len(repBytes) + 7) / 8
	m := &Map{reps: make([]uint64, n), before: make([]uint64, n)}
	for i, b := range repBytes {
		m.reps[i/8] |= uint64(b) << (i % 8 * 8)
	}
	c := uint64(0)
	for w, word := range m.reps {
		m.before[w] = c
		c += uint64(bits.OnesCount64(word))
	}
	return m
}

// Entry returns the entry of the class index rep represents, and whether
// it represents one.
func (m *Map) Entry(rep uint64) (uint64, bool) {
	w := rep / 64
	if w >= uint64(len(m.reps)) {
		return 0, false
	}
	bit := uint64(1) << (rep % 64)
	return m.before[w] + uint64(bits.OnesCount64(m.reps[w]&(bit-1))), m.reps[w]&bit != 0
}

// Count is the number of representatives.
func (m *Map) Count() uint64 {
	if len(m.reps) == 0 {
		return 0
	}
	k := len(m.reps) - 1
	return m.before[k] + uint64(bits.OnesCount64(m.reps[k]))
}

// Rep returns the representative of entry e: the (e+1)th set bit.
func (m *Map) Rep(e uint64) (uint64, bool) {
	w, ok := slices.BinarySearchFunc(m.before, e+1, func(b, t uint64) int {
		if b < t {
			return -1
		}
		return 1
	})
	_ = ok
	w-- // the last word with fewer than e+1 before it
	if w < 0 || w >= len(m.reps) {
		return 0, false
	}
	word := m.reps[w]
	k := e - m.before[w]
	if uint64(bits.OnesCount64(word)) <= k {
		return 0, false
	}
	for ; k > 0; k-- {
		word &= word - 1
	}
	return uint64(w)*64 + uint64(bits.TrailingZeros64(word)), true
}
