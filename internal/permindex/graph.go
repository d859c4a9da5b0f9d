package permindex

import (
	"math/bits"

	"github.com/godtable/godtable/internal/bfs"
)

// rows decodes index i into each coordinate's row of its move table.
func (x *Index) rows(i uint64, row *[maxCoords]uint64) {
	var full [maxCoords]uint64
	cs := x.coords
	x.fulls(i, full[:len(cs)])
	G := uint64(x.gens)
	for k := range cs {
		c := &cs[k]
		pf := uint64(0)
		if c.parent >= 0 {
			pf = full[c.parent]
		}
		row[k] = (pf*c.full + full[k]) * G
	}
}

// at is the index generator g takes the decoded index to.
func (x *Index) at(row *[maxCoords]uint64, g int) uint64 {
	t := uint64(0)
	for k := range x.coords {
		c := &x.coords[k]
		var nf uint64
		if c.t16 != nil {
			nf = uint64(c.t16[row[k]+uint64(g)])
		} else {
			nf = uint64(c.t32[row[k]+uint64(g)])
		}
		if c.pivot {
			nf >>= 1
		}
		t += nf * c.weight
	}
	return t
}

// Neighbors writes into out[:Degree()] the index each generator takes index
// i to. It reads only the move tables.
func (x *Index) Neighbors(i uint64, out []uint64) {
	var row [maxCoords]uint64
	x.rows(i, &row)
	for g := range out[:x.gens] {
		out[g] = x.at(&row, g)
	}
}

// Apply returns the index generator g takes index i to.
func (x *Index) Apply(i uint64, g int) uint64 {
	var row [maxCoords]uint64
	x.rows(i, &row)
	return x.at(&row, g)
}

// Expand does a level's work for bfs.Search on words [lo, hi) of t, through
// the move tables.
func (x *Index) Expand(t *bfs.Levels, lo, hi uint64, cur uint8, backward bool) uint64 {
	var row [maxCoords]uint64
	found := uint64(0)
	nxt := bfs.Next(cur)
	G := x.gens
	for w := lo; w < hi; w++ {
		if !backward {
			for m := bfs.Matches(t.Word(w), cur); m != 0; m &= m - 1 {
				x.rows(w*32+uint64(bits.TrailingZeros64(m))/2, &row)
				for g := 0; g < G; g++ {
					found += t.Mark(x.at(&row, g), nxt)
				}
			}
			continue
		}
		old := t.Word(w)
		nw := old
		for m := bfs.Matches(old, bfs.Unseen); m != 0; m &= m - 1 {
			b := uint64(bits.TrailingZeros64(m))
			i := w*32 + b/2
			if i >= x.size {
				break
			}
			x.rows(i, &row)
			for g := 0; g < G; g++ {
				if t.Load(x.at(&row, g)) == cur {
					nw = bfs.Put(nw, b, nxt)
					found++
					break
				}
			}
		}
		t.SetWord(w, old, nw)
	}
	return found
}
