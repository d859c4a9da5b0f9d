package deftable

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// A .gdt whose table is of version 3, the format before this one
// (committed as that format wrote it), still opens when its states are
// numbered as now (no coordinates joined), and reads exactly as the table
// built now; written again, it is of this version and opens too.
func TestVersion3GDTOpens(t *testing.T) {
	old, err := os.ReadFile(filepath.Join("testdata", "v3-loop3-cols.gdt"))
	if err != nil {
		t.Fatal(err)
	}
	t3, err := Open("v3-loop3-cols.gdt", old)
	if err != nil {
		t.Fatal(err)
	}
	if v := t3.lv.Version; v != 3 {
		t.Fatalf("the fixture's table is version %d", v)
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "loop3_cols.tws"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ksolve.Parse("loop3_cols.tws", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
	if err != nil {
		t.Fatal(err)
	}
	now, err := Build(context.Background(), p, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if t3.ID != now.ID || !slices.Equal(t3.Counts(), now.Counts()) || !bytes.Equal(t3.lv.Packed(), now.lv.Packed()) {
		t.Fatal("the version 3 table reads otherwise than the one built now")
	}
	var b bytes.Buffer
	if _, err := t3.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	again, err := Open("again.gdt", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if again.lv.Version != table.Version || !bytes.Equal(again.lv.Packed(), now.lv.Packed()) {
		t.Fatalf("written again: version %d", again.lv.Version)
	}
	// The table part of a .gdt starts at the table's magic.
	at := bytes.Index(b.Bytes(), []byte("GODTABLE"))
	if at < 0 || binary.LittleEndian.Uint16(b.Bytes()[at+8:]) != table.Version {
		t.Fatal("no table of this version in the .gdt written")
	}
}

// A .gdt built before the index joined coordinates, of a definition whose
// states are now numbered otherwise (twisty's 432 indices are now 216), is
// refused in one line that says how to build it again, not read as if its
// numbering were today's.
func TestOldNumberingSaysRebuild(t *testing.T) {
	old, err := os.ReadFile(filepath.Join("testdata", "v3-twisty.gdt"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Open("v3-twisty.gdt", old)
	want := "rebuild the table: godtable gen ../../lookup/tws/testdata/twisty.tws -o v3-twisty.gdt"
	if !errors.Is(err, table.ErrVersion) || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("%v; want a version error with %q", err, want)
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r *bytes.Reader
	n int64
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.n += int64(n)
	return n, err
}

// OpenAt opens a .gdt in place: its part before the table read once, its
// table read once, a piece at a time, and the table is the one Open gives.
func TestOpenAtReadsInPlace(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "app", "testdata", "defs", "twisty.gdt"))
	if err != nil {
		t.Fatal(err)
	}
	c := &countingReader{r: bytes.NewReader(data)}
	at, err := OpenAt("twisty.gdt", c, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	whole, err := Open("twisty.gdt", data)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(at.lv.Packed(), whole.lv.Packed()) || at.ID != whole.ID {
		t.Fatal("OpenAt's table is not Open's")
	}
	if at := bytes.Index(data, []byte("GODTABLE")); c.n > int64(len(data)+len(data)-at) {
		t.Fatalf("%d bytes read for a file of %d", c.n, len(data))
	}
}

// A .gdt whose table is of a version older than this code reads is
// refused in one line that says how to build it again; a newer one is not
// told to rebuild.
func TestOldVersionSaysRebuild(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "app", "testdata", "defs", "twisty-qtm.gdt"))
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.Index(data, []byte("GODTABLE")) + 8
	for _, v := range []uint16{2, table.Version + 1} {
		bad := bytes.Clone(data)
		binary.LittleEndian.PutUint16(bad[at:], v)
		_, err := Open("twisty-qtm.gdt", bad)
		if !errors.Is(err, table.ErrVersion) || strings.Contains(err.Error(), "\n") {
			t.Fatalf("version %d: %v", v, err)
		}
		want := "rebuild the table: godtable gen ../../lookup/tws/testdata/twisty.tws -o twisty-qtm.gdt --metric qtm"
		if got := strings.Contains(err.Error(), want); got != (v < 3) {
			t.Errorf("version %d: %v", v, err)
		}
	}
}
