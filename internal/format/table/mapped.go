package table

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"sync/atomic"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// A mapped table is a table of this format whose blocks are all stored as
// they are, written with its packed distances whole after its header
// rather than a kind byte before each block: the header and its index are
// those of a table file of stored blocks (each block's length its bytes
// and its kind byte, its checksum theirs), so that the distances can be
// read where they lie, in a file mapped to memory, with nothing to decode.
// Each block is checked against its checksum the first time a level of it
// is read, and a damaged block fails the reads of its levels and no
// other, as a table read in place does (Paged). A pruning file holds its
// tables so (internal/engine/prune).

// mappedBlocks is which blocks of a mapped table have been checked.
type mappedBlocks struct {
	checked []atomic.Uint64 // a bit a block, set once it is found intact
	// whole says that every block is checked and intact: the reads of
	// levels taken after (Levels.Reader) check nothing more.
	whole atomic.Bool
	reads atomic.Int64 // blocks checked by the reads of levels
	crcs  []uint32
	name  string // the file's name in errors
	base  int64  // where the distances start in that file
	// hold keeps what the distances lie in (a mapping of the file)
	// alive while the levels are.
	hold any
}

// storedCRC is the checksum of a stored block of these bytes: its kind
// byte and its bytes.
func storedCRC(b []byte) uint32 {
	return crc32.Update(crc32.Update(0, crc32.IEEETable, []byte{blockStored}), crc32.IEEETable, b)
}

// WriteMapped writes the table of h's levels, packed, as a mapped table:
// the header of a table of stored blocks, then the packed distances.
func WriteMapped(w io.Writer, h *Header, packed []byte) (int64, error) {
	head, err := MappedHead(h, packed)
	if err != nil {
		return 0, err
	}
	n, err := w.Write(head)
	total := int64(n)
	if err != nil {
		return total, err
	}
	n, err = w.Write(packed)
	return total + int64(n), err
}

// MappedHead returns the header WriteMapped writes before packed, so that
// a file holding the table can write packed where it lies, not a copy.
func MappedHead(h *Header, packed []byte) ([]byte, error) {
	hd := *h
	hd.PackedLen = uint64(len(packed))
	hd.PackedCRC = crc32.ChecksumIEEE(packed)
	hd.Blocks = nil
	for lo := 0; lo < len(packed); lo += blockSize {
		b := packed[lo:min(lo+blockSize, len(packed))]
		hd.Blocks = append(hd.Blocks, Block{Len: uint32(len(b)) + 1, CRC: storedCRC(b)})
	}
	return appendHeader(nil, &hd)
}

// OpenMapped reads the mapped table that data holds, all of it, for def:
// its header and index are checked, and its blocks as their levels are
// read (CheckBlocks checks them all). data is not copied: it must not
// change while the levels are read, and hold, if set, is kept alive with
// them (the mapping data lies in). name names the file in errors, base is
// where data starts in it.
func OpenMapped(def *puzzle.Def, data []byte, name string, base int64, hold any) (*Levels, error) {
	h, start, err := ReadHeader(name, data)
	if err != nil {
		return nil, err
	}
	if err := h.check(def); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) (*Levels, error) {
		return nil, &Error{Table: name, Err: ErrCorrupt, Detail: fmt.Sprintf(format, args...)}
	}
	if h.Version != Version || h.Symmetry != SymNone {
		return bad("not a table of states stored as they are (version %d)", h.Version)
	}
	if got := uint64(len(data) - start); got != h.PackedLen {
		return bad("%d bytes of distances, the header says %d", got, h.PackedLen)
	}
	if want := (h.PackedLen + blockSize - 1) / blockSize; uint64(len(h.Blocks)) != want {
		return bad("%d blocks in the index, want %d", len(h.Blocks), want)
	}
	m := &mappedBlocks{checked: make([]atomic.Uint64, (len(h.Blocks)+63)/64), name: name, base: base + int64(start), hold: hold}
	for i, b := range h.Blocks {
		lo := uint64(i) * blockSize
		if n := min(lo+blockSize, h.PackedLen) - lo; uint64(b.Len) != n+1 {
			return bad("block %d of %d bytes, not the %d of its distances stored as they are", i+1, b.Len, n+1)
		}
		m.crcs = append(m.crcs, b.CRC)
	}
	lv := newLevels(h, data[start:])
	if def.Fold != nil {
		lv.index = def.Fold.Index
	}
	lv.mapped = m
	lv.fail = new(readFailure)
	return lv, nil
}

// Mapped says whether the levels are a mapped table's (OpenMapped).
func (l *Levels) Mapped() bool { return l.mapped != nil }

// ok says whether the block holding byte at of the distances is checked.
func (m *mappedBlocks) ok(at uint64) bool {
	i := at / blockSize
	return m.checked[i/64].Load()>>(i%64)&1 != 0
}

// check checks block i of data, the distances, against its checksum,
// and marks it checked when it is intact.
func (m *mappedBlocks) check(data []byte, i uint64) error {
	lo := i * blockSize
	b := data[lo:min(lo+blockSize, uint64(len(data)))]
	if got := storedCRC(b); got != m.crcs[i] {
		return &Error{Table: m.name, Err: ErrCorrupt, Block: int(i) + 1, Offset: m.base + int64(lo),
			Detail: fmt.Sprintf("checksum mismatch: %08x, want %08x", got, m.crcs[i])}
	}
	m.checked[i/64].Or(1 << (i % 64))
	return nil
}

// first checks the block of byte at before its first read: false when
// it is damaged, or when a read through fail failed before (the answer
// reading is an error already, and a search that goes on would check the
// damaged block again and again).
func (m *mappedBlocks) first(data []byte, at uint64, fail *readFailure) bool {
	if fail.err.Load() != nil {
		return false
	}
	m.reads.Add(1)
	if err := m.check(data, at/blockSize); err != nil {
		fail.keep(err)
		return false
	}
	return true
}

// CheckBlocks checks every block of a mapped table not checked yet, and
// the checksum of all its distances: what Read checks of a table read
// whole. The error names the first damaged block. Levels not mapped are
// checked already.
func (l *Levels) CheckBlocks() error {
	m := l.mapped
	if m == nil {
		return nil
	}
	for i := range m.crcs {
		lo := uint64(i) * blockSize
		if m.ok(lo) {
			continue
		}
		var te *Error
		if err := m.check(l.data, uint64(i)); errors.As(err, &te) {
			return &Error{Table: m.name, Err: ErrCorrupt, Detail: fmt.Sprintf("block %d of %d (distances bytes %d to %d, at byte %d): %s",
				i+1, len(m.crcs), lo, min(lo+blockSize, uint64(len(l.data))), te.Offset, te.Detail)}
		}
	}
	if got := crc32.ChecksumIEEE(l.data); got != l.PackedCRC {
		return &Error{Table: m.name, Err: ErrCorrupt, Detail: fmt.Sprintf("distances checksum %08x, want %08x", got, l.PackedCRC)}
	}
	m.whole.Store(true)
	return nil
}

// BlocksRead is how many blocks of a mapped table its reads have checked
// (CheckBlocks's not counted): 0 for levels not mapped.
func (l *Levels) BlocksRead() int {
	if l.mapped == nil {
		return 0
	}
	return int(l.mapped.reads.Load())
}

// BlockSpan returns where block i (counting from 0) of a mapped table's
// distances starts in its file, and its length in bytes: where a damaged
// block's bytes are; 0, 0 for levels not mapped.
func (l *Levels) BlockSpan(i int) (at, n int64) {
	if l.mapped == nil || i < 0 || i >= len(l.mapped.crcs) {
		return 0, 0
	}
	lo := uint64(i) * blockSize
	return l.mapped.base + int64(lo), int64(min(lo+blockSize, uint64(len(l.data))) - lo)
}
