package checkedfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func write(t *testing.T, path string, words []uint64) {
	t.Helper()
	err := Write(path, func(e *Encoder) error {
		e.Bytes([]byte("MAGIC"))
		e.U8(7)
		e.U16(0xbeef)
		e.U32(uint32(len(words)))
		e.Words(words)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func read(path string) ([]uint64, error) {
	d, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	var magic [5]byte
	d.Bytes(magic[:])
	if string(magic[:]) != "MAGIC" || d.U8() != 7 || d.U16() != 0xbeef {
		return nil, ErrDamaged
	}
	n := d.U32()
	if int64(n)*8 > d.Left() {
		return nil, ErrDamaged
	}
	words := make([]uint64, n)
	d.Words(words)
	return words, d.Finish()
}

// A file reads back as written; every one-bit change, every cut and every
// extra byte is refused as damage; a missing file says so.
func TestRoundTripAndDamage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	words := []uint64{1, 1 << 63, 0xdeadbeef, 42}
	write(t, path, words)
	got, err := read(path)
	if err != nil || len(got) != len(words) {
		t.Fatalf("read %v, %v", got, err)
	}
	for i := range words {
		if got[i] != words[i] {
			t.Fatalf("word %d: %x, want %x", i, got[i], words[i])
		}
	}
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for bit := range len(good) * 8 {
		bad := append([]byte(nil), good...)
		bad[bit/8] ^= 1 << (bit % 8)
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := read(path); err == nil {
			t.Fatalf("bit %d flipped: read as whole", bit)
		}
	}
	for n := range len(good) {
		if err := os.WriteFile(path, good[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := read(path); !errors.Is(err, ErrDamaged) {
			t.Fatalf("cut to %d bytes: %v", n, err)
		}
	}
	if err := os.WriteFile(path, append(append([]byte(nil), good...), 0), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := read(path); err == nil {
		t.Fatal("a byte too many: read as whole")
	}
	if _, err := read(filepath.Join(t.TempDir(), "none")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
}

// A write that fails leaves the file that was there, and no other file.
func TestFailedWriteKeepsTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	write(t, path, []uint64{5})
	boom := errors.New("boom")
	if err := Write(path, func(e *Encoder) error { e.U64(9); return boom }); !errors.Is(err, boom) {
		t.Fatalf("Write: %v", err)
	}
	got, err := read(path)
	if err != nil || len(got) != 1 || got[0] != 5 {
		t.Fatalf("after a failed write: %v, %v", got, err)
	}
	names, _ := os.ReadDir(dir)
	if len(names) != 1 {
		t.Fatalf("files left: %v", names)
	}
}
