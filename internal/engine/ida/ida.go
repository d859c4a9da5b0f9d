// Package ida finds optimal solutions of a definition's puzzle where no
// complete table fits: an iterative-deepening depth-first search, each
// state's distance bounded from below by the maximum of pruning tables'
// (internal/engine/prune), each the exact distance of a projection of the puzzle.
//
// A table keeps a distance mod 3. A move changes a projection's distance by
// at most one a generator, so the search, which knows the exact distance of
// a node's projections, knows its children's from their mod-3 values: the
// exact distance of the start's projections (a walk of each table) is all
// it works out otherwise.
//
// The search tries the moves in the puzzle's order, depth first, and
// deepens one unit of cost at a time, so the first solution it finds is the
// first optimal one in that order: the one the walk of a complete table
// gives (internal/engine/walk), byte for byte. Work is split among workers by the
// first moves, and the first solution in move order wins whatever the
// timing, so that one worker and many give the same answer.
package ida

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"time"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/engine/prune"
	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/internal/support/answer"
)

// Searcher searches one puzzle with one set of pruning tables. It is safe
// for concurrent use.
type Searcher struct {
	p      *ksolve.Puzzle
	tables []*prune.Table
	// far[k] is the distance an entry of table k with none reads as: its
	// Beyond where it was truncated, and too far to search where such an
	// entry is unreachable (no neighbour of a reachable state has one).
	far []int
	nt  *answer.Notation
	// For each move: the generators it is made of, its cost and its base.
	gens []([]int)
	cost []int
	base []int
	// skip[b][a]: after a move of base b, a move of base a is left out of
	// a search for the first solution, a being earlier in move order and
	// the two commuting (a then b is the same, and earlier).
	skip [][]bool
	// looks are a node's lower bounds, each a table's (looks.go); off[k]
	// is where look k's decoded index starts in a node's words, words
	// their total.
	looks []look
	off   []int
	words int
	// single: every move is one generator (see dfsBatch).
	single bool
	// illegal: the definition gives Illegal lines, so that each node's
	// whole state is worked out and a move to an illegal one skipped. The
	// tables stay lower bounds: their projections keep only the Illegal
	// lines they tell alone (prune.Project), so a path of legal moves
	// projects to a path of as many legal moves, and a projection's
	// distance is at most the state's.
	illegal bool
}

// Options tune a search.
type Options struct {
	// Workers is the number of goroutines (0: one a core).
	Workers int
	// MaxDepth is the largest cost searched (< 0: no limit); a state with
	// no solution within it gets a *Bounded.
	MaxDepth int
	// Progress, if set, is told how the search goes about every
	// ReportEvery (a second if 0), from one goroutine.
	Progress    func(Progress)
	ReportEvery time.Duration
}

// Progress is how far a search has come.
type Progress struct {
	Depth   int           // the cost being searched
	Nodes   uint64        // the states visited so far, in all depths
	Elapsed time.Duration // since the search started
}

// Bounded is the answer of a search stopped by its depth limit, its
// context's deadline or cancellation: no solution of Depth or fewer exists
// (a proven lower bound; -1 when not even the start was judged).
type Bounded struct {
	Depth int
	// Cause is why the search stopped: nil at the depth limit, else the
	// context's error.
	Cause error
}

func (e *Bounded) Error() string {
	if e.Depth < 0 {
		return "no solution found (the search stopped before it judged any depth)"
	}
	return fmt.Sprintf("no solution of %d moves or fewer", e.Depth)
}

// Unwrap returns the cause of the stop.
func (e *Bounded) Unwrap() error { return e.Cause }

// ErrUnreachable: the state cannot be solved (a projection of it cannot).
var ErrUnreachable = deftable.ErrUnreachable

// New returns the searcher of p guided by tables, the tables of
// projections of p with p's metric and moves.
func New(p *ksolve.Puzzle, tables []*prune.Table) (*Searcher, error) {
	if len(tables) == 0 {
		return nil, errors.New("no pruning tables")
	}
	s := &Searcher{p: p, tables: tables}
	for _, t := range tables {
		far := t.Beyond()
		if far == 0 {
			far = math.MaxInt32
		}
		s.far = append(s.far, far)
	}
	steps := make([]walk.Step, len(p.Moves))
	for i, m := range p.Moves {
		g := -1
		if p.Metric == ksolve.QTM {
			g = m.Base
		}
		paths := p.Paths(i)
		steps[i] = walk.Step{Name: m.Name, Group: g, Paths: paths}
		s.gens = append(s.gens, paths[0])
		s.cost = append(s.cost, p.Cost[i])
		s.base = append(s.base, m.Base)
	}
	s.nt = answer.StepNotation(steps, " ")
	for j, t := range tables {
		if len(t.Puzzle.Moves) != len(p.Moves) || len(t.Puzzle.Gens) != len(p.Gens) || t.Puzzle.Metric != p.Metric {
			return nil, fmt.Errorf("pruning table %d is not of the puzzle's moves and metric", j+1)
		}
	}
	s.looks = chooseLooks(p, tables)
	for _, lk := range s.looks {
		s.off = append(s.off, s.words)
		s.words += tables[lk.table].Index().Width()
	}
	s.skip = commuting(p)
	s.single = true
	for _, g := range s.gens {
		s.single = s.single && len(g) == 1
	}
	s.illegal = p.Def.HasIllegal()
	// The batch works out children without their whole states.
	s.single = s.single && !s.illegal
	return s, nil
}

// commuting returns, for each pair of bases (b, a), whether a move of base
// a after one of base b is left out of a search for the first solution: a
// is earlier in the definition's order and the two commute. Moves are
// listed base by base, so every move of a is then earlier than every move
// of b.
func commuting(p *ksolve.Puzzle) [][]bool {
	d := p.Def
	first := map[int]ksolve.State{} // a move of each base searched
	for _, m := range p.Moves {
		if _, ok := first[m.Base]; !ok {
			first[m.Base] = m.Perm
		}
	}
	skip := make([][]bool, len(d.Bases))
	for b := range skip {
		skip[b] = make([]bool, len(d.Bases))
		for a := 0; a < b; a++ {
			x, okx := first[a]
			y, oky := first[b]
			if okx && oky && string(d.Compose(x, y)) == string(d.Compose(y, x)) {
				skip[b][a] = true
			}
		}
	}
	return skip
}

// Notation writes the searcher's solutions.
func (s *Searcher) Notation() *answer.Notation { return s.nt }

// Puzzle is the puzzle searched.
func (s *Searcher) Puzzle() *ksolve.Puzzle { return s.p }

// LowerBound returns the tables' bound of the distance of st: the
// largest of its looks' distances (its projections', and its conjugates'
// where the definition gives symmetries).
func (s *Searcher) LowerBound(st ksolve.State) (int, error) {
	r, err := s.root(st)
	if err != nil {
		return 0, err
	}
	return r.bound(), nil
}

// root is the start of a search: each look's decoded index of the start's
// projection (or its conjugate's) and its exact distance, and the levels
// the search reads,
// each table's its own (table.Levels.Checked): a table read in place keeps
// there the first of this search's reads that failed, and no other
// search's.
type root struct {
	st  ksolve.State
	dec []uint64
	h   []int
	lv  []*table.Levels
	rd  []table.Reader
}

// readErr is the first of the search's reads of a table in place that
// failed (a damaged block, or the file's error), or nil. A failed read
// gives the level of an unreachable state, which cuts its node off: a
// result found with a failure may be wrong, and is not given.
func (r *root) readErr() error {
	for _, lv := range r.lv {
		if err := lv.Err(); err != nil {
			return err
		}
	}
	return nil
}

func (r *root) bound() int {
	b := 0
	for _, h := range r.h {
		b = max(b, h)
	}
	return b
}

func (s *Searcher) root(st ksolve.State) (*root, error) {
	if len(st) != s.p.Def.Width {
		return nil, fmt.Errorf("a state of %d values, want %d", len(st), s.p.Def.Width)
	}
	if at := s.p.Def.IllegalAt(st); at != "" {
		return nil, fmt.Errorf("illegal state: %s", at)
	}
	if in, decided := s.p.Contains(st); decided && !in {
		return nil, ErrUnreachable
	}
	r := &root{st: st.Clone(), dec: make([]uint64, s.words), h: make([]int, len(s.looks))}
	for _, t := range s.tables {
		lv := t.Levels().Checked()
		r.lv = append(r.lv, lv)
		r.rd = append(r.rd, lv.Reader())
	}
	var conj ksolve.State
	for k, lk := range s.looks {
		t, seen := s.tables[lk.table], st
		if lk.sym != nil {
			conj = s.p.Conjugate(conj, st, lk.sym)
			seen = conj
		}
		ps := t.Projector.Project(nil, seen)
		i, ok := t.Index().Index(ps)
		if !ok {
			return nil, ErrUnreachable
		}
		d, err := t.Distance(seen)
		if err != nil {
			return nil, err
		}
		t.Index().Decode(i, r.dec[s.off[k]:])
		r.h[k] = d
	}
	return r, nil
}

// workers is the number of goroutines o asks for.
func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Solve returns the first optimal solution of st in the puzzle's move
// order.
func (s *Searcher) Solve(ctx context.Context, st ksolve.State, o Options) (answer.Solution, error) {
	var sol answer.Solution
	err := s.deepen(ctx, st, o, modeFirst, 0, func(res *result) bool {
		if !res.found {
			return false
		}
		sol = s.solution(res.first)
		return true
	})
	return sol, err
}

// Count returns the number of optimal solutions of st (sequences of moves,
// no two of one base in a row in the quarter-turn metric, as the walk of a
// complete table counts them).
func (s *Searcher) Count(ctx context.Context, st ksolve.State, o Options) (uint64, error) {
	var n uint64
	err := s.deepen(ctx, st, o, modeCount, 0, func(res *result) bool {
		n = res.count
		return n > 0
	})
	return n, err
}

// All returns the optimal solutions of st in move order, at most limit of
// them (all when limit <= 0); truncated says there were more.
func (s *Searcher) All(ctx context.Context, st ksolve.State, limit int, o Options) (sols []answer.Solution, truncated bool, err error) {
	err = s.deepen(ctx, st, o, modeAll, limit, func(res *result) bool {
		if len(res.sols) == 0 {
			return false
		}
		list := res.sols
		if limit > 0 && len(list) > limit {
			list, truncated = list[:limit], true
		}
		for _, path := range list {
			sols = append(sols, s.solution(path))
		}
		return true
	})
	return sols, truncated, err
}

// Distance returns the cost of an optimal solution of st.
func (s *Searcher) Distance(ctx context.Context, st ksolve.State, o Options) (int, error) {
	sol, err := s.Solve(ctx, st, o)
	return sol.Cost(), err
}

func (s *Searcher) solution(path []int) answer.Solution {
	steps := make([]uint8, len(path))
	for k, i := range path {
		steps[k] = uint8(i)
	}
	return answer.New(s.nt, steps)
}

// deepen searches st at each cost from the tables' bound up, until done
// says a depth's result answers, the depth limit, or the context's end.
func (s *Searcher) deepen(ctx context.Context, st ksolve.State, o Options, m mode, limit int, done func(*result) bool) error {
	r, err := s.root(st)
	if err != nil {
		return err
	}
	start := time.Now()
	var nodes uint64
	for bound := r.bound(); ; bound++ {
		if o.MaxDepth >= 0 && bound > o.MaxDepth {
			return &Bounded{Depth: o.MaxDepth}
		}
		if bound > walk.MaxSteps {
			return &Bounded{Depth: bound - 1, Cause: fmt.Errorf("a solution would be longer than the %d moves an answer holds", walk.MaxSteps)}
		}
		res := s.searchBound(ctx, r, bound, m, limit, o, start, &nodes)
		if err := r.readErr(); err != nil {
			return err
		}
		if res.stopped {
			return &Bounded{Depth: bound - 1, Cause: context.Cause(ctx)}
		}
		if done(res) {
			return nil
		}
	}
}
