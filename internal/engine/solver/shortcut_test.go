package solver_test

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/engine/solver"
	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/model/rotgrid"
	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/proof"
	"github.com/godtable/godtable/lookup"
)

// refShortcut is a shortcut that takes the reference walk's steps, counting
// its walks; broken ones answer that no step descends.
type refShortcut struct {
	w             *walk.Walker
	walks, firsts atomic.Int64
	broken        bool
}

func (s *refShortcut) Solve(r uint32, v uint8) (steps [walk.MaxSteps]uint8, n int, ok bool) {
	s.walks.Add(1)
	if s.broken {
		return steps, 0, false
	}
	sol, err := s.w.SolveReference(s.w.Def().Unrank(uint64(r)), steps[:0])
	return steps, len(sol), err == nil
}

func (s *refShortcut) First(r uint32, v uint8) int {
	s.firsts.Add(1)
	var buf [walk.MaxSteps]uint8
	sol, err := s.w.SolveReference(s.w.Def().Unrank(uint64(r)), buf[:0])
	if err != nil || len(sol) == 0 {
		return -1
	}
	return int(sol[0])
}

// withShortcut returns a fresh rotation-grid table whose shortcut is made
// by the returned one's make, which waits for release (nil: at once).
func withShortcut(release <-chan struct{}) (*solver.Table, *refShortcut, *atomic.Bool) {
	sc := &refShortcut{}
	var asked atomic.Bool
	tb := fresh().WithShortcut(func(lv *table.Levels) solver.Shortcut {
		asked.Store(true)
		if release != nil {
			<-release
		}
		sc.w = walk.New(rotgrid.Def(), lv, solver.SimpleSteps(rotgrid.Def)(), false)
		return sc
	})
	return tb, sc, &asked
}

// waitFor polls cond for up to a minute.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("after a minute: %s", what)
		}
	}
}

// sameAsReference checks the table's answer from every 97th grid (offset
// by from) against the reference walk's.
func sameAsReference(t *testing.T, tb *solver.Table, from uint32) {
	t.Helper()
	w, err := tb.Walker()
	if err != nil {
		t.Fatal(err)
	}
	for r := from; r < rotgrid.NStates; r += 97 {
		s := puzzle.State(r)
		got, err1 := tb.Solve(s)
		var buf [walk.MaxSteps]uint8
		ref, err2 := w.SolveReference(s, buf[:0])
		if err1 != err2 || got.String() != answer.New(tb.Notation(), ref).String() {
			t.Fatalf("rank %d: %v (%v), reference %v (%v)", r, got, err1, ref, err2)
		}
	}
}

// A table given a shortcut answers at once, without it, while it is being
// made, and through it once it is there: the reference walk's answers
// throughout.
func TestShortcutMadeConcurrently(t *testing.T) {
	release := make(chan struct{})
	tb, sc, asked := withShortcut(release)
	if err := solver.Configure([]lookup.Option{lookup.WithNextTable(lookup.NextOff)}, tb); err != nil {
		t.Fatal(err)
	}
	sameAsReference(t, tb, 0)
	waitFor(t, "the walks never started making the shortcut", asked.Load)
	close(release)
	waitFor(t, "no walk through the shortcut", func() bool {
		tb.Solve(puzzle.State(12345))
		return sc.walks.Load() > 0
	})
	before := sc.walks.Load()
	sameAsReference(t, tb, 1)
	if sc.walks.Load() == before {
		t.Error("the walks after the shortcut was made did not go through it")
	}
}

// A table answers its first walk without starting to make its shortcut,
// so that a program answering one position never makes it; the second
// walk starts it.
func TestShortcutNotMadeForOneWalk(t *testing.T) {
	tb, _, asked := withShortcut(nil)
	if _, err := tb.Solve(puzzle.State(12345)); err != nil {
		t.Fatal(err)
	}
	// Were the first walk to start it, the goroutine would have run by now.
	time.Sleep(100 * time.Millisecond)
	if asked.Load() {
		t.Fatal("the first walk started making the shortcut")
	}
	if _, err := tb.Solve(puzzle.State(54321)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the second walk never started making the shortcut", asked.Load)
}

// Once the next-step table is in use the walks go through it, not the
// shortcut; a shortcut that finds no step is an inconsistent table, not a
// wrong answer; SolveByTable goes through the shortcut, made at once.
func TestShortcutUse(t *testing.T) {
	tb, sc, _ := withShortcut(nil)
	if err := solver.Configure([]lookup.Option{lookup.WithNextTable(lookup.NextNow)}, tb); err != nil {
		t.Fatal(err)
	}
	sameAsReference(t, tb, 2)
	if n := sc.walks.Load(); n != 0 {
		t.Errorf("%d walks through the shortcut with the next-step table in use", n)
	}
	var buf [walk.MaxSteps]uint8
	got, err := tb.SolveByTable(puzzle.State(777), buf[:0])
	w, _ := tb.Walker()
	var refBuf [walk.MaxSteps]uint8
	ref, _ := w.SolveReference(puzzle.State(777), refBuf[:0])
	if err != nil || !slices.Equal(got, ref) || sc.walks.Load() != 1 {
		t.Errorf("SolveByTable: %v (%v), reference %v, %d walks through the shortcut", got, err, ref, sc.walks.Load())
	}

	// A shortcut made before the next-step table is derived derives it.
	derived, dsc, _ := withShortcut(nil)
	if _, err := derived.SolveByTable(puzzle.State(1), buf[:0]); err != nil {
		t.Fatal(err)
	}
	if err := solver.Configure([]lookup.Option{lookup.WithNextTable(lookup.NextNow)}, derived); err != nil {
		t.Fatal(err)
	}
	if dsc.firsts.Load() == 0 {
		t.Error("the next-step table was derived without the shortcut's First")
	}
	sameAsReference(t, derived, 3)

	broken, bsc, _ := withShortcut(nil)
	bsc.broken = true
	if _, err := broken.SolveByTable(puzzle.State(777), buf[:0]); err != walk.ErrInconsistent {
		t.Errorf("a shortcut finding no step: %v, want %v", err, walk.ErrInconsistent)
	}
}

// Many goroutines solving at once while the shortcut is made, then while
// the next-step table is derived through it, get the answers one goroutine
// gets after: under go test -race, the shortcut's life and the walker's
// hand-over race each other.
func TestShortcutConcurrent(t *testing.T) {
	tb, sc, _ := withShortcut(nil)
	if err := solver.Configure([]lookup.Option{lookup.WithNextTable(lookup.NextOff)}, tb); err != nil {
		t.Fatal(err)
	}
	solve := func(i int) string {
		s, err := tb.Solve(puzzle.State(uint32(i) * 7919 % rotgrid.NStates))
		return fmt.Sprint(s, err)
	}
	if i, got, want := proof.Concurrently(6000, solve); i >= 0 {
		t.Fatalf("walk %d, while the shortcut is made: %q concurrently, %q alone", i, got, want)
	}
	waitFor(t, "no walk through the shortcut", func() bool {
		solve(1)
		return sc.walks.Load() > 0
	})
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := solver.Configure([]lookup.Option{lookup.WithNextTable(lookup.NextNow)}, tb); err != nil {
			t.Error(err)
		}
	})
	if i, got, want := proof.Concurrently(6000, solve); i >= 0 {
		t.Fatalf("walk %d, while the next-step table is derived: %q concurrently, %q alone", i, got, want)
	}
	wg.Wait()
	if w, _ := tb.Walker(); !w.Prepared() || sc.firsts.Load() == 0 {
		t.Errorf("next-step table in use %v, %d first steps from the shortcut", w.Prepared(), sc.firsts.Load())
	}
}
