// Package deftable is the exact table of a puzzle read from a definition
// file: it builds the table (the index of permindex, searched by bfs),
// writes and reads it as a .gdt file that carries its definition, and
// answers from it with the walk every table puzzle shares.
package deftable

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/engine/tablebuild"
	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/answer"
)

// Table is a definition's puzzle with its distance table. It is safe for
// concurrent use.
type Table struct {
	// Puzzle is the definition with its metric and moves.
	Puzzle *ksolve.Puzzle
	// Index numbers its states.
	Index *permindex.Index
	// ID is the fingerprint of what the table means (see ID).
	ID [32]byte
	// Resumed is the number of distances a build took from its checkpoint.
	Resumed int
	// Truncated says the table's search was ended before it reached every
	// state (BuildOptions.Enough): a state it holds no distance for is
	// farther than its largest, or unreachable.
	Truncated bool
	def       *puzzle.Def
	lv        *table.Levels
	w         *walk.Walker
	goal      uint64
	nt        *answer.Notation
	// sym, for a table of classes, is the symmetries it answers through.
	sym *symmetric
}

// ID is the fingerprint of the table a puzzle has: its sets, its solved
// state, its metric and the moves its search makes (by name, in name
// order), so that comments, spacing and the order of the moves in the file
// do not change it and the metric and the move set do; and the numbering
// of its states, x's, when that is not the one of coordinates alone
// (permindex.Index.Layout), which an x of nil stands for.
func ID(p *ksolve.Puzzle, x *permindex.Index) [32]byte {
	h := sha256.New()
	d := p.Def
	put := func(v int) { h.Write(binary.LittleEndian.AppendUint64(nil, uint64(v))) }
	str := func(s string) { put(len(s)); h.Write([]byte(s)) }
	str("godtable definition table 1")
	str(p.Metric.String())
	if il := d.IllegalKey(); il != "" {
		// Only where there are Illegal lines, so that every other
		// definition keeps the ID its tables were built with.
		str("illegal " + il)
	}
	put(len(d.Sets))
	for _, s := range d.Sets {
		str(s.Name)
		put(s.Size)
		put(s.Mod)
	}
	h.Write(d.Solved)
	order := make([]int, len(p.Moves))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(p.Moves[a].Name, p.Moves[b].Name) })
	put(len(order))
	for _, i := range order {
		str(p.Moves[i].Name)
		put(p.Cost[i])
		h.Write(p.Moves[i].Perm)
	}
	if x != nil && x.Layout() != "" {
		str(x.Layout())
	}
	var id [32]byte
	copy(id[:], h.Sum(nil))
	return id
}

// BuildOptions tune Build.
type BuildOptions struct {
	// Workers is the number of goroutines of the search (0: one a core).
	Workers int
	// Progress, if set, is told how the search goes about every
	// ReportEvery.
	Progress    func(bfs.Progress)
	ReportEvery time.Duration
	// Checkpoint, if set, is the file the search keeps its work in after a
	// level (first once it has run CheckpointAfter; see bfs.Options) and
	// resumes from.
	Checkpoint      string
	CheckpointAfter time.Duration
	// Facts, if set, are the build's facts as "key=value" lines (the
	// program, its command line, the machine, the time), which the table
	// keeps with the states the search reached and the index's size (see
	// table.Header.Facts).
	Facts string
	// NoSymmetry keeps the table state by state where the definition
	// gives symmetries of its search, which otherwise reduce it to one
	// entry a class (see ksolve.Symmetry).
	NoSymmetry bool
	// Enough, if set, may end the search of a table kept state by state
	// before it reaches every state (bfs.Options.Enough): a pruning
	// table's, whose farthest levels cost the most and tell the least.
	// The table is then Truncated.
	Enough func(counts []uint64, unseen uint64) bool
	// ClassIndex builds a table of classes by a search over an index of
	// the classes (symindex), two bits a class, where the definition has
	// symmetries and the index can be made.
	ClassIndex bool
}

// reachable is ksolve.Puzzle.Reachable, the count Build checks its search
// against; a test replaces it to see the check refuse a search.
var reachable = (*ksolve.Puzzle).Reachable

// Build searches the puzzle's states and returns its table.
func Build(ctx context.Context, p *ksolve.Puzzle, opt BuildOptions) (*Table, error) {
	size, _, err := permindex.Plan(p)
	if err != nil {
		return nil, err
	}
	n := Symmetries(p)
	byClasses := !opt.NoSymmetry && n > 1 && (searchesClasses(size, n) || opt.ClassIndex)
	newIndex := permindex.New
	if byClasses {
		// A search of classes moves states at random, and never reads
		// a move table row by row.
		newIndex = permindex.NewFactored
	}
	x, err := newIndex(p)
	if err != nil {
		return nil, err
	}
	goal, err := goalOf(p, x)
	if err != nil {
		return nil, err
	}
	id := ID(p, x)
	var sy *symmetric
	if !opt.NoSymmetry {
		sy = symmetriesOf(p, x)
	}
	if opt.ClassIndex {
		if sy == nil {
			return nil, fmt.Errorf("%s: a class index needs symmetries of the search, and this one keeps every state", p.Def.Name)
		}
		return searchClassIndex(ctx, p, x, goal, sy, opt)
	}
	if byClasses {
		return searchClasses(ctx, p, x, goal, sy, opt)
	}
	g, err := searchGraph(ctx, p, x, opt.Workers)
	if err != nil {
		return nil, err
	}
	lv, err := bfs.Search(ctx, g, goal, bfs.Options{
		Workers: opt.Workers, Progress: opt.Progress, ReportEvery: opt.ReportEvery,
		Checkpoint: opt.Checkpoint, CheckpointAfter: opt.CheckpointAfter, ID: id,
		Enough: opt.Enough,
	})
	if err != nil {
		return nil, err
	}
	reached, err := checkReached(p, lv.Counts, lv.Truncated)
	if err != nil {
		return nil, err
	}
	if sy != nil {
		id = classID(p, x, sy)
		def := walkDef(p, x, goal, id, sy)
		cl, err := classTable(ctx, sy, def, lv, goal)
		if err != nil {
			return nil, err
		}
		if opt.Facts != "" {
			cl.Facts = fmt.Sprintf("%sreachable=%d\nindexed=%d\nclasses=%d\nsymmetries=%d\n", opt.Facts, reached, x.Size(), cl.Classes, len(sy.syms))
		}
		t := newTable(p, x, id, def, cl, sy)
		t.Resumed = lv.Resumed
		return t, nil
	}
	def := walkDef(p, x, goal, id, nil)
	packed := tablebuild.Packed(lv)
	h, err := table.PackedHeader(def, packed, lv.Counts)
	if err != nil {
		return nil, err
	}
	if opt.Facts != "" {
		h.Facts = fmt.Sprintf("%sreachable=%d\nindexed=%d\n", opt.Facts, reached, x.Size())
	}
	t := newTable(p, x, id, def, table.PackedLevels(h, packed), nil)
	t.Resumed = lv.Resumed
	t.Truncated = lv.Truncated
	return t, nil
}

// checkReached returns the states a search reached, having checked them
// against the count of the group the moves generate.
func checkReached(p *ksolve.Puzzle, counts []uint64, truncated bool) (uint64, error) {
	count, exact := reachable(p)
	if p.Def.HasIllegal() || truncated {
		// The group's order counts the illegal states too, and the
		// states only illegal ones lead to: a bound. A truncated search
		// reaches fewer.
		exact = false
	}
	reached := uint64(0)
	for _, c := range counts {
		reached += c
	}
	if exact && (!count.IsUint64() || count.Uint64() != reached) {
		// The group's order, from the moves alone, is an independent
		// count: a search that reaches another number missed states or
		// numbered two as one.
		return 0, fmt.Errorf("%s: the search reached %d states, but the moves reach %v (the order of the group they generate): the index or the search is wrong", p.Def.Name, reached, count)
	}
	if !exact && count != nil && count.IsUint64() && reached > count.Uint64() {
		// With identical pieces the order is a bound: the states are
		// the order divided by the solved state's stabiliser.
		return 0, fmt.Errorf("%s: the search reached %d states, but the moves reach at most %v (the order of the group they generate): the index or the search is wrong", p.Def.Name, reached, count)
	}
	return reached, nil
}

// walkDef is the table's definition as the walk and the table format see
// it: a state is its index, and the moves are the generators; with sy, a
// state's class is found through its symmetries.
func walkDef(p *ksolve.Puzzle, x *permindex.Index, goal uint64, id [32]byte, sy *symmetric) *puzzle.Def {
	names := make([]string, len(p.Gens))
	inverse := make([]int, len(p.Gens))
	for g, m := range p.Gens {
		names[g] = p.Moves[m].Name
		inv := p.InverseMove(m)
		inverse[g] = slices.Index(p.Gens, inv)
	}
	var canon func(uint64) uint64
	var ci *puzzle.ClassIndex
	apply := func(s puzzle.State, m int) puzzle.State { return puzzle.State(x.Apply(uint64(s), m)) }
	switch {
	case sy != nil && sy.ci != nil:
		ci = &puzzle.ClassIndex{Entries: sy.ci.Size(), Entry: sy.classEntry}
	case sy != nil:
		canon = sy.canonical
		apply = func(s puzzle.State, m int) puzzle.State { return puzzle.State(sy.apply(uint64(s), m)) }
	}
	return &puzzle.Def{
		Canonical:  canon,
		ClassIndex: ci,
		Name:       fmt.Sprintf("def-%x", id[:8]),
		Size:       x.Size(),
		Goal:       puzzle.State(goal),
		Moves:      names,
		Inverse:    inverse,
		Unrank:     func(r uint64) puzzle.State { return puzzle.State(r) },
		Rank:       func(s puzzle.State) uint64 { return uint64(s) },
		Apply:      apply,
		Accel:      puzzle.Accel{StateIsRank: true},
	}
}

// open checks a table file against the puzzle and makes its walker; sy
// is set for a table of classes.
func open(p *ksolve.Puzzle, x *permindex.Index, id [32]byte, sy *symmetric, r io.ReaderAt) (*Table, error) {
	goal, err := goalOf(p, x)
	if err != nil {
		return nil, err
	}
	def := walkDef(p, x, goal, id, sy)
	lv, err := table.Read(def, r)
	if err != nil {
		return nil, err
	}
	return newTable(p, x, id, def, lv, sy), nil
}

// openPaged reads the table of size bytes that r holds in place (see
// OpenPagedAt); they start at byte at of file, which its blocks' errors
// name.
func openPaged(p *ksolve.Puzzle, x *permindex.Index, id [32]byte, sy *symmetric, r io.ReaderAt, size int64, cacheBlocks int, file string, at int64) (*Table, error) {
	goal, err := goalOf(p, x)
	if err != nil {
		return nil, err
	}
	def := walkDef(p, x, goal, id, sy)
	pg, err := table.OpenPaged(def, r, size, cacheBlocks)
	if err != nil {
		return nil, err
	}
	pg.InFile(file, at)
	return newTable(p, x, id, def, pg.Levels(), sy), nil
}

// newTable makes the walker of a table's levels.
func newTable(p *ksolve.Puzzle, x *permindex.Index, id [32]byte, def *puzzle.Def, lv *table.Levels, sy *symmetric) *Table {
	steps := make([]walk.Step, len(p.Moves))
	for i, m := range p.Moves {
		g := -1
		if p.Metric == ksolve.QTM {
			g = m.Base
		}
		steps[i] = walk.Step{Name: m.Name, Group: g, Paths: p.Paths(i)}
	}
	w := walk.New(def, lv, steps, p.Metric == ksolve.QTM)
	if x.Size() > 1<<24 || sy != nil || lv.Paged() != nil || lv.Mapped() {
		// The next-step table takes half a byte an index: worth it for
		// a small puzzle answered many times, not for a large one, nor
		// for a table of classes, which it would read a class at a time
		// for every index, nor for a table read in place or mapped,
		// which it would read whole.
		w.SetNextAfter(0)
	}
	return &Table{Puzzle: p, Index: x, ID: id, def: def, lv: lv, w: w, goal: uint64(def.Goal),
		nt: answer.StepNotation(steps, " "), sym: sy}
}

// Levels are the table's levels, with its header.
func (t *Table) Levels() *table.Levels { return t.lv }

// Facts are the build's facts the table keeps ("" for none).
func (t *Table) Facts() string { return t.lv.Facts }

// WithoutFacts returns the table without its build's facts: two builds of
// one puzzle are the same bytes but for them.
func (t *Table) WithoutFacts() *Table {
	c := *t
	lv := *t.lv
	lv.Facts = ""
	c.lv = &lv
	return &c
}

// Counts are the states at each distance.
func (t *Table) Counts() []uint64 { return t.lv.Counts }

// Reachable is the number of states the moves reach.
func (t *Table) Reachable() uint64 {
	n := uint64(0)
	for _, c := range t.lv.Counts {
		n += uint64(c)
	}
	return n
}

// Notation is how the table's answers are written.
func (t *Table) Notation() *answer.Notation { return t.nt }

// ErrUnreachable: the position is not reachable from the solved state with
// the puzzle's moves.
var ErrUnreachable = fmt.Errorf("not reachable from the solved state")

// IndexOf returns the index of state s, or ErrUnreachable.
func (t *Table) IndexOf(s ksolve.State) (uint64, error) {
	return t.indexOf(t.lv.Checked(), s)
}

// indexOf is IndexOf reading through lv: a state whose level cannot be
// read is not called unreachable, but gets lv's failure.
func (t *Table) indexOf(lv *table.Levels, s ksolve.State) (uint64, error) {
	i, ok := t.Index.Index(s)
	if ok && !lv.Reachable(i) {
		if err := lv.Err(); err != nil {
			return 0, err
		}
		ok = false
	}
	if !ok {
		return 0, ErrUnreachable
	}
	return i, nil
}

// answering returns the levels and the walker of one answer: a table read
// in place is read through levels of the answer's own (table.Levels.Checked),
// so that a damaged block fails the answers that read it and no other.
func (t *Table) answering() (*table.Levels, *walk.Walker) {
	lv := t.lv.Checked()
	return lv, t.w.Reading(lv)
}

// checked returns err, or the failure of the answer's reads of a table in
// place (lv's, table.Levels.Err): an answer read from a damaged block is
// no answer.
func checked(lv *table.Levels, err error) error {
	if e := lv.Err(); e != nil {
		return e
	}
	return err
}

// Solve returns the first optimal solution from s in the definition's move
// order.
func (t *Table) Solve(s ksolve.State) (answer.Solution, error) {
	lv, w := t.answering()
	i, err := t.indexOf(lv, s)
	if err != nil {
		return answer.Solution{}, err
	}
	var buf [walk.MaxSteps]uint8
	steps, err := w.Solve(puzzle.State(i), buf[:0])
	if err := checked(lv, err); err != nil {
		return answer.Solution{}, err
	}
	return answer.New(t.nt, steps), nil
}

// Count returns the number of distinct optimal solutions from s.
func (t *Table) Count(s ksolve.State) (uint64, error) {
	lv, w := t.answering()
	i, err := t.indexOf(lv, s)
	if err != nil {
		return 0, err
	}
	n, err := w.Count([]puzzle.State{puzzle.State(i)})
	if err := checked(lv, err); err != nil {
		return 0, err
	}
	return n, nil
}

// All returns the optimal solutions from s in move order, at most limit
// (all when limit <= 0); truncated says there were more.
func (t *Table) All(s ksolve.State, limit int) ([]answer.Solution, bool, error) {
	lv, w := t.answering()
	i, err := t.indexOf(lv, s)
	if err != nil {
		return nil, false, err
	}
	sols, more, err := walk.AllAs(w, []puzzle.State{puzzle.State(i)}, limit, func(path []uint8) answer.Solution {
		return answer.New(t.nt, path)
	})
	if err := checked(lv, err); err != nil {
		return nil, false, err
	}
	return sols, more, nil
}

// Distance returns the cost of an optimal solution from s.
func (t *Table) Distance(s ksolve.State) (int, error) {
	sol, err := t.Solve(s)
	if err != nil {
		return 0, err
	}
	return sol.Cost(), nil
}

// Random returns a state drawn uniformly from the reachable ones; the
// solved state where Draw fails.
func (t *Table) Random(rng *rand.Rand) ksolve.State {
	s, err := t.Draw(rng)
	if err != nil {
		return t.Puzzle.Def.Solved.Clone()
	}
	return s
}

// Draw returns a state drawn uniformly from the reachable ones, or, for a
// table read in place, the failure of a draw that read a damaged block: a
// draw that skipped the block's states would not be uniform.
func (t *Table) Draw(rng *rand.Rand) (ksolve.State, error) {
	n := t.Index.Size()
	lv := t.lv.Checked()
	for {
		i := rng.Uint64N(n)
		if lv.Reachable(i) {
			return t.Index.State(i), nil
		}
		if err := lv.Err(); err != nil {
			return nil, err
		}
	}
}

// Plan returns the index size of p and the memory a build takes, without
// building the move tables; noSymmetry as in BuildOptions.
func Plan(p *ksolve.Puzzle, noSymmetry bool) (indexed, memory uint64, err error) {
	size, tables, err := permindex.Plan(p)
	if err != nil {
		return 0, 0, err
	}
	if n := Symmetries(p); !noSymmetry && n > 1 && searchesClasses(size, n) {
		// A search of classes: a bit a state marked, two for the
		// representatives' levels, two for the table's bits and their
		// map; a class's node in the tree and its edge as it is found,
		// about sixteen bytes, and a class has at most n states.
		return size, size/8 + size/4 + size/4 + 16*(size/uint64(n)) + tables, nil
	}
	// The levels, two bits a state; then the search's marks (a bit a
	// state for each of at most two workers: bfs.markSets) and after
	// them the packed table, each as large again; and a bit a state
	// for the illegal ones, where the definition gives Illegal lines.
	return size, size/4*2 + tables + LegalMemory(p, size), nil
}

// goalOf is the index of p's solved state in x.
func goalOf(p *ksolve.Puzzle, x *permindex.Index) (uint64, error) {
	goal, ok := x.Index(p.Def.Solved)
	if !ok {
		return 0, fmt.Errorf("%s: the solved state has no index", p.Def.Name)
	}
	return goal, nil
}
