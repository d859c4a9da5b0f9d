package ida

import (
	"cmp"
	"slices"
)

// The children of a node, table by table: each table's index of every
// child first, then their levels, whose reads do not wait on each other,
// so that where the tables are larger than the cache their misses
// overlap, as the walk's do (a read of a large table is a cache miss, most
// of a node's time). Only for moves of one generator each (the half-turn
// metric); a move of several is moved a generator at a time (child).

// batch is a worker's room for the children of the nodes of each depth.
type batch struct {
	kids  [][]uint64 // kids[l][i*words:]: child i of the node at depth l, decoded
	h     [][]int    // h[l][i*tables+j]: its distance by table j
	idx   []uint64
	alive [][]bool
	// order is the order the tables are read in: those that have cut the
	// most children first, so that a child is cut after fewer reads (which
	// children live does not depend on the order: each must be within
	// every table's bound). cuts[j] counts table j's cuts since the last
	// reordering, which comes every reorderEvery nodes.
	order []int
	cuts  []uint64
	since int
}

// reorderEvery is how many nodes a worker visits between reorderings of
// its tables.
const reorderEvery = 1 << 12

func (w *worker) newBatch(depths int) {
	s := w.s
	moves, tables := len(s.cost), len(s.looks)
	w.b = &batch{idx: make([]uint64, moves), order: make([]int, tables), cuts: make([]uint64, tables)}
	for j := range w.b.order {
		w.b.order[j] = j
	}
	for range depths {
		w.b.kids = append(w.b.kids, make([]uint64, moves*s.words))
		w.b.h = append(w.b.h, make([]int, moves*tables))
		w.b.alive = append(w.b.alive, make([]bool, moves))
	}
}

// children works out which moves from the node at depth l, reached at
// cost g after a move of base last, keep every table's distance within
// the cost left, and their children; alive[i] says so of move i.
func (w *worker) children(l, g, last int) []bool {
	s, b := w.s, w.b
	alive, kids, hs := b.alive[l], b.kids[l], b.h[l]
	skip := w.commuting && last >= 0
	live := false
	for i := range s.cost {
		bs := s.base[i]
		alive[i] = bs != last && !(skip && s.skip[last][bs]) && g+s.cost[i] <= w.bound
		live = live || alive[i]
	}
	T := len(s.looks)
	if b.since++; b.since == reorderEvery {
		b.reorder()
	}
	for _, j := range b.order {
		if !live {
			break
		}
		lk := s.looks[j]
		x, o, rd := s.tables[lk.table].Index(), s.off[j], &w.rd[lk.table]
		from := w.dec[l][o:]
		for i, ok := range alive {
			if ok {
				b.idx[i] = x.Step(from, s.lookGen(j, s.gens[i][0]), kids[i*s.words+o:])
			}
		}
		h := w.h[l][j]
		live = false
		for i, ok := range alive {
			if !ok {
				continue
			}
			hi := nextDistance(h, rd.At(b.idx[i]), s.far[lk.table])
			if hi > w.bound-g-s.cost[i] {
				alive[i] = false
				b.cuts[j]++
				continue
			}
			hs[i*T+j] = hi
			live = true
		}
	}
	return alive
}

// reorder puts the tables that cut the most children since the last
// reordering first, and starts counting again.
func (b *batch) reorder() {
	slices.SortStableFunc(b.order, func(x, y int) int {
		return cmp.Compare(b.cuts[y], b.cuts[x])
	})
	clear(b.cuts)
	b.since = 0
}

// dfsBatch is dfs with the children worked out together.
func (w *worker) dfsBatch(l, g, last int) bool {
	if w.mode == modePrefix && l == w.prefix || g == w.bound {
		return w.leaf(l)
	}
	s, b := w.s, w.b
	alive := w.children(l, g, last)
	T := len(s.looks)
	for i, ok := range alive {
		if !ok {
			continue
		}
		copy(w.dec[l+1], b.kids[l][i*s.words:(i+1)*s.words])
		copy(w.h[l+1], b.h[l][i*T:(i+1)*T])
		w.path[l] = i
		w.fullOK = min(w.fullOK, l+1)
		if w.nodes++; w.nodes%checkEvery == 0 && w.stop() {
			w.halted = true
			return true
		}
		if w.dfsBatch(l+1, g+s.cost[i], s.base[i]) {
			return true
		}
	}
	return false
}
