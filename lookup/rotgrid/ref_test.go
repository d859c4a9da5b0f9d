package rotgrid

// An independent model of the rotation grid for the tests: its own quarter
// turn (rows and columns, not the cell cycles of internal/model/rotgrid), its own
// index (the Lehmer code of the permutation, not the X/Z coordinates), its
// own breadth-first search (not gen's) and an IDA* search that uses no
// table at all.

// refGrid is the tile in each cell, row by row.
type refGrid [9]uint8

var refSolved = refGrid{1, 2, 3, 4, 5, 6, 7, 8, 9}

// refTurn turns the 2x2 block whose top-left cell is at (row, col) a quarter
// turn, clockwise or not: clockwise, the tile at top-left goes to top-right,
// top-right to bottom-right, bottom-right to bottom-left, bottom-left to
// top-left.
func refTurn(g refGrid, row, col int, clockwise bool) refGrid {
	at := func(r, c int) int { return 3*(row+r) + col + c }
	tl, tr, br, bl := at(0, 0), at(0, 1), at(1, 1), at(1, 0)
	out := g
	if clockwise {
		out[tr], out[br], out[bl], out[tl] = g[tl], g[tr], g[br], g[bl]
	} else {
		out[tl], out[tr], out[br], out[bl] = g[tr], g[br], g[bl], g[tl]
	}
	return out
}

// refMove applies move m of the notation order TL TL' TR TR' BL BL' BR BR'.
func refMove(g refGrid, m int) refGrid {
	block := m / 2
	return refTurn(g, block/2, block%2, m%2 == 0)
}

var refFact = [10]int{1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880}

// refIndex is the Lehmer code of the grid as a permutation.
func refIndex(g refGrid) int {
	idx := 0
	for i := 0; i < 9; i++ {
		smaller := 0
		for j := i + 1; j < 9; j++ {
			if g[j] < g[i] {
				smaller++
			}
		}
		idx += smaller * refFact[8-i]
	}
	return idx
}

// refSearch is a plain breadth-first search from the solved grid over all
// 9! grids: the distance of each (indexed by refIndex), and the grids in the
// order the search met them (so by distance).
type refSearch struct {
	dist  []int8
	order []refGrid
}

func newRefSearch() *refSearch {
	s := &refSearch{dist: make([]int8, refFact[9])}
	for i := range s.dist {
		s.dist[i] = -1
	}
	s.dist[refIndex(refSolved)] = 0
	s.order = append(s.order, refSolved)
	for next := 0; next < len(s.order); next++ {
		g := s.order[next]
		d := s.dist[refIndex(g)]
		for m := 0; m < 8; m++ {
			n := refMove(g, m)
			if k := refIndex(n); s.dist[k] < 0 {
				s.dist[k] = d + 1
				s.order = append(s.order, n)
			}
		}
	}
	return s
}

// counts counts every grid's optimal solutions: the sum of the counts of
// its neighbours one nearer, taken in order of distance.
func (s *refSearch) counts() []uint64 {
	count := make([]uint64, len(s.dist))
	count[refIndex(refSolved)] = 1
	for _, x := range s.order[1:] {
		d := s.dist[refIndex(x)]
		var c uint64
		for m := 0; m < 8; m++ {
			if k := refIndex(refMove(x, m)); s.dist[k] == d-1 {
				c += count[k]
			}
		}
		count[refIndex(x)] = c
	}
	return count
}

// refIDA finds, without any table, the first optimal solution in move
// order by iterative deepening: depth-first in move order under a bound that
// grows by one. The bound is pruned by the Manhattan distance of the tiles
// over 4 (a quarter turn moves four tiles one cell each, so it lowers the
// sum by at most 4), which never cuts an optimal path; nor does skipping a
// move's inverse right after it, nor a third equal quarter turn in a row
// (three are one the other way). So the first solution met at the smallest
// bound that has one is the first optimal solution in move order.
func refIDA(g refGrid) []int {
	path := make([]int, 0, 16)
	var dfs func(g refGrid, bound int) bool
	dfs = func(g refGrid, bound int) bool {
		h := refHeuristic(g)
		if h == 0 && g == refSolved {
			return true
		}
		if len(path)+h > bound {
			return false
		}
		for m := 0; m < 8; m++ {
			if k := len(path); k > 0 && path[k-1] == m^1 {
				continue
			}
			if k := len(path); k > 1 && path[k-1] == m && path[k-2] == m {
				continue
			}
			path = append(path, m)
			if dfs(refMove(g, m), bound) {
				return true
			}
			path = path[:len(path)-1]
		}
		return false
	}
	for bound := 0; ; bound++ {
		if dfs(g, bound) {
			return path
		}
	}
}

func refHeuristic(g refGrid) int {
	sum := 0
	for c, t := range g {
		home := int(t) - 1
		sum += abs(c/3-home/3) + abs(c%3-home%3)
	}
	return (sum + 3) / 4
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
