package symindex_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/engine/symindex"
)

// resumeSample is a class index and its goal.
type resumeSample struct {
	x    *symindex.Index
	goal uint64
}

// resumeSamples are the samples whose searches the checkpoint tests stop
// after every distance: those that have a class index small enough to
// search many times over.
func resumeSamples(t *testing.T) []resumeSample {
	var out []resumeSample
	for _, c := range symindex.Samples() {
		if c.Long() {
			continue
		}
		p := c.Puzzle(t)
		x, err := c.Index(p, p.Symmetries())
		if err != nil || x.Size() > 1<<20 {
			continue
		}
		goal, ok := x.Index(p.Def.Solved)
		if !ok {
			t.Fatalf("%s: the goal has no index", c.Name())
		}
		out = append(out, resumeSample{x, goal})
	}
	if len(out) < 2 {
		t.Fatalf("%d samples small enough to stop after every distance", len(out))
	}
	return out
}

// searchStoppedAt runs a search with a checkpoint after every distance,
// stopped (its context cancelled) once distance k is found.
func searchStoppedAt(t *testing.T, x *symindex.Index, goal uint64, k int, opt symindex.SearchOptions) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt.Progress = func(d int, _, _ uint64) {
		if d == k {
			cancel()
		}
	}
	if _, err := x.Search(ctx, goal, opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped at distance %d: %v", k, err)
	}
}

// A search stopped after any distance k and run again resumes from its
// checkpoint (k+1 distances) and ends with the same levels, byte for byte,
// and the same counts as a search never stopped, whatever the workers
// before and after; the distances the checkpoint gave are told to its
// progress as the search found them.
func TestSearchResumes(t *testing.T) {
	symindex.CheckpointEveryDistance(t)
	id := [32]byte{1, 2, 3}
	for _, c := range resumeSamples(t) {
		x, goal := c.x, c.goal
		want, err := x.Search(context.Background(), goal, symindex.SearchOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		wantCounts := [][]uint64{slices.Clone(want.ClassCounts), slices.Clone(want.StateCounts)}
		wantLevels := slices.Clone(want.Packed())
		for k := 1; k < len(wantCounts[0])-1; k++ {
			path := filepath.Join(t.TempDir(), "ckpt")
			opt := symindex.SearchOptions{Checkpoint: path, ID: id, Workers: 1 + k%3}
			searchStoppedAt(t, x, goal, k, opt)
			opt.Workers = 1 + (k+1)%3
			var told []uint64
			opt.Progress = func(d int, classes, _ uint64) { told = append(told, classes) }
			got, err := x.Search(context.Background(), goal, opt)
			if err != nil {
				t.Fatalf("%d indices, resumed after distance %d: %v", x.Size(), k, err)
			}
			if got.Resumed != k+1 {
				t.Errorf("%d indices, stopped after distance %d: resumed at %d distances, want %d", x.Size(), k, got.Resumed, k+1)
			}
			if !slices.Equal(got.ClassCounts, wantCounts[0]) || !slices.Equal(got.StateCounts, wantCounts[1]) {
				t.Fatalf("%d indices, resumed after distance %d: counts %v %v, want %v", x.Size(), k, got.ClassCounts, got.StateCounts, wantCounts)
			}
			if !slices.Equal(told, wantCounts[0][1:]) {
				t.Errorf("resumed after distance %d: progress told %v, want %v", k, told, wantCounts[0][1:])
			}
			if !slices.Equal(got.Packed(), wantLevels) {
				t.Fatalf("%d indices, resumed after distance %d: levels differ from a search never stopped", x.Size(), k)
			}
		}
	}
}

// A checkpoint damaged, cut short, of another search (another ID, or
// another goal) or not one of a search over a class index is refused,
// in one line naming the file, and none of it is used; the file is left
// for the user to look at.
func TestSearchRefusesOtherCheckpoints(t *testing.T) {
	symindex.CheckpointEveryDistance(t)
	c := resumeSamples(t)[0]
	x, goal := c.x, c.goal
	id := [32]byte{1, 2, 3}
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	searchStoppedAt(t, x, goal, 3, symindex.SearchOptions{Checkpoint: good, ID: id})
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	flipped := slices.Clone(data)
	flipped[len(flipped)/2] ^= 0x10
	other := symindex.SearchOptions{ID: [32]byte{9}}
	otherGoal := (goal + 1) % x.Size()
	for _, c := range []struct {
		name string
		data []byte
		opt  symindex.SearchOptions
		goal uint64
		says string
	}{
		{"a byte changed", flipped, symindex.SearchOptions{ID: id}, goal, "damaged"},
		{"cut short", data[:len(data)-9], symindex.SearchOptions{ID: id}, goal, "damaged"},
		{"empty", nil, symindex.SearchOptions{ID: id}, goal, "not a checkpoint"},
		{"of another search", data, other, goal, "of another definition"},
		{"from another goal", data, symindex.SearchOptions{ID: id}, otherGoal, "goal"},
		{"of a search of states", append([]byte("GDTCKPT1"), data[8:]...), symindex.SearchOptions{ID: id}, goal, "not a checkpoint"},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-"))
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		c.opt.Checkpoint = path
		resumed := false
		c.opt.Progress = func(int, uint64, uint64) { resumed = true }
		lv, err := x.Search(context.Background(), c.goal, c.opt)
		if err == nil || lv != nil || resumed {
			t.Errorf("%s: used (levels %v, progress told %v): %v", c.name, lv != nil, resumed, err)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, path) || !strings.Contains(msg, c.says) || strings.Contains(msg, "\n") {
			t.Errorf("%s: %q, want one line naming %s and saying %q", c.name, msg, path, c.says)
		}
		if after, _ := os.ReadFile(path); !slices.Equal(after, c.data) {
			t.Errorf("%s: the file was changed", c.name)
		}
	}
}
