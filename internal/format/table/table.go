// Package table is the on-disk format of a distance table: a checked header
// with a block index, then the distances packed and Huffman-coded in blocks,
// each of which a reader can find, check and decode alone.
//
// A table is a file of bytes (format version 4):
//
//	"GODTABLE"       magic, 8 bytes
//	version          uint16, 4
//	header length    uint32, bytes from here up to the header CRC
//	name             uint8 length, then the bytes
//	size             uint64, number of states
//	entries          uint64, number of distances stored (see puzzle.Fold)
//	goal             uint64, rank of the goal
//	encoding         uint8 (Mod3 or Full8)
//	codec            uint8 (Huff0)
//	distances        uint16 n, then n uint64: states at distance 0..n-1
//	definition       32 bytes, puzzle.Def.Fingerprint
//	symmetry         uint8 kind, then uint64 classes: SymNone (0) and 0
//	                 for a table of states; SymClasses (1) or
//	                 SymClassIndex (2) and the number of classes for a
//	                 table of one entry a class of states under the
//	                 puzzle's symmetries, followed by the classes at each
//	                 distance (as many uint64 as distances)
//	packed length    uint64, bytes of the packed distances
//	packed CRC       uint32, CRC-32 (IEEE) of the packed distances
//	block size       uint32, packed bytes a block holds (128 KiB; the last
//	                 block holds the rest)
//	block index      for each of the ceil(packed length / block size)
//	                 blocks: uint32 compressed length, uint32 CRC-32 (IEEE)
//	                 of its compressed bytes
//	facts            uint32 length, then "key=value" lines: the build's
//	                 program, command line, machine, time, states reached
//	                 (empty in the built-in tables, which must be the same
//	                 bytes on every build)
//	header CRC       uint32, CRC-32 (IEEE) of everything above
//	payload          the blocks, in order, and nothing after the last
//
// Block i starts where block i-1 ends, the first right after the header
// CRC, so its offset is the header's length plus the lengths before it:
// the index stores no offsets, which would only be a second copy of the
// lengths that could disagree with them. The index is covered by the
// header CRC, each block by its own, so a reader that has read the header
// can read, check and decode any one block (OpenPaged), and a damaged block
// is named before it is decoded.
//
// One codec, Huffman coding in blocks (see huff.go): it compresses these
// tables within about 3% of zstd and DEFLATE, decodes them about as fast as
// zstd and far faster than DEFLATE, and costs a program nothing at start. The
// encoder is a pinned module's, so that regeneration gives the same bytes
// whichever Go release runs it.
//
// Version 3, which tables built before version 4 have, still opens: its
// sizes, goal, counts and packed length are uint32 (the header length
// uint16, the number of distances a uint8, 255 meaning a uint16 follows),
// it has no symmetry field, block size, index or facts, and one CRC-32 of
// the whole payload stands before the header CRC in place of the index.
//
// All integers are little-endian. Decode checks every field, every
// checksum and the definition fingerprint, so a damaged table, or one built
// for a different definition, is refused with an *Error and never answers.
package table

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// Version is the format version this package writes; it reads this one
// and version 3. Version 2 added the entries and codec fields. Version 3
// has one codec, Huff0, in place of version 2's DEFLATE and zstd, and
// checksums with CRC-32 (IEEE) instead of CRC-32C, whose tables take
// hash/crc32 far longer to set up in every program that opens a table
// than IEEE's (BenchmarkProgramRun/crc32c and /crc32 in lookup/pocket;
// the figures are in docs/MEASUREMENTS.md); version 4 checks its blocks
// with IEEE for the same reason. Version 4 made sizes, goal and counts
// 64-bit and added the symmetry field, the block index and the facts.
const Version = 4

const magic = "GODTABLE"

// Unreachable marks, in a distance slice, a rank the search never reached.
const Unreachable = 0xff

// Encoding says how the distances are packed.
type Encoding uint8

const (
	// Mod3 keeps each distance mod 3 in two bits, four states to a byte. It
	// serves undirected puzzles: there a neighbour is one nearer, as near or
	// one farther, and the three cases differ mod 3. The value 3 marks an
	// unreachable state.
	Mod3 Encoding = 1
	// Full8 keeps each distance in a byte (255 unreachable). It serves
	// directed puzzles, whose neighbours can be several steps farther.
	Full8 Encoding = 2
)

// Codec says how the packed distances are compressed.
type Codec uint8

// Huff0 is Huffman coding in blocks (huff.go). (Codecs 1 and 2, DEFLATE and
// zstd, were version 2's.)
const Huff0 Codec = 3

func (c Codec) String() string {
	if c == Huff0 {
		return "huff0"
	}
	return fmt.Sprintf("codec(%d)", uint8(c))
}

func (e Encoding) String() string {
	switch e {
	case Mod3:
		return "mod3"
	case Full8:
		return "full8"
	}
	return fmt.Sprintf("encoding(%d)", uint8(e))
}

// Sentinel errors, matched with errors.Is on an *Error.
var (
	// ErrCorrupt: the bytes are not an intact table (bad magic, truncated,
	// checksum mismatch, undecodable payload).
	ErrCorrupt = errors.New("corrupt table")
	// ErrVersion: the table was written in a format version this code does
	// not read.
	ErrVersion = errors.New("unsupported table version")
	// ErrMismatch: the table is intact but was built for a different puzzle
	// definition (name, size, goal, or moves).
	ErrMismatch = errors.New("table does not match the puzzle definition")
)

// Error is the error returned for any table that cannot be used.
type Error struct {
	Table string // the table's expected name, or its file's
	// Err is ErrCorrupt, ErrVersion or ErrMismatch; or, for a block of a
	// table read in place that could not be read, the reader's error.
	Err    error
	Detail string // what exactly was wrong
	// Block, when not 0, is the number (counting from 1) of the one
	// block of a table read in place (see Paged) that is damaged, or
	// could not be read, and Offset the byte of the file where it starts:
	// the table is otherwise usable, and only the answers that read that
	// block fail.
	Block  int
	Offset int64
}

func (e *Error) Error() string {
	switch {
	case e.Block > 0 && errors.Is(e.Err, ErrCorrupt):
		return fmt.Sprintf("%s: block %d is damaged (%s, at byte %d); run godtable check %s", e.Table, e.Block, e.Detail, e.Offset, e.Table)
	case e.Block > 0:
		return fmt.Sprintf("%s: block %d, at byte %d, cannot be read: %v", e.Table, e.Block, e.Offset, e.Err)
	}
	return fmt.Sprintf("table %s: %v: %s", e.Table, e.Err, e.Detail)
}

// Unwrap returns the sentinel, so errors.Is(err, ErrCorrupt) works.
func (e *Error) Unwrap() error { return e.Err }

// Header is the checked metadata of a table.
type Header struct {
	Version  uint16
	Name     string
	Size     uint64
	Entries  uint64 // distances stored: Size, or fewer for a folded table
	Goal     uint64
	Encoding Encoding
	Codec    Codec
	// Counts are the states at each distance; len(Counts)-1 is the
	// largest distance.
	Counts     []uint64
	Definition [32]byte
	// Symmetry says how the entries stand for classes of states under the
	// puzzle's symmetries (SymNone: they do not; SymClasses: one entry a
	// class), Classes how many classes there are and ClassCounts how many
	// are at each distance (SymClasses only).
	Symmetry    uint8
	Classes     uint64
	ClassCounts []uint64
	PackedLen   uint64
	PackedCRC   uint32
	// Blocks are the payload's blocks, in order, each with its compressed
	// length and checksum (version 4): a reader can find, check and decode
	// any one alone.
	Blocks []Block
	// PayloadCRC is the checksum of the whole compressed payload, which
	// version 3 keeps in place of the blocks'.
	PayloadCRC uint32
	// Facts are the build's facts as "key=value" lines (version 4): the
	// program, its command line, the machine, the time. The built-in
	// tables have none, so that they are the same bytes on every build.
	Facts string
}

// Block is one compressed block of a version 4 payload: its length in
// bytes (its kind byte included) and the CRC-32 (IEEE) of those bytes.
type Block struct {
	Len uint32
	CRC uint32
}

// SymNone is the Symmetry of a table whose entries are states (or a fold's
// entries).
const SymNone = 0

// SymClasses is the Symmetry of a table of one entry a class of states
// under the puzzle's symmetries (internal/engine/classes): its packed bytes are
// the Classes entries' levels, two bits each as Mod3 packs them, then a
// bit for each of the Size states (bit i%8 of byte i/8), set on each
// class's representative, whose entry is the number of representatives
// before it. The definition's Canonical gives a state's representative.
const SymClasses = 1

// SymClassIndex is the Symmetry of a table keyed by an index of the
// classes themselves (internal/engine/symindex): its packed bytes are the
// Entries indices' levels, two bits each as Mod3 packs them, 3 on an index
// that stands for no class; Classes of them hold one. The definition's
// ClassIndex gives a state's entry. Its entries may outnumber the states.
const SymClassIndex = 2

// Encode packs and compresses the distances of def's states (dist[r] is the
// distance of rank r, or Unreachable) into a table file. The output depends
// on nothing but its inputs, so regeneration is byte-for-byte deterministic.
//
// A folded definition stores the distance of each entry's Rep; Encode first
// checks that every state's distance is its entry's, so that a fold that
// joins states at different distances is refused, not written.
func Encode(def *puzzle.Def, dist []uint8) ([]byte, error) {
	if uint64(len(dist)) != def.Size {
		return nil, fmt.Errorf("table %s: %d distances for %d states", def.Name, len(dist), def.Size)
	}
	stored := dist
	if f := def.Fold; f != nil {
		stored = make([]uint8, f.Entries)
		for e := range stored {
			stored[e] = dist[f.Rep(uint64(e))]
		}
		for r, d := range dist {
			if e := f.Index(uint64(r)); e >= f.Entries || stored[e] != d {
				return nil, fmt.Errorf("table %s: rank %d is %d from the goal, its entry %d is not", def.Name, r, d, e)
			}
		}
	}
	enc := Full8
	if def.Undirected() {
		enc = Mod3
	}
	var counts []uint64
	for _, d := range dist {
		if d == Unreachable {
			continue
		}
		for int(d) >= len(counts) {
			counts = append(counts, 0)
		}
		counts[d]++
	}
	packed := pack(enc, stored)
	h := Header{
		Version:    Version,
		Name:       def.Name,
		Size:       def.Size,
		Entries:    def.Entries(),
		Goal:       def.Rank(def.Goal),
		Encoding:   enc,
		Codec:      Huff0,
		Counts:     counts,
		Definition: def.Fingerprint(),
		PackedLen:  uint64(len(packed)),
		PackedCRC:  crc32.ChecksumIEEE(packed),
	}
	var payload []byte
	err := compressBlocks(packed, func(b []byte) error {
		h.Blocks = append(h.Blocks, Block{Len: uint32(len(b)), CRC: crc32.ChecksumIEEE(b)})
		payload = append(payload, b...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	head, err := appendHeader(nil, &h)
	if err != nil {
		return nil, err
	}
	return append(head, payload...), nil
}

func pack(enc Encoding, dist []uint8) []byte {
	if enc == Full8 {
		return append([]byte(nil), dist...)
	}
	packed := make([]byte, (len(dist)+3)/4)
	for r, d := range dist {
		v := byte(3)
		if d != Unreachable {
			v = d % 3
		}
		packed[r/4] |= v << (2 * (r % 4))
	}
	return packed
}

// MaxDistances is the most distances a table holds: as many counts as a
// version 3 header, whose length is 16 bits, had room for (version 4 keeps
// the limit, so that every table either version holds opens in both). A
// puzzle's largest distance is at most MaxDistances-1.
const MaxDistances = (1<<16 - 1 - (1 + 255 + 12 + 3 + 2 + 32 + 12)) / 4

// maxHeader bounds a version 4 header's length, so that a damaged length
// cannot ask for a huge allocation: the block index of a table of 2^40
// states (about two million blocks) and a megabyte of facts fit in it.
const maxHeader = 64 << 20

// appendHeader appends h's header, version 4, with its checksum.
func appendHeader(b []byte, h *Header) ([]byte, error) {
	if len(h.Counts) > MaxDistances {
		return nil, fmt.Errorf("table %s: %d distances, more than a table holds (%d)", h.Name, len(h.Counts), MaxDistances)
	}
	if len(h.Name) > 255 {
		return nil, fmt.Errorf("table %s: a name of %d bytes (at most 255)", h.Name, len(h.Name))
	}
	if uint64(len(h.Blocks)) != blocksOf(h.PackedLen) {
		return nil, fmt.Errorf("table %s: %d blocks for %d packed bytes", h.Name, len(h.Blocks), h.PackedLen)
	}
	le := binary.LittleEndian
	b = append(b, magic...)
	b = le.AppendUint16(b, Version)
	lenAt := len(b)
	b = append(b, 0, 0, 0, 0)
	start := len(b)
	b = append(b, byte(len(h.Name)))
	b = append(b, h.Name...)
	b = le.AppendUint64(b, h.Size)
	b = le.AppendUint64(b, h.Entries)
	b = le.AppendUint64(b, h.Goal)
	b = append(b, byte(h.Encoding), byte(h.Codec))
	b = le.AppendUint16(b, uint16(len(h.Counts)))
	for _, c := range h.Counts {
		b = le.AppendUint64(b, c)
	}
	b = append(b, h.Definition[:]...)
	b = append(b, h.Symmetry)
	b = le.AppendUint64(b, h.Classes)
	if h.Symmetry != SymNone {
		if len(h.ClassCounts) != len(h.Counts) {
			return nil, fmt.Errorf("table %s: classes at %d distances, states at %d", h.Name, len(h.ClassCounts), len(h.Counts))
		}
		for _, c := range h.ClassCounts {
			b = le.AppendUint64(b, c)
		}
	}
	b = le.AppendUint64(b, h.PackedLen)
	b = le.AppendUint32(b, h.PackedCRC)
	b = le.AppendUint32(b, blockSize)
	for _, k := range h.Blocks {
		b = le.AppendUint32(b, k.Len)
		b = le.AppendUint32(b, k.CRC)
	}
	b = le.AppendUint32(b, uint32(len(h.Facts)))
	b = append(b, h.Facts...)
	if len(b)-start > maxHeader {
		return nil, fmt.Errorf("table %s: a header of %d bytes (at most %d)", h.Name, len(b)-start, maxHeader)
	}
	le.PutUint32(b[lenAt:], uint32(len(b)-start))
	return le.AppendUint32(b, crc32.ChecksumIEEE(b)), nil
}

// maxBlockLen is the most bytes a compressed block takes: a stored
// block's kind byte and blockSize bytes, or a huff0 block's kind byte, its
// length and fewer than blockSize bytes (huff0 gives up, and the block is
// stored, unless it saves a byte). Bounding it lets a reader take a block
// in one read into a buffer of its length.
const maxBlockLen = 1 + 4 + blockSize

// blocksOf is the number of blocks a payload of n packed bytes has.
func blocksOf(n uint64) uint64 { return (n + blockSize - 1) / blockSize }

// headLen returns the length of the header of a table file of this
// version, from the bytes after the magic (version, then the length: 16
// bits in version 3, 32 in version 4), and the bytes those two fields take.
func headLen(version uint16, b []byte) (n, fields int, ok bool) {
	switch version {
	case 3:
		if len(b) < 4 {
			return 0, 4, false
		}
		return int(binary.LittleEndian.Uint16(b[2:])), 4, true
	case Version:
		if len(b) < 6 {
			return 0, 6, false
		}
		n := binary.LittleEndian.Uint32(b[2:])
		return int(min(n, maxHeader+1)), 6, true
	}
	return 0, 4, false
}

// ReadHeader parses and checks the header of a table file, returning the
// header and the offset of the compressed payload. name is used in errors.
// It reads version 4 and version 3 (whose tables, built before, still
// open).
func ReadHeader(name string, file []byte) (*Header, int, error) {
	bad := func(format string, args ...any) (*Header, int, error) {
		return nil, 0, &Error{Table: name, Err: ErrCorrupt, Detail: fmt.Sprintf(format, args...)}
	}
	if len(file) < len(magic)+4 || string(file[:len(magic)]) != magic {
		return bad("not a godtable table (bad magic)")
	}
	p := len(magic)
	version := binary.LittleEndian.Uint16(file[p:])
	if version != 3 && version != Version {
		detail := fmt.Sprintf("version %d, newer than this code reads (3 and %d)", version, Version)
		if version < 3 {
			detail = fmt.Sprintf("version %d, older than this code reads (3 and %d): rebuild the table", version, Version)
		}
		return nil, 0, &Error{Table: name, Err: ErrVersion, Detail: detail}
	}
	n, fields, ok := headLen(version, file[p:])
	if !ok {
		return bad("truncated header")
	}
	if n > maxHeader {
		return bad("a header of more than %d bytes", maxHeader)
	}
	p += fields
	end := p + n
	if end+4 > len(file) {
		return bad("truncated header")
	}
	if got, want := crc32.ChecksumIEEE(file[:end]), binary.LittleEndian.Uint32(file[end:]); got != want {
		return bad("header checksum %08x, want %08x", got, want)
	}
	var h *Header
	var err error
	if version == 3 {
		h, err = parseV3(file[p:end])
	} else {
		h, err = parseV4(file[p:end])
	}
	if err != nil {
		return bad("%v", err)
	}
	h.Version = version
	if h.Encoding != Mod3 && h.Encoding != Full8 {
		return bad("unknown encoding %d", h.Encoding)
	}
	if h.Codec != Huff0 {
		return bad("unknown codec %d", h.Codec)
	}
	if h.Entries == 0 || h.Entries > h.Size && h.Symmetry != SymClassIndex {
		return bad("%d entries for %d states", h.Entries, h.Size)
	}
	if want := packedLen(h.Encoding, h.Entries); h.PackedLen != want && h.Symmetry == SymNone {
		return bad("packed length %d, want %d for %d entries", h.PackedLen, want, h.Entries)
	}
	if version == Version && uint64(len(h.Blocks)) != blocksOf(h.PackedLen) {
		return bad("%d blocks for %d packed bytes", len(h.Blocks), h.PackedLen)
	}
	return h, end + 4, nil
}

// fields reads a header's fields in turn; a read past the end gives nil
// and leaves the reader short.
type fields struct {
	b     []byte
	short bool
}

func (f *fields) take(k int) []byte {
	if k < 0 || k > len(f.b) {
		f.short = true
		return nil
	}
	v := f.b[:k]
	f.b = f.b[k:]
	return v
}

func (f *fields) u8() uint8 {
	if v := f.take(1); v != nil {
		return v[0]
	}
	return 0
}

func (f *fields) u16() uint16 {
	if v := f.take(2); v != nil {
		return binary.LittleEndian.Uint16(v)
	}
	return 0
}

func (f *fields) u32() uint32 {
	if v := f.take(4); v != nil {
		return binary.LittleEndian.Uint32(v)
	}
	return 0
}

func (f *fields) u64() uint64 {
	if v := f.take(8); v != nil {
		return binary.LittleEndian.Uint64(v)
	}
	return 0
}

// parseV4 reads a version 4 header's fields (see the package doc).
func parseV4(b []byte) (*Header, error) {
	f := &fields{b: b}
	h := &Header{}
	h.Name = string(f.take(int(f.u8())))
	h.Size, h.Entries, h.Goal = f.u64(), f.u64(), f.u64()
	h.Encoding, h.Codec = Encoding(f.u8()), Codec(f.u8())
	nc := int(f.u16())
	if nc > MaxDistances || nc*8 > len(f.b) {
		return nil, fmt.Errorf("malformed header")
	}
	h.Counts = make([]uint64, nc)
	for i := range h.Counts {
		h.Counts[i] = f.u64()
	}
	copy(h.Definition[:], f.take(32))
	h.Symmetry, h.Classes = f.u8(), f.u64()
	if h.Symmetry != SymNone {
		h.ClassCounts = make([]uint64, nc)
		for i := range h.ClassCounts {
			h.ClassCounts[i] = f.u64()
		}
	}
	h.PackedLen, h.PackedCRC = f.u64(), f.u32()
	if bs := f.u32(); !f.short && bs != blockSize {
		return nil, fmt.Errorf("blocks of %d bytes, this code reads %d", bs, blockSize)
	}
	nb := blocksOf(h.PackedLen)
	if f.short || nb > uint64(len(f.b))/8 {
		return nil, fmt.Errorf("malformed header")
	}
	h.Blocks = make([]Block, nb)
	for i := range h.Blocks {
		h.Blocks[i] = Block{Len: f.u32(), CRC: f.u32()}
		if k := h.Blocks[i].Len; !f.short && (k == 0 || k > maxBlockLen) {
			return nil, fmt.Errorf("block %d of %d: a length of %d bytes (a block takes 1 to %d)", i+1, nb, k, maxBlockLen)
		}
	}
	h.Facts = string(f.take(int(f.u32())))
	if f.short || len(f.b) != 0 {
		return nil, fmt.Errorf("malformed header")
	}
	switch h.Symmetry {
	case SymNone:
	case SymClasses:
		classes := uint64(0)
		for _, c := range h.ClassCounts {
			classes += c
		}
		if h.Encoding != Mod3 || h.Entries != h.Classes || classes != h.Classes || h.Classes > h.Size ||
			h.PackedLen != packedLen(Mod3, h.Classes)+(h.Size+7)/8 {
			return nil, fmt.Errorf("a table of %d classes of %d states, with %d packed bytes and %d classes counted, does not hold together",
				h.Classes, h.Size, h.PackedLen, classes)
		}
	case SymClassIndex:
		classes := uint64(0)
		for _, c := range h.ClassCounts {
			classes += c
		}
		if h.Encoding != Mod3 || classes != h.Classes || h.Classes > h.Entries || h.Classes > h.Size ||
			h.PackedLen != packedLen(Mod3, h.Entries) {
			return nil, fmt.Errorf("a table of %d classes in %d indices of %d states, with %d packed bytes and %d classes counted, does not hold together",
				h.Classes, h.Entries, h.Size, h.PackedLen, classes)
		}
	default:
		return nil, fmt.Errorf("symmetry kind %d, which this code does not read", h.Symmetry)
	}
	return h, nil
}

// manyCounts, as a version 3 header's number of distances, says that the
// number follows in two bytes.
const manyCounts = 255

// parseV3 reads a version 3 header's fields: 32-bit sizes and counts, the
// payload's checksum in place of a block index, and no facts.
func parseV3(b []byte) (*Header, error) {
	f := &fields{b: b}
	h := &Header{}
	h.Name = string(f.take(int(f.u8())))
	h.Size, h.Entries, h.Goal = uint64(f.u32()), uint64(f.u32()), uint64(f.u32())
	h.Encoding, h.Codec = Encoding(f.u8()), Codec(f.u8())
	nc := int(f.u8())
	if nc == manyCounts {
		if nc = int(f.u16()); nc < manyCounts {
			return nil, fmt.Errorf("%d distances in the long form", nc)
		}
	}
	if f.short || nc*4 > len(f.b) {
		return nil, fmt.Errorf("malformed header")
	}
	h.Counts = make([]uint64, nc)
	for i := range h.Counts {
		h.Counts[i] = uint64(f.u32())
	}
	copy(h.Definition[:], f.take(32))
	h.PackedLen, h.PackedCRC, h.PayloadCRC = uint64(f.u32()), f.u32(), f.u32()
	if f.short || len(f.b) != 0 {
		return nil, fmt.Errorf("malformed header")
	}
	return h, nil
}

func packedLen(enc Encoding, size uint64) uint64 {
	if enc == Mod3 {
		return (size + 3) / 4
	}
	return size
}

// Decode checks a table file against def and returns its distances. Any
// damage or mismatch gives an *Error; a returned table is exactly the one
// that was encoded. It is Read from the bytes.
func Decode(def *puzzle.Def, file []byte) (*Levels, error) {
	return Read(def, bytes.NewReader(file))
}

// check refuses a header that was not written for def.
func (h *Header) check(def *puzzle.Def) error {
	mismatch := func(format string, args ...any) error {
		return &Error{Table: def.Name, Err: ErrMismatch, Detail: fmt.Sprintf(format, args...)}
	}
	switch {
	case h.Name != def.Name:
		return mismatch("table is for %q", h.Name)
	case h.Size != def.Size:
		return mismatch("table has %d states, definition %d", h.Size, def.Size)
	case h.Symmetry == SymClasses && (def.Canonical == nil || def.Fold != nil):
		return mismatch("table of symmetry classes for a definition without symmetries")
	case h.Symmetry == SymClassIndex && (def.ClassIndex == nil || def.Fold != nil):
		return mismatch("table keyed by an index of symmetry classes for a definition without one")
	case h.Symmetry == SymClassIndex && h.Entries != def.ClassIndex.Entries:
		return mismatch("table has %d class indices, definition %d", h.Entries, def.ClassIndex.Entries)
	case h.Symmetry == SymNone && h.Entries != def.Entries():
		return mismatch("table has %d entries, definition %d", h.Entries, def.Entries())
	case h.Goal != def.Rank(def.Goal):
		return mismatch("table goal %d, definition %d", h.Goal, def.Rank(def.Goal))
	case (h.Encoding == Mod3) != def.Undirected():
		return mismatch("encoding %v does not fit the definition's moves", h.Encoding)
	case h.Definition != def.Fingerprint():
		return mismatch("definition fingerprint differs (moves or encoding changed; run go generate)")
	}
	return nil
}
