package table

import (
	"fmt"
	"hash/crc32"
	"io"
	"slices"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// PackedHeader is the header of an undirected definition's table whose
// distances are already packed as a Mod3 table packs them (two bits a
// rank, 3 for an unreachable rank, 0 past the last rank), with counts[d]
// ranks at distance d: what a two-bit search makes, with no byte a state
// ever held. The payload's length and checksum are left for WritePacked.
func PackedHeader(def *puzzle.Def, packed []byte, counts []uint64) (*Header, error) {
	h, err := StreamHeader(def, uint64(len(packed)), counts)
	if err != nil {
		return nil, err
	}
	h.PackedCRC = crc32.ChecksumIEEE(packed)
	return h, nil
}

// StreamHeader is PackedHeader for packed distances of n bytes that are
// not in memory: WritePackedFrom reads them, and fills in their checksum.
func StreamHeader(def *puzzle.Def, n uint64, counts []uint64) (*Header, error) {
	if !def.Undirected() || def.Fold != nil {
		return nil, fmt.Errorf("table %s: packed distances need an undirected, unfolded definition", def.Name)
	}
	if want := packedLen(Mod3, def.Size); n != want {
		return nil, fmt.Errorf("table %s: %d packed bytes for %d states", def.Name, n, def.Size)
	}
	if len(counts) > MaxDistances {
		return nil, fmt.Errorf("table %s: %d distances, more than a table holds (%d)", def.Name, len(counts), MaxDistances)
	}
	return &Header{
		Version:    Version,
		Name:       def.Name,
		Size:       def.Size,
		Entries:    def.Size,
		Goal:       def.Rank(def.Goal),
		Encoding:   Mod3,
		Codec:      Huff0,
		Counts:     slices.Clone(counts),
		Definition: def.Fingerprint(),
		PackedLen:  n,
	}, nil
}

// ClassHeader is the header of a table of classes (SymClasses) of an
// undirected definition with symmetries (def.Canonical): packed holds the
// classes' levels, then the representatives' bits; counts are the states
// at each distance and classCounts the classes.
func ClassHeader(def *puzzle.Def, packed []byte, counts, classCounts []uint64) (*Header, error) {
	if def.Canonical == nil {
		return nil, fmt.Errorf("table %s: a table of classes needs a definition with symmetries", def.Name)
	}
	classes := uint64(0)
	for _, c := range classCounts {
		classes += c
	}
	levels, reps := packedLen(Mod3, classes), (def.Size+7)/8
	if uint64(len(packed)) != levels+reps || len(classCounts) != len(counts) {
		return nil, fmt.Errorf("table %s: %d packed bytes for %d classes of %d states", def.Name, len(packed), classes, def.Size)
	}
	h, err := StreamHeader(def, packedLen(Mod3, def.Size), counts)
	if err != nil {
		return nil, err
	}
	h.Entries, h.Symmetry, h.Classes, h.ClassCounts = classes, SymClasses, classes, slices.Clone(classCounts)
	h.PackedLen, h.PackedCRC = uint64(len(packed)), crc32.ChecksumIEEE(packed)
	return h, nil
}

// ClassIndexHeader is the header of a table keyed by an index of the
// classes (SymClassIndex) of an undirected definition with one
// (def.ClassIndex): packed holds every index's level, 3 where it stands
// for no class; counts are the states at each distance and classCounts
// the classes.
func ClassIndexHeader(def *puzzle.Def, packed []byte, counts, classCounts []uint64) (*Header, error) {
	ci := def.ClassIndex
	if ci == nil || def.Fold != nil || !def.Undirected() {
		return nil, fmt.Errorf("table %s: a table keyed by a class index needs an undirected definition with one", def.Name)
	}
	classes := uint64(0)
	for _, c := range classCounts {
		classes += c
	}
	if uint64(len(packed)) != packedLen(Mod3, ci.Entries) || len(classCounts) != len(counts) || classes > ci.Entries {
		return nil, fmt.Errorf("table %s: %d packed bytes for %d classes in %d indices", def.Name, len(packed), classes, ci.Entries)
	}
	if len(counts) > MaxDistances {
		return nil, fmt.Errorf("table %s: %d distances, more than a table holds (%d)", def.Name, len(counts), MaxDistances)
	}
	return &Header{
		Version: Version, Name: def.Name, Size: def.Size, Entries: ci.Entries,
		Goal: def.Rank(def.Goal), Encoding: Mod3, Codec: Huff0,
		Counts: slices.Clone(counts), Definition: def.Fingerprint(),
		Symmetry: SymClassIndex, Classes: classes, ClassCounts: slices.Clone(classCounts),
		PackedLen: uint64(len(packed)), PackedCRC: crc32.ChecksumIEEE(packed),
	}, nil
}

// ClassIndexLevels returns the levels of a table keyed by a class index
// under h, made by ClassIndexHeader, as Read would return them.
func ClassIndexLevels(def *puzzle.Def, h *Header, packed []byte) *Levels {
	lv := newLevels(h, packed)
	lv.index = def.ClassIndex.Entry
	return lv
}

// ClassLevels returns the levels of a table of classes under h, made by
// ClassHeader, as Read would return them.
func ClassLevels(def *puzzle.Def, h *Header, packed []byte) *Levels {
	lv := newLevels(h, packed)
	lv.classIndex(def.Canonical)
	return lv
}

// A PackedSource hands a table's packed distances, in order, a piece at a
// time, to emit; each call reads them from the start. A piece is only
// valid during emit's call.
type PackedSource func(emit func([]byte) error) error

// WritePackedFrom is WritePacked for packed distances read from src, which
// it reads twice (once for the blocks' lengths and checksums and the
// distances' checksum, which the header holds, and once to write them):
// the distances are never held whole, only a window of blocks at a time.
// The table is the same bytes WritePacked writes of the same distances.
func WritePackedFrom(w io.Writer, h *Header, src PackedSource) (int64, error) {
	hd := *h
	hd.Blocks = nil
	crc := crc32.NewIEEE()
	n := uint64(0)
	if err := compressFrom(src, func(p []byte) { crc.Write(p); n += uint64(len(p)) }, func(b []byte) error {
		hd.Blocks = append(hd.Blocks, Block{Len: uint32(len(b)), CRC: crc32.ChecksumIEEE(b)})
		return nil
	}); err != nil {
		return 0, err
	}
	if n != hd.PackedLen {
		return 0, fmt.Errorf("table %s: %d packed bytes read, want %d", hd.Name, n, hd.PackedLen)
	}
	hd.PackedCRC = crc.Sum32()
	total, err := writeHeader(w, &hd)
	if err != nil {
		return total, err
	}
	err = compressFrom(src, func([]byte) {}, func(b []byte) error {
		m, err := w.Write(b)
		total += int64(m)
		return err
	})
	return total, err
}

// compressFrom compresses the packed distances src hands out as
// compressBlocks does, gathering them a window of blocks at a time (so the
// blocks are the same), and shows each window to seen first.
func compressFrom(src PackedSource, seen func([]byte), emit func([]byte) error) error {
	window := make([]byte, 0, 64*blockSize)
	flush := func() error {
		seen(window)
		err := compressBlocks(window, emit)
		window = window[:0]
		return err
	}
	err := src(func(p []byte) error {
		for len(p) > 0 {
			k := min(len(p), cap(window)-len(window))
			window = append(window, p[:k]...)
			p = p[k:]
			if len(window) == cap(window) {
				if err := flush(); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(window) > 0 {
		return flush()
	}
	return nil
}

// PackedLevels returns the levels of packed distances under h, as Decode
// would return them from the table WritePacked writes.
func PackedLevels(h *Header, packed []byte) *Levels { return newLevels(h, packed) }

// WritePacked writes the table file of the packed distances h was made
// for, as Encode would write it, streaming: it compresses the distances
// twice, once for the blocks' lengths and checksums (which the header
// holds) and once to write them, so that the compressed table is never
// held whole.
func WritePacked(w io.Writer, h *Header, packed []byte) (int64, error) {
	hd := *h
	hd.Blocks = nil
	if err := compressBlocks(packed, func(b []byte) error {
		hd.Blocks = append(hd.Blocks, Block{Len: uint32(len(b)), CRC: crc32.ChecksumIEEE(b)})
		return nil
	}); err != nil {
		return 0, err
	}
	total, err := writeHeader(w, &hd)
	if err != nil {
		return total, err
	}
	err = compressBlocks(packed, func(b []byte) error {
		n, err := w.Write(b)
		total += int64(n)
		return err
	})
	return total, err
}

// Packed returns the packed distances the levels read (not a copy).
func (l *Levels) Packed() []byte { return l.data }

// writeHeader writes hd's header to w, and returns the bytes written.
func writeHeader(w io.Writer, hd *Header) (int64, error) {
	head, err := appendHeader(nil, hd)
	if err != nil {
		return 0, err
	}
	n, err := w.Write(head)
	return int64(n), err
}
