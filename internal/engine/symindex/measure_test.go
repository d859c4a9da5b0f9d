package symindex

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// TestMeasure searches the definition GODTABLE_SYMINDEX names (a file,
// or twsearch's symm sample of that name when no such file exists) under
// the moves GODTABLE_SYMINDEX_MOVES restricts it to, and logs its index's
// sizes, the counts at each distance and the time: for measuring a search
// of classes by its class index (run under /usr/bin/time -v).
func TestMeasure(t *testing.T) {
	name := os.Getenv("GODTABLE_SYMINDEX")
	if name == "" {
		t.Skip("GODTABLE_SYMINDEX names no definition")
	}
	c := sample{name: name, file: name, moves: os.Getenv("GODTABLE_SYMINDEX_MOVES")}
	if _, err := os.Stat(name); err != nil {
		c.file, c.twsearch = "", name
	}
	if os.Getenv("GODTABLE_SYMINDEX_METRIC") == "qtm" {
		c.metric = ksolve.QTM
	}
	p := c.puzzle(t)
	start := time.Now()
	x, err := New(p, p.Symmetries(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d symmetries; A %d states in %d classes, B %d, %d parity ties: %d indices; tables %v",
		x.Symmetries(), x.StatesOfA(), x.ClassesOfA(), x.StatesOfB(), x.ParityTies(), x.Size(), time.Since(start))
	goal, ok := x.Index(p.Def.Solved)
	if !ok {
		t.Fatal("the goal has no index")
	}
	lv, err := x.Search(context.Background(), goal, SearchOptions{Progress: func(d int, classes, states uint64) {
		t.Logf("%2d %14d classes %16d states %v", d, classes, states, time.Since(start))
	}})
	if err != nil {
		t.Fatal(err)
	}
	classes, states := uint64(0), uint64(0)
	for d := range lv.ClassCounts {
		t.Logf("%2d %14d classes %16d states", d, lv.ClassCounts[d], lv.StateCounts[d])
		classes += lv.ClassCounts[d]
		states += lv.StateCounts[d]
	}
	t.Logf("%d classes, %d states, %d indices (ratio %.3f), levels %d bytes, %v",
		classes, states, x.Size(), float64(x.Size())/float64(classes), lv.Bytes(), time.Since(start))
}
