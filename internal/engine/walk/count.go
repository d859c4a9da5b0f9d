package walk

import (
	"sync"

	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/puzzle"
)

// MaxCoords is the most coordinates a multi-coordinate walk takes.
const MaxCoords = 3

// A multi-coordinate position is solved when any one of its coordinates
// reaches the goal: the rotation game's board is solved when the centre holds
// eight 1s, or eight 2s, or eight 3s, and each number's placement is a
// coordinate in the same table. Its optimal solutions are the union of the
// coordinates' optimal solutions, over the coordinates nearest the goal.

type multi struct {
	n    int
	s    [MaxCoords]puzzle.State
	v    [MaxCoords]uint8
	mask uint8 // coordinates still on an optimal path
}

// start returns the position's candidates (the nearest coordinates) and their
// distance.
func (w *Walker) start(coords []puzzle.State) (multi, int, error) {
	var p multi
	if len(coords) == 0 || len(coords) > MaxCoords {
		panic("walk: bad number of coordinates")
	}
	p.n = len(coords)
	best := -1
	var dist [MaxCoords]int
	var firstErr error
	for k, s := range coords {
		p.s[k] = s
		p.v[k] = w.lv.At(w.def.Rank(s))
		d, err := w.Distance(s)
		if err != nil {
			dist[k] = -1
			firstErr = err
			continue
		}
		dist[k] = d
		if best < 0 || d < best {
			best = d
		}
	}
	if best < 0 {
		return p, 0, firstErr
	}
	for k := range coords {
		if dist[k] == best {
			p.mask |= 1 << k
		}
	}
	return p, best, nil
}

// next follows step i from every candidate; the result keeps the candidates
// that descended.
func (w *Walker) next(p multi, i int) multi {
	q := p
	q.mask = 0
	for k := 0; k < p.n; k++ {
		if p.mask&(1<<k) == 0 {
			continue
		}
		if t, tv, ok := w.descend(p.s[k], p.v[k], i); ok {
			q.s[k], q.v[k] = t, tv
			q.mask |= 1 << k
		}
	}
	return q
}

// SolveAny appends to dst the first optimal solution of a multi-coordinate
// position and returns which coordinate it brings to the goal.
func (w *Walker) SolveAny(coords []puzzle.State, dst []uint8) ([]uint8, int, error) {
	if w.simple != nil && w.def.Accel.LowerBound != nil && w.lv.Encoding == table.Mod3 {
		return w.solveAnyBounded(coords, dst)
	}
	p, d, err := w.start(coords)
	if err != nil {
		return dst, -1, err
	}
	last := -1
	for d > 0 {
		found := false
		for i := range w.steps {
			g := w.group(i)
			if g >= 0 && g == last {
				continue
			}
			if q := w.next(p, i); q.mask != 0 && w.continuesAny(q, g) {
				p, d, last, found = q, d-w.Cost(i), g, true
				dst = append(dst, uint8(i))
				break
			}
		}
		if !found || d < 0 {
			return dst, -1, ErrInconsistent
		}
	}
	for k := 0; k < p.n; k++ {
		if p.mask&(1<<k) != 0 && w.IsGoal(p.s[k]) {
			return dst, k, nil
		}
	}
	return dst, -1, ErrInconsistent
}

// solveAnyBounded is SolveAny for steps that are single table moves, with
// the puzzle's lower bound: the coordinates are walked one after another,
// the likeliest nearest first, each along its own first optimal path.
// Once one has reached the goal in D steps, another is given up as soon as
// it cannot do better: when its steps so far plus a lower bound on what is
// left exceed D, or equal D while its path already runs after the best one
// in step order. The lower bound is the puzzle's, raised to the table's
// distance mod 3.
func (w *Walker) solveAnyBounded(coords []puzzle.State, dst []uint8) ([]uint8, int, error) {
	if len(coords) == 0 || len(coords) > MaxCoords {
		panic("walk: bad number of coordinates")
	}
	rank, lv := w.def.Rank, w.lv
	bound := func(s puzzle.State, v uint8) int {
		b := w.def.Accel.LowerBound(s)
		for b%3 != int(v) {
			b++
		}
		return b
	}
	var (
		order [MaxCoords]int
		lb    [MaxCoords]int
		v     [MaxCoords]uint8
		n     int
	)
	for k, c := range coords {
		r := rank(c)
		if !lv.Reachable(r) {
			continue
		}
		v[k] = lv.At(r)
		lb[k] = bound(c, v[k])
		// Insertion by bound, stable on ties.
		i := n
		for i > 0 && lb[order[i-1]] > lb[k] {
			order[i] = order[i-1]
			i--
		}
		order[i] = k
		n++
	}
	if n == 0 {
		return dst, -1, ErrUnreachable
	}
	// The paths are held in arrays where the table's distances fit (every
	// built-in puzzle's), else in slices as long as its largest.
	var bestA, pathA [MaxSteps]uint8
	best, path := bestA[:], pathA[:]
	if d := lv.MaxDistance(); d >= MaxSteps {
		best, path = make([]uint8, d+1), make([]uint8, d+1)
	}
	bestK, bestD := -1, len(path)+1
	for _, k := range order[:n] {
		if lb[k] > bestD {
			continue
		}
		s, sv := coords[k], v[k]
		r := rank(s)
		cmp := 0 // path so far against best: -1 before it, 0 its prefix, 1 after
		last := -1
		for t := 0; ; t++ {
			if r == w.goal {
				if t < bestD || cmp < 0 {
					copy(best, path[:t])
					bestD, bestK = t, k
				}
				break
			}
			if t >= bestD || t == len(path) || t > lv.MaxDistance() {
				break
			}
			if bestK >= 0 {
				if b := t + bound(s, sv); b > bestD || b == bestD && cmp > 0 {
					break
				}
			}
			i, ns, nr, ok := w.firstDescent(s, sv, last)
			if !ok {
				return dst, -1, ErrInconsistent
			}
			s, r, sv, last = ns, nr, lv.Below(sv), i
			path[t] = uint8(i)
			if cmp == 0 && bestK >= 0 && t < bestD {
				switch {
				case path[t] < best[t]:
					cmp = -1
				case path[t] > best[t]:
					cmp = 1
				}
			}
		}
	}
	if bestK < 0 {
		return dst, -1, ErrInconsistent
	}
	return append(dst, best[:bestD]...), bestK, nil
}

// firstDescent returns the first step, in step order, that takes s (at level
// v) one nearer the goal, with the state and rank it reaches. The step that
// undoes the previous one (last) goes back one farther, so it is not tried.
func (w *Walker) firstDescent(s puzzle.State, v uint8, last int) (int, puzzle.State, uint64, bool) {
	apply, rank, lv := w.def.Apply, w.def.Rank, w.lv
	want := lv.Below(v)
	skip := -1
	if last >= 0 {
		skip = w.undo[last]
	}
	for i, m := range w.simple {
		if i == skip {
			continue
		}
		t := apply(s, m)
		tr := rank(t)
		if lv.At(tr) == want {
			return i, t, tr, true
		}
	}
	return -1, s, 0, false
}

// Count returns the number of distinct optimal solutions of a position of
// one or more coordinates (saturating at the largest uint64).
//
// It sweeps the optimal paths from the position by what is left of the
// budget (the distance, in table moves), nearest the start first. A node is
// the candidates' states; it carries, for each group, the number of distinct
// step sequences that reach it with a last step of that group (and, apart,
// those with no group rule to keep). A node reached again is merged with the
// first arrival, since what follows a node depends only on its states and
// on the last step's group, which each step out of it reads off its own
// count: all the sequences but those that end in its group. The work is then
// the number of distinct positions on optimal paths, not the number of
// paths. A node left with no budget is the goal: every table move of every
// step went one nearer.
func (w *Walker) Count(coords []puzzle.State) (uint64, error) {
	p, d, err := w.start(coords)
	if err != nil {
		return 0, err
	}
	if p.n == 1 {
		return w.countOne(p.s[0], p.v[0], d), nil
	}
	sc := countScratch.Get().(*sweep)
	defer countScratch.Put(sc)
	sc.reset(d, w.groupCount())
	sc.add(w, d, p, -1, 1)
	var from [MaxCoords]descender
	for b := d; b > 0; b-- {
		for _, nd := range sc.byBudget[b] {
			ways := sc.ways[nd.ways : nd.ways+sc.slots]
			total := sumWays(ways)
			for k := 0; k < nd.p.n; k++ {
				// Field by field: the remembered moves need no
				// clearing (known says which hold; clearing them
				// cost 2 to 4% of a pocket count).
				d := &from[k]
				d.w, d.s, d.v, d.known, d.ok = w, nd.p.s[k], nd.p.v[k], 0, 0
			}
			for i := range w.steps {
				after, c := w.stepWays(i, ways, total, b)
				if after == 0 {
					continue
				}
				if q := nextFrom(nd.p, i, &from); q.mask != 0 {
					sc.add(w, b-c, q, w.group(i), after)
				}
			}
		}
	}
	var total uint64
	for _, nd := range sc.byBudget[0] {
		total = satAdd(total, sumWays(sc.ways[nd.ways:nd.ways+sc.slots]))
	}
	return total, nil
}

// countOne is Count for a position of one coordinate, s at level v and
// distance d: the same sweep, with a node a state rather than a set of
// candidates, and the index keyed by its rank alone: 0.7 of the multi-
// coordinate sweep's time on the pocket cube (BenchmarkPocketCount).
func (w *Walker) countOne(s puzzle.State, v uint8, d int) uint64 {
	sc := oneScratch.Get().(*oneSweep)
	defer oneScratch.Put(sc)
	sc.reset(d, w.groupCount())
	sc.add(w, d, s, v, -1, 1)
	var from descender
	for b := d; b > 0; b-- {
		for _, nd := range sc.byBudget[b] {
			ways := sc.ways[nd.ways : nd.ways+sc.slots]
			total := sumWays(ways)
			from.w, from.s, from.v, from.known, from.ok = w, nd.s, nd.v, 0, 0
			for i := range w.steps {
				after, c := w.stepWays(i, ways, total, b)
				if after == 0 {
					continue
				}
				if t, tv, ok := from.step(i); ok {
					sc.add(w, b-c, t, tv, w.group(i), after)
				}
			}
		}
	}
	var total uint64
	for _, nd := range sc.byBudget[0] {
		total = satAdd(total, sumWays(sc.ways[nd.ways:nd.ways+sc.slots]))
	}
	return total
}

// oneSweep is countOne's working memory, as sweep is Count's.
type oneSweep struct {
	byBudget [][]oneNode
	ways     []uint64
	slots    int
	index    map[uint64]int // the node's budget<<32 | its place in its list, by its rank
}

// oneNode is a node of countOne's sweep: its state and level, and where its
// counts by last group start in the sweep's ways.
type oneNode struct {
	s    puzzle.State
	v    uint8
	ways int
}

var oneScratch = sync.Pool{New: func() any {
	return &oneSweep{index: make(map[uint64]int)}
}}

func (sc *oneSweep) reset(d, groups int) {
	sc.byBudget = emptyLists(sc.byBudget, d)
	sc.ways = sc.ways[:0]
	sc.slots = groups + 1
	clear(sc.index)
}

// add counts ways more sequences that reach s, at level v, at budget b
// with a last step of group g.
func (sc *oneSweep) add(w *Walker, b int, s puzzle.State, v uint8, g int, ways uint64) {
	r := uint64(s)
	if !w.def.Accel.StateIsRank {
		r = uint64(w.def.Rank(s))
	}
	at, ok := sc.index[r]
	if !ok {
		at = b<<32 | len(sc.byBudget[b])
		sc.index[r] = at
		sc.byBudget[b] = append(sc.byBudget[b], oneNode{s: s, v: v, ways: len(sc.ways)})
		for range sc.slots {
			sc.ways = append(sc.ways, 0)
		}
	}
	slot := &sc.ways[sc.byBudget[at>>32][uint32(at)].ways+g+1]
	*slot = satAdd(*slot, ways)
}

// groupCount returns the number of groups the walk enforces.
func (w *Walker) groupCount() int {
	n := 0
	for i := range w.steps {
		n = max(n, w.group(i)+1)
	}
	return n
}

// countNode is a node of Count's sweep: the candidates' states, and where
// its counts by last group start in the sweep's ways.
type countNode struct {
	p    multi
	ways int
}

// sweep is Count's working memory: the nodes by budget, their counts by last
// group (slots of them a node: no group, then each group), and an index of
// the nodes by their candidates' ranks, to merge a node reached again.
// Pooled, so that a stream of counts allocates nothing.
type sweep struct {
	byBudget [][]countNode
	ways     []uint64
	slots    int
	index    map[[2]uint64]int // the node's budget<<32 | its place in its list
}

var countScratch = sync.Pool{New: func() any {
	return &sweep{index: make(map[[2]uint64]int)}
}}

func (sc *sweep) reset(d, groups int) {
	sc.byBudget = emptyLists(sc.byBudget, d)
	sc.ways = sc.ways[:0]
	sc.slots = groups + 1
	clear(sc.index)
}

// add counts ways more sequences that reach the position p at budget b with
// a last step of group g.
func (sc *sweep) add(w *Walker, b int, p multi, g int, ways uint64) {
	var r [MaxCoords]uint64
	for c := 0; c < p.n; c++ {
		if p.mask&(1<<c) != 0 {
			r[c] = uint64(p.s[c])
			if !w.def.Accel.StateIsRank {
				r[c] = uint64(w.def.Rank(p.s[c]))
			}
		}
	}
	key := [2]uint64{r[0]<<32 | r[1], r[2]<<32 | uint64(p.mask)}
	at, ok := sc.index[key]
	if !ok {
		at = b<<32 | len(sc.byBudget[b])
		sc.index[key] = at
		sc.byBudget[b] = append(sc.byBudget[b], countNode{p: p, ways: len(sc.ways)})
		for range sc.slots {
			sc.ways = append(sc.ways, 0)
		}
	}
	slot := &sc.ways[sc.byBudget[at>>32][uint32(at)].ways+g+1]
	*slot = satAdd(*slot, ways)
}

// nextFrom is next through the candidates' descenders.
func nextFrom(p multi, i int, from *[MaxCoords]descender) multi {
	q := p
	q.mask = 0
	for k := 0; k < p.n; k++ {
		if p.mask&(1<<k) == 0 {
			continue
		}
		if t, tv, ok := from[k].step(i); ok {
			q.s[k], q.v[k] = t, tv
			q.mask |= 1 << k
		}
	}
	return q
}

// maxFirst is the most table moves whose results a descender remembers.
const maxFirst = 32

// A descender follows steps from one state as descend does, remembering the
// result of each table move from that state: several steps' paths may start
// with the same table move (R, and R R for R2, in the quarter-turn metric),
// and a count follows every step from every state it reaches, so each
// remembered move is a table read saved.
type descender struct {
	w         *Walker
	s         puzzle.State
	v         uint8
	known, ok uint32 // bit m: move m has been followed; it went one nearer
	t         [maxFirst]puzzle.State
	tv        [maxFirst]uint8
}

// step is descend(s, v, i).
func (d *descender) step(i int) (puzzle.State, uint8, bool) {
	w := d.w
	for _, path := range w.steps[i].Paths {
		m := path[0]
		if m >= maxFirst {
			return w.descend(d.s, d.v, i)
		}
		if d.known&(1<<m) == 0 {
			t, tv, ok := w.descendPath(d.s, d.v, path[:1])
			d.t[m], d.tv[m] = t, tv
			d.known |= 1 << m
			if ok {
				d.ok |= 1 << m
			}
		}
		if d.ok&(1<<m) == 0 {
			continue
		}
		if t, tv, ok := w.descendPath(d.t[m], d.tv[m], path[1:]); ok {
			return t, tv, true
		}
	}
	return d.s, d.v, false
}

// stepWays returns how many of a node's ways may go on with step i, and
// its cost: ways are the node's counts by last group, total their sum, b
// its budget. None may when the step costs more than b, or every way's last
// step is of the step's group.
func (w *Walker) stepWays(i int, ways []uint64, total uint64, b int) (after uint64, cost int) {
	cost = w.Cost(i)
	if cost > b {
		return 0, cost
	}
	after = total
	if g := w.group(i); g >= 0 && total != ^uint64(0) {
		after -= ways[g+1]
	}
	return after, cost
}

// sumWays is the saturating sum of a node's counts.
func sumWays(ways []uint64) uint64 {
	var total uint64
	for _, x := range ways {
		total = satAdd(total, x)
	}
	return total
}

// emptyLists returns lists with every list emptied, and at least d+1 of
// them: a sweep's nodes by budget, their memory kept.
func emptyLists[N any](lists [][]N, d int) [][]N {
	for len(lists) <= d {
		lists = append(lists, nil)
	}
	for b := range lists {
		lists[b] = lists[b][:0]
	}
	return lists
}

// satAdd adds, saturating at the largest uint64.
func satAdd(a, b uint64) uint64 {
	if a+b < a {
		return ^uint64(0)
	}
	return a + b
}

// All returns every optimal solution of a position, in step order, stopping
// after limit solutions; truncated says whether there were more.
func (w *Walker) All(coords []puzzle.State, limit int) (sols [][]uint8, truncated bool, err error) {
	p, d, err := w.start(coords)
	if err != nil {
		return nil, false, err
	}
	path := make([]uint8, 0, MaxSteps)
	var walk func(p multi, d, last int) bool
	walk = func(p multi, d, last int) bool {
		if d == 0 {
			if len(sols) == limit {
				truncated = true
				return false
			}
			sols = append(sols, append([]uint8(nil), path...))
			return true
		}
		for i := range w.steps {
			g := w.group(i)
			if g >= 0 && g == last {
				continue
			}
			if w.Cost(i) > d {
				continue
			}
			if q := w.next(p, i); q.mask != 0 {
				path = append(path, uint8(i))
				more := walk(q, d-w.Cost(i), g)
				path = path[:len(path)-1]
				if !more {
					return false
				}
			}
		}
		return true
	}
	walk(p, d, -1)
	return sols, truncated, nil
}

// AllAs is All as every puzzle's All answers: limit <= 0 means no limit,
// and each path is made a solution of the caller's type by write (in step
// order, as All finds them). It is written once here so that the tables and
// the public packages, whose solutions differ, share it.
func AllAs[S any](w *Walker, coords []puzzle.State, limit int, write func(path []uint8) S) (sols []S, truncated bool, err error) {
	if limit <= 0 {
		limit = int(^uint(0) >> 1)
	}
	paths, truncated, err := w.All(coords, limit)
	if err != nil {
		return nil, false, err
	}
	sols = make([]S, len(paths))
	for i, p := range paths {
		sols[i] = write(p)
	}
	return sols, truncated, nil
}

// continuesAny is continues for a multi-coordinate position.
func (w *Walker) continuesAny(p multi, g int) bool {
	for k := 0; k < p.n; k++ {
		if p.mask&(1<<k) != 0 && w.continues(p.s[k], p.v[k], g) {
			return true
		}
	}
	return false
}
