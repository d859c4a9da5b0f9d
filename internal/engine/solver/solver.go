// Package solver is what every table puzzle's public package is built on: a
// distance table, opened on first use and checked against its definition,
// with the walk over it, answering in the shared Solution type.
//
// A puzzle's package supplies its definition, its steps (the moves of its
// notation as table moves), the separator its solutions are written with
// and its table's source, an io.ReaderAt: the table embedded in the binary
// that its tables/<puzzle> package exports, a file, a table built or fetched
// at run time. Everything else (when the table is read, how a damaged one
// is refused, how solutions are counted and listed) is the same for all,
// whatever the source.
package solver

import (
	"io"
	"math/rand/v2"
	"sync"

	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/config"
)

// Table is one puzzle table and its walker. The zero Table is not usable;
// make one with New. It is safe for concurrent use.
type Table struct {
	def    func() *puzzle.Def
	steps  func() []walk.Step
	groups bool
	sep    string
	// makeShortcut, if set, makes the puzzle's own walk over the table
	// (see WithShortcut); shortcut holds it once made.
	makeShortcut func(*table.Levels) Shortcut
	shortcut     shortcut
	// src holds the table file, read and decoded on first use.
	src io.ReaderAt

	once sync.Once
	w    *walk.Walker
	nt   *answer.Notation
	err  error
}

// New returns the table of def, walked with the given steps (groups says
// whether the walk must keep the steps' group rule; see walk.New), its
// solutions written with sep between moves, read from src: a table file
// from its first byte to its end, such as the bytes a tables/<puzzle>
// package embeds (strings.NewReader). Nothing is read until the first
// answer; src is then read once, and must not change while it is.
func New(def func() *puzzle.Def, steps func() []walk.Step, groups bool, sep string, src io.ReaderAt) *Table {
	return &Table{def: def, steps: steps, groups: groups, sep: sep, src: src}
}

// From returns a table like t (its definition, steps, notation and
// shortcut) whose distances are read from r instead of t's source, on
// first use, as t's would be. r must hold a table file from its first
// byte to its end.
func (t *Table) From(r io.ReaderAt) *Table {
	return &Table{def: t.def, steps: t.steps, groups: t.groups, sep: t.sep, makeShortcut: t.makeShortcut, src: r}
}

// Open reads the table of def from r, walked with the definition's moves as
// steps one for one (SimpleSteps) and written with spaces between them: a
// puzzle known only by its definition. It decodes the table at once; the
// error is a *table.Error when the table is damaged or built for another
// definition, or r's own error when it cannot be read.
func Open(def *puzzle.Def, r io.ReaderAt) (*Table, error) {
	d := func() *puzzle.Def { return def }
	t := New(d, SimpleSteps(d), false, " ", r)
	if _, err := t.Walker(); err != nil {
		return nil, err
	}
	return t, nil
}

// Walker returns the table's walker, decoding the table on first use; the
// error is a *table.Error when the table cannot be used.
func (t *Table) Walker() (*walk.Walker, error) {
	t.once.Do(func() {
		def := t.def()
		steps := t.steps()
		t.nt = answer.StepNotation(steps, t.sep)
		lv, err := table.Read(def, t.src)
		if err != nil {
			t.err = err
			return
		}
		t.w = walk.New(def, lv, steps, t.groups)
	})
	return t.w, t.err
}

// Notation returns how the table's solutions are written.
func (t *Table) Notation() *answer.Notation {
	t.Walker()
	return t.nt
}

// Solve returns the first optimal solution from s.
func (t *Table) Solve(s puzzle.State) (answer.Solution, error) {
	w, err := t.Walker()
	if err != nil {
		return answer.Solution{}, err
	}
	var buf [walk.MaxSteps]uint8
	var steps []uint8
	if w.Prepared() || t.makeShortcut == nil {
		steps, err = w.Solve(s, buf[:0])
	} else {
		steps, err = t.solveBeforeNext(w, s, buf[:0])
	}
	if err != nil {
		return answer.Solution{}, err
	}
	return answer.New(t.nt, steps), nil
}

// Count returns the number of distinct optimal solutions from s.
func (t *Table) Count(s puzzle.State) (uint64, error) {
	w, err := t.Walker()
	if err != nil {
		return 0, err
	}
	return w.Count([]puzzle.State{s})
}

// All returns the optimal solutions from s in step order, at most limit of
// them (limit <= 0: all); truncated says whether there were more.
func (t *Table) All(s puzzle.State, limit int) (sols []answer.Solution, truncated bool, err error) {
	w, err := t.Walker()
	if err != nil {
		return nil, false, err
	}
	return walk.AllAs(w, []puzzle.State{s}, limit, func(path []uint8) answer.Solution {
		return answer.New(t.nt, path)
	})
}

// Distribution returns the number of states at each distance, as the table
// records it.
func (t *Table) Distribution() ([]int, error) {
	w, err := t.Walker()
	if err != nil {
		return nil, err
	}
	c := w.Levels().Counts
	out := make([]int, len(c))
	for i, x := range c {
		out[i] = int(x)
	}
	return out, nil
}

// SimpleSteps are steps that are the table's moves one for one, in the
// definition's order, with no group rule.
func SimpleSteps(def func() *puzzle.Def) func() []walk.Step {
	return func() []walk.Step {
		d := def()
		steps := make([]walk.Step, len(d.Moves))
		for m, name := range d.Moves {
			steps[m] = walk.Step{Name: name, Group: -1, Paths: [][]int{{m}}}
		}
		return steps
	}
}

// NotationOf returns steps' notation (their names joined by sep), made on
// first call: a public package's own notation, apart from its table's, so
// that reading and writing moves never decodes the table.
func NotationOf(steps func() []walk.Step, sep string) func() *answer.Notation {
	return sync.OnceValue(func() *answer.Notation { return answer.StepNotation(steps(), sep) })
}

// OrRandom returns rng, or a freshly seeded generator if rng is nil: what
// every puzzle's Random does with a nil generator.
func OrRandom(rng *rand.Rand) *rand.Rand {
	if rng == nil {
		return rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	return rng
}

// Clip shortens s to n bytes and "..." for an error message, so that a huge
// bad input gives a one-line message of bounded length.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// Configure applies options to tables: when their walkers derive their
// next-move tables. It decodes the tables if they are not yet; the error is
// a *table.Error when one cannot be used.
func Configure(opts []config.Option, tables ...*Table) error {
	var o config.Options
	for _, opt := range opts {
		opt(&o)
	}
	for _, t := range tables {
		w, err := t.Walker()
		if err != nil {
			return err
		}
		switch o.NextTable {
		case config.NextOff:
			w.SetNextAfter(0)
		case config.NextNow:
			// Through the puzzle's own walk, if it has one: the
			// derivation is faster through it (the pocket cube's
			// quarter-turn table's, three times).
			if t.makeShortcut != nil {
				t.shortcut.now(t.makeShortcut, w)
			}
			w.Prepare()
		default:
			after := walk.NextAfter
			if o.NextAfter > 0 {
				after = o.NextAfter
			}
			w.SetNextAfter(uint32(after))
		}
	}
	return nil
}
