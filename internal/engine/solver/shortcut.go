package solver

import (
	"sync"
	"sync/atomic"

	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/puzzle"
)

// A Shortcut is a puzzle's own walk over one of its tables: faster than
// the walk package's for that puzzle, and taking the same steps on every
// state (the puzzle's every-state proofs compare it with the reference
// walk). The table walks through it until its walker has derived the
// next-step table.
type Shortcut interface {
	// Solve returns the steps from the state of rank r, whose stored level
	// is v (a reachable one), to the goal, and their number; false if a
	// step finds none that descends, as only a damaged table makes it.
	// (An array, not a slice to append to: a slice passed through an
	// interface would be moved to the heap on every call.)
	Solve(r uint32, v uint8) (steps [walk.MaxSteps]uint8, n int, ok bool)
	// First returns the step the walk takes first from the state of rank
	// r, at stored level v, or -1 if none descends: what the table's
	// walker derives its next-step table from (see walk.Walker.DeriveWith).
	First(r uint32, v uint8) int
}

// WithShortcut gives the table a puzzle's own walk, made by newShortcut from the
// decoded table; it returns t, and must be called before t is used. The
// shortcut takes time to make (tables of its own), so a table makes it on
// another goroutine at its second walk and walks without it until it is
// there: a program that answers one position never makes it, one that
// answers more has it a walk or so later.
func (t *Table) WithShortcut(newShortcut func(*table.Levels) Shortcut) *Table {
	t.makeShortcut = newShortcut
	return t
}

// shortcut is a table's shortcut, made once, on demand.
type shortcut struct {
	made  atomic.Pointer[Shortcut]
	once  sync.Once
	asked atomic.Uint32 // walks that found none made yet; the second starts it
}

// now returns the shortcut over w's table, making it now if it is not yet;
// once made, w derives its next-step table through it.
func (sc *shortcut) now(newShortcut func(*table.Levels) Shortcut, w *walk.Walker) Shortcut {
	sc.once.Do(func() {
		s := newShortcut(w.Levels())
		w.DeriveWith(s.First)
		sc.made.Store(&s)
	})
	return *sc.made.Load()
}

// ready returns the shortcut if it is there, or nil; the second call that
// finds none starts making it in the background.
func (sc *shortcut) ready(newShortcut func(*table.Levels) Shortcut, w *walk.Walker) Shortcut {
	if s := sc.made.Load(); s != nil {
		return *s
	}
	if sc.asked.Add(1) == 2 {
		go sc.now(newShortcut, w)
	}
	return nil
}

// solveBeforeNext is Solve before the walker has its next-step table:
// through the shortcut if it is there, else through the walker's own walk.
// Either counts a walk from a reachable state toward the next-step table.
func (t *Table) solveBeforeNext(w *walk.Walker, s puzzle.State, dst []uint8) ([]uint8, error) {
	sc := t.shortcut.ready(t.makeShortcut, w)
	if sc == nil {
		return w.Solve(s, dst)
	}
	return shortcutSolve(sc, w, s, dst, true)
}

// shortcutSolve is the walk from s through the shortcut sc over w's table,
// appended to dst; tally says whether it counts toward the next-step table
// (as Walker.Solve counts its walks: those from reachable states).
func shortcutSolve(sc Shortcut, w *walk.Walker, s puzzle.State, dst []uint8, tally bool) ([]uint8, error) {
	def, lv := w.Def(), w.Levels()
	r := uint64(s)
	if !def.Accel.StateIsRank {
		r = def.Rank(s)
	}
	v := lv.At(r)
	if !lv.ReachableLevel(v) {
		return dst, walk.ErrUnreachable
	}
	if tally {
		w.Tally()
	}
	steps, n, ok := sc.Solve(uint32(r), v)
	if !ok {
		return dst, walk.ErrInconsistent
	}
	return append(dst, steps[:n]...), nil
}

// SolveByTable is Solve as a program's first walks take it, before the
// next-step table: through the shortcut (made now, if the table has one and
// it is not yet made), else the walker's walk of the distance table, as
// step indices appended to dst. The proofs compare it with the reference
// walk on every state; the benchmarks measure it.
func (t *Table) SolveByTable(s puzzle.State, dst []uint8) ([]uint8, error) {
	w, err := t.Walker()
	if err != nil {
		return dst, err
	}
	if t.makeShortcut == nil {
		return w.SolveByTable(s, dst)
	}
	return shortcutSolve(t.shortcut.now(t.makeShortcut, w), w, s, dst, false)
}
