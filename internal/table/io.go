package table

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"math"

	"github.com/godtable/godtable/internal/puzzle"
)

// readSize is the most bytes Read buffers from its io.ReaderAt at once
// (a stored block, 128 KiB, may be read straight into its place): a table
// is read in passes of this size, never held whole.
const readSize = 64 << 10

// Read reads a table file from r, from its first byte to its end, and
// checks and decodes it: a file on disk, a table fetched or built at run
// time, as well as bytes (bytes.NewReader). It reads every byte once, in
// order, a buffer's worth at a time: the header, then the payload, decoded
// block by block into the distances as it comes, its checksum taken on the
// way. Damage or a mismatch gives an *Error, the same whichever of the
// checks meets it first (a damaged payload is refused by its checksum, not
// by the block it makes undecodable); a failure to read gives the reader's
// error as it is.
func Read(def *puzzle.Def, r io.ReaderAt) (*Levels, error) {
	src := bufio.NewReaderSize(io.NewSectionReader(r, 0, math.MaxInt64), readSize)
	head, err := readHead(src)
	if err != nil {
		return nil, err
	}
	h, _, err := ReadHeader(def.Name, head)
	if err != nil {
		return nil, err
	}
	if err := h.check(def); err != nil {
		return nil, err
	}
	payload := &payloadReader{r: src, crc: crc32.NewIEEE()}
	packed := make([]byte, h.PackedLen)
	decodeErr := decompress(payload, packed)
	// The rest of the file, past the last block or the block that failed,
	// is read for the payload's checksum and length.
	left, _ := io.Copy(io.Discard, payload)
	if payload.err != nil {
		return nil, payload.err
	}
	corrupt := func(format string, args ...any) (*Levels, error) {
		return nil, &Error{Table: def.Name, Err: ErrCorrupt, Detail: fmt.Sprintf(format, args...)}
	}
	if got := payload.crc.Sum32(); got != h.PayloadCRC {
		return corrupt("payload checksum %08x, want %08x", got, h.PayloadCRC)
	}
	// A payload whose checksum holds but whose blocks do not is refused
	// as Decompress refuses it: its size first, then its first bad block,
	// then what is left over.
	if err := canHold(payload.n, h.PackedLen); err != nil {
		return corrupt("payload: %v", err)
	}
	if decodeErr != nil {
		return corrupt("payload: %v", decodeErr)
	}
	if left != 0 {
		return corrupt("payload: %v", leftOver(h.PackedLen, left))
	}
	if got := crc32.ChecksumIEEE(packed); got != h.PackedCRC {
		return corrupt("distances checksum %08x, want %08x", got, h.PackedCRC)
	}
	lv := newLevels(h, packed)
	if def.Fold != nil {
		lv.index = def.Fold.Index
	}
	return lv, nil
}

// readHead reads a table's header from the start of its file: the magic,
// version and length, then as many bytes as the length says and the
// header's checksum, or as many of them as the file holds. Those are what
// ReadHeader reads of the whole file, so it refuses the prefix as it would
// the file. The error is the reader's alone; a short file is ReadHeader's
// to refuse.
func readHead(r io.Reader) ([]byte, error) {
	head := make([]byte, len(magic)+4)
	n, err := io.ReadFull(r, head)
	if err == nil {
		rest := int(binary.LittleEndian.Uint16(head[len(magic)+2:])) + 4
		head = append(head, make([]byte, rest)...)
		var m int
		m, err = io.ReadFull(r, head[n:])
		n += m
	}
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	return head[:n], nil
}

// payloadReader passes on the reads of a table's payload, taking its
// checksum and length as they come; err is the first failure to read other
// than the end of the file.
type payloadReader struct {
	r   io.Reader
	crc hash.Hash32
	n   int64
	err error
}

func (p *payloadReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.crc.Write(b[:n])
	p.n += int64(n)
	if err != nil && err != io.EOF && p.err == nil {
		p.err = err
	}
	return n, err
}

// Write encodes the distances of def's states as Encode does and writes
// the table file to w.
func Write(w io.Writer, def *puzzle.Def, dist []uint8) error {
	file, err := Encode(def, dist)
	if err != nil {
		return err
	}
	_, err = w.Write(file)
	return err
}
