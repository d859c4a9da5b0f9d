package cube3

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// A build stopped after a depth goes on from its work file to the same
// table as a build never stopped; a damaged work file is not read, and its
// table starts afresh (with the real corner table, not in -short runs).
func TestBuildGoesOnFromWork(t *testing.T) {
	want := bigTable(t).p.corners
	dir := t.TempDir()
	mt := newMoveTables()
	build := func(stopAfter int) (nibbles, string, error) {
		var log strings.Builder
		w := newTableWork(dir, "corners")
		w.stopAfter = stopAfter
		c, err := buildCorners(mt, 2, w, &BuildOptions{Log: &log})
		return c, log.String(), err
	}
	kept := func() (depth, count, filled int) {
		c := newNibbles(cornerLength)
		d, n, f, ok, why := newTableWork(dir, "corners").resume(c)
		if !ok {
			t.Fatalf("no work kept: %v", why)
		}
		return d, n, f
	}

	if _, _, err := build(6); !errors.Is(err, errStopped) {
		t.Fatalf("stopped after depth 6: %v", err)
	}
	if d, _, f := kept(); d != 6 || f != countUpTo(want, 6) {
		t.Fatalf("kept depth %d with %d entries, want 6 with %d", d, f, countUpTo(want, 6))
	}

	// One byte changed: the file is refused, and the table starts afresh.
	path := filepath.Join(dir, "corners")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0x10
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, log, err := build(8)
	if !errors.Is(err, errStopped) || !strings.Contains(log, "starting it afresh") || strings.Count(strings.TrimSpace(log), "\n") != 0 {
		t.Fatalf("a damaged work file: %v, log %q", err, log)
	}
	if d, n, f := kept(); d != 8 || f != countUpTo(want, 8) || n != f-countUpTo(want, 7) {
		t.Fatalf("kept depth %d (%d entries there, %d in all)", d, n, f)
	}

	got, log, err := build(0)
	if err != nil || !strings.Contains(log, "going on from depth 8") {
		t.Fatalf("resumed: %v, log %q", err, log)
	}
	if !slices.Equal(got, want) {
		t.Fatal("the table resumed differs from the table built in one go")
	}
}

// countUpTo counts t's entries of depth d or less.
func countUpTo(t nibbles, d int) int {
	n := 0
	for i := range cornerLength {
		if int(t.get(i)) <= d {
			n++
		}
	}
	return n
}

// Removing a build's work takes its files, and a write's leftovers, and
// the directory only when nothing else is in it.
func TestRemoveWorkLeavesOthers(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "w")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"flip-slice-twist", "corners", "corners.123.tmp", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	removeWork(dir)
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 || entries[0].Name() != "notes.txt" {
		t.Fatalf("left %v, %v; want notes.txt alone", entries, err)
	}
	os.Remove(filepath.Join(dir, "notes.txt"))
	if err := os.WriteFile(filepath.Join(dir, "corners"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	removeWork(dir)
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the directory of the build's files alone stays: %v", err)
	}
}

// A build whose work cannot be kept (its directory a file) says so in a
// line and still ends with the whole table.
func TestBuildWithoutKeepingItsWork(t *testing.T) {
	blocked := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocked, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	const length = 1000
	tb := newNibbles(length)
	seed := func() int {
		n := 0
		for i := range 10 {
			if tb.set(i, 0) {
				n++
			}
		}
		return n
	}
	// Entry i is i/10 deep: a search whose depth d+1 is the next ten.
	step := func(lo, hi int, d uint32, _ bool) int {
		n := 0
		for i := lo; i < hi; i++ {
			if uint32(i/10) == d+1 && tb.set(i, uint32(i/10)%15) {
				n++
			}
		}
		return n
	}
	var log strings.Builder
	w := newTableWork(filepath.Join(blocked, "work"), "corners")
	w.last = w.last.Add(-time.Hour) // a checkpoint due at once
	if err := fillTable(tb, 140, 2, w, &BuildOptions{Log: &log}, seed, step); err != nil {
		t.Fatal(err)
	}
	if d, _, f := tb.reach(); d != 13 || f != 140 || !strings.Contains(log.String(), "going on without keeping it") {
		t.Fatalf("depth %d, %d entries, log %q", d, f, log.String())
	}
}
