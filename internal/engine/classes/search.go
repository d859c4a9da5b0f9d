package classes

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/godtable/godtable/internal/engine/levelsearch"
	"github.com/godtable/godtable/internal/support/sysmem"
)

// SearchOptions tune Search.
type SearchOptions struct {
	// Workers is the number of goroutines (at least one).
	Workers int
	// States, when not 0, is the number of states the moves reach,
	// counted up front: the search stops once its classes hold that many
	// (sparing a last walk that would meet none), and fails if they would
	// hold more.
	States uint64
	// Progress, if set, is told each distance's classes and states once
	// they are found.
	Progress func(d int, classes, states uint64)
	// Checkpoint, if set, is the file the search keeps its work in after
	// a distance, when levelsearch.CheckpointDue says (CheckpointAfter is its
	// after), and resumes from; ID identifies the index and symmetries,
	// so that a checkpoint of another search is passed over.
	Checkpoint      string
	CheckpointAfter time.Duration
	ID              [32]byte
}

// Search finds the classes of the states of index x that the moves reach
// from goal, breadth first by classes, with no search of the states: the
// classes at distance d+1 are those met from the classes at distance d
// and not met before, as every state one move from a state at distance d
// is at distance d-1, d or d+1. gens are the symmetries' maps of the
// generators, as for Reduce (the moves must include their inverses). The
// result is the same on any number of workers. Resumed, in the result, is
// the number of distances a checkpoint gave.
//
// A class's states are found from its first state met, moved along the
// path that met it, conjugate by conjugate (see the package comment). So
// the classes met are kept as a tree, each with the generator that met it
// from its parent, one level a distance, a node's children together; and
// each distance is expanded by walking the tree from the goal down to the
// classes at that distance, along the branches that reach it, moving the
// orbits as it goes. A tree node costs seven bytes, where an orbit kept
// would cost eight a symmetry; the walk moves an orbit again at each
// distance below it, which the branches that stop early save.
//
// The marks are one bit a state, read and set at random: half the memory
// of a search's levels, which a cache holds twice as much of.
func Search(ctx context.Context, x Graph, goal uint64, gens [][]int, opt SearchOptions) (*Reduction, error) {
	size := x.Size()
	if len(gens) == 0 {
		return nil, fmt.Errorf("classes: no symmetry")
	}
	workers := max(1, opt.Workers)
	s := &classSearch{
		x:     x,
		marks: make([]uint64, (size+63)/64),
		out: &Reduction{
			reps: make([]uint64, (size+31)/32),
			size: size,
		},
		S: len(gens), W: x.Width(), deg: len(gens[0]),
		alone:   workers == 1,
		spare:   make([][][]edge, workers),
		walkers: make([]walker, workers),
	}
	sysmem.HugePages(s.marks)
	sysmem.HugePages(s.out.reps)
	s.orbitStates = make([]uint64, s.S+1)
	for f := 1; f <= s.S; f++ {
		s.orbitStates[f] = uint64(s.S / f)
	}
	if s.deg > 1<<16 {
		return nil, fmt.Errorf("classes: %d generators, more than a search of classes keeps", s.deg)
	}
	for w := range s.out.reps {
		s.out.reps[w] = ^uint64(0)
	}
	s.images = make([][]int, s.deg)
	for g := range s.images {
		s.images[g] = make([]int, s.S)
		for k := range s.S {
			s.images[g][k] = gens[k][g]
		}
	}
	root := seed{orbit: make([]uint64, s.S), dec: make([]uint64, s.S*s.W)}
	for k := range s.S {
		root.orbit[k] = goal
		x.Decode(goal, root.dec[k*s.W:(k+1)*s.W])
	}
	resumed := false
	if opt.Checkpoint != "" {
		// As a search of states does, a checkpoint of another search or
		// a damaged one is passed over, and the search starts afresh
		// (and writes its own over it).
		ok, err := s.load(opt.Checkpoint, opt.ID)
		resumed = ok && err == nil
		if !resumed {
			clear(s.marks)
			for w := range s.out.reps {
				s.out.reps[w] = ^uint64(0)
			}
			s.out.ClassCounts, s.out.StateCounts, s.out.Classes, s.levels = nil, nil, 0, nil
		}
	}
	if !resumed {
		var t tally
		s.claim(root.orbit, 0, &t)
		s.out.count(&t)
		s.levels = []level{{gen: []uint16{0}, height: []uint8{0}}}
	} else {
		s.out.Resumed = len(s.levels)
	}
	for d, n := range s.out.StateCounts {
		s.found += n
		if opt.Progress != nil {
			opt.Progress(d, s.out.ClassCounts[d], n)
		}
	}
	s.root, s.workers, s.opt = root, workers, opt
	if _, err := levelsearch.Run(ctx, s, len(s.levels)-1, levelsearch.Options{
		Checkpoint:      opt.Checkpoint != "",
		CheckpointAfter: opt.CheckpointAfter,
		CheckpointBytes: s.bytes(),
	}); err != nil {
		return nil, err
	}
	if opt.States != 0 && s.found != opt.States {
		return nil, fmt.Errorf("classes: the classes hold %d states, the moves reach %d", s.found, opt.States)
	}
	return s.out, nil
}

// Step searches the distance after d (see Search): the classes one move
// farther, their orbits claimed. It finds nothing once the classes hold
// the states the moves reach (SearchOptions.States).
func (s *classSearch) Step(ctx context.Context, d int) (uint64, error) {
	if s.opt.States != 0 && s.found >= s.opt.States {
		return 0, nil
	}
	if d+1 > 255 {
		return 0, fmt.Errorf("classes: more than 255 distances")
	}
	next, err := s.expand(ctx, d, s.root, s.workers)
	if err != nil {
		return 0, err
	}
	if forgetMarks != nil {
		forgetMarks(s.marks)
	}
	if len(next.gen) == 0 {
		return 0, nil
	}
	s.levels = append(s.levels, next)
	s.grow(d + 1)
	s.found += s.out.StateCounts[d+1]
	if s.opt.States != 0 && s.found > s.opt.States {
		// More states than the moves reach: Search says so.
		return 0, nil
	}
	if s.opt.Progress != nil {
		s.opt.Progress(d+1, s.out.ClassCounts[d+1], s.out.StateCounts[d+1])
	}
	return s.out.StateCounts[d+1], nil
}

// Save keeps the search's checkpoint.
func (s *classSearch) Save() error { return s.save(s.opt.Checkpoint, s.opt.ID) }

// forgetMarks, when a test sets it, clears marks after each distance, as
// workers' writes that lose each other's bits would (see claim).
var forgetMarks func(marks []uint64)

// classSearch is a Search under way.
type classSearch struct {
	x      Graph
	images [][]int
	// marks has a bit for each index, set once its class is met.
	marks []uint64
	// out holds the representatives' levels and the counts.
	out       *Reduction
	S, W, deg int
	alone     bool
	// levels are the tree of the classes met, one a distance.
	levels []level
	// orbitStates[f] is the states of an orbit whose first state f
	// symmetries fix: S/f.
	orbitStates []uint64
	// spare are each worker's chunks of edges, and walkers what each
	// worker's walks reuse, kept from one distance to the next, as are
	// unitSeeds, the orbits of the classes the workers share out.
	spare     [][][]edge
	walkers   []walker
	unitSeeds []seed
	// root is the goal's orbit; found, the states of the classes met.
	root    seed
	found   uint64
	workers int
	opt     SearchOptions
}

// level is the classes at one distance, as nodes of the tree: node j's
// children are nodes first[j] to first[j+1]-1 of the next level.
type level struct {
	gen []uint16 // the generator that met each from its parent
	// first is set once the next level is found.
	first []uint32
	// height is the farthest distance below each.
	height []uint8
}

// grow sets the heights of the nodes above level d's, which has just been
// found.
func (s *classSearch) grow(d int) {
	h := uint8(d)
	for k := d - 1; k >= 0; k-- {
		lv, below := &s.levels[k], &s.levels[k+1]
		for j := range lv.height {
			for _, c := range below.height[lv.first[j]:lv.first[j+1]] {
				if c >= h {
					lv.height[j] = h
					break
				}
			}
		}
	}
}

// unit is a node at the level the workers share out, with its orbit.
type unit struct {
	pos uint32
	seed
}

// edge is a class met while expanding: its parent's position at the
// level expanded and the generator.
type edge struct {
	parent uint32
	gen    uint16
}

// edges are the classes a worker met, in chunks: a list of millions that
// grew by copying took a twentieth of the symm 2x2x2's search. Chunks are
// taken from and given back to spare, from one distance to the next.
type edges struct {
	chunks [][]edge
	spare  *[][]edge
}

func (es *edges) add(e edge) {
	n := len(es.chunks)
	if n == 0 || len(es.chunks[n-1]) == cap(es.chunks[n-1]) {
		var c []edge
		if m := len(*es.spare); m > 0 {
			c, *es.spare = (*es.spare)[m-1][:0], (*es.spare)[:m-1]
		} else {
			c = make([]edge, 0, edgeChunk)
		}
		es.chunks = append(es.chunks, c)
		n++
	}
	es.chunks[n-1] = append(es.chunks[n-1], e)
}

// edgeChunk is the edges a chunk holds: 32 KiB.
const edgeChunk = 4096

// all yields the edges in the order added.
func (es *edges) all() iter.Seq[edge] {
	return func(yield func(edge) bool) {
		for _, c := range es.chunks {
			for _, e := range c {
				if !yield(e) {
					return
				}
			}
		}
	}
}

// expand finds the classes at distance d+1 from those at d, and returns
// them as the tree's next level (setting level d's first).
func (s *classSearch) expand(ctx context.Context, d int, root seed, workers int) (level, error) {
	// The level whose nodes on the way to d are shared out: the first
	// with enough of them, or d itself.
	enough := 64 * workers
	if workers == 1 {
		// One worker walks the whole tree from its root: shared out,
		// the nodes would cost a seed each and save nothing.
		enough = 1
	}
	// The units' seeds are kept from one distance to the next.
	units := []unit{{pos: 0, seed: root}}
	taken := 0
	unitLevel := 0
	for ; unitLevel < d && len(units) < enough; unitLevel++ {
		var next []unit
		lv, below := &s.levels[unitLevel], &s.levels[unitLevel+1]
		for _, u := range units {
			for c := lv.first[u.pos]; c < lv.first[u.pos+1]; c++ {
				if below.height[c] < uint8(d) {
					continue
				}
				if taken == len(s.unitSeeds) {
					s.unitSeeds = append(s.unitSeeds, s.newSeed())
				}
				n := unit{pos: c, seed: s.unitSeeds[taken]}
				taken++
				s.x.Steps(u.dec, s.images[below.gen[c]], n.dec, n.orbit)
				next = append(next, n)
			}
		}
		units = next
	}
	var claimed atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, workers)
	// Each worker's counts in memory of its own, not on a cache line
	// another's counts share.
	tallies := make([]tally, workers)
	for k := range tallies {
		tallies[k] = tally{classes: make([]uint64, 0, 256), states: make([]uint64, 0, 256)}
	}
	edges := make([]edges, workers)
	for k := range edges {
		edges[k].spare = &s.spare[k]
	}
	for k := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &s.walkers[k]
			for {
				i := claimed.Add(1) - 1
				if i >= int64(len(units)) {
					return
				}
				if err := s.walk(ctx, unitLevel, d, units[i], &tallies[k], w, &edges[k]); err != nil {
					errs[k] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return level{}, err
	}
	for k := range tallies {
		s.out.count(&tallies[k])
	}
	next, err := s.nextLevel(d, edges)
	if err != nil {
		return level{}, err
	}
	for k := range edges {
		s.spare[k] = append(s.spare[k], edges[k].chunks...)
	}
	return next, nil
}

// nextLevel makes level d+1 of the tree from the workers' edges, its
// nodes ordered by parent, and sets level d's first.
func (s *classSearch) nextLevel(d int, edges []edges) (level, error) {
	lv := &s.levels[d]
	n := len(lv.gen)
	lv.first = make([]uint32, n+1)
	total := 0
	for _, es := range edges {
		for e := range es.all() {
			lv.first[e.parent+1]++
			total++
		}
	}
	if uint64(total) >= 1<<32-1 {
		return level{}, fmt.Errorf("classes: more than 2^32 classes at distance %d", d+1)
	}
	for j := range n {
		lv.first[j+1] += lv.first[j]
	}
	next := level{gen: make([]uint16, total), height: make([]uint8, total)}
	at := slices.Clone(lv.first[:n])
	for _, es := range edges {
		for e := range es.all() {
			next.gen[at[e.parent]] = e.gen
			at[e.parent]++
		}
	}
	for j := range next.height {
		next.height[j] = uint8(d + 1)
	}
	return next, nil
}

// newSeed returns a seed of a state a symmetry.
func (s *classSearch) newSeed() seed {
	return seed{orbit: make([]uint64, s.S), dec: make([]uint64, s.S*s.W)}
}

// seedOf takes a seed off w's free list, or makes one.
func (s *classSearch) seedOf(w *walker) seed {
	if n := len(w.freeSeeds); n > 0 {
		c := w.freeSeeds[n-1]
		w.freeSeeds = w.freeSeeds[:n-1]
		return c
	}
	return s.newSeed()
}

// walk goes down the tree from unit u, at level from, along the branches
// that reach distance d, and expands the classes there; it appends the
// classes it meets to out.
func (s *classSearch) walk(ctx context.Context, from, d int, u unit, t *tally, w *walker, out *edges) error {
	if len(w.scratch) < s.W {
		w.scratch = make([]uint64, s.W)
	}
	if from == d {
		s.expandNode(u.pos, u.seed, nil, 0, d, t, w, out)
		return nil
	}
	type frame struct {
		seed
		level     int
		pos, next uint32
	}
	stack := []frame{{seed: u.seed, level: from, pos: u.pos, next: s.levels[from].first[u.pos]}}
	steps := 0
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		lv := &s.levels[top.level]
		if top.next == lv.first[top.pos+1] {
			if len(stack) > 1 {
				w.freeSeeds = append(w.freeSeeds, top.seed)
			}
			stack = stack[:len(stack)-1]
			continue
		}
		c := top.next
		top.next++
		below := &s.levels[top.level+1]
		if below.height[c] < uint8(d) {
			continue
		}
		if steps++; steps&(1<<12-1) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		child := s.seedOf(w)
		g := int(below.gen[c])
		if top.level+1 == d {
			// A class at d needs its whole orbit only if it meets a
			// class not met yet, and most at the last distances meet
			// none: its first state is moved alone, the rest if needed.
			child.orbit[0] = s.x.Step(top.dec[:s.W], g, child.dec[:s.W])
			s.expandNode(c, child, &top.seed, g, d, t, w, out)
			w.freeSeeds = append(w.freeSeeds, child)
			continue
		}
		s.x.Steps(top.dec, s.images[g], child.dec, child.orbit)
		stack = append(stack, frame{seed: child, level: top.level + 1, pos: c, next: below.first[c]})
	}
	return nil
}

// expandNode claims the classes one move from class p, node pos at
// distance d, that are not met yet: they are at distance d+1. If parent
// is not nil, p holds its first state alone, and its orbit is parent's
// moved by generator g, made here if p meets a class not met yet.
func (s *classSearch) expandNode(pos uint32, p seed, parent *seed, g int, d int, t *tally, w *walker, out *edges) {
	ys := w.ys[:0]
	for g := range s.deg {
		ys = append(ys, s.x.Step(p.dec[:s.W], g, w.scratch))
	}
	w.ys = ys
	n := 0
	for g, y := range ys {
		if !s.met(y) {
			ys[n] = y<<16 | uint64(g)
			n++
		}
	}
	if n == 0 {
		return
	}
	if parent != nil {
		s.x.Steps(parent.dec, s.images[g], p.dec, p.orbit)
	}
	c := s.seedOf(w)
	for _, yg := range ys[:n] {
		// A sibling met before may have met this one's class.
		if s.met(yg >> 16) {
			continue
		}
		g := int(yg & 0xffff)
		s.x.Steps(p.dec, s.images[g], c.dec, c.orbit)
		if s.claim(c.orbit, d+1, t) {
			out.add(edge{parent: pos, gen: uint16(g)})
		}
	}
	w.freeSeeds = append(w.freeSeeds, c)
}

// met says whether index i's class has been met.
func (s *classSearch) met(i uint64) bool {
	return atomic.LoadUint64(&s.marks[i/64])>>(i%64)&1 != 0
}

// claim takes the class of orbit orb, at distance d, for the caller,
// unless another has: the caller whose locked AND first gives its least
// index a level in the representatives owns it, marks its states met and
// counts them (S/F, F the symmetries fixing the state met: see
// Reduction.claim).
//
// The marks only keep the search from moving the orbits of classes met
// before: a class is owned through its representative's level alone. So
// on several workers the marks are set without a lock (orMark): a locked
// instruction waits for every load before it, and an orbit's 24 would
// leave its cache misses one at a time. Two workers that set bits of one
// word at once may lose one's; a state whose bit is lost is met again, its
// orbit moved, and its class found owned here.
func (s *classSearch) claim(orb []uint64, d int, t *tally) bool {
	rep := slices.Min(orb)
	shift := rep % 32 * 2
	p := &s.out.reps[rep/32]
	set := (3 ^ uint64(d%3)) << shift
	if s.alone {
		if *p>>shift&3 != 3 {
			return false
		}
		*p &^= set
	} else {
		// A class owned at an earlier distance keeps its level: the AND
		// is only for a class not owned, or owned at d by another
		// worker, whose level it leaves as it is.
		if atomic.LoadUint64(p)>>shift&3 != 3 {
			return false
		}
		// A locked instruction waits for the loads before it, and the
		// ones after wait for it: the orbit's marks, read first, are
		// missed together with the representative's level, not after.
		for _, i := range orb {
			atomic.LoadUint64(&s.marks[i/64])
		}
		if atomic.AndUint64(p, ^set)>>shift&3 != 3 {
			return false
		}
	}
	fix := uint64(0)
	for _, i := range orb {
		if i == orb[0] {
			fix++
		}
		orMark(&s.marks[i/64], 1<<(i%64))
	}
	// S/F, read from a table: a division would take longer than the
	// rest of the count.
	t.add(d, s.orbitStates[fix])
	return true
}
