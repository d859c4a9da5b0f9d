package prune_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/godtable/godtable/internal/engine/prune"
)

// A build with a work directory keeps each table there; run again it takes
// every table kept and builds none, and writes the same file; a kept table
// that is damaged, or of another projection, is built again, the others
// taken; RemoveWork leaves the directory's other files.
func TestWorkResumes(t *testing.T) {
	p := puzzleOf(t, "../../../lookup/tws/testdata/pyraminx.tws", "qtm", "")
	want := buildFile(t, p, 4000)
	work := t.TempDir()
	build := func() (data []byte, built, kept []int) {
		t.Helper()
		f, err := prune.BuildFile(context.Background(), p, 4000, prune.BuildOptions{
			Work:   work,
			Report: func(k, n int, what string, entries uint64) { built = append(built, k) },
			Kept:   func(k, n int, what string, entries uint64) { kept = append(kept, k) },
		})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := f.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes(), built, kept
	}
	data, built, kept := build()
	if !bytes.Equal(data, want) || len(kept) != 0 || len(built) < 2 {
		t.Fatalf("first build: same file %v, built %v, kept %v", bytes.Equal(data, want), built, kept)
	}
	data, built, kept = build()
	if !bytes.Equal(data, want) || len(built) != 0 || len(kept) < 2 {
		t.Fatalf("run again: same file %v, built %v, kept %v", bytes.Equal(data, want), built, kept)
	}
	n := len(kept)
	// Table 1's file damaged, then table 2's file in table 1's place.
	first, second := prune.WorkTable(work, 0), prune.WorkTable(work, 1)
	b, err := os.ReadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0x10
	if err := os.WriteFile(first, b, 0o644); err != nil {
		t.Fatal(err)
	}
	data, built, kept = build()
	if !bytes.Equal(data, want) || len(built) != 1 || built[0] != 1 || len(kept) != n-1 {
		t.Fatalf("table 1 damaged: same file %v, built %v, kept %v", bytes.Equal(data, want), built, kept)
	}
	b, err = os.ReadFile(second)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(first, b, 0o644); err != nil {
		t.Fatal(err)
	}
	data, built, kept = build()
	if !bytes.Equal(data, want) || len(built) != 1 || built[0] != 1 || len(kept) != n-1 {
		t.Fatalf("table 2's file as table 1's: same file %v, built %v, kept %v", bytes.Equal(data, want), built, kept)
	}
	mine := filepath.Join(work, "notes.txt")
	if err := os.WriteFile(mine, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := prune.RemoveWork(work); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(work)
	if err != nil || len(entries) != 1 || entries[0].Name() != "notes.txt" {
		t.Fatalf("after RemoveWork: %v, %v; want notes.txt alone", entries, err)
	}
	os.Remove(mine)
	if err := prune.RemoveWork(work); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(work); !os.IsNotExist(err) {
		t.Fatalf("the empty work directory is left: %v", err)
	}
}
