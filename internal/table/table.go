// Package table is the on-disk format of a distance table: a checked header,
// then the distances packed and Huffman-coded.
//
// A table is a file of bytes:
//
//	"GODTABLE"                 magic, 8 bytes
//	version                    uint16
//	header length              uint16, bytes from here up to the header CRC
//	name                       uint8 length, then the bytes
//	size                       uint32, number of states
//	entries                    uint32, number of distances stored (see puzzle.Fold)
//	goal                       uint32, rank of the goal
//	encoding                   uint8 (Mod3 or Full8)
//	codec                      uint8 (Huff0)
//	distances                  uint8 n, then n uint32: states at distance 0..n-1
//	definition                 32 bytes, puzzle.Def.Fingerprint
//	packed length              uint32, bytes of the packed distances
//	packed CRC                 uint32, CRC-32 (IEEE) of the packed distances
//	payload CRC                uint32, CRC-32 (IEEE) of the compressed payload
//	header CRC                 uint32, CRC-32 (IEEE) of everything above
//	payload                    the packed distances, compressed by the codec
//
// One codec, Huffman coding in blocks (see huff.go): it compresses these
// tables within about 3% of zstd and DEFLATE, decodes them about as fast as
// zstd and far faster than DEFLATE, and costs a program nothing at start. The
// encoder is a pinned module's, so that regeneration gives the same bytes
// whichever Go release runs it.
//
// All integers are little-endian. Decode checks every field, both checksums
// and the definition fingerprint, so a damaged table, or one built for a
// different definition, is refused with an *Error and never answers.
package table

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"

	"github.com/godtable/godtable/internal/puzzle"
)

// Version is the format version this package writes and reads. Version 2
// added the entries and codec fields. Version 3 has one codec, Huff0, in
// place of version 2's DEFLATE and zstd, and checksums with CRC-32 (IEEE)
// instead of CRC-32C, whose tables take hash/crc32 0.15 to 0.2 ms to set up
// in every program that opens a table, against microseconds for IEEE's
// (BenchmarkProgramRun/crc32c and /crc32 in lookup/pocket).
const Version = 3

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
	Table  string // the table's expected name
	Err    error  // ErrCorrupt, ErrVersion or ErrMismatch
	Detail string // what exactly was wrong
}

func (e *Error) Error() string {
	return fmt.Sprintf("table %s: %v: %s", e.Table, e.Err, e.Detail)
}

// Unwrap returns the sentinel, so errors.Is(err, ErrCorrupt) works.
func (e *Error) Unwrap() error { return e.Err }

// Header is the checked metadata of a table.
type Header struct {
	Version    uint16
	Name       string
	Size       uint32
	Entries    uint32 // distances stored: Size, or fewer for a folded table
	Goal       uint32
	Encoding   Encoding
	Codec      Codec
	Counts     []uint32 // states at each distance; len(Counts)-1 is the largest distance
	Definition [32]byte
	PackedLen  uint32
	PackedCRC  uint32
	PayloadCRC uint32 // of the compressed bytes: any flipped bit is caught before decompressing
}

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
	if def.Size > math.MaxUint32 {
		return nil, fmt.Errorf("table %s: %d states, more than a table of version %d holds", def.Name, def.Size, Version)
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
	var counts []uint32
	for _, d := range dist {
		if d == Unreachable {
			continue
		}
		for int(d) >= len(counts) {
			counts = append(counts, 0)
		}
		counts[d]++
	}
	if len(counts) > 254 {
		return nil, fmt.Errorf("table %s: distance %d too large", def.Name, len(counts)-1)
	}
	packed := pack(enc, stored)
	h := Header{
		Version:    Version,
		Name:       def.Name,
		Size:       uint32(def.Size),
		Entries:    uint32(def.Entries()),
		Goal:       uint32(def.Rank(def.Goal)),
		Encoding:   enc,
		Counts:     counts,
		Definition: def.Fingerprint(),
		PackedLen:  uint32(len(packed)),
		PackedCRC:  crc32.ChecksumIEEE(packed),
	}
	payload, err := Compress(packed)
	if err != nil {
		return nil, err
	}
	h.Codec = Huff0
	h.PayloadCRC = crc32.ChecksumIEEE(payload)
	return append(appendHeader(nil, &h), payload...), nil
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

// manyCounts, as the number of distances, says that the number follows in
// two bytes.
const manyCounts = 255

// MaxDistances is the most distances a table holds: as many counts as its
// header, whose length is 16 bits, has room for. A puzzle's largest distance
// is at most MaxDistances-1.
const MaxDistances = (1<<16 - 1 - (1 + 255 + 12 + 3 + 2 + 32 + 12)) / 4

func appendHeader(b []byte, h *Header) []byte {
	b = append(b, magic...)
	b = binary.LittleEndian.AppendUint16(b, h.Version)
	lenAt := len(b)
	b = append(b, 0, 0)
	start := len(b)
	b = append(b, byte(len(h.Name)))
	b = append(b, h.Name...)
	b = binary.LittleEndian.AppendUint32(b, h.Size)
	b = binary.LittleEndian.AppendUint32(b, h.Entries)
	b = binary.LittleEndian.AppendUint32(b, h.Goal)
	b = append(b, byte(h.Encoding), byte(h.Codec))
	if len(h.Counts) < manyCounts {
		b = append(b, byte(len(h.Counts)))
	} else {
		// A puzzle of more distances than a byte counts (a definition's
		// may have thousands) gives their number in two more bytes.
		b = append(b, manyCounts)
		b = binary.LittleEndian.AppendUint16(b, uint16(len(h.Counts)))
	}
	for _, c := range h.Counts {
		b = binary.LittleEndian.AppendUint32(b, c)
	}
	b = append(b, h.Definition[:]...)
	b = binary.LittleEndian.AppendUint32(b, h.PackedLen)
	b = binary.LittleEndian.AppendUint32(b, h.PackedCRC)
	b = binary.LittleEndian.AppendUint32(b, h.PayloadCRC)
	binary.LittleEndian.PutUint16(b[lenAt:], uint16(len(b)-start))
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// ReadHeader parses and checks the header of a table file, returning the
// header and the offset of the compressed payload. name is used in errors.
func ReadHeader(name string, file []byte) (*Header, int, error) {
	bad := func(format string, args ...any) (*Header, int, error) {
		return nil, 0, &Error{Table: name, Err: ErrCorrupt, Detail: fmt.Sprintf(format, args...)}
	}
	if len(file) < len(magic)+4 || string(file[:len(magic)]) != magic {
		return bad("not a godtable table (bad magic)")
	}
	p := len(magic)
	var h Header
	h.Version = binary.LittleEndian.Uint16(file[p:])
	n := int(binary.LittleEndian.Uint16(file[p+2:]))
	p += 4
	end := p + n
	if end+4 > len(file) {
		return bad("truncated header")
	}
	if got, want := crc32.ChecksumIEEE(file[:end]), binary.LittleEndian.Uint32(file[end:]); got != want {
		return bad("header checksum %08x, want %08x", got, want)
	}
	if h.Version != Version {
		return nil, 0, &Error{Table: name, Err: ErrVersion, Detail: fmt.Sprintf("version %d, this code reads %d", h.Version, Version)}
	}
	hd := file[p:end]
	take := func(k int) []byte {
		if k > len(hd) {
			return nil
		}
		v := hd[:k]
		hd = hd[k:]
		return v
	}
	nl := take(1)
	if nl == nil {
		return bad("truncated header")
	}
	nm := take(int(nl[0]))
	fixed := take(15)
	if nm == nil || fixed == nil {
		return bad("truncated header")
	}
	h.Name = string(nm)
	h.Size = binary.LittleEndian.Uint32(fixed)
	h.Entries = binary.LittleEndian.Uint32(fixed[4:])
	h.Goal = binary.LittleEndian.Uint32(fixed[8:])
	h.Encoding = Encoding(fixed[12])
	h.Codec = Codec(fixed[13])
	nc := int(fixed[14])
	if nc == manyCounts {
		v := take(2)
		if v == nil {
			return bad("truncated header")
		}
		if nc = int(binary.LittleEndian.Uint16(v)); nc < manyCounts {
			return bad("%d distances in the long form", nc)
		}
	}
	counts := take(4 * nc)
	def := take(32)
	tail := take(12)
	if counts == nil || def == nil || tail == nil || len(hd) != 0 {
		return bad("malformed header")
	}
	for i := 0; i < len(counts); i += 4 {
		h.Counts = append(h.Counts, binary.LittleEndian.Uint32(counts[i:]))
	}
	copy(h.Definition[:], def)
	h.PackedLen = binary.LittleEndian.Uint32(tail)
	h.PackedCRC = binary.LittleEndian.Uint32(tail[4:])
	h.PayloadCRC = binary.LittleEndian.Uint32(tail[8:])
	if h.Encoding != Mod3 && h.Encoding != Full8 {
		return bad("unknown encoding %d", h.Encoding)
	}
	if h.Codec != Huff0 {
		return bad("unknown codec %d", h.Codec)
	}
	if h.Entries == 0 || h.Entries > h.Size {
		return bad("%d entries for %d states", h.Entries, h.Size)
	}
	if want := packedLen(h.Encoding, h.Entries); h.PackedLen != want {
		return bad("packed length %d, want %d for %d entries", h.PackedLen, want, h.Entries)
	}
	return &h, end + 4, nil
}

func packedLen(enc Encoding, size uint32) uint32 {
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
	case uint64(h.Size) != def.Size:
		return mismatch("table has %d states, definition %d", h.Size, def.Size)
	case uint64(h.Entries) != def.Entries():
		return mismatch("table has %d entries, definition %d", h.Entries, def.Entries())
	case uint64(h.Goal) != def.Rank(def.Goal):
		return mismatch("table goal %d, definition %d", h.Goal, def.Rank(def.Goal))
	case (h.Encoding == Mod3) != def.Undirected():
		return mismatch("encoding %v does not fit the definition's moves", h.Encoding)
	case h.Definition != def.Fingerprint():
		return mismatch("definition fingerprint differs (moves or encoding changed; run go generate)")
	}
	return nil
}
