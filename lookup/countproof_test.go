package lookup

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/walk"
)

// The proof of Count and All on every state of every table, in every metric.
//
// A second count of the optimal solutions, sharing no code with the walk's:
// its own breadth-first search gives every state's distance in table moves,
// and a dynamic program over the states in breadth-first order counts, for
// every state s and every group g, the optimal solutions from s that start
// with a step of group g. A step (a token of the notation) from s starts an
// optimal solution exactly when the state it reaches is nearer by the step's
// cost; the solutions it starts are those of the state reached that do not
// start with the step's own group (the rule that no face is turned twice in
// a row). The count from s after a step of group g is then the total minus
// the part that starts with g.

// optimalCounts is the result of the dynamic program.
type optimalCounts struct {
	dist    []uint8  // distance to the goal in table moves (unreachable: 0xff)
	total   []uint64 // optimal solutions from each state
	byGroup []uint64 // [state*groups + g]: those that start with group g
	groups  int
}

// after returns the number of optimal solutions from rank r that may follow
// a step of group g (-1: any).
func (c *optimalCounts) after(r uint32, g int) uint64 {
	if g < 0 {
		return c.total[r]
	}
	return c.total[r] - c.byGroup[int(r)*c.groups+g]
}

// countOptimal runs the breadth-first search and the dynamic program. It
// reads the puzzle only through its definition (Apply, Rank, Unrank, Goal)
// and the steps' first paths, costs and groups.
func countOptimal(def *puzzle.Def, steps []walk.Step) *optimalCounts {
	n := int(def.Size)
	c := &optimalCounts{dist: make([]uint8, n), total: make([]uint64, n)}
	for _, s := range steps {
		c.groups = max(c.groups, s.Group+1)
	}
	c.byGroup = make([]uint64, n*c.groups)
	// Distances to the goal: backwards from the goal along the moves'
	// inverses. A puzzle whose moves have no inverse among its moves gets
	// them as tables.
	pred := predecessors(def)
	order := make([]uint32, 0, n)
	for i := range c.dist {
		c.dist[i] = 0xff
	}
	goal := def.Rank(def.Goal)
	c.dist[goal] = 0
	order = append(order, goal)
	for head := 0; head < len(order); head++ {
		r := order[head]
		for m := range def.Moves {
			p := pred(r, m)
			if c.dist[p] == 0xff {
				c.dist[p] = c.dist[r] + 1
				order = append(order, p)
			}
		}
	}
	// The dynamic program, nearest states first, so that every state a
	// step leads to is counted before the state it is stepped from.
	c.total[goal] = 1
	for _, r := range order[1:] {
		s := def.Unrank(r)
		d := int(c.dist[r])
		for _, st := range steps {
			t := s
			for _, m := range st.Paths[0] {
				t = def.Apply(t, m)
			}
			tr := def.Rank(t)
			if int(c.dist[tr]) != d-len(st.Paths[0]) {
				continue
			}
			k := c.after(tr, st.Group)
			c.total[r] = satAdd(c.total[r], k)
			if st.Group >= 0 {
				c.byGroup[int(r)*c.groups+st.Group] = satAdd(c.byGroup[int(r)*c.groups+st.Group], k)
			}
		}
	}
	return c
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
			return def.Rank(def.Apply(def.Unrank(r), def.Inverse[m]))
		}
	}
	inv := make([][]uint32, len(def.Moves))
	for m := range inv {
		inv[m] = make([]uint32, def.Size)
		for r := range def.Size {
			inv[m][def.Rank(def.Apply(def.Unrank(r), m))] = r
		}
	}
	return func(r uint32, m int) uint32 { return inv[m][r] }
}

// provedTables are every table with the steps its walker answers in.
func provedTables(t *testing.T) map[string]*walk.Walker {
	out := map[string]*walk.Walker{}
	for name, lw := range map[string]*lazyWalker{
		"pocket-htm": &pocketWalkers[HTM],
		"pocket-qtm": &pocketWalkers[QTM],
		"msquare":    &magicSquareWalker,
		"rotgame":    &rotgameWalker,
		"rotgrid":    &rotGridWalker,
	} {
		w, err := lw.get()
		if err != nil {
			t.Fatal(name, err)
		}
		out[name] = w
	}
	return out
}

// inParallel runs f on every rank below n, on all CPUs, and returns the
// first error of each worker.
func inParallel(n uint32, f func(r uint32) error) error {
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

// Count equals the dynamic program's count on every state of every table,
// in every metric, and the table's distances are the search's.
func TestCountEveryState(t *testing.T) {
	for name, w := range provedTables(t) {
		t.Run(name, func(t *testing.T) {
			def, steps := w.Def(), w.Steps()
			c := countOptimal(def, steps)
			err := inParallel(def.Size, func(r uint32) error {
				s := def.Unrank(r)
				d, err := w.Distance(s)
				if c.dist[r] == 0xff {
					if err == nil {
						return fmt.Errorf("rank %d: unreachable, but Distance says %d", r, d)
					}
					return nil
				}
				if err != nil || d != int(c.dist[r]) {
					return fmt.Errorf("rank %d: Distance %d (%v), search %d", r, d, err, c.dist[r])
				}
				n, err := w.Count([]puzzle.State{s})
				if err != nil || n != c.total[r] {
					return fmt.Errorf("rank %d: Count %d (%v), dynamic program %d", r, n, err, c.total[r])
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// All, on a random sample of every table (and on every state of the small
// ones), lists exactly Count distinct solutions, each legal, each reaching
// the goal, each of the optimal length; a limit cuts the list, not the
// count, and the list is in step order.
func TestAllSample(t *testing.T) {
	const sample = 20000
	for name, w := range provedTables(t) {
		t.Run(name, func(t *testing.T) {
			def, steps := w.Def(), w.Steps()
			c := countOptimal(def, steps)
			rng := rand.New(rand.NewPCG(11, uint64(def.Size)))
			ranks := make([]uint32, 0, sample)
			if def.Size <= 2*sample {
				for r := range def.Size {
					ranks = append(ranks, r)
				}
			} else {
				for range sample {
					ranks = append(ranks, rng.Uint32N(def.Size))
				}
			}
			err := inParallel(uint32(len(ranks)), func(k uint32) error {
				r := ranks[k]
				if c.dist[r] == 0xff {
					return nil
				}
				return checkAll(w, c, r, int(k%4))
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// checkAll checks All from rank r against the dynamic program, with a limit
// that cuts the list when cut > 0.
func checkAll(w *walk.Walker, c *optimalCounts, r uint32, cut int) error {
	def, steps := w.Def(), w.Steps()
	s := def.Unrank(r)
	want := c.total[r]
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
		if def.Rank(x) != def.Rank(def.Goal) || cost != int(c.dist[r]) {
			return fmt.Errorf("rank %d: solution %v costs %d and reaches rank %d; optimal %d", r, sol, cost, def.Rank(x), c.dist[r])
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
