package ida

import (
	"context"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// mode is what a search of one depth looks for.
type mode uint8

const (
	modeFirst  mode = iota // the first solution in move order
	modeCount              // how many solutions
	modeAll                // every solution, in move order
	modePrefix             // the nodes at a depth, to share among workers
)

// result is what a search of one depth found.
type result struct {
	found   bool
	first   []int
	count   uint64
	sols    [][]int
	stopped bool // the context ended before the depth was searched
}

// checkEvery is how many nodes a worker visits between looks at whether
// to stop.
const checkEvery = 1 << 14

// worker searches depth first from one node at a time.
type worker struct {
	s      *Searcher
	mode   mode
	bound  int
	limit  int // modeAll: keep at most limit+1 solutions (0: all)
	prefix int // modePrefix: the depth whose nodes are kept
	// commuting says to leave out the later of two commuting moves in a
	// row (Searcher.skip): only a search for the first solution may.
	commuting bool
	// dec[l] and h[l] are the node at depth l: each look's decoded
	// index and exact distance; tmp holds the indices between the
	// generators of a move of several.
	dec  [][]uint64
	h    [][]int
	rd   []table.Reader // the tables' levels, as the search reads them (root.rd)
	tmp  [2][]uint64
	path []int
	// full[l] is the whole state at depth l, worked out only at a leaf:
	// valid for l below fullOK.
	full   []ksolve.State
	fullOK int
	nodes  uint64
	stop   func() bool
	halted bool
	res    result
	// prefixes, in modePrefix.
	prefixes [][]int
	// b, when every move is one generator, works out a node's children
	// together (dfsBatch).
	b *batch
}

func (s *Searcher) newWorker(r *root, bound int, m mode) *worker {
	n := bound + 2
	w := &worker{s: s, mode: m, bound: bound, path: make([]int, n), fullOK: 1, rd: slices.Clone(r.rd)}
	// In the half-turn metric the first solution never has a later move
	// before an earlier one it commutes with (the two swapped would be
	// earlier); in the quarter-turn metric the swap may put two turns of
	// one base in a row, which its solutions never have.
	w.commuting = m == modeFirst && s.p.Metric == ksolve.HTM
	w.dec = make([][]uint64, n)
	w.h = make([][]int, n)
	w.full = make([]ksolve.State, n)
	for l := range w.dec {
		w.dec[l] = make([]uint64, s.words)
		w.h[l] = make([]int, len(s.looks))
		w.full[l] = make(ksolve.State, len(r.st))
	}
	w.tmp[0], w.tmp[1] = make([]uint64, s.words), make([]uint64, s.words)
	copy(w.dec[0], r.dec)
	copy(w.h[0], r.h)
	copy(w.full[0], r.st)
	if s.single {
		w.newBatch(n)
	}
	return w
}

// nextDistance is the exact distance of a state one generator from a state
// at distance h, given its distance mod 3, v: h-1, h or h+1. No distance
// reads as far, the table's (Searcher.far).
//
// A truncated table's (prune.Table.Beyond) keeps it exact where that is
// the distance, so that a state next to one read as far reads h-1 or h as
// any other: an entry with no distance is farther than the largest D the
// table holds, so a neighbour that has one is at D, and far is D+1.
func nextDistance(h int, v uint8, far int) int {
	if v > 2 {
		return far
	}
	switch (int(v) - h%3 + 3) % 3 {
	case 1:
		return h + 1
	case 2:
		return h - 1
	}
	return h
}

// child works out the node move i makes of the node at depth l into depth
// l+1, and says whether every look's distance of it is at most left.
func (w *worker) child(l, i, left int) bool {
	s := w.s
	gens := s.gens[i]
	from, to := w.dec[l], w.dec[l+1]
	for j, lk := range s.looks {
		x := s.tables[lk.table].Index()
		rd := &w.rd[lk.table]
		o := s.off[j]
		cur := from[o:]
		h := w.h[l][j]
		for k, g := range gens {
			out := to[o:]
			if k < len(gens)-1 {
				out = w.tmp[k%2][o:]
			}
			h = nextDistance(h, rd.At(x.Step(cur, s.lookGen(j, g), out)), s.far[lk.table])
			cur = out
		}
		if h > left {
			return false
		}
		w.h[l+1][j] = h
	}
	return true
}

// solved says whether the path to depth l solves the start.
func (w *worker) solved(l int) bool {
	d := w.s.p.Def
	for k := w.fullOK - 1; k < l; k++ {
		w.full[k+1] = d.Apply(w.full[k+1], w.full[k], w.s.p.Moves[w.path[k]].Perm)
	}
	w.fullOK = l + 1
	return string(w.full[l]) == string(d.Solved)
}

// legalChild works out the whole state move i makes of the node at depth
// l (whose whole state is known) into depth l+1, and says whether it is
// legal: a move to an illegal state does not exist.
func (w *worker) legalChild(l, i int) bool {
	d := w.s.p.Def
	w.full[l+1] = d.Apply(w.full[l+1], w.full[l], w.s.p.Moves[i].Perm)
	return d.Legal(w.full[l+1])
}

// dfs searches below the node at depth l, reached at cost g after a move
// of base last (-1: none). It returns true when the search is over: the
// first solution found, enough solutions, or told to stop.
func (w *worker) dfs(l, g, last int) bool {
	if w.mode == modePrefix && l == w.prefix || g == w.bound {
		return w.leaf(l)
	}
	s := w.s
	skip := w.commuting && last >= 0
	for i := range s.cost {
		b := s.base[i]
		if b == last || skip && s.skip[last][b] {
			continue
		}
		left := w.bound - g - s.cost[i]
		if left < 0 || !w.child(l, i, left) || s.illegal && !w.legalChild(l, i) {
			continue
		}
		w.path[l] = i
		w.fullOK = min(w.fullOK, l+1)
		if s.illegal {
			w.fullOK = l + 2
		}
		if w.nodes++; w.nodes%checkEvery == 0 && w.stop() {
			w.halted = true
			return true
		}
		if w.dfs(l+1, g+s.cost[i], b) {
			return true
		}
	}
	return false
}

// leaf judges the node at depth l where the search goes no deeper.
func (w *worker) leaf(l int) bool {
	if w.mode == modePrefix {
		w.prefixes = append(w.prefixes, append([]int(nil), w.path[:l]...))
		return false
	}
	if !w.solved(l) {
		return false
	}
	sol := append([]int(nil), w.path[:l]...)
	switch w.mode {
	case modeFirst:
		w.res.found, w.res.first = true, sol
		return true
	case modeCount:
		w.res.count++
	case modeAll:
		w.res.sols = append(w.res.sols, sol)
		return w.limit > 0 && len(w.res.sols) > w.limit
	}
	return false
}

// run searches below a prefix of moves from the start, which the search
// of prefixes found.
func (w *worker) run(prefix []int) {
	g, last := 0, -1
	for l, i := range prefix {
		w.child(l, i, math.MaxInt32)
		if w.s.illegal {
			// The prefix's search kept legal moves alone.
			w.legalChild(l, i)
		}
		w.path[l] = i
		g += w.s.cost[i]
		last = w.s.base[i]
	}
	w.fullOK = 1
	if w.s.illegal {
		w.fullOK = len(prefix) + 1
	}
	if g == w.bound {
		w.leaf(len(prefix))
		return
	}
	if w.b != nil {
		w.dfsBatch(len(prefix), g, last)
		return
	}
	w.dfs(len(prefix), g, last)
}

// tasksPerWorker is how many prefixes a search of one depth is split into
// for each worker, so that uneven ones even out.
const tasksPerWorker = 32

// searchBound searches every solution of cost bound, on o's workers, the
// work split by the first moves. The first solution in move order is the
// one of the earliest prefix that has one, whichever worker finds it when.
func (s *Searcher) searchBound(ctx context.Context, r *root, bound int, m mode, limit int, o Options, start time.Time, nodes *uint64) *result {
	workers := o.workers()
	var prefixes [][]int
	if workers == 1 {
		prefixes = [][]int{nil}
	} else {
		for depth := 1; ; depth++ {
			pw := s.newWorker(r, bound, modePrefix)
			pw.commuting = m == modeFirst && s.p.Metric == ksolve.HTM
			pw.prefix = depth
			pw.stop = func() bool { return false }
			pw.dfs(0, 0, -1)
			prefixes = pw.prefixes
			if len(prefixes) >= tasksPerWorker*workers || depth >= bound || depth >= 4 {
				break
			}
		}
	}
	results := make([]*result, len(prefixes))
	done := make([]atomic.Bool, len(prefixes))
	var next, total atomic.Uint64
	var best atomic.Int64
	best.Store(math.MaxInt64)
	total.Store(*nodes)
	finished := make(chan struct{})
	if o.Progress != nil {
		every := o.ReportEvery
		if every <= 0 {
			every = time.Second
		}
		go func() {
			tick := time.NewTicker(every)
			defer tick.Stop()
			for {
				select {
				case <-finished:
					return
				case <-tick.C:
					o.Progress(Progress{Depth: bound, Nodes: total.Load(), Elapsed: time.Since(start)})
				}
			}
		}()
	}
	var wg sync.WaitGroup
	for range min(workers, len(prefixes)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := s.newWorker(r, bound, m)
			w.limit = limit
			var task int64
			var counted uint64
			w.stop = func() bool {
				total.Add(w.nodes - counted)
				counted = w.nodes
				return ctx.Err() != nil || m == modeFirst && task > best.Load()
			}
			for {
				task = int64(next.Add(1) - 1)
				if task >= int64(len(prefixes)) || m == modeFirst && task > best.Load() || ctx.Err() != nil {
					break
				}
				w.res, w.halted = result{}, false
				w.run(prefixes[task])
				if w.halted {
					continue
				}
				res := w.res
				results[task] = &res
				done[task].Store(true)
				if m == modeFirst && res.found {
					for {
						b := best.Load()
						if task >= b || best.CompareAndSwap(b, task) {
							break
						}
					}
				}
			}
			total.Add(w.nodes - counted)
		}()
	}
	wg.Wait()
	close(finished)
	*nodes = total.Load()
	return gather(results, done, m, limit)
}

// gather is the result of a depth from its prefixes', in their order: the
// first solution of the earliest prefix with one, provided every earlier
// prefix was searched whole; the count or the list of all.
func gather(results []*result, done []atomic.Bool, m mode, limit int) *result {
	out := &result{}
	for t := range results {
		if !done[t].Load() {
			out.stopped = true
			return out
		}
		res := results[t]
		switch m {
		case modeFirst:
			if res.found {
				out.found, out.first = true, res.first
				return out
			}
		case modeCount:
			out.count += res.count
		case modeAll:
			out.sols = append(out.sols, res.sols...)
			if limit > 0 && len(out.sols) > limit {
				return out
			}
		}
	}
	return out
}
