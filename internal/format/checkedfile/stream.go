package checkedfile

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
)

// A file too large to be held whole, or one of many a computation writes
// at once, is written through a Writer and read through a Reader, a buffer
// at a time: the same file as Write's, its content then its CRC-32.

// WriterOptions tune Create.
type WriterOptions struct {
	// Buffer, if set, is the buffer the file is written through (reset):
	// a caller that writes many files keeps its buffers. Nil: one of
	// BufferSize bytes (0: a megabyte).
	Buffer     *bufio.Writer
	BufferSize int
	// Length, if positive, is the content's length: Close refuses, and
	// removes, a file of another.
	Length int64
	// Unsynced leaves the file to be synced by the caller (all of a
	// directory's at once): Close does not sync it.
	Unsynced bool
}

// Writer streams a file's content: it is written beside its name, summed
// as it goes, and appears at its name only once Close has made it whole
// (synced, unless the options say otherwise).
type Writer struct {
	f    *os.File
	bw   *bufio.Writer
	h    hash.Hash32
	path string
	n    int64
	opt  WriterOptions
}

// Create starts the file at path.
func Create(path string, opt WriterOptions) (*Writer, error) {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	h := crc32.NewIEEE()
	bw := opt.Buffer
	if bw == nil {
		size := opt.BufferSize
		if size <= 0 {
			size = bufSize
		}
		bw = bufio.NewWriterSize(nil, size)
	}
	bw.Reset(io.MultiWriter(f, h))
	return &Writer{f: f, bw: bw, h: h, path: path, opt: opt}, nil
}

// Write writes b to the content.
func (w *Writer) Write(b []byte) (int, error) {
	n, err := w.bw.Write(b)
	w.n += int64(n)
	return n, err
}

// Close finishes the file: its sum, synced, renamed into place. It returns
// the file's bytes (its sum's too) and its sum; on an error the file is
// removed, and what was at its name before stays.
func (w *Writer) Close() (size int64, sum uint32, err error) {
	err = w.bw.Flush()
	if err == nil && w.opt.Length > 0 && w.n != w.opt.Length {
		err = fmt.Errorf("checkedfile: %s: %d bytes written, want %d", w.path, w.n, w.opt.Length)
	}
	sum = w.h.Sum32()
	if err == nil {
		err = binary.Write(w.f, binary.LittleEndian, sum)
	}
	if err == nil && !w.opt.Unsynced {
		err = w.f.Sync()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(w.f.Name(), w.path)
	}
	w.bw.Reset(nil) // a kept buffer holds no file
	if err != nil {
		os.Remove(w.f.Name())
		return 0, 0, err
	}
	return w.n + 4, sum, nil
}

// Abort drops a file not finished: nothing appears at its name.
func (w *Writer) Abort() {
	w.f.Close()
	os.Remove(w.f.Name())
	w.bw.Reset(nil)
}

// DamageError says how a file is damaged; it is an ErrDamaged.
type DamageError struct{ Why string }

func (e *DamageError) Error() string { return "damaged (" + e.Why + ")" }

// Is says the error is ErrDamaged.
func (e *DamageError) Is(target error) bool { return target == ErrDamaged }

func damage(why string) error { return &DamageError{Why: why} }

// Reader reads a file a Writer (or Write) wrote, a buffer at a time, and
// checks its sum at its end (Done): nothing it hands out before that may
// be kept unless Done says the file is whole. Its buffer is kept from file
// to file.
type Reader struct {
	f    *os.File
	r    io.Reader
	h    hash.Hash32
	back []byte
	buf  []byte // the bytes of back not handed out yet
	eof  bool
	size int64
	// BufferSize is the buffer's size, taken at the first Open (0: a
	// megabyte): at least the longest piece Next is asked for.
	BufferSize int
}

// Open starts reading path; a missing file's error is os.ErrNotExist's.
func (r *Reader) Open(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return err
	}
	if fi.Size() < 4 {
		f.Close()
		return damage("shorter than its checksum")
	}
	if r.back == nil {
		size := r.BufferSize
		if size <= 0 {
			size = bufSize
		}
		r.back = make([]byte, size)
	}
	r.f, r.size = f, fi.Size()
	r.h = crc32.NewIEEE()
	r.r = io.TeeReader(io.LimitReader(f, fi.Size()-4), r.h)
	r.buf, r.eof = nil, false
	return nil
}

// Size is the file's bytes, its sum's too.
func (r *Reader) Size() int64 { return r.size }

// fill tops the buffer up once fewer than want bytes are left in it.
func (r *Reader) fill(want int) error {
	if r.eof || len(r.buf) >= want {
		return nil
	}
	n := copy(r.back, r.buf)
	k, err := io.ReadFull(r.r, r.back[n:])
	r.buf = r.back[:n+k]
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		r.eof, err = true, nil
	}
	return err
}

// More says content is left to read.
func (r *Reader) More() (bool, error) {
	err := r.fill(1)
	return len(r.buf) > 0, err
}

// Next returns the next n bytes of the content (n at most the buffer's
// size), valid until the next call; a file too short for them is damaged.
func (r *Reader) Next(n int) ([]byte, error) {
	if n > len(r.back) {
		return nil, fmt.Errorf("checkedfile: %d bytes asked of a buffer of %d", n, len(r.back))
	}
	if err := r.fill(n); err != nil {
		return nil, err
	}
	if len(r.buf) < n {
		return nil, damage("shorter than it should be")
	}
	b := r.buf[:n]
	r.buf = r.buf[n:]
	return b, nil
}

// Uvarint reads a varint; false at the end, at a varint cut short or on a
// failed read.
func (r *Reader) Uvarint() (uint64, bool) {
	if r.fill(binary.MaxVarintLen64) != nil {
		return 0, false
	}
	v, k := binary.Uvarint(r.buf)
	if k <= 0 {
		return 0, false
	}
	r.buf = r.buf[k:]
	return v, true
}

// Words reads len(w) little-endian words into w.
func (r *Reader) Words(w []uint64) error {
	for i := 0; i < len(w); {
		if err := r.fill(8); err != nil {
			return err
		}
		k := min(len(w)-i, len(r.buf)/8)
		if k == 0 {
			return damage("shorter than it should be")
		}
		for j := range k {
			w[i+j] = binary.LittleEndian.Uint64(r.buf[8*j:])
		}
		r.buf = r.buf[8*k:]
		i += k
	}
	return nil
}

// Skip passes over the rest of the content.
func (r *Reader) Skip() error {
	for {
		more, err := r.More()
		if err != nil || !more {
			return err
		}
		r.buf = r.buf[len(r.buf):]
	}
}

// Done checks that the content is read to its end and that its sum is the
// one written, and closes the file: nil, and only then, says what was read
// is the file's. It returns the file's bytes and its sum.
func (r *Reader) Done() (size int64, sum uint32, err error) {
	defer r.f.Close()
	if more, err := r.More(); err != nil {
		return 0, 0, err
	} else if more {
		return 0, 0, damage("bytes past its end")
	}
	var b [4]byte
	if _, err := io.ReadFull(r.f, b[:]); err != nil || binary.LittleEndian.Uint32(b[:]) != r.h.Sum32() {
		return 0, 0, damage("its checksum does not match")
	}
	return r.size, r.h.Sum32(), nil
}

// Close closes a file not read to its end.
func (r *Reader) Close() { r.f.Close() }

// ReadAll reads the content of the file at path whole, checked; a missing
// file's error is os.ErrNotExist's, a damaged one's a DamageError.
func ReadAll(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(b) < 4 {
		return nil, damage("shorter than its checksum")
	}
	if crc32.ChecksumIEEE(b[:len(b)-4]) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, damage("its checksum does not match")
	}
	return b[:len(b)-4], nil
}
