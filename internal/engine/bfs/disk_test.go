package bfs_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/engine/bfs"
)

// A search on disk gives the levels Search gives, bit for bit, with chunks
// of several sizes (the last one short), on 1 and 2 workers, and with
// update files written a few neighbours at a time; its work directory is
// another search's for another graph.
func TestSearchDiskAsInMemory(t *testing.T) {
	bfs.NoSync(t)
	for _, file := range []string{"pocket.tws", "twisty.tws", "ties.tws"} {
		x, goal := index(t, file)
		want, err := bfs.Search(context.Background(), x, goal, bfs.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			words    uint64
			workers  int
			capacity int
		}{{1 << 20, 2, 0}, {20000, 2, 0}, {9000, 1, 1000}, {100, 2, 7}, {3, 2, 7}} {
			if x.Size()/(32*c.words) > 40 {
				continue // more chunks than the test needs
			}
			dir := t.TempDir()
			got, err := bfs.SearchDisk(context.Background(), x, goal, bfs.DiskOptions{Dir: dir, ChunkWords: c.words, Workers: c.workers, UpdateCap: c.capacity})
			if err != nil {
				t.Fatal(err)
			}
			lv, err := got.Levels()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(lv.Counts, want.Counts) || !slices.Equal(lv.Words, want.Words) {
				t.Fatalf("%s, chunks of %d words, %d workers: counts %v, want %v (words equal: %v)",
					file, c.words, c.workers, lv.Counts, want.Counts, slices.Equal(lv.Words, want.Words))
			}
			// The pocket cube's last levels are searched backward (their
			// unseen states fewer than half the frontier), the others
			// forward: both ways are proved here.
			ways := map[bool]int{}
			deferred := 0
			for _, l := range got.Stats {
				ways[l.Backward]++
				deferred += l.Deferred
			}
			if file == "pocket.tws" && (ways[true] == 0 || ways[false] == 0) {
				t.Fatalf("%s: %d levels backward, %d forward; want both", file, ways[true], ways[false])
			}
			// With several chunks, the early levels' few indices stay in
			// the chunks' frontier files, taken when the chunk is next
			// read: proved here too.
			if file == "pocket.tws" && c.words == 20000 && deferred == 0 {
				t.Fatalf("%s, chunks of %d words: no chunk file left for a later level", file, c.words)
			}
		}
	}
}

// A search on disk stopped after any chunk's step resumes to the same
// levels (its files read and written through small buffers); a work directory of another graph, or with a damaged file, is
// refused in one error that says so.
func TestSearchDiskResumes(t *testing.T) {
	bfs.NoSync(t)
	bfs.SmallBuffers(t, 37) // many refills, and varints across them
	x, goal := index(t, "pocket.tws")
	want, err := bfs.Search(context.Background(), x, goal, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const words = 20000 // 6 chunks
	for _, stop := range []int{1, 6, 7, 40, 100} {
		dir := t.TempDir()
		opt := bfs.DiskOptions{Dir: dir, ChunkWords: words}
		_, err := bfs.SearchDiskStopped(context.Background(), x, goal, opt, stop)
		if !bfs.IsStopped(err) {
			t.Fatalf("stop after %d: %v", stop, err)
		}
		got, err := bfs.SearchDisk(context.Background(), x, goal, opt)
		if err != nil {
			t.Fatalf("resumed after %d steps: %v", stop, err)
		}
		lv, err := got.Levels()
		if err != nil {
			t.Fatal(err)
		}
		if !got.Resumed || !slices.Equal(lv.Counts, want.Counts) || !slices.Equal(lv.Words, want.Words) {
			t.Fatalf("resumed after %d steps: counts %v, want %v", stop, lv.Counts, want.Counts)
		}
	}
	// Another graph's directory.
	dir := t.TempDir()
	if _, err := bfs.SearchDiskStopped(context.Background(), x, goal, bfs.DiskOptions{Dir: dir, ChunkWords: words}, 3); !bfs.IsStopped(err) {
		t.Fatal(err)
	}
	other := bfs.DiskOptions{Dir: dir, ChunkWords: words, ID: [32]byte{1}}
	if _, err := bfs.SearchDisk(context.Background(), x, goal, other); !errors.Is(err, bfs.ErrWorkDir) {
		t.Fatalf("another search's directory: %v", err)
	}
	// A damaged chunk.
	path := filepath.Join(dir, "chunk-000002")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[100] ^= 1
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := bfs.SearchDisk(context.Background(), x, goal, bfs.DiskOptions{Dir: dir, ChunkWords: words}); !errors.Is(err, bfs.ErrWorkDir) {
		t.Fatalf("a damaged chunk: %v", err)
	}
}

// A search on disk's workers and its background commits share the chunk,
// the frontiers and the manifest: under the race detector (make test runs
// the tests named so with -race), a search of many small chunks on four
// workers, forward and backward levels, deferred chunks and a stop and
// resume, gives the levels Search gives.
func TestSearchDiskConcurrent(t *testing.T) {
	bfs.NoSync(t)
	x, goal := index(t, "ties.tws")
	want, err := bfs.Search(context.Background(), x, goal, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	opt := bfs.DiskOptions{Dir: t.TempDir(), ChunkWords: 40, Workers: 4, UpdateCap: 64}
	if _, err := bfs.SearchDiskStopped(context.Background(), x, goal, opt, 17); !bfs.IsStopped(err) {
		t.Fatal(err)
	}
	got, err := bfs.SearchDisk(context.Background(), x, goal, opt)
	if err != nil {
		t.Fatal(err)
	}
	lv, err := got.Levels()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(lv.Counts, want.Counts) || !slices.Equal(lv.Words, want.Words) {
		t.Fatalf("counts %v, want %v", lv.Counts, want.Counts)
	}
}

// A finished search's removal killed half way (its manifest renamed, some
// of its files gone) leaves a directory that the next search clears and
// starts afresh in, to the same levels, not one it refuses as damaged.
func TestSearchDiskAfterHalfRemoval(t *testing.T) {
	bfs.NoSync(t)
	x, goal := index(t, "pocket.tws")
	dir := t.TempDir()
	opt := bfs.DiskOptions{Dir: dir, ChunkWords: 20000}
	first, err := bfs.SearchDisk(context.Background(), x, goal, opt)
	if err != nil {
		t.Fatal(err)
	}
	want, err := first.Levels()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "manifest"), filepath.Join(dir, "finished")); err != nil {
		t.Fatal(err)
	}
	chunks, _ := filepath.Glob(filepath.Join(dir, "chunk-*"))
	if len(chunks) < 2 {
		t.Fatalf("%d chunk files; want several", len(chunks))
	}
	for _, c := range chunks[:len(chunks)/2] {
		if err := os.Remove(c); err != nil {
			t.Fatal(err)
		}
	}
	again, err := bfs.SearchDisk(context.Background(), x, goal, opt)
	if err != nil {
		t.Fatalf("after a half removal: %v", err)
	}
	lv, err := again.Levels()
	if err != nil {
		t.Fatal(err)
	}
	if again.Resumed || !slices.Equal(lv.Counts, want.Counts) || !slices.Equal(lv.Words, want.Words) {
		t.Fatalf("after a half removal: resumed %v, counts %v, want %v", again.Resumed, lv.Counts, want.Counts)
	}
	if err := again.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("the work directory is left: %v", err)
	}
}
