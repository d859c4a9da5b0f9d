package deftable

import (
	"context"
	"crypto/sha256"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/godtable/godtable/internal/answer"
	"github.com/godtable/godtable/internal/bfs"
	"github.com/godtable/godtable/internal/classes"
	"github.com/godtable/godtable/internal/ksolve"
	"github.com/godtable/godtable/internal/permindex"
	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/table"
	"github.com/godtable/godtable/internal/walk"
)

// symmetric is a puzzle's index with the symmetries of its search, which
// a table of classes answers through.
type symmetric struct {
	p    *ksolve.Puzzle
	x    *permindex.Index
	syms []ksolve.Symmetry
	// recent keeps the representatives of the indices canonical worked
	// out last, each in the slot of its index's low bits: an answer's
	// walk reads the same neighbours again and again (a count reads each
	// state of its optimal paths once from every path through it), and a
	// representative costs a state and an index for every symmetry.
	recent [1 << 12]recentRep
}

// recentRep is a slot of symmetric.recent.
type recentRep struct {
	mu       sync.Mutex
	set      bool
	idx, rep uint64
}

// symmetriesOf returns p's symmetries over index x, or nil when its table
// is kept state by state: the definition gives no symmetry of the search,
// or the search's graph is directed (a table of classes keeps distances
// mod 3).
func symmetriesOf(p *ksolve.Puzzle, x *permindex.Index) *symmetric {
	syms := p.Symmetries()
	if syms == nil {
		return nil
	}
	for _, m := range p.Gens {
		if !slices.Contains(p.Gens, p.InverseMove(m)) {
			return nil
		}
	}
	return &symmetric{p: p, x: x, syms: syms}
}

// classID is the ID of a table of classes: the puzzle's table's ID and the
// symmetries, so that a table of classes and a table of states of one
// puzzle are never taken for each other.
func classID(p *ksolve.Puzzle, x *permindex.Index, sy *symmetric) [32]byte {
	h := sha256.New()
	id := ID(p, x)
	h.Write(id[:])
	fmt.Fprintf(h, "symmetry classes 1, %d symmetries", len(sy.syms))
	for _, s := range sy.syms {
		h.Write(s.Perm)
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// canonical returns the representative of the class of index r: the least
// index of its conjugates.
func (sy *symmetric) canonical(r uint64) uint64 {
	slot := &sy.recent[r%uint64(len(sy.recent))]
	slot.mu.Lock()
	if slot.set && slot.idx == r {
		rep := slot.rep
		slot.mu.Unlock()
		return rep
	}
	slot.mu.Unlock()
	rep := sy.least(r)
	slot.mu.Lock()
	slot.set, slot.idx, slot.rep = true, r, rep
	slot.mu.Unlock()
	return rep
}

// least returns the least index of index r's conjugates.
func (sy *symmetric) least(r uint64) uint64 {
	s := sy.x.State(r)
	best := r
	var buf ksolve.State
	for k := 1; k < len(sy.syms); k++ {
		buf = sy.p.Conjugate(buf, s, &sy.syms[k])
		if i, ok := sy.x.Index(buf); ok && i < best {
			best = i
		}
	}
	return best
}

// orbit returns the distinct indices of index r's conjugates, in order.
func (sy *symmetric) orbit(r uint64) []uint64 {
	s := sy.x.State(r)
	out := []uint64{r}
	var buf ksolve.State
	for k := 1; k < len(sy.syms); k++ {
		buf = sy.p.Conjugate(buf, s, &sy.syms[k])
		if i, ok := sy.x.Index(buf); ok {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// gens are the symmetries' maps of the generators, one row a symmetry.
func (sy *symmetric) gens() [][]int {
	g := make([][]int, len(sy.syms))
	for k, s := range sy.syms {
		g[k] = s.Gen
	}
	return g
}

// classTable reduces a search's levels to a table of classes: the
// classes found from the goal by the symmetries' maps of the moves, whose
// states, counted from their orbits, must be the search's at every
// distance.
func classTable(ctx context.Context, sy *symmetric, def *puzzle.Def, lv *bfs.Levels, goal uint64, workers int) (*table.Levels, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	red, err := classes.Reduce(ctx, sy.x, goal, lv.Words, sy.gens(), workers)
	if err != nil {
		return nil, err
	}
	if !slices.Equal(red.StateCounts, lv.Counts) {
		// The orbits are found by moves alone, the search's counts by
		// the search: two ways to the same numbers.
		return nil, fmt.Errorf("%s: the classes' orbits hold %v states at each distance, the search found %v: the symmetries or the index are wrong",
			sy.p.Def.Name, red.StateCounts, lv.Counts)
	}
	packed := red.Packed()
	h, err := table.ClassHeader(def, packed, lv.Counts, red.ClassCounts)
	if err != nil {
		return nil, err
	}
	return table.ClassLevels(def, h, packed), nil
}

// Symmetries is the number of the symmetries the table's classes are
// classes of (the identity counted), or 0 for a table of states.
func (t *Table) Symmetries() int {
	if t.sym == nil {
		return 0
	}
	return len(t.sym.syms)
}

// ClassCounts are the classes at each distance of a table of classes, nil
// for a table of states.
func (t *Table) ClassCounts() []uint64 { return t.lv.ClassCounts }

// classAntipodes is Antipodes for a table of classes: the classes at
// level v, in their representatives' order, each taken whole once its
// distance is most. As every state's representative is at most the state,
// the first n states are known once n have been found below the next
// representative.
func (t *Table) classAntipodes(n, most int, v uint8) ([]uint64, error) {
	packed := t.lv.Packed()
	var found []uint64
	var buf [walk.MaxSteps]uint8
	for e, rep := range t.lv.ClassMap().All() {
		if len(found) >= n && found[n-1] < rep {
			break
		}
		if packed[e>>2]>>(e&3*2)&3 != v {
			continue
		}
		if most >= 3 {
			steps, err := t.w.Solve(puzzle.State(rep), buf[:0])
			if err := t.checked(err); err != nil {
				return nil, err
			}
			if answer.New(t.nt, steps).Cost() != most {
				continue
			}
		}
		found = append(found, t.sym.orbit(rep)...)
		slices.Sort(found)
		found = found[:min(len(found), n)]
	}
	return found, nil
}
