package bfs_test

import (
	"context"
	"errors"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/godtable/godtable/internal/engine/bfs"
)

// faultyTasks runs a pass's tasks at once, as DiskTask in goroutines, and
// on a pass's first try plays a cluster's faults: its first chunk's task
// never runs (killed before it began), its second's does its step but
// leaves no result (killed before the end), and its third's runs twice.
// It counts the tasks that found their chunk's result already there.
type faultyTasks struct {
	t       *testing.T
	dir     string
	x       bfs.Graph
	mu      sync.Mutex
	passes  int
	already int
	// cancel, when set, is called on the pass numbered cancelAt, after
	// its tasks: the search stopped while they ran.
	cancel   context.CancelFunc
	cancelAt int
}

func (f *faultyTasks) run(ctx context.Context, p bfs.TaskPass) error {
	f.mu.Lock()
	f.passes++
	pass := f.passes
	f.mu.Unlock()
	var wg sync.WaitGroup
	errs := make([]error, len(p.Chunks))
	for i, c := range p.Chunks {
		if p.Try == 1 && i == 0 && len(p.Chunks) > 1 {
			continue
		}
		wg.Go(func() {
			opt := bfs.DiskTaskOptions{Dir: f.dir, Level: p.Level, Pass: p.Pass, Chunk: c, Workers: 1, UpdateCap: 50}
			runs := 1
			if p.Try == 1 && i == 2 {
				runs = 2
			}
			if p.Try == 1 && i == 1 {
				if err := bfs.DiskTaskKilled(ctx, f.x, opt); !bfs.IsStopped(err) {
					errs[i] = err
				}
				return
			}
			for range runs {
				done, err := bfs.DiskTask(ctx, f.x, opt)
				if err != nil {
					errs[i] = err
					return
				}
				if done.Already {
					f.mu.Lock()
					f.already++
					f.mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		f.t.Errorf("distance %d, %s, chunks %v: %v", p.Level, p.Pass, p.Chunks, err)
	}
	if f.cancel != nil && pass == f.cancelAt {
		f.cancel()
	}
	if p.Try == 1 && len(p.Chunks) > 1 {
		return errors.New("a task failed")
	}
	return nil
}

// A search on disk whose passes run as tasks (each chunk's step a
// DiskTask of its own, at once), with tasks that never run, die before
// their result and run twice, gives the levels Search gives, bit for bit:
// forward and backward levels, the little ones run by the search itself;
// it runs again the tasks that left no result, and is told the tasks
// failed.
func TestSearchDiskTasks(t *testing.T) {
	bfs.NoSync(t)
	x, goal := index(t, "pocket.tws")
	want, err := bfs.Search(context.Background(), x, goal, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	f := &faultyTasks{t: t, dir: dir, x: x}
	failed := 0
	opt := bfs.DiskOptions{Dir: dir, ChunkWords: 20000, Workers: 2, Tasks: f.run,
		TaskFailed: func(int, string, error) { failed++ }}
	got, err := bfs.SearchDisk(context.Background(), x, goal, opt)
	if err != nil {
		t.Fatal(err)
	}
	lv, err := got.Levels()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(lv.Counts, want.Counts) || !slices.Equal(lv.Words, want.Words) {
		t.Fatalf("counts %v, want %v (words equal: %v)", lv.Counts, want.Counts, slices.Equal(lv.Words, want.Words))
	}
	ways := map[[2]bool]int{}
	for _, l := range got.Stats {
		ways[[2]bool{l.Tasks > 0, l.Backward}]++
	}
	if ways[[2]bool{true, false}] == 0 || ways[[2]bool{true, true}] == 0 || ways[[2]bool{false, false}] == 0 {
		t.Fatalf("levels by (tasks, backward): %v; want tasks forward and backward, and little levels without", ways)
	}
	if f.already == 0 || failed == 0 {
		t.Fatalf("%d tasks found their result there, %d passes said a task failed; want some of each", f.already, failed)
	}
	if err := got.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("the work directory is left: %v", err)
	}
}

// A search on disk stopped while its tasks ran resumes from its work
// directory, with tasks or without them (taking the results the tasks
// left), to the same levels; a task given a pass the search has done is
// late, one given a pass it has not begun is early, and one over another
// graph's directory is refused.
func TestSearchDiskTasksResume(t *testing.T) {
	bfs.NoSync(t)
	x, goal := index(t, "pocket.tws")
	want, err := bfs.Search(context.Background(), x, goal, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, again := range []bool{true, false} {
		for _, at := range []int{1, 4, 9} {
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			f := &faultyTasks{t: t, dir: dir, x: x, cancel: cancel, cancelAt: at}
			opt := bfs.DiskOptions{Dir: dir, ChunkWords: 20000, Workers: 2, Tasks: f.run}
			if _, err := bfs.SearchDisk(ctx, x, goal, opt); !errors.Is(err, context.Canceled) {
				t.Fatalf("stopped at pass %d: %v", at, err)
			}
			if at == 4 {
				late := bfs.DiskTaskOptions{Dir: dir, Level: 1, Pass: "expand", Chunk: 0}
				if _, err := bfs.DiskTask(context.Background(), x, late); !errors.Is(err, bfs.ErrTaskLate) {
					t.Fatalf("a late task: %v", err)
				}
				early := bfs.DiskTaskOptions{Dir: dir, Level: 9, Pass: "expand", Chunk: 0}
				if _, err := bfs.DiskTask(context.Background(), x, early); !errors.Is(err, bfs.ErrTaskEarly) {
					t.Fatalf("an early task: %v", err)
				}
				other := bfs.DiskTaskOptions{Dir: dir, ID: [32]byte{1}, Level: 1, Pass: "expand", Chunk: 0}
				if _, err := bfs.DiskTask(context.Background(), x, other); !errors.Is(err, bfs.ErrWorkDir) {
					t.Fatalf("another graph's task: %v", err)
				}
			}
			if !again {
				opt.Tasks = nil
			} else {
				f.cancel = nil
			}
			got, err := bfs.SearchDisk(context.Background(), x, goal, opt)
			if err != nil {
				t.Fatalf("stopped at pass %d, resumed (tasks: %v): %v", at, again, err)
			}
			lv, err := got.Levels()
			if err != nil {
				t.Fatal(err)
			}
			if !got.Resumed || !slices.Equal(lv.Counts, want.Counts) || !slices.Equal(lv.Words, want.Words) {
				t.Fatalf("stopped at pass %d, resumed (tasks: %v): counts %v, want %v", at, again, lv.Counts, want.Counts)
			}
		}
	}
}

// Tasks run at once share the work directory and nothing else: under the
// race detector, a search of many small chunks whose passes run as tasks
// (four workers each) gives the levels Search gives.
func TestSearchDiskTasksConcurrent(t *testing.T) {
	bfs.NoSync(t)
	x, goal := index(t, "ties.tws")
	want, err := bfs.Search(context.Background(), x, goal, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	f := &faultyTasks{t: t, dir: dir, x: x}
	got, err := bfs.SearchDisk(context.Background(), x, goal, bfs.DiskOptions{Dir: dir, ChunkWords: 40, Workers: 4, UpdateCap: 64, Tasks: f.run})
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

// ChunkList writes chunks as Slurm's --array takes them.
func TestChunkList(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{{[]int{0}, "0"}, {[]int{0, 1, 2, 3}, "0-3"}, {[]int{0, 1, 2, 3, 7, 9, 10}, "0-3,7,9-10"}, {[]int{4, 6}, "4,6"}} {
		if got := bfs.ChunkList(c.in); got != c.want {
			t.Errorf("ChunkList(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
