package table

import (
	"iter"
	"math/bits"
)

// ClassLayout returns, for a table of classes of an index of size states with
// the given number of classes, how many packed bytes hold its entries'
// levels and how many its representatives' bits.
func ClassLayout(size, classes uint64) (levels, reps uint64) {
	return (classes + 3) / 4, (size + 7) / 8
}

// ClassMap finds a class's entry from its representative: the number of
// representatives before it.
type ClassMap struct {
	reps   []uint64
	before []uint64
}

// NewClassMap reads the representatives' bits of a table of classes (the
// bytes after its levels; see ClassLayout).
func NewClassMap(repBytes []byte) *ClassMap {
	n := (len(repBytes) + 7) / 8
	m := &ClassMap{reps: make([]uint64, n), before: make([]uint64, n)}
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
func (m *ClassMap) Entry(rep uint64) (uint64, bool) {
	w := rep / 64
	if w >= uint64(len(m.reps)) {
		return 0, false
	}
	bit := uint64(1) << (rep % 64)
	return m.before[w] + uint64(bits.OnesCount64(m.reps[w]&(bit-1))), m.reps[w]&bit != 0
}

// Count is the number of representatives.
func (m *ClassMap) Count() uint64 {
	if len(m.reps) == 0 {
		return 0
	}
	k := len(m.reps) - 1
	return m.before[k] + uint64(bits.OnesCount64(m.reps[k]))
}

// All yields each entry with its representative, in order.
func (m *ClassMap) All() iter.Seq2[uint64, uint64] {
	return func(yield func(e, rep uint64) bool) {
		e := uint64(0)
		for w, word := range m.reps {
			for word != 0 {
				rep := uint64(w)*64 + uint64(bits.TrailingZeros64(word))
				word &= word - 1
				if !yield(e, rep) {
					return
				}
				e++
			}
		}
	}
}

// Within yields each entry with its representative, in order, for the
// representatives from lo up to (not including) hi.
func (m *ClassMap) Within(lo, hi uint64) iter.Seq2[uint64, uint64] {
	return func(yield func(e, rep uint64) bool) {
		for w := lo / 64; w < uint64(len(m.reps)) && w*64 < hi; w++ {
			word := m.reps[w]
			if w == lo/64 {
				word &^= 1<<(lo%64) - 1
			}
			if end := hi - w*64; end < 64 {
				word &= 1<<end - 1
			}
			e := m.before[w] + uint64(bits.OnesCount64(m.reps[w]&(word&-word-1)))
			for word != 0 {
				rep := w*64 + uint64(bits.TrailingZeros64(word))
				word &= word - 1
				if !yield(e, rep) {
					return
				}
				e++
			}
		}
	}
}
