// Package checkedfile writes and reads the files a long computation keeps
// between runs (a search's checkpoints): each is written whole or not at
// all, and read back only if it is the very bytes that were written.
//
// A file is its content, then the CRC-32 (IEEE) of the content, four bytes
// little-endian. Write, or a Writer, writes beside the file's name, syncs,
// and renames into place, so that a process killed at any moment leaves
// the previous file or the new one, never part of one. A Decoder reads the
// content with little-endian numbers and checks the sum and the length at
// Finish, a Reader a buffer at a time at Done: until then, nothing read
// may be trusted. Replace writes, whole or not at all in the same way, a
// file whose format has checksums of its own (a table, the 3x3x3's
// tables) or needs none: every file the project writes goes through this
// package.
package checkedfile

import (
	"bufio"
	"encoding/binary"
	"errors"
	"hash"
	"hash/crc32"
	"io"
	"os"
)

// bufSize is the buffer a file is written and read through: large enough
// that the calls cost nothing beside the disk.
const bufSize = 1 << 20

// Encoder writes little-endian numbers, keeping the first error.
type Encoder struct {
	w   io.Writer
	buf [8]byte
	err error
}

// Bytes writes b.
func (e *Encoder) Bytes(b []byte) {
	if e.err == nil {
		_, e.err = e.w.Write(b)
	}
}

// U8 writes v.
func (e *Encoder) U8(v uint8) { e.buf[0] = v; e.Bytes(e.buf[:1]) }

// U16 writes v.
func (e *Encoder) U16(v uint16) { binary.LittleEndian.PutUint16(e.buf[:], v); e.Bytes(e.buf[:2]) }

// U32 writes v.
func (e *Encoder) U32(v uint32) { binary.LittleEndian.PutUint32(e.buf[:], v); e.Bytes(e.buf[:4]) }

// U64 writes v.
func (e *Encoder) U64(v uint64) { binary.LittleEndian.PutUint64(e.buf[:], v); e.Bytes(e.buf[:8]) }

// Words writes each word as U64 does.
func (e *Encoder) Words(words []uint64) {
	for _, w := range words {
		e.U64(w)
	}
}

// Err is the first error a write met.
func (e *Encoder) Err() error { return e.err }

// Write writes the file at path: what fill encodes, then its sum. The file
// appears at path only once whole and synced; on an error it does not, and
// what was there before stays.
func Write(path string, fill func(e *Encoder) error) error {
	w, err := Create(path, WriterOptions{})
	if err != nil {
		return err
	}
	e := &Encoder{w: w}
	if err := fill(e); err != nil {
		w.Abort()
		return err
	}
	if e.err != nil {
		w.Abort()
		return e.err
	}
	_, _, err = w.Close()
	return err
}

// ErrDamaged is what Finish (and a Reader) says of a file whose bytes are
// not the ones written: a sum that does not match, a file cut short or too
// long.
var ErrDamaged = errors.New("damaged")

// Decoder reads what an Encoder wrote, keeping the first error; a failed
// read leaves zeros.
type Decoder struct {
	f    *os.File
	r    *bufio.Reader
	h    hash.Hash32
	left int64 // content bytes not read yet
	buf  [8]byte
	err  error
}

// Open opens the file at path to decode it. A missing file is an error that
// satisfies errors.Is(err, os.ErrNotExist).
func Open(path string) (*Decoder, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	d := &Decoder{f: f, r: bufio.NewReaderSize(f, bufSize), h: crc32.NewIEEE(), left: st.Size() - 4}
	if d.left < 0 {
		d.err = ErrDamaged
	}
	return d, nil
}

// Bytes reads len(b) bytes into b.
func (d *Decoder) Bytes(b []byte) {
	if d.err == nil && int64(len(b)) > d.left {
		d.err = ErrDamaged
	}
	if d.err == nil {
		_, d.err = io.ReadFull(d.r, b)
		d.h.Write(b)
		d.left -= int64(len(b))
	}
	if d.err != nil {
		clear(b)
	}
}

// U8 reads a uint8.
func (d *Decoder) U8() uint8 { d.Bytes(d.buf[:1]); return d.buf[0] }

// U16 reads a uint16.
func (d *Decoder) U16() uint16 { d.Bytes(d.buf[:2]); return binary.LittleEndian.Uint16(d.buf[:]) }

// U32 reads a uint32.
func (d *Decoder) U32() uint32 { d.Bytes(d.buf[:4]); return binary.LittleEndian.Uint32(d.buf[:]) }

// U64 reads a uint64.
func (d *Decoder) U64() uint64 { d.Bytes(d.buf[:8]); return binary.LittleEndian.Uint64(d.buf[:]) }

// Words fills words with U64s.
func (d *Decoder) Words(words []uint64) {
	for i := range words {
		words[i] = d.U64()
	}
}

// Left is the number of content bytes not read yet: a bound for a count
// the file gives before anything is made that large.
func (d *Decoder) Left() int64 { return d.left }

// Err is the first error a read met.
func (d *Decoder) Err() error { return d.err }

// Finish checks that the content was read to its end and that its sum is
// the one written: nil, and only then, says that what was read is the
// file's.
func (d *Decoder) Finish() error {
	if d.err != nil {
		if errors.Is(d.err, io.ErrUnexpectedEOF) || errors.Is(d.err, io.EOF) {
			return ErrDamaged
		}
		return d.err
	}
	if d.left != 0 {
		return ErrDamaged
	}
	var sum [4]byte
	if _, err := io.ReadFull(d.r, sum[:]); err != nil {
		return ErrDamaged
	}
	if binary.LittleEndian.Uint32(sum[:]) != d.h.Sum32() {
		return ErrDamaged
	}
	return nil
}

// Close closes the file.
func (d *Decoder) Close() error { return d.f.Close() }
