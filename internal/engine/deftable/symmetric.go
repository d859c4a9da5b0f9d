package deftable

import (
	"context"
	"crypto/sha256"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/engine/classes"
	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/engine/symindex"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/internal/model/puzzle"
)

// symmetric is a puzzle's index with the symmetries of its search, which
// a table of classes answers through.
type symmetric struct {
	p    *ksolve.Puzzle
	x    *permindex.Index
	syms []ksolve.Symmetry
	// A state's representative is the least of its conjugates. Worked
	// out from the state, that is a state and an index for every
	// symmetry; from a neighbour's conjugates it is one move each
	// (conj_s(y·g) = conj_s(y)·σ_s(g)). A walk asks for the neighbours
	// of the state it is at, so the conjugates of the indices asked for
	// last are kept (orbits), and the index and move each neighbour the
	// walk made came from (parents).
	orbits  [1 << 10]orbitSlot
	parents [1 << 12]parentSlot
	// ci, for a table keyed by an index of the classes, is that index:
	// a state's entry is its class's there.
	ci *symindex.Index
}

// orbitSlot keeps the conjugates of an index, in the symmetries' order.
type orbitSlot struct {
	mu    sync.Mutex
	set   bool
	idx   uint64
	orbit []uint64
}

// parentSlot keeps the index and generator a neighbour was made from.
type parentSlot struct {
	mu            sync.Mutex
	set           bool
	child, parent uint64
	gen           int
}

// symmetriesOf returns p's symmetries over index x, or nil when its table
// is kept state by state: the definition gives no symmetry of the search,
// or the search's graph is directed (a table of classes keeps distances
// mod 3).
func symmetriesOf(p *ksolve.Puzzle, x *permindex.Index) *symmetric {
	if p.Def.HasIllegal() {
		// The searches of classes move states with no look at the
		// Illegal lines: such a definition's table is kept state by
		// state.
		return nil
	}
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

// Symmetries is the number of symmetries a table of p built in memory
// keeps its classes by, the identity counted (0: it keeps every state).
func Symmetries(p *ksolve.Puzzle) int {
	sy := symmetriesOf(p, nil)
	if sy == nil {
		return 0
	}
	return len(sy.syms)
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
	var buf [64]uint64
	o := sy.conjugates(r, buf[:0])
	if o == nil {
		return r // unreachable: no conjugate is reachable either
	}
	return slices.Min(o)
}

// apply is the walk's move g from index i: it keeps where the neighbour
// came from, for canonical.
func (sy *symmetric) apply(i uint64, g int) uint64 {
	y := sy.x.Apply(i, g)
	slot := &sy.parents[y%uint64(len(sy.parents))]
	slot.mu.Lock()
	slot.set, slot.child, slot.parent, slot.gen = true, y, i, g
	slot.mu.Unlock()
	return y
}

// conjugates appends index r's conjugates, in the symmetries' order, to
// out: from its parent's, kept, when the walk made it and its parent's
// are kept, else from its state. nil when one has no index (r is not
// reachable).
func (sy *symmetric) conjugates(r uint64, out []uint64) []uint64 {
	if o, ok := sy.kept(r, out); ok {
		return o
	}
	ps := &sy.parents[r%uint64(len(sy.parents))]
	ps.mu.Lock()
	found, parent, g := ps.set && ps.child == r, ps.parent, ps.gen
	ps.mu.Unlock()
	if found {
		var pbuf [64]uint64
		if po, ok := sy.kept(parent, pbuf[:0]); ok {
			for k, c := range po {
				out = append(out, sy.x.Apply(c, sy.syms[k].Gen[g]))
			}
			sy.keep(r, out)
			return out
		}
	}
	s := sy.x.State(r)
	out = append(out, r)
	var st ksolve.State
	for k := 1; k < len(sy.syms); k++ {
		st = sy.p.Conjugate(st, s, &sy.syms[k])
		i, ok := sy.x.Index(st)
		if !ok {
			return nil
		}
		out = append(out, i)
	}
	sy.keep(r, out)
	return out
}

// kept appends index r's conjugates to out if they are kept.
func (sy *symmetric) kept(r uint64, out []uint64) ([]uint64, bool) {
	slot := &sy.orbits[r%uint64(len(sy.orbits))]
	slot.mu.Lock()
	defer slot.mu.Unlock()
	if !slot.set || slot.idx != r {
		return out, false
	}
	return append(out, slot.orbit...), true
}

// keep keeps index r's conjugates.
func (sy *symmetric) keep(r uint64, o []uint64) {
	slot := &sy.orbits[r%uint64(len(sy.orbits))]
	slot.mu.Lock()
	slot.set, slot.idx, slot.orbit = true, r, append(slot.orbit[:0], o...)
	slot.mu.Unlock()
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

// searchClassesFrom is the index size from which a table of classes is
// built by a search of the classes (searchClasses), below which by a
// search of the states and a reduction of its levels (classTable). Below
// it a search of classes saves hundredths of a second for a megabyte or
// more; above it, it saves seconds (docs/MEASUREMENTS.md, "Symmetry
// classes", has both ways side by side). Below it, on one worker, a search
// of classes is chosen only where there are at least smallSearchSymmetries
// symmetries (see searchesClasses).
var searchClassesFrom uint64 = 1 << 24

// smallSearchSymmetries is the number of symmetries from which a search
// of classes is chosen below searchClassesFrom too. Its tree takes seven
// bytes a class, 56/S bits a state under S symmetries, where a search of
// the states takes two bits a state for its levels: under 24 the tree
// (2.3 bits a state) costs about what the levels do, and the search of
// classes, sparing the search of states, takes less time and memory; under
// 12 (4.7 bits) it costs twice as much, for no time (docs/MEASUREMENTS.md,
// "Symmetry classes", has the runs).
const smallSearchSymmetries = 24

// searchesClasses says whether a table of classes of size indices under
// n symmetries is built by a search of the classes (searchClasses), or
// by a search of the states and a reduction of its levels (classTable).
func searchesClasses(size uint64, n int) bool {
	return size >= searchClassesFrom || n >= smallSearchSymmetries
}

// classTable reduces a search's levels to a table of classes: the
// classes found from the goal by the symmetries' maps of the moves, whose
// states, counted from their orbits, must be the search's at every
// distance.
func classTable(ctx context.Context, sy *symmetric, def *puzzle.Def, lv *bfs.Levels, goal uint64) (*table.Levels, error) {
	// The reduction runs on one worker. It waits on memory, which two
	// workers share, and it reduces indices below searchClassesFrom, a
	// few megabytes of levels: there a second worker gained little or
	// no wall time, at up to twice the CPU time (the symm skewb diamond,
	// master pyramorphix and mastermorphix took longer on two, in both).
	const workers = 1
	// The reduction moves orbits at random: a split set's arrangements
	// are moved through tables the cache holds.
	sy.x.Factor()
	// The reduction marks the classes it meets in the search's levels,
	// which nothing reads after it: a copy would cost two bits a state.
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

// searchClasses builds a table of classes by a search of the classes
// (classes.Search), with no search of the states: the classes' orbits
// are checked against the count of the states the moves reach, made up
// front from the group they generate (checkReached).
func searchClasses(ctx context.Context, p *ksolve.Puzzle, x *permindex.Index, goal uint64, sy *symmetric, opt BuildOptions) (*Table, error) {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if x.Size() < searchClassesFrom {
		// Below it the marks are a few megabytes or less, which two
		// workers' locked ORs would pass back and forth between their
		// caches: on two, the symm skewb diamond's claims were a third
		// of its time, and its search took longer than on one.
		workers = 1
	}
	states := uint64(0)
	if count, exact := reachable(p); exact && count.IsUint64() {
		states = count.Uint64()
	}
	id := classID(p, x, sy)
	so := classes.SearchOptions{
		Workers: workers, States: states,
		Checkpoint: opt.Checkpoint, CheckpointAfter: opt.CheckpointAfter, ID: id,
	}
	if opt.Progress != nil {
		start, found := time.Now(), uint64(0)
		so.Progress = func(d int, _, states uint64) {
			found += states
			opt.Progress(bfs.Progress{Level: d, Found: found, Size: x.Size(), Elapsed: time.Since(start), LevelDone: 1})
		}
	}
	red, err := classes.Search(ctx, x, goal, sy.gens(), so)
	if err != nil {
		return nil, err
	}
	// The search's marks and tree are garbage now: collected at once,
	// the table's bytes and map are made in their place rather than
	// beside them, which lowers the build's peak (docs/MEASUREMENTS.md,
	// "Symmetry classes").
	runtime.GC()
	reached, err := checkReached(p, red.StateCounts, false)
	if err != nil {
		return nil, err
	}
	def := walkDef(p, x, goal, id, sy)
	packed := red.Packed()
	h, err := table.ClassHeader(def, packed, red.StateCounts, red.ClassCounts)
	if err != nil {
		return nil, err
	}
	cl := table.ClassLevels(def, h, packed)
	if opt.Facts != "" {
		cl.Facts = fmt.Sprintf("%sreachable=%d\nindexed=%d\nclasses=%d\nsymmetries=%d\n", opt.Facts, reached, x.Size(), cl.Classes, len(sy.syms))
	}
	t := newTable(p, x, id, def, cl, sy)
	t.Resumed = red.Resumed
	return t, nil
}
