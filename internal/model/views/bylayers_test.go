package views

import "math/bits"

// byLayers is a second exact method, used only to check Solve's counts.
// It shares no code with Solve: it reads the views cell by cell and works
// one layer at a time instead of block by block.
//
// A layer is a bipartite graph: its rows needed by the side view, its
// columns needed by the front view, and an edge (row, column) for every top
// cell that is set and whose row and column are both needed. A layer's
// blocks are edges of its graph (and a top cell each), and they must cover
// every needed row and column: an edge cover. Every edge cover contains an
// inclusion-minimal one; what the extra blocks add can be matched by one
// filler block per top cell still uncovered, and any such top cell can take
// a filler block because it is an edge of some layer. So
//
//	min = min over minimal edge covers Q0..Q3 of Σ|Ql| + |T \ ∪Ql|.
//
// Layers 0,1 and layers 2,3 are paired up separately (meet in the middle)
// and the halves are joined through a transform over subsets of T.
//
// It holds its tables, indexed by subsets of the top view, so that a caller
// checking many cases can reuse them.
type byLayers struct {
	front, back, fill [1 << 16]int
}

// min returns the fewest blocks with the views v, and whether any block set
// has them, with the tables reused: only subsets of the top view are read
// or written.
func (w *byLayers) min(v Views) (int, bool) {
	cell := func(view uint16, i int) bool { return view>>i&1 != 0 }
	var top uint32 // the top view as a set of cells 4r+c
	for i := range 16 {
		if cell(v.Top, i) {
			top |= 1 << i
		}
	}
	var covers [4][]uint32 // minimal edge covers of each layer
	var anyEdge uint32
	for l := range 4 {
		var rows, cols []int
		for r := range 4 {
			if cell(v.Side, 4*l+3-r) {
				rows = append(rows, r)
			}
		}
		for c := range 4 {
			if cell(v.Front, 4*l+c) {
				cols = append(cols, c)
			}
		}
		var edges uint32
		for _, r := range rows {
			for _, c := range cols {
				if top>>(4*r+c)&1 != 0 {
					edges |= 1 << (4*r + c)
				}
			}
		}
		anyEdge |= edges
		isCover := func(p uint32) bool {
			for _, r := range rows {
				if p>>(4*r)&0xF == 0 {
					return false
				}
			}
			for _, c := range cols {
				if p&(0x1111<<c) == 0 {
					return false
				}
			}
			return true
		}
		limit := len(rows) + len(cols) // a minimal cover is a forest of stars
		for p := edges; ; p = (p - 1) & edges {
			if bits.OnesCount32(p) <= limit && isCover(p) {
				minimal := true
				for q := p; q != 0; q &= q - 1 {
					if isCover(p &^ (q & -q)) {
						minimal = false
						break
					}
				}
				if minimal {
					covers[l] = append(covers[l], p)
				}
			}
			if p == 0 {
				break
			}
		}
		if len(covers[l]) == 0 {
			return 0, false // a needed row or column has no block to show it
		}
	}
	if anyEdge != top {
		return 0, false // a top cell has no block to show it
	}

	var subs []uint32 // the subsets of top, in decreasing order
	for z := top; ; z = (z - 1) & top {
		subs = append(subs, z)
		if z == 0 {
			break
		}
	}
	const inf = 1 << 20
	half := func(m *[1 << 16]int, a, b []uint32) {
		for _, z := range subs {
			m[z] = inf
		}
		for _, p := range a {
			for _, q := range b {
				n := bits.OnesCount32(p) + bits.OnesCount32(q)
				m[p|q] = min(m[p|q], n)
			}
		}
	}
	half(&w.front, covers[0], covers[1])
	half(&w.back, covers[2], covers[3])

	// sup[Z] = min back[b] over b ⊇ Z; fill[Y] = min over Z ⊆ Y of
	// sup[Z] + |Y \ Z|, the cheapest way for layers 2,3 plus filler blocks
	// to cover the cells Y (all sets here lie inside top).
	sup := &w.back
	for i := range 16 {
		if top>>i&1 == 0 {
			continue
		}
		for _, z := range subs {
			if z>>i&1 == 0 {
				sup[z] = min(sup[z], sup[z|1<<i])
			}
		}
	}
	fill := &w.fill
	for i := len(subs) - 1; i >= 0; i-- {
		y := subs[i]
		best := sup[y]
		for q := y; q != 0; q &= q - 1 {
			best = min(best, fill[y&^(q&-q)]+1)
		}
		fill[y] = best
	}
	best := inf
	for _, a := range subs {
		if n := w.front[a]; n < inf {
			best = min(best, n+fill[top&^a])
		}
	}
	return best, true
}
