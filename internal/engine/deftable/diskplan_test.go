package deftable

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/model/ksolve"
)

func diskPuzzle(t *testing.T, file string) *ksolve.Puzzle {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "lookup", "tws", "testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ksolve.Parse(file, src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// chunkFiles counts the chunk files in a work directory.
func chunkFiles(t *testing.T, dir string) int {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "chunk-") {
			n++
		}
	}
	return n
}

// The plan's chunks are the chunks the build makes (counted in its work
// directory), for memories that give one chunk or several, on one worker
// and two; DiskChunkMemory is the least memory for a chunk's size.
func TestDiskPlanIsTheBuild(t *testing.T) {
	for _, file := range []string{"pocket.tws", "ties.tws"} {
		p := diskPuzzle(t, file)
		size, tables, err := permindex.Plan(p)
		if err != nil {
			t.Fatal(err)
		}
		used := programMemory() + tables
		all := (size + 31) / 32
		for _, c := range []struct{ chunks, workers int }{{1, 2}, {3, 1}, {7, 2}} {
			words := (all + uint64(c.chunks) - 1) / uint64(c.chunks)
			opt := DiskOptions{Work: filepath.Join(t.TempDir(), "w"), Memory: used + bfs.DiskChunkMemory(words, c.workers), Workers: c.workers}
			pl, err := PlanOnDisk(p, opt)
			if err != nil {
				t.Fatal(err)
			}
			if pl.Chunks != c.chunks {
				t.Errorf("%s, the memory of %d chunks: the plan says %d", file, c.chunks, pl.Chunks)
			}
			// DiskChunkMemory holds a chunk of that size, and a byte less
			// does not.
			least := bfs.DiskChunkMemory(words, c.workers)
			if bfs.DiskChunkWords(32*words, least, c.workers) != words || bfs.DiskChunkWords(32*words, least-1, c.workers) >= words {
				t.Errorf("%s: DiskChunkMemory(%d) = %d is not the least memory for the chunk", file, words, least)
			}
			var out bytes.Buffer
			b, err := BuildOnDisk(context.Background(), p, opt, &out)
			if err != nil {
				t.Fatal(err)
			}
			if made := chunkFiles(t, opt.Work); made != pl.Chunks || b.Chunks != made {
				t.Errorf("%s, %d MB on %d workers: the plan says %d chunks, the build made %d (and says %d)", file, opt.Memory>>20, c.workers, pl.Chunks, made, b.Chunks)
			}
			if err := b.RemoveWork(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A build stopped part way resumes with another number of workers and
// another memory, keeping its chunks, to the table a build in memory
// writes; a memory that does not hold one of its chunks is refused before
// the search, with the least memory that does.
func TestDiskResumesElsewhere(t *testing.T) {
	p := diskPuzzle(t, "pocket.tws")
	size, tables, err := permindex.Plan(p)
	if err != nil {
		t.Fatal(err)
	}
	used := programMemory() + tables
	words := ((size+31)/32 + 5) / 6
	work := filepath.Join(t.TempDir(), "w")
	opt := DiskOptions{Work: work, Memory: used + bfs.DiskChunkMemory(words, 2), Workers: 2, Facts: "program=test\n"}
	ctx, cancel := context.WithCancel(context.Background())
	steps := 0
	opt.Progress = func(bfs.DiskProgress) {
		if steps++; steps == 40 {
			cancel()
		}
	}
	if _, err := BuildOnDisk(ctx, p, opt, &bytes.Buffer{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped: %v", err)
	}
	opt.Progress = nil
	// One worker in less memory than the start's: still a chunk's.
	small := opt
	small.Workers, small.Memory = 1, used+bfs.DiskChunkMemory(words, 1)
	tight := small
	tight.Memory--
	_, err = PlanOnDisk(p, tight)
	if err == nil || !strings.Contains(err.Error(), "give --mem") || !strings.Contains(err.Error(), work) {
		t.Fatalf("resumed in too little memory: %v", err)
	}
	if _, err := BuildOnDisk(context.Background(), p, tight, &bytes.Buffer{}); err == nil {
		t.Fatal("the build resumed in too little memory")
	}
	pl, err := PlanOnDisk(p, small)
	if err != nil || !pl.Resumes || pl.Chunks != 6 {
		t.Fatalf("the plan of the resumed build: %+v, %v", pl, err)
	}
	var got bytes.Buffer
	b, err := BuildOnDisk(context.Background(), p, small, &got)
	if err != nil {
		t.Fatal(err)
	}
	if !b.Resumed || b.Chunks != 6 {
		t.Fatalf("resumed %v, %d chunks; want resumed, 6", b.Resumed, b.Chunks)
	}
	mem, err := Build(context.Background(), p, BuildOptions{Facts: "program=test\n"})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if _, err := mem.WriteTo(&want); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatal("the resumed table differs from the one built in memory")
	}
	if err := b.RemoveWork(); err != nil {
		t.Fatal(err)
	}
}
