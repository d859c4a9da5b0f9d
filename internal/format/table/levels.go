package table

import (
	"encoding/binary"
	"fmt"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// Levels is a decoded table: for every rank, the stored level (the distance
// mod 3 for Mod3, the distance itself for Full8). It is read-only and safe for
// concurrent use.
type Levels struct {
	Header
	// index maps a rank to its entry, for a folded table (see puzzle.Fold);
	// nil when the entry is the rank.
	index func(r uint64) uint64
	data  []byte
	shift uint8 // log2 of states per byte
	bits  uint8 // bits per state
	mask  uint8
	below [256]uint8 // below[v] is the level of a state one step nearer than a state at level v
	// page, when not nil, reads the levels in place (Paged.Levels): data
	// is nil. fail keeps the first of its reads that failed (see Err).
	page *Paged
	fail *readFailure
	// mapped, when not nil, says which blocks of a mapped table's
	// distances (OpenMapped), which data holds, are checked; fail keeps
	// the first of its reads that failed.
	mapped *mappedBlocks
	// classes maps a table of classes' representatives to their entries
	// (see classIndex).
	classes *ClassMap
}

// unreachable is the level an unreachable state holds.
func (l *Levels) unreachable() uint8 {
	if l.Encoding == Mod3 {
		return 3
	}
	return Unreachable
}

// Paged says whether the levels are read in place, a block at a time
// (Paged.Levels), rather than held.
func (l *Levels) Paged() *Paged { return l.page }

// Err returns the first failure to read a level in place through l (a
// damaged block, or the file's error), or nil: levels held never fail. An
// answer computed through l while it is nil read checked levels only.
func (l *Levels) Err() error {
	if l.page == nil && l.mapped == nil {
		return nil
	}
	return l.fail.get()
}

// Checked returns levels for one answer: they read as l's do, but keep
// their own failure, so that their Err is the failure of that answer's
// reads alone, and a damaged block fails the answers that read it and no
// other. Levels held, which never fail, are returned as they are.
func (l *Levels) Checked() *Levels {
	if l.page == nil && l.mapped == nil {
		return l
	}
	c := *l
	c.fail = new(readFailure)
	return &c
}

func newLevels(h *Header, packed []byte) *Levels {
	l := &Levels{Header: *h, data: packed, shift: 0, bits: 8, mask: 0xff}
	if h.Encoding == Mod3 {
		l.shift, l.bits, l.mask = 2, 2, 3
	}
	for v := range l.below {
		switch {
		case h.Encoding == Mod3 && v < 3:
			l.below[v] = uint8((v + 2) % 3)
		case h.Encoding == Full8 && v > 0 && v < Unreachable:
			l.below[v] = uint8(v - 1)
		default:
			// Nothing is one step nearer than the goal or an unreachable
			// state; a value no state holds makes every test fail.
			l.below[v] = 0xfe
		}
	}
	return l
}

// At returns the stored level of rank r.
func (l *Levels) At(r uint64) uint8 {
	if l.page != nil {
		return l.page.level(r, l.fail)
	}
	if l.index != nil {
		if r = l.index(r); r == NoEntry {
			return l.unreachable()
		}
	}
	if m := l.mapped; m != nil && !m.ok(r>>l.shift) && !m.first(l.data, r>>l.shift, l.fail) {
		return l.unreachable()
	}
	return l.data[r>>l.shift] >> ((uint8(r) & (1<<l.shift - 1)) * l.bits) & l.mask
}

// AtEntry returns the stored level of entry e, not of a rank: for a look
// over a table's entries themselves (a table keyed by a class index).
// A read in place that fails reads as unreachable and is kept, as At's.
func (l *Levels) AtEntry(e uint64) uint8 {
	sh := (uint8(e) & (1<<l.shift - 1)) * l.bits
	if l.page != nil {
		if l.page.lv.data != nil {
			return l.page.lv.AtEntry(e) // read whole
		}
		b, err := l.page.byteAt(e >> l.shift)
		if err != nil {
			l.fail.keep(err)
			return l.unreachable()
		}
		return b >> sh & l.mask
	}
	return l.data[e>>l.shift] >> sh & l.mask
}

// NoEntry is what a table's map from a rank to its entry gives for a rank
// with none: an unreachable state of a table of classes.
const NoEntry = puzzle.NoEntry

// classIndex makes a table of classes (SymClasses) find a rank's entry:
// its representative, as canon gives it, among the representatives the
// table's bits mark. A rank whose representative is not marked has no
// entry: it is unreachable.
func (l *Levels) classIndex(canon func(uint64) uint64) {
	levels, _ := ClassLayout(l.Size, l.Classes)
	m := NewClassMap(l.data[levels:])
	l.classes = m
	l.index = func(r uint64) uint64 {
		e, ok := m.Entry(canon(r))
		if !ok {
			return NoEntry
		}
		return e
	}
}

// ClassMap is a table of classes' map from a representative to its entry
// (nil for a table of states).
func (l *Levels) ClassMap() *ClassMap { return l.classes }

// Below returns the level that a state one step nearer the goal than a state
// at level v has. A neighbour n of a state s is one step nearer exactly when
// At(n) == Below(At(s)).
func (l *Levels) Below(v uint8) uint8 { return l.below[v] }

// Reachable reports whether rank r was reached from the goal.
func (l *Levels) Reachable(r uint64) bool { return l.ReachableLevel(l.At(r)) }

// ReachableLevel reports whether a state at level v (as At gives it) was
// reached from the goal: Reachable for a caller that has read the level,
// so that a folded table's index is not computed twice.
func (l *Levels) ReachableLevel(v uint8) bool {
	if l.Encoding == Mod3 {
		return v != 3
	}
	return v != Unreachable
}

// MaxDistance is the largest distance in the table.
func (l *Levels) MaxDistance() int { return len(l.Counts) - 1 }

// Reader returns a copy of what At computes with, for loops that keep it
// in locals (see Reader). A mapped table's reader checks the blocks it
// reads until CheckBlocks has found every one intact, and then reads as
// a table held does.
func (l *Levels) Reader() Reader {
	m := l.mapped
	if m != nil && m.whole.Load() {
		m = nil
	}
	return Reader{index: l.index, data: l.data, shift: uint64(l.shift), low: 1<<l.shift - 1, width: uint64(l.bits), mask: l.mask, page: l.page, fail: l.fail, mapped: m, keep: l.mapped}
}

// Reader reads a table's levels as At does, from locals: a walk's loop
// copies one from its table, so that each read works on registers rather
// than on the table's fields.
type Reader struct {
	index             func(uint64) uint64 // a folded table's entry of a rank; nil when it is the rank
	data              []byte
	shift, low, width uint64
	mask              uint8
	page              *Paged // levels read in place (see Levels.page)
	fail              *readFailure
	mapped            *mappedBlocks // a mapped table's checked blocks (see Levels.mapped), nil once all are
	// keep holds a mapped table's blocks, and with them the mapping data
	// lies in, while the reader reads it, checking or not.
	keep *mappedBlocks
}

// At returns the stored level of rank r.
func (l *Reader) At(r uint64) uint8 {
	if l.page != nil {
		return l.page.level(r, l.fail)
	}
	if l.index != nil {
		if r = l.index(r); r == NoEntry {
			return l.mask
		}
	}
	if m := l.mapped; m != nil && !m.ok(r>>l.shift) && !m.first(l.data, r>>l.shift, l.fail) {
		return l.mask // an unreachable state's level
	}
	return l.data[r>>l.shift] >> ((r & l.low) * l.width) & l.mask
}

// Mod3At returns the level of entry e of a mod-3 table's packed entries
// (Packed, four to a byte): the one statement of the layout, four entries a byte from the
// lowest bits up, for the walks outside this package. It is inlined.
func Mod3At(packed []byte, e uint32) uint8 { return packed[e>>2] >> (e & 3 * 2) & 3 }

// StoredCounts returns how many entries hold each level as stored (the
// distance mod 3, or 3 for unreachable, in a Mod3 table; the distance, or
// Unreachable, in a Full8 one), reading the packed entries, not the
// header.
func (l *Levels) StoredCounts() []uint64 {
	n := make([]uint64, 1<<l.bits)
	if l.Encoding == Mod3 {
		full := l.Entries / 4
		for _, b := range l.data[:full] {
			n[b&3]++
			n[b>>2&3]++
			n[b>>4&3]++
			n[b>>6]++
		}
		for e := full * 4; e < l.Entries; e++ {
			n[l.data[e>>2]>>(e&3*2)&3]++
		}
		return n
	}
	for _, b := range l.data[:l.Entries] {
		n[b]++
	}
	return n
}

// CheckCounts compares the levels stored with the header's counts: in an
// unfolded table each entry is a state, so the entries at each level are
// the states at the distances it stands for, and the rest are
// unreachable. A folded table's entries stand for several states each, so
// it has nothing to compare: checked is false.
func (l *Levels) CheckCounts() (checked bool, err error) {
	if l.Symmetry != SymNone {
		// Each entry is a class: the entries at each level are the
		// classes at the distances it stands for, and in a table keyed
		// by a class index the rest stand for none.
		stored := l.StoredCounts()
		want := make([]uint64, len(stored))
		for d, c := range l.ClassCounts {
			want[d%3] += c
		}
		want[3] = l.Entries - l.Classes
		if l.Symmetry == SymClasses {
			want[3] = stored[3] // the representatives' bits, not levels
		}
		for v := range 4 {
			if stored[v] != want[v] {
				return true, fmt.Errorf("%d entries hold level %d, the class counts say %d", stored[v], v, want[v])
			}
		}
		return true, nil
	}
	if l.Entries != l.Size {
		return false, nil
	}
	stored := l.StoredCounts()
	want := make([]uint64, len(stored))
	reached := uint64(0)
	for d, c := range l.Counts {
		v := d
		if l.Encoding == Mod3 {
			v = d % 3
		}
		want[v] += c
		reached += c
	}
	if reached > l.Size {
		return true, fmt.Errorf("the counts add up to %d states, more than the %d there are", reached, l.Size)
	}
	unreachable := len(stored) - 1 // 3 in Mod3, Unreachable in Full8
	want[unreachable] += l.Size - reached
	for v := range stored {
		if stored[v] != want[v] {
			return true, fmt.Errorf("%d entries hold level %d, the counts say %d", stored[v], v, want[v])
		}
	}
	return true, nil
}

// Word returns the stored levels of ranks 32w to 32w+31 of a mod-3 table
// of states, two bits each from the lowest up, as the packed bytes hold
// them (ranks past the last read as level 0), so that a scan for one level
// tests 32 ranks at a time. A table read in place reads them from their
// block; a read that fails reads as unreachable and is kept, as At's.
func (l *Levels) Word(w uint64) uint64 {
	at := w * 8
	if l.page == nil {
		if end := uint64(len(l.data)); at+8 <= end {
			return binary.LittleEndian.Uint64(l.data[at:])
		}
		var b [8]byte
		if at < uint64(len(l.data)) {
			copy(b[:], l.data[at:])
		}
		return binary.LittleEndian.Uint64(b[:])
	}
	var word uint64
	for k := uint64(0); k < 8 && at+k < l.page.PackedLen; k++ {
		b, err := l.page.byteAt(at + k)
		if err != nil {
			// Each rank again, through At, which keeps the failure.
			word = 0
			for r := w * 32; r < min(w*32+32, l.Size); r++ {
				word |= uint64(l.At(r)) << (r % 32 * 2)
			}
			return word
		}
		word |= uint64(b) << (k * 8)
	}
	return word
}
