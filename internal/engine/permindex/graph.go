package permindex

import (
	"math/bits"
	"slices"

	"github.com/godtable/godtable/internal/engine/bfs"
)

// rows decodes index i into each coordinate's row of its move table, and
// its value into full.
func (x *Index) rows(i uint64, row, full *[maxCoords]uint64) {
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

// at is the index generator g takes the decoded index to: through each
// coordinate's move table, or its factored tables where NewFactored made
// it none.
func (x *Index) at(row, full *[maxCoords]uint64, g int) uint64 {
	t := uint64(0)
	G := uint64(x.gens)
	for k := range x.coords {
		c := &x.coords[k]
		var v uint64
		if c.t16 == nil && c.t32 == nil {
			v = c.move(full[c.parent], full[k], g, G)
		} else {
			v = c.next(row[k], g)
		}
		t += v >> c.pbits * c.weight
	}
	return t
}

// Neighbors writes into out[:Degree()] the index each generator takes index
// i to. It reads only the move tables.
func (x *Index) Neighbors(i uint64, out []uint64) {
	if x.direct() {
		for g := range out[:x.gens] {
			out[g] = x.applyDirect(i, g)
		}
		return
	}
	var row, full [maxCoords]uint64
	x.rows(i, &row, &full)
	for g := range out[:x.gens] {
		out[g] = x.at(&row, &full, g)
	}
}

// Apply returns the index generator g takes index i to.
func (x *Index) Apply(i uint64, g int) uint64 {
	if x.direct() {
		return x.applyDirect(i, g)
	}
	var row, full [maxCoords]uint64
	x.rows(i, &row, &full)
	return x.at(&row, &full, g)
}

// block is what the indices of one block have in common: a block is a run
// of indices that differ only in the last coordinate (the minor one), so
// that the other coordinates' share of each neighbour (base) is worked out
// once a block, and an index's neighbours are base plus one table read each.
type block struct {
	x      *Index
	minor  *coord
	first  uint64 // the block's first index
	end    uint64 // past its last
	base   []uint64
	pf     uint64 // the minor coordinate's parent's value
	row0   uint64 // the minor coordinate's table row of the block's first index
	want   uint64 // the bits the minor coordinate's value must have, if a pivot
	scratc [maxCoords]uint64
	// The next block is mostly the last but for its last few major
	// coordinates, so the base is kept as sums of the coordinates'
	// shares: sums[k+1] is sums[k] plus coordinate k's share, read from
	// its table row rows[k]. Only the sums from the first coordinate
	// whose row changed are worked out again: with a minor coordinate of
	// a dozen values, as the skewb diamond's, blocks change every dozen
	// indices. base is the last sum.
	sums [][]uint64
	rows [maxCoords]uint64
}

func (x *Index) newBlock() *block {
	K := len(x.coords)
	b := &block{x: x, minor: &x.coords[K-1], sums: make([][]uint64, K)}
	for k := range b.sums {
		b.sums[k] = make([]uint64, x.gens)
	}
	for k := range b.rows {
		b.rows[k] = ^uint64(0) // no row yet
	}
	b.base = b.sums[K-1]
	// Empty (first = end = 0): the first index asked for loads a block.
	return b
}

// load makes b the block of index i.
func (b *block) load(i uint64) {
	x := b.x
	cs := x.coords
	K := len(cs)
	full := b.scratc[:K]
	x.fulls(i, full)
	size := b.minor.size
	b.first = i - i%size
	b.end = b.first + size
	G := uint64(x.gens)
	changed := false
	for k := 0; k < K-1; k++ {
		c := &cs[k]
		pf := uint64(0)
		if c.parent >= 0 {
			pf = full[c.parent]
		}
		row := (pf*c.full + full[k]) * G
		if !changed && row == b.rows[k] {
			continue
		}
		changed = true
		b.rows[k] = row
		prev, next := b.sums[k], b.sums[k+1]
		if k == 0 {
			for g := range next {
				next[g] = c.next(row, g) >> c.pbits * c.weight
			}
			continue
		}
		for g := range next {
			next[g] = prev[g] + c.next(row, g)>>c.pbits*c.weight
		}
	}
	b.pf = 0
	if p := b.minor.parent; p >= 0 {
		b.pf = full[p]
	}
	b.row0 = b.pf * b.minor.full * G
	if b.minor.pivot {
		b.want = x.pivotBits(len(cs)-1, full)
	}
}

// row is the minor coordinate's table row for index i of the block.
func (b *block) row(i uint64) uint64 {
	c := b.minor
	f := i - b.first
	if c.pivot {
		f = c.expand(f, b.want)
	}
	return (b.pf*c.full + f) * uint64(b.x.gens)
}

// next is the neighbour through generator g of the index whose minor row
// is row.
func (b *block) next(row uint64, g int) uint64 {
	c := b.minor
	return b.base[g] + c.next(row, g)>>c.pbits
}

// blocksHold says that within a block (the indices that differ in the
// last coordinate alone) every other coordinate's full value is the same:
// no pivot but the last derives bits from the last. The invariants are
// made so (findParities and characters), and a kernel that relied on it
// otherwise would give wrong neighbours: the search then goes index by
// index.
func (x *Index) blocksHold() bool {
	last := len(x.coords) - 1
	for _, inv := range x.invs {
		if inv.pivot != last && slices.Contains(inv.others, last) {
			return false
		}
	}
	return true
}

// Kernel returns a kernel for one of bfs.Search's workers: it works out the
// neighbours of a word's indices through the move tables, a block at a
// time.
func (x *Index) Kernel() bfs.Kernel {
	if x.direct() {
		return x.newDirect()
	}
	x.moveTables()
	if len(x.coords) == 0 {
		// One state, which every move keeps: there is no minor coordinate
		// to make blocks of, and nothing worth a fast path.
		return bfs.Neighbors(x).Kernel()
	}
	if !x.blocksHold() {
		return bfs.Neighbors(x).Kernel()
	}
	b := x.newBlock()
	if c := b.minor; c.t16 != nil && !c.pivot {
		return (*block16)(b)
	}
	return b
}

// Neighbors gives bfs.Search the neighbours of the indices of word w in
// mask m.
func (b *block) Neighbors(w, m uint64, out []uint64) {
	G := b.x.gens
	for ; m != 0; m &= m - 1 {
		i := w*32 + uint64(bits.TrailingZeros64(m))/2
		if i < b.first || i >= b.end {
			b.load(i)
		}
		row := b.row(i)
		for g := range out[:G] {
			out[g] = b.next(row, g)
		}
		out = out[G:]
	}
}

// Find gives bfs.Search the indices of word w in mask m with a neighbour
// at level cur.
func (b *block) Find(w, m uint64, t *bfs.Levels, cur uint8) uint64 {
	G := b.x.gens
	hit := uint64(0)
	for ; m != 0; m &= m - 1 {
		i := w*32 + uint64(bits.TrailingZeros64(m))/2
		if i < b.first || i >= b.end {
			b.load(i)
		}
		row := b.row(i)
		for g := 0; g < G; g++ {
			if t.Load(b.next(row, g)) == cur {
				hit |= m & -m
				break
			}
		}
	}
	return hit
}

// block16 is a block whose minor coordinate's table holds 16-bit values
// and whose parity is not derived, the common case: an index's neighbours
// are its table row added to the block's base, and nothing else.
type block16 block

// have loads the block of index i if it is not the loaded one.
func (b16 *block16) have(i uint64) {
	if i-b16.first >= b16.end-b16.first {
		(*block)(b16).load(i)
	}
}

// at returns index i's row of the minor coordinate's table and the base
// its entries add to, i's block loaded: i's neighbour through generator g is
// base[g] + row[g].
func (b16 *block16) at(i uint64) (row []uint16, base []uint64) {
	G := uint64(len(b16.base))
	r := b16.row0 + (i-b16.first)*G
	row = b16.minor.t16[r : r+G]
	return row, b16.base[:len(row)]
}

// Neighbors gives bfs.Search the neighbours of the indices of word w in
// mask m.
func (b16 *block16) Neighbors(w, m uint64, out []uint64) {
	for ; m != 0; m &= m - 1 {
		i := w*32 + uint64(bits.TrailingZeros64(m))/2
		b16.have(i)
		row, base := b16.at(i)
		o := out[:len(row)]
		for g, v := range row {
			o[g] = base[g] + uint64(v)
		}
		out = out[len(row):]
	}
}

// Find gives bfs.Search the indices of word w in mask m with a neighbour
// at level cur.
func (b16 *block16) Find(w, m uint64, t *bfs.Levels, cur uint8) uint64 {
	hit := uint64(0)
	for ; m != 0; m &= m - 1 {
		i := w*32 + uint64(bits.TrailingZeros64(m))/2
		b16.have(i)
		row, base := b16.at(i)
		for g, v := range row {
			if t.Load(base[g]+uint64(v)) == cur {
				hit |= m & -m
				break
			}
		}
	}
	return hit
}

// directGraph computes neighbours from the permutation of a one-coordinate
// index (see Index.direct).
type directGraph struct {
	x    *Index
	c    *coord
	mps  [][]uint8
	a, b []uint8
}

func (x *Index) newDirect() *directGraph {
	c := &x.coords[0]
	pt := &x.parts[c.part]
	n := len(pt.slots)
	return &directGraph{x: x, c: c, mps: pt.mps, a: make([]uint8, n), b: make([]uint8, n)}
}

// load unranks index i.
func (d *directGraph) load(i uint64) {
	var full [maxCoords]uint64
	d.x.fulls(i, full[:1])
	d.c.ms.unrank(full[0], d.a)
}

// next is the index generator g takes the loaded index to.
func (d *directGraph) next(g int) uint64 {
	for j, from := range d.mps[g] {
		d.b[j] = d.a[from]
	}
	r := d.c.ms.rank(d.b)
	if d.c.pivot {
		r >>= 1
	}
	return r
}

// applyDirect is Apply for a one-coordinate index, with no allocation.
func (x *Index) applyDirect(i uint64, g int) uint64 {
	c := &x.coords[0]
	mp := x.parts[c.part].mps[g]
	n := len(mp)
	var full [1]uint64
	var a, b [256]uint8
	x.fulls(i, full[:])
	c.ms.unrank(full[0], a[:n])
	for j, from := range mp {
		b[j] = a[from]
	}
	r := c.ms.rank(b[:n])
	if c.pivot {
		r >>= 1
	}
	return r
}

// Neighbors gives bfs.Search the neighbours of the indices of word w in
// mask m.
func (d *directGraph) Neighbors(w, m uint64, out []uint64) {
	G := d.x.gens
	for ; m != 0; m &= m - 1 {
		d.load(w*32 + uint64(bits.TrailingZeros64(m))/2)
		for g := range out[:G] {
			out[g] = d.next(g)
		}
		out = out[G:]
	}
}

// Find gives bfs.Search the indices of word w in mask m with a neighbour
// at level cur.
func (d *directGraph) Find(w, m uint64, t *bfs.Levels, cur uint8) uint64 {
	G := d.x.gens
	hit := uint64(0)
	for ; m != 0; m &= m - 1 {
		d.load(w*32 + uint64(bits.TrailingZeros64(m))/2)
		for g := 0; g < G; g++ {
			if t.Load(d.next(g)) == cur {
				hit |= m & -m
				break
			}
		}
	}
	return hit
}

// Width is the number of words an index decoded takes (Decode): each
// coordinate's full value, or, for an index of one permutation, its
// pieces, eight to a word.
func (x *Index) Width() int {
	if x.direct() {
		return (len(x.parts[x.coords[0].part].slots) + 7) / 8
	}
	return len(x.coords)
}

// Decode writes index i, decoded, into d[:Width()]: what Step moves on.
func (x *Index) Decode(i uint64, d []uint64) {
	if x.direct() {
		c := &x.coords[0]
		n := len(x.parts[c.part].slots)
		var full [1]uint64
		var a [256]uint8
		x.fulls(i, full[:])
		c.ms.unrank(full[0], a[:n])
		pack(a[:n], d)
		return
	}
	x.fulls(i, d[:len(x.coords)])
}

// Step writes into to the decoding of the index generator g takes the
// decoded index d to, and returns that index: Apply, on an index kept
// decoded, so that a walk along moves decodes its start only.
func (x *Index) Step(d []uint64, g int, to []uint64) uint64 {
	if x.direct() {
		c := &x.coords[0]
		mp := x.parts[c.part].mps[g]
		n := len(mp)
		var a, b [256]uint8
		unpack(d, a[:n])
		for j, from := range mp {
			b[j] = a[from]
		}
		pack(b[:n], to)
		r := c.ms.rank(b[:n])
		if c.pivot {
			r >>= 1
		}
		return r
	}
	G := uint64(x.gens)
	idx := uint64(0)
	for k := range x.coords {
		c := &x.coords[k]
		pf := uint64(0)
		if c.parent >= 0 {
			pf = d[c.parent]
		}
		v := c.move(pf, d[k], g, G)
		to[k] = v
		idx += v >> c.pbits * c.weight
	}
	return idx
}

// Steps is Step on several decoded indices at once: it moves d[s*W:]
// (W the Width) by generator gens[s] into to[s*W:], and writes the index
// into out[s], for each s below len(out). Coordinate by coordinate, its
// reads of the move tables do not wait on each other, so that where the
// tables are larger than the cache their misses overlap.
func (x *Index) Steps(d []uint64, gens []int, to, out []uint64) {
	W := x.Width()
	if x.direct() {
		for s := range out {
			out[s] = x.Step(d[s*W:(s+1)*W], gens[s], to[s*W:(s+1)*W])
		}
		return
	}
	G := uint64(x.gens)
	clear(out)
	for k := range x.coords {
		c := &x.coords[k]
		shift, weight := c.pbits, c.weight
		for s := range out {
			pf := uint64(0)
			if c.parent >= 0 {
				pf = d[s*W+c.parent]
			}
			v := c.move(pf, d[s*W+k], gens[s], G)
			to[s*W+k] = v
			out[s] += v >> shift * weight
		}
	}
}

// pack writes bytes a into words d, eight to a word from the lowest bits.
func pack(a []uint8, d []uint64) {
	for w := range (len(a) + 7) / 8 {
		v := uint64(0)
		for j := min(len(a), w*8+8) - 1; j >= w*8; j-- {
			v = v<<8 | uint64(a[j])
		}
		d[w] = v
	}
}

// unpack is pack undone: the bytes of words d into a.
func unpack(d []uint64, a []uint8) {
	for j := range a {
		a[j] = uint8(d[j/8] >> (j % 8 * 8))
	}
}
