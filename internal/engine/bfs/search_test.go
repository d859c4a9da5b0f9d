package bfs_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/model/ksolve"
)

func index(t testing.TB, file string) (*permindex.Index, uint64) {
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
	x, err := permindex.New(p)
	if err != nil {
		t.Fatal(err)
	}
	goal, ok := x.Index(d.Solved)
	if !ok {
		t.Fatal("no goal")
	}
	return x, goal
}

// The search gives the same levels, bit for bit, on 1, 2 or 16 workers,
// through the move tables or through a neighbour function, and the
// published distribution of the pocket cube.
func TestSearchDeterministic(t *testing.T) {
	x, goal := index(t, "pocket.tws")
	var first *bfs.Levels
	for _, w := range []int{1, 2, 16} {
		for _, g := range []bfs.Graph{x, bfs.Neighbors(x)} {
			lv, err := bfs.Search(context.Background(), g, goal, bfs.Options{Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = lv
				want := []uint64{1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644}
				if !slices.Equal(lv.Counts, want) {
					t.Fatalf("counts %v, want %v", lv.Counts, want)
				}
				continue
			}
			if !slices.Equal(lv.Words, first.Words) || !slices.Equal(lv.Counts, first.Counts) {
				t.Fatalf("%d workers: levels differ", w)
			}
		}
	}
}

// A search stopped after a random level resumes from its checkpoint and
// ends with the same levels as one never stopped; a damaged checkpoint or
// one of another graph is not used.
func TestSearchResumes(t *testing.T) {
	bfs.CheckpointEveryLevel(t)
	x, goal := index(t, "pocket.tws")
	want, err := bfs.Search(context.Background(), x, goal, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(os.Getpid()), 1))
	for range 3 {
		stopAt := 1 + rng.IntN(len(want.Counts)-1)
		ckpt := filepath.Join(t.TempDir(), "c")
		ctx, cancel := context.WithCancel(context.Background())
		opt := bfs.Options{Checkpoint: ckpt, ID: [32]byte{1}, Progress: func(p bfs.Progress) {
			if p.LevelDone == 1 && p.Level == stopAt {
				cancel()
			}
		}}
		if _, err := bfs.Search(ctx, x, goal, opt); !errors.Is(err, context.Canceled) {
			t.Fatalf("stopped at level %d: %v", stopAt, err)
		}
		levels := 0
		opt.Progress = func(p bfs.Progress) {
			if p.LevelDone == 1 {
				levels++
			}
		}
		got, err := bfs.Search(context.Background(), x, goal, opt)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Words, want.Words) || !slices.Equal(got.Counts, want.Counts) {
			t.Fatalf("resumed after level %d: levels differ", stopAt)
		}
		// It resumed, so it searched fewer levels than the whole (a whole
		// search reports each distance after the goal's).
		whole := len(want.Counts) - 1
		if levels >= whole {
			t.Fatalf("resumed after level %d: searched %d levels of %d", stopAt, levels, len(want.Counts))
		}
		// A checkpoint of another graph is not taken.
		opt.ID = [32]byte{2}
		levels = 0
		if _, err := bfs.Search(context.Background(), x, goal, opt); err != nil || levels < whole {
			t.Fatalf("another graph's checkpoint was used (%d levels, %v)", levels, err)
		}
		// Nor a damaged one.
		data, err := os.ReadFile(ckpt)
		if err != nil {
			t.Fatal(err)
		}
		data[len(data)/2] ^= 1
		os.WriteFile(ckpt, data, 0o644)
		opt.ID, levels = [32]byte{1}, 0
		got, err = bfs.Search(context.Background(), x, goal, opt)
		if err != nil || levels < whole || !slices.Equal(got.Words, want.Words) {
			t.Fatalf("a damaged checkpoint was used (%d levels, %v)", levels, err)
		}
	}
}

// Under the race detector (make test runs Test...Race... so): a search on
// two workers, each with marks of its own, and on three, two of which share
// a set of marks, writes and reads nothing it should not, and gives one
// worker's levels.
func TestSearchRaceWorkers(t *testing.T) {
	x, goal := index(t, "cube2_ur.tws")
	want, err := bfs.Search(context.Background(), x, goal, bfs.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{2, 3} {
		lv, err := bfs.Search(context.Background(), x, goal, bfs.Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(lv.Words, want.Words) || !slices.Equal(lv.Counts, want.Counts) {
			t.Fatalf("%d workers: levels differ", w)
		}
	}
}

// A search that Enough ends after level 8 of the pocket cube's 11 holds
// the levels of the whole search up to 8, and Unseen past it, whatever the
// number of workers; Enough is asked with the counts so far and the
// indices not yet found, and, on a search stopped after a level and
// resumed from its checkpoint, ends it at the same level.
func TestSearchEnough(t *testing.T) {
	bfs.CheckpointEveryLevel(t)
	x, goal := index(t, "pocket.tws")
	whole, err := bfs.Search(context.Background(), x, goal, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const last = 8
	enough := func(counts []uint64, unseen uint64) bool {
		seen := uint64(0)
		for _, c := range counts {
			seen += c
		}
		if seen+unseen != x.Size() {
			t.Errorf("asked with %d seen and %d unseen of %d", seen, unseen, x.Size())
		}
		return len(counts) > last
	}
	check := func(lv *bfs.Levels, what string) {
		t.Helper()
		if !lv.Truncated || !slices.Equal(lv.Counts, whole.Counts[:last+1]) {
			t.Fatalf("%s: truncated %v, counts %v", what, lv.Truncated, lv.Counts)
		}
		// Each index has the whole search's level or none, and as many
		// have none as lie past the last level.
		unseen := uint64(0)
		for i := range x.Size() {
			v, w := lv.At(i), whole.At(i)
			if v == bfs.Unseen {
				unseen++
			} else if v != w {
				t.Fatalf("%s: index %d at level %d, the whole search's %d", what, i, v, w)
			}
		}
		past := uint64(0)
		for _, c := range whole.Counts[last+1:] {
			past += c
		}
		if unseen != past {
			t.Fatalf("%s: %d unseen, %d past level %d", what, unseen, past, last)
		}
	}
	for _, w := range []int{1, 2} {
		lv, err := bfs.Search(context.Background(), x, goal, bfs.Options{Workers: w, Enough: enough})
		if err != nil {
			t.Fatal(err)
		}
		check(lv, "searched")
	}
	ckpt := filepath.Join(t.TempDir(), "c")
	ctx, cancel := context.WithCancel(context.Background())
	opt := bfs.Options{Checkpoint: ckpt, ID: [32]byte{1}, Enough: enough, Progress: func(p bfs.Progress) {
		if p.LevelDone == 1 && p.Level == last-2 {
			cancel()
		}
	}}
	if _, err := bfs.Search(ctx, x, goal, opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped at level %d: %v", last-2, err)
	}
	opt.Progress = nil
	lv, err := bfs.Search(context.Background(), x, goal, opt)
	if err != nil {
		t.Fatal(err)
	}
	if lv.Resumed == 0 {
		t.Fatal("not resumed")
	}
	check(lv, "resumed")
}
