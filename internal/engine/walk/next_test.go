package walk_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/catalog"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/proof"
	"github.com/godtable/godtable/internal/support/tier"
	"github.com/godtable/godtable/tables/all"
)

// walker makes a walker for the named table whose steps are its moves, one
// each, in order.
func walker(t testing.TB, def *puzzle.Def) *walk.Walker {
	data, err := all.File(def.Name)
	if err != nil {
		t.Fatal(err)
	}
	lv, err := table.Decode(def, data)
	if err != nil {
		t.Fatal(err)
	}
	steps := make([]walk.Step, len(def.Moves))
	for i, name := range def.Moves {
		steps[i] = walk.Step{Name: name, Group: -1, Paths: [][]int{{i}}}
	}
	return walk.New(def, lv, steps, false)
}

// On every state of every table, the walk through the next-step table gives
// the same answer (or the same error) as the walk through the distance table.
func TestNextStepTableEveryState(t *testing.T) {
	for _, def := range catalog.Defs() {
		t.Run(def.Name, func(t *testing.T) {
			w := walker(t, def)
			if w.Prepared() {
				t.Fatal("prepared before Prepare")
			}
			w.Prepare()
			if !w.Prepared() {
				t.Fatal("not prepared after Prepare")
			}
			sameEveryState(t, def, "next-step table", w.Solve, "distance table", w.SolveByTable)
		})
	}
}

// A walker derives its next-step table by itself once it has walked
// NextAfter times, and answers the same throughout.
func TestNextStepTableAfterUse(t *testing.T) {
	def := catalog.Def("rotgrid")
	w := walker(t, def)
	var a, b [walk.MaxSteps]uint8
	deadline := time.Now().Add(time.Minute)
	for n := uint32(0); !w.Prepared(); n++ {
		if time.Now().After(deadline) {
			t.Fatalf("no next-step table after %d walks", n)
		}
		s := def.Unrank(uint64(n) * 7919 % def.Size)
		got, err1 := w.Solve(s, a[:0])
		want, err2 := w.SolveByTable(s, b[:0])
		if !slices.Equal(got, want) || err1 != err2 {
			t.Fatalf("walk %d: %v (%v), distance table %v (%v)", n, got, err1, want, err2)
		}
		if n < walk.NextAfter-1 && w.Prepared() {
			t.Fatalf("prepared after %d walks", n+1)
		}
	}
}

// On every state of every table, a definition's accelerations leave the
// walk's answer as it is without them: state as rank and coordinate move
// tables here; the rotation game's lower bound, which only its walk over
// several coordinates reads, is checked against the walk without it in
// lookup/rotgame (TestWalksAgree).
func TestAccelKeepsAnswers(t *testing.T) {
	for _, def := range catalog.Defs() {
		if a := def.Accel; !a.StateIsRank && a.Coords == nil && a.LowerBound == nil {
			continue
		}
		t.Run(def.Name, func(t *testing.T) {
			t.Parallel()
			plain := *def
			plain.Accel = puzzle.Accel{}
			fast, slow := walker(t, def), walker(t, &plain)
			sameEveryState(t, def, "with accelerations", fast.SolveByTable, "without", slow.SolveByTable)
		})
	}
}

// sameEveryState checks that two ways of solving give the same answer (or
// the same error) on every state of def (under -short, on every distance's
// states, all of them where there are at most tier.PerDistance).
func sameEveryState(t *testing.T, def *puzzle.Def, aName string, a func(puzzle.State, []uint8) ([]uint8, error), bName string, b func(puzzle.State, []uint8) ([]uint8, error)) {
	t.Helper()
	var x, y [walk.MaxSteps]uint8
	for _, r := range tier.ByDistance(uint32(def.Size), func() []uint8 { return proof.Distances(def) }) {
		s := def.Unrank(uint64(r))
		got, err1 := a(s, x[:0])
		want, err2 := b(s, y[:0])
		if !slices.Equal(got, want) || fmt.Sprint(err1) != fmt.Sprint(err2) {
			t.Fatalf("rank %d: %s %v (%v), %s %v (%v)", r, aName, got, err1, bName, want, err2)
		}
	}
}
