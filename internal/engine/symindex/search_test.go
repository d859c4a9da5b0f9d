package symindex_test

import (
	"context"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/engine/symindex"
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
			x, err := symindex.New(p, syms, c.InA())
			if err != nil {
				t.Fatal(err)
			}
			goal, ok := x.Index(p.Def.Solved)
			if !ok {
				t.Fatal("the goal has no index")
			}
			lv, err := x.Search(goal, nil)
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
