package bfs_test

import (
	"context"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/godtable/godtable/internal/engine/bfs"
)

// A full disk fails the search in one line that says so, leaves nothing
// half-written taken as done, and the search resumes once there is room:
// on a 2 MiB tmpfs (mounting one needs root; elsewhere the test says it
// did not run), the pocket cube's search, whose chunks take 0.9 MB, runs
// out of room, then finishes on a larger one mounted over the same files.
func TestSearchDiskFull(t *testing.T) {
	bfs.NoSync(t)
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small file system here: %v %s", err, out)
	}
	defer syscall.Unmount(dir, 0)
	x, goal := index(t, "pocket.tws")
	opt := bfs.DiskOptions{Dir: dir, ChunkWords: 20000}
	_, err := bfs.SearchDisk(context.Background(), x, goal, opt)
	t.Logf("full: %v", err)
	if err == nil || !strings.Contains(err.Error(), "no space left on device") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("a full disk: %v", err)
	}
	// More room, the same files: the search goes on from its manifest.
	if out, err := exec.Command("mount", "-o", "remount,size=64m", dir).CombinedOutput(); err != nil {
		t.Fatalf("remount: %v %s", err, out)
	}
	want, err := bfs.Search(context.Background(), x, goal, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := bfs.SearchDisk(context.Background(), x, goal, opt)
	if err != nil {
		t.Fatalf("with room again: %v", err)
	}
	lv, err := got.Levels()
	if err != nil {
		t.Fatal(err)
	}
	if !got.Resumed || len(lv.Counts) != len(want.Counts) {
		t.Fatalf("resumed %v, counts %v, want %v", got.Resumed, lv.Counts, want.Counts)
	}
	for i := range lv.Words {
		if lv.Words[i] != want.Words[i] {
			t.Fatalf("word %d differs from the search in memory", i)
		}
	}
}
