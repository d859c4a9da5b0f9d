package solver_test

import (
	"strings"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/rotgrid"
	"github.com/godtable/godtable/internal/solver"
	"github.com/godtable/godtable/lookup"
	embedded "github.com/godtable/godtable/tables/rotgrid"
)

func fresh() *solver.Table {
	return solver.New(rotgrid.Def, solver.SimpleSteps(rotgrid.Def), false, " ", strings.NewReader(embedded.Table))
}

// solveMany answers n grids and reports whether the next-move table is in
// use within wait after (the background builds it; a loaded machine is slow).
func solveMany(t *testing.T, tb *solver.Table, n int, wait time.Duration) bool {
	t.Helper()
	for i := range n {
		if _, err := tb.Solve(puzzle.State(uint32(i*7919) % rotgrid.NStates)); err != nil {
			t.Fatal(err)
		}
	}
	w, _ := tb.Walker()
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if w.Prepared() {
			return true
		}
	}
	return false
}

// The options decide when the next-move table comes: at once, after the
// given number of solves, never, or by default after 4,096 solves.
func TestConfigureNextTable(t *testing.T) {
	now := fresh()
	if err := solver.Configure([]lookup.Option{lookup.WithNextTable(lookup.NextNow)}, now); err != nil {
		t.Fatal(err)
	}
	if w, _ := now.Walker(); !w.Prepared() {
		t.Error("NextNow: no next-move table after Configure")
	}
	off := fresh()
	if err := solver.Configure([]lookup.Option{lookup.WithNextTable(lookup.NextOff)}, off); err != nil {
		t.Fatal(err)
	}
	if solveMany(t, off, 5000, time.Second) {
		t.Error("NextOff: a next-move table after 5,000 solves")
	}
	after := fresh()
	if err := solver.Configure([]lookup.Option{lookup.WithNextAfter(10)}, after); err != nil {
		t.Fatal(err)
	}
	if !solveMany(t, after, 10, time.Minute) {
		t.Error("WithNextAfter(10): no next-move table after 10 solves")
	}
	auto := fresh()
	if solveMany(t, auto, 100, time.Second) {
		t.Error("default: a next-move table after 100 solves")
	}
	if !solveMany(t, auto, 4000, time.Minute) {
		t.Error("default: no next-move table after 4,100 solves")
	}
}
