package cube3

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// The search: iterative deepening over the 18 face turns, each bound
// searched depth first in the move order, cut where the pruning table,
// looked up along the three axes, says the bound cannot be met. A solution
// never turns a face twice in a row, nor turns a face right after its
// opposite face when the two could be written the other way round with the
// earlier face first (L then R, D then U, B then F): these sequences are as
// long as one that is searched, and later in the move order, so the first
// solution found is the first optimal one in the move order among all
// sequences. Counting and listing put the other orders back (see expand).
// In the quarter-turn metric every sequence is searched (see follows).
//
// Several workers share one bound: the searched sequences are split by
// their first two moves, in the move order, and the answer is that of the
// first split with a solution, whichever worker finishes first; a worker
// leaves a split as soon as an earlier one has a solution. So the answer is
// the same with any number of workers.

// node is a position as the search keeps it: along each axis the flip,
// twist and sorted slice coordinates, and the corners' permutation; and its
// inverse as pieces (inverse.go), made only for the positions the
// coordinates' entries leave in.
type node struct {
	flip, twist, slice [3]uint16
	cperm              uint16
	inv                invView
}

var solvedSlice = func() uint16 { c := Solved; return sliceSortedOf(&c) }()

func nodeOf(c Cubie) node {
	var n node
	for a := range axes {
		d := axes[a].conj(c)
		n.flip[a], n.twist[a], n.slice[a] = flipOf(&d), twistOf(&d), sliceSortedOf(&d)
	}
	n.cperm = cpermOf(&c)
	n.inv = invViewOf(c)
	return n
}

func (p *pruneTable) child(n *node, m Move) node {
	var c node
	mt := p.mt
	for a := 0; a < 3; a++ {
		ma := int(axisMove[a][m])
		c.flip[a] = mt.flip[int(n.flip[a])*NMoves+ma]
		c.twist[a] = mt.twist[int(n.twist[a])*NMoves+ma]
		c.slice[a] = mt.sliceSorted[int(n.slice[a])*NMoves+ma]
	}
	c.cperm = mt.cperm[int(n.cperm)*NMoves+int(m)]
	return c
}

// entries are a position's lower bounds: the flip-slice-twist table's
// entries along the three axes, the corner table's, and the
// flip-slice-twist table's entries of the inverse along the three axes.
type entries [7]uint8

const firstInverse = 4

// lookupOrder is the order in which the search reads a child's entries:
// the order that reads the fewest (see docs/CUBE3.md).
var lookupOrder = [7]int{0, 1, 2, 4, 5, 6, 3}

// own is the largest of the position's own entries (not its inverse's).
func (e *entries) own() int { return int(max(e[0], e[1], e[2], e[3])) }

// all is the largest entry.
func (e *entries) all() int { return max(e.own(), int(max(e[4], e[5], e[6]))) }

// bound returns the tables' lower bound of n's distance: the largest of
// the entries of n and of its inverse.
func (p *pruneTable) bound(n *node) int {
	hv := p.axisValues(n)
	return hv.all()
}

// axisValue is the table's entry for n along axis a, or for a = 3 the
// corner table's.
func (p *pruneTable) axisValue(n *node, a int) uint8 {
	if a == 3 {
		if p.corners == nil {
			return 0
		}
		return uint8(p.corners.get(int(n.cperm)*nTwist + int(n.twist[0])))
	}
	return uint8(p.get(p.index(int(n.slice[a]/24)*nFlip+int(n.flip[a]), int(n.twist[a]))))
}

// axisValues are n's entries.
func (p *pruneTable) axisValues(n *node) (hv entries) {
	for a := range firstInverse {
		hv[a] = p.axisValue(n, a)
	}
	for a := range axes {
		hv[firstInverse+a] = uint8(p.get(p.invIndex(&n.inv, a)))
	}
	return hv
}

func (n *node) solved() bool {
	return n.cperm == 0 && n.flip[0] == 0 && n.twist[0] == 0 &&
		n.slice[0] == solvedSlice && n.slice[1] == solvedSlice && n.slice[2] == solvedSlice
}

// follows reports whether m may come after a move of face last (-1: none).
// In the quarter-turn metric a face may follow its opposite either way:
// there F B F is as long as F2 B, and so is an optimal sequence that no
// reordering of commuting moves reaches.
func follows(m Move, last int, qtm bool) bool {
	f := m.Face()
	return f != last && (qtm || !(f < 3 && last == f+3))
}

// Options say what a search looks for.
type Options struct {
	QTM     bool // the quarter-turn metric
	Workers int  // 0: one a processor
	All     bool // every optimal solution, not the first
	// Canonical, with All, leaves out the orders of commuting moves that
	// the search skips (see CountSolutions).
	Canonical bool
	MaxCost   int       // give up above this length (0: no limit)
	Deadline  time.Time // give up then (zero: never)
}

// Result is a search's answer.
type Result struct {
	// Found: Solutions hold the first (or every) optimal solution, of
	// length Length. Otherwise no solution is Length-1 long or shorter:
	// the search stopped at its deadline or MaxCost.
	Found     bool
	Length    int
	Solutions [][]Move
	Nodes     int64 // positions searched
}

// task is one split of a bound: a prefix of moves.
type task struct {
	moves []Move
	at    node
	cost  int
}

type shared struct {
	p        *pruneTable
	o        *Options
	bound    int
	best     atomic.Int64 // the first task with a solution (first-only)
	stop     atomic.Bool  // deadline passed
	deadline time.Time
}

type worker struct {
	sh    *shared
	task  int
	path  []Move
	sols  [][]Move
	nodes int64
}

// Search finds the optimal solutions of c.
func (p *pruneTable) Search(c Cubie, o Options) Result {
	workers := o.Workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	root := nodeOf(c)
	var res Result
	if root.solved() {
		return Result{Found: true, Solutions: [][]Move{{}}}
	}
	for bound := max(p.bound(&root), 1); o.MaxCost == 0 || bound <= o.MaxCost; bound++ {
		sols, nodes, complete := p.searchBound(&root, bound, workers, &o)
		res.Nodes += nodes
		if len(sols) > 0 {
			if o.All && !o.Canonical && !o.QTM {
				sols = expand(sols)
			}
			res.Found, res.Length, res.Solutions = true, bound, sols
			return res
		}
		if !complete {
			res.Length = bound
			return res
		}
	}
	res.Length = o.MaxCost + 1
	return res
}

// tasks lists the prefixes of up to two moves that fit in the bound.
func (p *pruneTable) tasks(root *node, bound int, qtm bool) []task {
	var out []task
	for m := Move(0); m < NMoves; m++ {
		c1 := m.Cost(qtm)
		if c1 > bound {
			continue
		}
		n1 := p.child(root, m)
		n1.inv = root.inv.child(m)
		if bound == c1 || bound < 2 {
			out = append(out, task{[]Move{m}, n1, c1})
			continue
		}
		for m2 := Move(0); m2 < NMoves; m2++ {
			if !follows(m2, m.Face(), qtm) || c1+m2.Cost(qtm) > bound {
				continue
			}
			n2 := p.child(&n1, m2)
			n2.inv = n1.inv.child(m2)
			out = append(out, task{[]Move{m, m2}, n2, c1 + m2.Cost(qtm)})
		}
	}
	return out
}

func (p *pruneTable) searchBound(root *node, bound, workers int, o *Options) (sols [][]Move, nodes int64, complete bool) {
	ts := p.tasks(root, bound, o.QTM)
	sh := &shared{p: p, o: o, bound: bound, deadline: o.Deadline}
	sh.best.Store(int64(len(ts)))
	results := make([][][]Move, len(ts))
	var next atomic.Int64
	var total atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := &worker{sh: sh}
			for {
				i := int(next.Add(1)) - 1
				if i >= len(ts) || sh.stop.Load() || (!o.All && int64(i) > sh.best.Load()) {
					break
				}
				t := &ts[i]
				wk.task, wk.sols = i, nil
				wk.path = append(wk.path[:0], t.moves...)
				if hv := p.axisValues(&t.at); t.cost+hv.all() <= bound {
					wk.dfs(&t.at, hv, t.cost, t.moves[len(t.moves)-1].Face())
				}
				if len(wk.sols) > 0 {
					results[i] = wk.sols
					for {
						b := sh.best.Load()
						if int64(i) >= b || sh.best.CompareAndSwap(b, int64(i)) {
							break
						}
					}
				}
			}
			total.Add(wk.nodes)
		}()
	}
	wg.Wait()
	nodes = total.Load()
	if sh.stop.Load() {
		return nil, nodes, false
	}
	if !o.All {
		if b := sh.best.Load(); b < int64(len(ts)) {
			return results[b][:1], nodes, true
		}
		return nil, nodes, true
	}
	for _, r := range results {
		sols = append(sols, r...)
	}
	return sols, nodes, true
}

// dfs searches below n, reached at cost g by the path, its table entries
// hv within the bound; last is the face of the last move. It reports
// whether to stop.
func (w *worker) dfs(n *node, hv entries, g, last int) bool {
	w.nodes++
	sh := w.sh
	if w.nodes&4095 == 0 {
		if !sh.deadline.IsZero() && time.Now().After(sh.deadline) {
			sh.stop.Store(true)
		}
	}
	if sh.stop.Load() || (!sh.o.All && int64(w.task) > sh.best.Load()) {
		return true
	}
	if g == sh.bound {
		if n.solved() {
			w.sols = append(w.sols, slices.Clone(w.path))
			return !sh.o.All
		}
		return false
	}
	// The children are made first, then looked up table by table, each
	// table for all the children still in: the lookups of one round do not
	// wait on each other, so their memory reads overlap, where one child
	// at a time would wait for each in turn. The children are then
	// searched in move order, as one at a time would.
	var kids [NMoves]node
	var moves [NMoves]Move
	var lefts [NMoves]int
	parent := hv.own()
	// Where an inverse's entry along an axis is what the bound leaves, no
	// solution within the bound starts with a move that keeps that axis's
	// twist, flip and slice (a turn of the axis's faces, or a half turn):
	// read backwards, such a sequence would solve the inverse's
	// coordinates one move sooner, below the entry.
	var barred uint32
	for a := range axes {
		if int(hv[firstInverse+a]) == sh.bound-g {
			barred |= keepsAxis[a]
		}
	}
	k := 0
	for m := Move(0); m < NMoves; m++ {
		if barred>>m&1 != 0 || !follows(m, last, sh.o.QTM) {
			continue
		}
		left := sh.bound - g - m.Cost(sh.o.QTM)
		// One move changes an entry by one at most (it is one step in
		// the table's metric), so a child is cut before it is made
		// when its parent's entries say so.
		if left < 0 || parent-1 > left {
			continue
		}
		kids[k], moves[k], lefts[k] = sh.p.child(n, m), m, left
		k++
	}
	var values [NMoves]entries
	var in [NMoves]uint8
	for i := range k {
		in[i] = uint8(i)
	}
	invMade := false
	for _, a := range lookupOrder {
		if k == 0 {
			break
		}
		if a >= firstInverse {
			// The inverses are made for the children still in when
			// the first of their entries is wanted.
			if !invMade {
				for _, i := range in[:k] {
					kids[i].inv = n.inv.child(moves[i])
				}
				invMade = true
			}
			k = sh.p.lookupInverse(&kids, &moves, &in, k, a-firstInverse, &lefts, &values, hv[a])
			continue
		}
		sh.p.lookup(&kids, &in, k, a, &values)
		kept := 0
		for _, i := range in[:k] {
			if int(values[i][a]) <= lefts[i] {
				in[kept] = i
				kept++
			}
		}
		k = kept
	}
	for _, i := range in[:k] {
		w.path = append(w.path, moves[i])
		stop := w.dfs(&kids[i], values[i], sh.bound-lefts[i], moves[i].Face())
		w.path = w.path[:len(w.path)-1]
		if stop {
			return true
		}
	}
	return false
}

// lookup reads table a's entries (the flip-slice-twist table along axis a,
// or for a = 3 the corner table's) of the children in[:k] of kids into
// values: the indices first, then the entries, so that the reads overlap.
func (p *pruneTable) lookup(kids *[NMoves]node, in *[NMoves]uint8, k, a int, values *[NMoves]entries) {
	var idx [NMoves]int
	if a == 3 {
		if p.corners == nil {
			return
		}
		for j, i := range in[:k] {
			idx[j] = int(kids[i].cperm)*nTwist + int(kids[i].twist[0])
		}
		for j, i := range in[:k] {
			values[i][3] = uint8(p.corners.get(idx[j]))
		}
		return
	}
	for j, i := range in[:k] {
		n := &kids[i]
		idx[j] = p.index(int(n.slice[a]/24)*nFlip+int(n.flip[a]), int(n.twist[a]))
	}
	for j, i := range in[:k] {
		values[i][a] = uint8(p.get(idx[j]))
	}
}

// lookupInverse reads the table's entries of the inverses of the children
// in[:k] of kids along axis a into values, as lookup does, and keeps in
// in[:k] those whose entry is within what the bound leaves them; it
// returns their number. A child reached by a move that keeps the axis has
// its parent's entry, parent: the move is made before the inverse, and
// the inverse's coordinates are solved as soon as they were.
func (p *pruneTable) lookupInverse(kids *[NMoves]node, moves *[NMoves]Move, in *[NMoves]uint8, k, a int, lefts *[NMoves]int, values *[NMoves]entries, parent uint8) int {
	var idx [NMoves]int
	for j, i := range in[:k] {
		if keepsAxis[a]>>moves[i]&1 == 0 {
			idx[j] = p.invIndex(&kids[i].inv, a)
		}
	}
	kept := 0
	for j, i := range in[:k] {
		v := parent
		if keepsAxis[a]>>moves[i]&1 == 0 {
			v = uint8(p.get(idx[j]))
		}
		values[i][firstInverse+a] = v
		if int(v) <= lefts[i] {
			in[kept] = i
			kept++
		}
	}
	return kept
}

// expand puts back the orders the search leaves out: in a canonical
// solution, each move of R, U or F followed by one of the opposite face
// may also be written the other way round (the pairs never overlap, as L
// is not among R U F). It returns every solution once, in the move order.
func expand(canonical [][]Move) [][]Move {
	var out [][]Move
	for _, s := range canonical {
		var pairs []int
		for i := 0; i+1 < len(s); i++ {
			if f := s[i].Face(); f < 3 && s[i+1].Face() == f+3 {
				pairs = append(pairs, i)
			}
		}
		for mask := 0; mask < 1<<len(pairs); mask++ {
			v := slices.Clone(s)
			for k, i := range pairs {
				if mask>>k&1 != 0 {
					v[i], v[i+1] = v[i+1], v[i]
				}
			}
			out = append(out, v)
		}
	}
	slices.SortFunc(out, slices.Compare[[]Move])
	return out
}

// CountSolutions is the number of sequences expand makes of canonical
// solutions, without making them; in the quarter-turn metric, where the
// search leaves no order out, the number of solutions.
func CountSolutions(canonical [][]Move, qtm bool) uint64 {
	if qtm {
		return uint64(len(canonical))
	}
	var n uint64
	for _, s := range canonical {
		k := 0
		for i := 0; i+1 < len(s); i++ {
			if f := s[i].Face(); f < 3 && s[i+1].Face() == f+3 {
				k++
			}
		}
		n += 1 << k
	}
	return n
}
