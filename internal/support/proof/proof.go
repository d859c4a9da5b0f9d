// Package proof holds the second methods the tests check the walk against:
// code that shares nothing with the walk's own, kept apart so that the
// tests of every puzzle's package can use it. Nothing but tests imports it.
//
// CountOptimal counts the optimal solutions of every state of a table at
// once. Its own breadth-first search gives every state's distance in table
// moves, and a dynamic program over the states in breadth-first order
// counts, for every state s and every group g, the optimal solutions from s
// that start with a step of group g. A step (a token of the notation) from s
// starts an optimal solution exactly when the state it reaches is nearer by
// the step's cost; the solutions it starts are those of the state reached
// that do not start with the step's own group (the rule that no face is
// turned twice in a row). The count from s after a step of group g is then
// the total minus the part that starts with g.
package proof

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/tier"
)

// Counts is the result of the dynamic program.
type Counts struct {
	Dist    []uint8  // distance to the goal in table moves (Unreachable: none)
	Total   []uint64 // optimal solutions from each state
	byGroup []uint64 // [state*groups + g]: those that start with group g
	groups  int
}

// Unreachable is the distance of a state that cannot reach the goal.
const Unreachable = 0xff

// after returns the number of optimal solutions from rank r that may follow
// a step of group g (-1: any).
func (c *Counts) After(r uint32, g int) uint64 {
	if g < 0 {
		return c.Total[r]
	}
	return c.Total[r] - c.byGroup[int(r)*c.groups+g]
}

// CountOptimal runs the breadth-first search and the dynamic program. It
// reads the puzzle only through its definition (Apply, Rank, Unrank, Goal)
// and the steps' first paths, costs and groups.
func CountOptimal(def *puzzle.Def, steps []walk.Step) *Counts {
	n := int(def.Size)
	c := &Counts{Total: make([]uint64, n)}
	for _, s := range steps {
		c.groups = max(c.groups, s.Group+1)
	}
	c.byGroup = make([]uint64, n*c.groups)
	var order []uint32
	c.Dist, order = distances(def)
	goal := def.Rank(def.Goal)
	// The dynamic program, nearest states first, so that every state a
	// step leads to is counted before the state it is stepped from.
	c.Total[goal] = 1
	for _, r := range order[1:] {
		s := def.Unrank(uint64(r))
		d := int(c.Dist[r])
		for _, st := range steps {
			t := s
			for _, m := range st.Paths[0] {
				t = def.Apply(t, m)
			}
			tr := uint32(def.Rank(t))
			if int(c.Dist[tr]) != d-len(st.Paths[0]) {
				continue
			}
			k := c.After(tr, st.Group)
			c.Total[r] = satAdd(c.Total[r], k)
			if st.Group >= 0 {
				c.byGroup[int(r)*c.groups+st.Group] = satAdd(c.byGroup[int(r)*c.groups+st.Group], k)
			}
		}
	}
	return c
}

// Distances returns every rank's distance to the goal in table moves
// (Unreachable: none), by a breadth-first search of its own, a byte a state
// and a queue, backwards along the moves' inverses: the tests' second method
// for the tables, which internal/engine/bfs builds.
func Distances(def *puzzle.Def) []uint8 {
	dist, _ := distances(def)
	return dist
}

// distances is Distances, with the ranks in the order the search met them.
func distances(def *puzzle.Def) ([]uint8, []uint32) {
	n := int(def.Size)
	dist := make([]uint8, n)
	for i := range dist {
		dist[i] = Unreachable
	}
	// A puzzle whose moves have no inverse among its moves gets them as
	// tables.
	pred := predecessors(def)
	order := make([]uint32, 0, n)
	goal := def.Rank(def.Goal)
	dist[goal] = 0
	order = append(order, uint32(goal))
	for head := 0; head < len(order); head++ {
		r := order[head]
		for m := range def.Moves {
			p := pred(r, m)
			if dist[p] == Unreachable {
				dist[p] = dist[r] + 1
				order = append(order, p)
			}
		}
	}
	return dist, order
}

func satAdd(a, b uint64) uint64 {
	if a+b < a {
		return ^uint64(0)
	}
	return a + b
}

// predecessors returns p(r, m): the rank that move m takes to r.
func predecessors(def *puzzle.Def) func(r uint32, m int) uint32 {
	if def.Undirected() {
		return func(r uint32, m int) uint32 {
			return uint32(def.Rank(def.Apply(def.Unrank(uint64(r)), def.Inverse[m])))
		}
	}
	inv := make([][]uint32, len(def.Moves))
	for m := range inv {
		inv[m] = make([]uint32, def.Size)
		for r := range def.Size {
			inv[m][def.Rank(def.Apply(def.Unrank(r), m))] = uint32(r)
		}
	}
	return func(r uint32, m int) uint32 { return inv[m][r] }
}

// InParallel runs f on every index below n, on all CPUs, and returns the
// first error of each worker.
func InParallel(n uint32, f func(i uint32) error) error {
	workers := runtime.NumCPU()
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			for r := uint32(k); r < n; r += uint32(workers) {
				if err := f(r); err != nil {
					errs[k] = err
					return
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Ranks returns the states the every-state proofs check: every rank of the
// table, or under go test -short every distance's states, all of them
// where there are at most tier.PerDistance (see tier.ByDistance).
func Ranks(c *Counts) []uint32 {
	return tier.ByDistance(uint32(len(c.Dist)), func() []uint8 { return c.Dist })
}

// EveryCount checks the walker on the given states of its table (see
// Ranks) against c: the walk's distance is the search's (and unreachable
// states are refused); Solve, through the next-step table (derived first)
// and through the distance table, gives the reference walk's answer, as
// does each of also; and Count is the dynamic program's.
func EveryCount(w *walk.Walker, c *Counts, ranks []uint32, also ...Solve) error {
	def := w.Def()
	w.Prepare()
	return InParallel(uint32(len(ranks)), func(k uint32) error {
		r := ranks[k]
		s := def.Unrank(uint64(r))
		var a, b, e [walk.MaxSteps]uint8
		ref, err1 := w.SolveReference(s, a[:0])
		next, err2 := w.Solve(s, b[:0])
		byTable, err3 := w.SolveByTable(s, e[:0])
		if !slices.Equal(ref, next) || !slices.Equal(ref, byTable) || err1 != err2 || err1 != err3 {
			return fmt.Errorf("rank %d: reference walk %v (%v), Solve %v (%v), SolveByTable %v (%v)", r, ref, err1, next, err2, byTable, err3)
		}
		for k, solve := range also {
			got, err := solve(s, e[:0])
			if !slices.Equal(ref, got) || err != err1 {
				return fmt.Errorf("rank %d: reference walk %v (%v), solver %d of also %v (%v)", r, ref, err1, k, got, err)
			}
		}
		d, err := w.Distance(s)
		if c.Dist[r] == Unreachable {
			if err == nil {
				return fmt.Errorf("rank %d: unreachable, but Distance says %d", r, d)
			}
			return nil
		}
		if err != nil || d != int(c.Dist[r]) {
			return fmt.Errorf("rank %d: Distance %d (%v), search %d", r, d, err, c.Dist[r])
		}
		n, err := w.Count([]puzzle.State{s})
		if err != nil || n != c.Total[r] {
			return fmt.Errorf("rank %d: Count %d (%v), dynamic program %d", r, n, err, c.Total[r])
		}
		return nil
	})
}

// AllSample checks All against c on sample random states of the walker's
// table (on every state, when there are at most twice as many; sample/10
// under go test -short): it lists
// exactly the dynamic program's count of solutions, in strictly increasing
// step order, each legal, reaching the goal and of the optimal length; and a
// limit below the count cuts the list to its start without changing Count.
func AllSample(w *walk.Walker, c *Counts, sample int) error {
	def := w.Def()
	if testing.Short() {
		sample /= 10
	}
	rng := rand.New(rand.NewPCG(11, uint64(def.Size)))
	ranks := make([]uint32, 0, sample)
	if def.Size <= uint64(2*sample) {
		for r := range uint32(def.Size) {
			ranks = append(ranks, r)
		}
	} else {
		for range sample {
			ranks = append(ranks, rng.Uint32N(uint32(def.Size)))
		}
	}
	return InParallel(uint32(len(ranks)), func(k uint32) error {
		r := ranks[k]
		if c.Dist[r] == Unreachable {
			return nil
		}
		return checkAll(w, c, r, int(k%4))
	})
}

// checkAll checks All from rank r against the dynamic program, with a limit
// that cuts the list when cut > 0.
func checkAll(w *walk.Walker, c *Counts, r uint32, cut int) error {
	def, steps := w.Def(), w.Steps()
	s := def.Unrank(uint64(r))
	want := c.Total[r]
	sols, truncated, err := w.All([]puzzle.State{s}, int(min(want, 1<<20)))
	if err != nil {
		return fmt.Errorf("rank %d: %v", r, err)
	}
	if truncated || uint64(len(sols)) != want {
		return fmt.Errorf("rank %d: All lists %d (truncated %v), the dynamic program counts %d", r, len(sols), truncated, want)
	}
	for k, sol := range sols {
		if k > 0 && slices.Compare(sols[k-1], sol) >= 0 {
			return fmt.Errorf("rank %d: solutions %d and %d are not in step order, or repeat", r, k, k+1)
		}
		x, err := w.CheckSteps(s, sol)
		if err != nil {
			return fmt.Errorf("rank %d: solution %v: %v", r, sol, err)
		}
		cost := 0
		for _, i := range sol {
			cost += len(steps[i].Paths[0])
		}
		if def.Rank(x) != def.Rank(def.Goal) || cost != int(c.Dist[r]) {
			return fmt.Errorf("rank %d: solution %v costs %d and reaches rank %d; optimal %d", r, sol, cost, def.Rank(x), c.Dist[r])
		}
	}
	if cut > 0 && want > uint64(cut) {
		part, truncated, err := w.All([]puzzle.State{s}, cut)
		if err != nil || !truncated || len(part) != cut {
			return fmt.Errorf("rank %d: All with limit %d gives %d (truncated %v, %v)", r, cut, len(part), truncated, err)
		}
		for k := range part {
			if !slices.Equal(part[k], sols[k]) {
				return fmt.Errorf("rank %d: the limited list is not the full list's start", r)
			}
		}
		if n, _ := w.Count([]puzzle.State{s}); n != want {
			return fmt.Errorf("rank %d: Count %d after a limited All, want %d", r, n, want)
		}
	}
	return nil
}

// A Solve is another way to a walker's answer: from s, the steps appended
// to dst (a table's walk through its shortcut, say).
type Solve func(s puzzle.State, dst []uint8) ([]uint8, error)

// Check runs Table on the walker that walker makes (a table's Walker
// method), failing t on any error; under RaceShort it skips.
func Check(t testing.TB, walker func() (*walk.Walker, error), also ...Solve) {
	t.Helper()
	if RaceShort() {
		t.Skip("a proof over every state runs without the race detector")
	}
	w, err := walker()
	if err != nil {
		t.Fatal(err)
	}
	if err := Table(w, also...); err != nil {
		t.Fatal(err)
	}
}

// Table runs the every-state proofs on a walker: the dynamic program
// (CountOptimal), then EveryCount on every state, with also, and AllSample
// on 20,000 (under go test -short, on the sample of Ranks and on 2,000).
func Table(w *walk.Walker, also ...Solve) error {
	c := CountOptimal(w.Def(), w.Steps())
	if err := EveryCount(w, c, Ranks(c), also...); err != nil {
		return err
	}
	return AllSample(w, c, 20000)
}

// Concurrently computes answer(i) for every i below n from many goroutines
// at once (four per CPU, each taking every so many i, so that they race to
// whatever is built on first use), then again one at a time, and returns the
// first i whose two answers differ, with both; -1 when none does.
func Concurrently(n int, answer func(i int) string) (i int, got, want string) {
	results := make([]string, n)
	workers := 4 * runtime.NumCPU()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < n; i += workers {
				results[i] = answer(i)
			}
		})
	}
	wg.Wait()
	for i := range results {
		if want := answer(i); results[i] != want {
			return i, results[i], want
		}
	}
	return -1, "", ""
}

// NoPanic calls f and reports a panic as an error of t naming what was
// tried.
func NoPanic(t testing.TB, name string, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s panicked: %v", name, r)
		}
	}()
	f()
}

// OddStrings returns the strings every no-panic test gives a package's
// parsers, then more: empty and blank input, a NUL byte, invalid UTF-8,
// other puzzles' moves and a twenty-digit number.
func OddStrings(more ...string) []string {
	return append([]string{"", " ", "\x00", "0", "R", "TL", "A", "x", "UUUU", "1 2 3", "\xff\xfe", "12345678901234567890"}, more...)
}

// OddRanks returns the ranks every no-panic test gives a package: either
// side of the magic squares' 8!, the grid's 9! and the pocket cube's
// 3,674,160 states, and the largest uint32.
func OddRanks() []uint32 {
	return []uint32{0, 1, 40319, 40320, 362879, 362880, 3674159, 3674160, math.MaxUint32}
}

// Colours returns n distinct printable ASCII characters, drawn at random:
// a colour scheme for the parsers that take any colours (a pocket cube's
// six, a Pyraminx's four).
func Colours(rng *rand.Rand, n int) []byte {
	c := make([]byte, 0, n)
	for len(c) < n {
		if x := byte('!' + rng.IntN('~'-'!'+1)); !slices.Contains(c, x) {
			c = append(c, x)
		}
	}
	return c
}

// RaceShort says that the tests run under the race detector with -short:
// the detector slows every test several times, and a proof over every
// state (a fresh search, a dynamic program over them all) checks there
// nothing the race detector can see that the concurrency tests do not,
// so it is left to the suite without the detector, which runs it.
func RaceShort() bool { return raceEnabled && testing.Short() }
