package symindex_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/engine/symindex"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// A search over the class index finds the classes and states at each
// distance that the table of classes deftable builds finds, and each of
// that table's classes at its level: the table answers from levels
// alone, so a table from these levels answers as it does.
func TestSearchAsTheClassTable(t *testing.T) {
	for _, c := range symindex.Samples() {
		t.Run(c.Name(), func(t *testing.T) {
			if c.Long() && testing.Short() {
				t.Skip("long")
			}
			p := c.Puzzle(t)
			syms := p.Symmetries()
			full, err := permindex.New(p)
			if err != nil {
				t.Fatal(err)
			}
			if full.Size() > 4*symindex.MaxEnumerated() {
				t.Skipf("%d states", full.Size())
			}
			x, err := c.Index(p, syms)
			if err != nil {
				t.Fatal(err)
			}
			goal, ok := x.Index(p.Def.Solved)
			if !ok {
				t.Fatal("the goal has no index")
			}
			lv, err := x.Search(context.Background(), goal, symindex.SearchOptions{})
			if err != nil {
				t.Fatal(err)
			}
			tb, err := deftable.Build(context.Background(), p, deftable.BuildOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if tb.Symmetries() != len(syms) {
				t.Fatalf("the table has %d symmetries, the index %d", tb.Symmetries(), len(syms))
			}
			if !slices.Equal(lv.ClassCounts, tb.ClassCounts()) {
				t.Fatalf("classes at each distance %v, the table's %v", lv.ClassCounts, tb.ClassCounts())
			}
			if !slices.Equal(lv.StateCounts, tb.Counts()) {
				t.Fatalf("states at each distance %v, the table's %v", lv.StateCounts, tb.Counts())
			}
			tl := tb.Levels()
			n := 0
			for _, rep := range tl.ClassMap().All() {
				i, ok := x.Index(full.State(rep))
				if !ok {
					t.Fatalf("representative %d has no class index", rep)
				}
				if got, want := lv.Level(i), tl.At(rep); got != want {
					t.Fatalf("representative %d: level %d, the table's %d", rep, got, want)
				}
				n++
			}
			t.Logf("%d classes in %d indices (ratio %.3f), %d distances; levels %d bytes",
				n, x.Size(), float64(x.Size())/float64(n), len(lv.ClassCounts), lv.Bytes())
		})
	}
}

// A search stops, with ctx's error and no levels, at the first distance
// after ctx is cancelled: cancelled from its progress at distance 2, it
// is told of no distance after.
func TestSearchStopsWhenCancelled(t *testing.T) {
	c := symindex.Samples()[0]
	p := c.Puzzle(t)
	x, err := symindex.New(p, p.Symmetries(), c.InA())
	if err != nil {
		t.Fatal(err)
	}
	goal, _ := x.Index(p.Def.Solved)
	ctx, cancel := context.WithCancel(context.Background())
	last := 0
	lv, err := x.Search(ctx, goal, symindex.SearchOptions{Progress: func(d int, _, _ uint64) {
		last = d
		if d == 2 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || lv != nil || last != 2 {
		t.Fatalf("cancelled at distance 2: levels %v, %v, last told of distance %d", lv != nil, err, last)
	}
}

// A search on any number of workers, sharing the levels' words a word at
// a time or a chunk at a time, finds the same levels, byte for byte, and
// the same counts as on one.
func TestSearchSameOnAnyWorkers(t *testing.T) {
	for _, chunks := range []string{"chunks", "words"} {
		if chunks == "words" {
			symindex.SmallChunks(t)
		}
		for _, c := range resumeSamples(t) {
			want, err := c.x.Search(context.Background(), c.goal, symindex.SearchOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			wantLevels := slices.Clone(want.Packed())
			for _, workers := range []int{2, 3, 8} {
				got, err := c.x.Search(context.Background(), c.goal, symindex.SearchOptions{Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got.ClassCounts, want.ClassCounts) || !slices.Equal(got.StateCounts, want.StateCounts) {
					t.Fatalf("%d indices, %d workers by %s: counts %v %v, on one %v %v",
						c.x.Size(), workers, chunks, got.ClassCounts, got.StateCounts, want.ClassCounts, want.StateCounts)
				}
				if !slices.Equal(got.Packed(), wantLevels) {
					t.Fatalf("%d indices, %d workers by %s: other levels than on one", c.x.Size(), workers, chunks)
				}
			}
		}
	}
}

// The symm 2x2x2, one set of 88 million states and beyond symindex.MaxA:
// New indexes it within the set (A the corners' permutation, B their
// twists), and its search finds the classes and states at each distance
// that the search of its states finds.
func TestSearchWithinASetAsTheStates(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	var c interface {
		Puzzle(*testing.T) *ksolve.Puzzle
	}
	for _, s := range symindex.Samples() {
		if s.Name() == "symm 2x2x2" {
			c = s
		}
	}
	p := c.Puzzle(t)
	x, err := symindex.New(p, p.Symmetries(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !x.WithinASet() {
		t.Fatal("the symm 2x2x2's index is not within its set")
	}
	goal, _ := x.Index(p.Def.Solved)
	lv, err := x.Search(context.Background(), goal, symindex.SearchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := deftable.Build(context.Background(), p, deftable.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(lv.ClassCounts, tb.ClassCounts()) || !slices.Equal(lv.StateCounts, tb.Counts()) {
		t.Fatalf("classes %v and states %v at each distance, the table's %v and %v", lv.ClassCounts, lv.StateCounts, tb.ClassCounts(), tb.Counts())
	}
	classes := uint64(0)
	for _, n := range lv.ClassCounts {
		classes += n
	}
	t.Logf("%d classes in %d indices (ratio %.3f)", classes, x.Size(), float64(x.Size())/float64(classes))
}
