package checkedfile

import (
	"bufio"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// streamed is what writeStream writes: a header, words, then varints.
type streamed struct {
	head    []byte
	words   []uint64
	varints []uint64
}

func (c streamed) bytes() []byte {
	b := append([]byte(nil), c.head...)
	for _, w := range c.words {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	for _, v := range c.varints {
		b = binary.AppendUvarint(b, v)
	}
	return b
}

func writeStream(t *testing.T, path string, c streamed, opt WriterOptions) (int64, uint32) {
	t.Helper()
	w, err := Create(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	// Piece by piece, as a computation writes.
	for _, b := range slices.Collect(slices.Chunk(c.bytes(), 5)) {
		if _, err := w.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	n, sum, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	return n, sum
}

// readStream reads what writeStream wrote through r.
func readStream(r *Reader, path string, c streamed) (streamed, int64, uint32, error) {
	if err := r.Open(path); err != nil {
		return streamed{}, 0, 0, err
	}
	var got streamed
	head, err := r.Next(len(c.head))
	if err != nil {
		r.Close()
		return got, 0, 0, err
	}
	got.head = append([]byte(nil), head...)
	got.words = make([]uint64, len(c.words))
	if err := r.Words(got.words); err != nil {
		r.Close()
		return got, 0, 0, err
	}
	for {
		more, err := r.More()
		if err != nil {
			r.Close()
			return got, 0, 0, err
		}
		if !more {
			break
		}
		v, ok := r.Uvarint()
		if !ok {
			r.Close()
			return got, 0, 0, ErrDamaged
		}
		got.varints = append(got.varints, v)
	}
	n, sum, err := r.Done()
	return got, n, sum, err
}

// A file streamed through a Writer, with buffers of every small size, is
// what Write would write (the same bytes), and reads back through a
// Reader, whatever its buffer (words and varints across its refills), its
// size and sum as Close gave them; a Reader keeps its buffer from file to
// file.
func TestStreamRoundTrip(t *testing.T) {
	dir := t.TempDir()
	c := streamed{head: []byte("HEAD1234"), words: []uint64{1, 1 << 63, 0xdeadbeefcafe, 0},
		varints: []uint64{0, 1, 127, 128, 1 << 40, ^uint64(0)}}
	want := filepath.Join(dir, "want")
	if err := Write(want, func(e *Encoder) error { e.Bytes(c.bytes()); return nil }); err != nil {
		t.Fatal(err)
	}
	wantBytes, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	for size := 16; size <= 64; size += 3 {
		path := filepath.Join(dir, "f")
		opt := WriterOptions{BufferSize: size, Length: int64(len(c.bytes()))}
		if size%2 == 0 {
			opt = WriterOptions{Buffer: bufio.NewWriterSize(nil, size), Unsynced: true}
		}
		n, sum := writeStream(t, path, c, opt)
		b, err := os.ReadFile(path)
		if err != nil || !slices.Equal(b, wantBytes) {
			t.Fatalf("buffer %d: the file differs from Write's (%v)", size, err)
		}
		if n != int64(len(b)) || sum != binary.LittleEndian.Uint32(b[len(b)-4:]) {
			t.Fatalf("buffer %d: Close says %d bytes, sum %08x", size, n, sum)
		}
		r := &Reader{BufferSize: size}
		for range 2 {
			got, rn, rsum, err := readStream(r, path, c)
			if err != nil || !slices.Equal(got.head, c.head) || !slices.Equal(got.words, c.words) || !slices.Equal(got.varints, c.varints) {
				t.Fatalf("buffer %d: read %v, %v", size, got, err)
			}
			if rn != n || rsum != sum {
				t.Fatalf("buffer %d: Done says %d bytes, sum %08x; want %d, %08x", size, rn, rsum, n, sum)
			}
		}
		if content, err := ReadAll(path); err != nil || !slices.Equal(content, c.bytes()) {
			t.Fatalf("ReadAll: %v", err)
		}
	}
}

// Every one-bit change, every cut and every extra byte of a streamed file
// is refused, by Done or before, as damage (ReadAll's too), with a reason.
func TestStreamDamage(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	c := streamed{head: []byte("HD"), words: []uint64{7, 1 << 40}, varints: []uint64{3, 300, 1 << 33}}
	writeStream(t, path, c, WriterOptions{})
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := &Reader{BufferSize: 16}
	refused := func(what string, bad []byte) {
		t.Helper()
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		got, _, _, err := readStream(r, path, c)
		var de *DamageError
		if err == nil {
			// A flip may change what is read; the sum still refuses it.
			t.Fatalf("%s: read as whole (%v)", what, got)
		}
		if !errors.Is(err, ErrDamaged) {
			t.Fatalf("%s: %v, not damage", what, err)
		}
		if errors.As(err, &de) && de.Why == "" {
			t.Fatalf("%s: damage with no reason", what)
		}
		if _, err := ReadAll(path); !errors.Is(err, ErrDamaged) {
			t.Fatalf("%s: ReadAll: %v", what, err)
		}
	}
	for bit := range len(good) * 8 {
		bad := slices.Clone(good)
		bad[bit/8] ^= 1 << (bit % 8)
		refused("bit flipped", bad)
	}
	for n := range len(good) {
		refused("cut short", good[:n])
	}
	refused("a byte too many", append(slices.Clone(good), 0))
	if err := r.Open(filepath.Join(dir, "none")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
}

// A Writer's file appears at its name only when Close makes it whole: an
// abort, or a content of another length than the one given, leaves the
// file that was there, and no other.
func TestStreamAbortAndLength(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	old := streamed{head: []byte("OLD")}
	writeStream(t, path, old, WriterOptions{})
	w, err := Create(path, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("NEW and longer"))
	w.Abort()
	w, err = Create(path, WriterOptions{Length: 10})
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("NEW"))
	if _, _, err := w.Close(); err == nil {
		t.Fatal("a file of 3 bytes closed as one of 10")
	}
	if b, err := ReadAll(path); err != nil || string(b) != "OLD" {
		t.Fatalf("after an abort and a short file: %q, %v", b, err)
	}
	names, _ := os.ReadDir(dir)
	if len(names) != 1 {
		t.Fatalf("files left: %v", names)
	}
}
