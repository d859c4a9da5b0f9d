package prune_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/engine/prune"
	"github.com/godtable/godtable/internal/format/table"
)

// A file of format 1 (testdata/pyraminx-format1.gdt, written by the
// godtable that wrote that format) is refused in one line that says to
// rebuild it, read whole or in place.
func TestFormat1Refused(t *testing.T) {
	data, err := os.ReadFile("testdata/pyraminx-format1.gdt")
	if err != nil {
		t.Fatal(err)
	}
	if !prune.IsFile(data) {
		t.Fatal("a pruning file of format 1 is not taken for a pruning file")
	}
	for _, open := range []func(string, *bytes.Reader, int64) (*prune.File, error){
		func(n string, r *bytes.Reader, s int64) (*prune.File, error) { return prune.OpenAt(n, r, s) },
		func(n string, r *bytes.Reader, s int64) (*prune.File, error) { return prune.OpenInPlace(n, r, s) },
	} {
		_, err := open("old.gdt", bytes.NewReader(data), int64(len(data)))
		if !errors.Is(err, table.ErrVersion) {
			t.Fatalf("format 1: %v, want %v", err, table.ErrVersion)
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") || !strings.Contains(msg, "old.gdt") || !strings.Contains(msg, "format 1") || !strings.Contains(msg, "rebuild it") {
			t.Fatalf("format 1 refused with %q: want one line naming the file, its format and that it is to be rebuilt", msg)
		}
	}
}

// A file opened from disk (mapped to memory where the system allows) reads
// every level of every table as the file read from bytes does; a byte
// flipped in a table's distances on disk is refused by OpenAt, and, read
// in place, fails the reads of its block alone, each with its error.
func TestMappedFromDisk(t *testing.T) {
	p := puzzleOf(t, "../../../lookup/tws/testdata/pyraminx.tws", "htm", "")
	data := buildFile(t, p, 4000)
	path := filepath.Join(t.TempDir(), "p.gdt")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := prune.OpenAt("p.gdt", bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	open := func(inPlace bool) (*prune.File, error) {
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		// Mapped, the file need not stay open.
		defer fh.Close()
		if inPlace {
			return prune.OpenInPlace(path, fh, int64(len(data)))
		}
		return prune.OpenAt(path, fh, int64(len(data)))
	}
	for _, inPlace := range []bool{false, true} {
		got, err := open(inPlace)
		if err != nil {
			t.Fatal(err)
		}
		for k, tb := range got.Tables {
			lv, wl := tb.Levels().Checked(), want.Tables[k].Levels()
			for r := range lv.Size {
				if a, b := lv.At(r), wl.At(r); a != b {
					t.Fatalf("in place %v, table %d, entry %d: level %d, want %d", inPlace, k+1, r, a, b)
				}
			}
			if err := lv.Err(); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The first table's last byte of distances flipped on disk.
	lv := want.Tables[0].Levels()
	at, n := lv.BlockSpan(len(lv.Blocks) - 1)
	if n == 0 {
		t.Fatal("no block span for a mapped table")
	}
	bad := bytes.Clone(data)
	bad[at+n-1] ^= 0x40
	if err := os.WriteFile(path, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := open(false); !errors.Is(err, table.ErrCorrupt) {
		t.Fatalf("a damaged block read whole: %v, want %v", err, table.ErrCorrupt)
	}
	f, err := open(true)
	if err != nil {
		t.Fatalf("a damaged block opened in place: %v", err)
	}
	// A read of another table is not touched; one of the damaged block
	// reads as unreachable and keeps the block's error.
	other := f.Tables[1].Levels().Checked()
	other.At(0)
	if err := other.Err(); err != nil {
		t.Fatalf("reading another table: %v", err)
	}
	damaged := f.Tables[0].Levels().Checked()
	last := damaged.Size - 1
	if v := damaged.At(last); v != 3 {
		t.Fatalf("a level of the damaged block read as %d, want 3 (unreachable)", v)
	}
	var te *table.Error
	if err := damaged.Err(); !errors.As(err, &te) || te.Block != len(lv.Blocks) || te.Offset != at {
		t.Fatalf("the damaged block's read: %v, want block %d at byte %d", err, len(lv.Blocks), at)
	}
}
