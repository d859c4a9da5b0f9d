package bfs

import (
	"path/filepath"
	"slices"
	"testing"
)

// A checkpoint of a search of more than a thousand levels (a definition's
// may have up to a table's 16,304) is read back; it was refused as
// damaged, so that such a build could never resume.
func TestCheckpointManyLevels(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c")
	lv := &Levels{Size: 100, Words: make([]uint64, 4), Counts: make([]uint64, 5000)}
	for i := range lv.Counts {
		lv.Counts[i] = uint64(i % 7)
	}
	lv.Words[2] = 0x123456789
	id := [32]byte{1, 2, 3}
	if err := saveCheckpoint(path, id, lv); err != nil {
		t.Fatal(err)
	}
	got, err := loadCheckpoint(path, id, 100)
	if err != nil || got == nil || !slices.Equal(got.Counts, lv.Counts) || !slices.Equal(got.Words, lv.Words) {
		t.Fatalf("read back: %v", err)
	}
}
