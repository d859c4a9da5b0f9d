package solver_test

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/engine/solver"
	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/model/rotgrid"
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

// Many goroutines solving grids while their walker derives its next-step
// table in the background (it starts after walk.NextAfter solves) get the
// distance table's answers before, during and after. Run under go test
// -race by make test.
func TestConcurrentNextStepTable(t *testing.T) {
	// A walker of its own, so that the next-step table is derived during
	// this test whatever other tests did to another table's walker.
	w, err := fresh().Walker()
	if err != nil {
		t.Fatal(err)
	}
	workers := 4 * runtime.NumCPU()
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			var a, b [walk.MaxSteps]uint8
			// Every goroutine goes on until the table is in use, and a
			// thousand walks after.
			after := 0
			for n := uint32(k); after < 1000; n += uint32(workers) {
				if w.Prepared() {
					after++
				} else if n > 1<<24 {
					errs[k] = fmt.Errorf("no next-step table after %d walks", n)
					return
				}
				s := puzzle.State(uint64(n) * 7919 % rotgrid.NStates)
				got, err1 := w.Solve(s, a[:0])
				want, err2 := w.SolveByTable(s, b[:0])
				if !slices.Equal(got, want) || err1 != err2 {
					errs[k] = fmt.Errorf("rank %d: %v (%v), distance table %v (%v)", s, got, err1, want, err2)
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}
