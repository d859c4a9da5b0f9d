package cube3

import (
	"math/bits"
	"runtime"
)

// The separation table, after H48's smallest coordinate: for every position
// of the corners' tetrads with their twists, reduced by the cube's 48
// symmetries (reflections too) to 3,393 classes, and every separation of
// the edges into their three slices (495 × 70 = 34,650), the least number
// of face turns that brings every corner into its tetrad, twisted home, and
// every edge into its slice. 117,567,450 entries of 4 bits, 59 MB.
//
// Its target is the same seen along any axis or in a mirror, so one lookup
// a position serves all three axes. It measures what the flip-slice-twist
// table does not: where the corners and edges are.

const (
	nCsep       = 70 // the four places of the tetrad of URF among the eight
	nCocsep     = nCsep * nTwist
	nEsep       = nSlice * 70 // the E edges' places, then the M edges' among the eight left
	nSym48      = 48
	nSepClasses = 3393
	sepLength   = nSepClasses * nEsep
	noSepClass  = 0xffff
)

// tetradA holds the corners of URF's tetrad: no two of them share an edge.
var tetradA = [8]bool{URF: true, ULB: true, DLF: true, DRB: true}

// edgeSlice is each edge's slice: 0 the S slice (UR UL DR DL), 1 the M
// slice (UF UB DF DB), 2 the E slice (FR FL BL BR).
var edgeSlice = [12]uint8{UR: 0, UF: 1, UL: 0, UB: 1, DR: 0, DF: 1, DL: 0, DB: 1, FR: 2, FL: 2, BL: 2, BR: 2}

// allSyms are the 48 rotations and reflections of the cube; allSyms[0] is
// the identity.
var allSyms = func() (out [nSym48]geometry) {
	out[0] = newGeometry(identity)
	k := 1
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for _, p := range perms {
		for signs := 0; signs < 8; signs++ {
			var m matrix
			for j := 0; j < 3; j++ {
				m[j][p[j]] = 1 - 2*(signs>>j&1)
			}
			if m == identity {
				continue
			}
			out[k] = newGeometry(m)
			k++
		}
	}
	return out
}()

// colexRank ranks the set of places whose bits are set in mask among the
// first n (colex order).
func colexRank(mask uint16, n int) int {
	r, k := 0, 0
	for i := 0; i < n; i++ {
		if mask>>i&1 != 0 {
			r += binom[i][k+1]
			k++
		}
	}
	return r
}

// esepOfMasks is the edges' coordinate of the E edges' places eMask and
// the M edges' places mMask.
func esepOfMasks(eMask, mMask uint16) int {
	m, j := 0, 0
	for i := 0; i < 12; i++ {
		if eMask>>i&1 == 0 {
			if mMask>>i&1 != 0 {
				m |= 1 << j
			}
			j++
		}
	}
	return colexRank(eMask, 12)*70 + colexRank(uint16(m), 8)
}

// colexUnrank returns the marks of the set of k places among n of rank r.
func colexUnrank(r, n, k int) []bool {
	out := make([]bool, n)
	for j, i := k, n-1; j > 0; j-- {
		for binom[i][j] > r {
			i--
		}
		out[i] = true
		r -= binom[i][j]
		i--
	}
	return out
}

func cocsepOf(c *Cubie) int {
	var a uint16
	for i, p := range c.CP {
		if tetradA[p] {
			a |= 1 << i
		}
	}
	return colexRank(a, 8)*nTwist + int(twistOf(c))
}

func esepOf(c *Cubie) int {
	var e, m uint16
	for i, p := range c.EP {
		switch edgeSlice[p] {
		case 2:
			e |= 1 << i
		case 1:
			m |= 1 << i
		}
	}
	return esepOfMasks(e, m)
}

// setCocsep makes c's corners have the coordinate v, the tetrads' corners
// in their order, and c's parity that of its corners.
func setCocsep(c *Cubie, v int) {
	in := colexUnrank(v/nTwist, 8, 4)
	a, b := []uint8{URF, ULB, DLF, DRB}, []uint8{UFL, UBR, DFR, DBL}
	for i := range c.CP {
		if in[i] {
			c.CP[i], a = a[0], a[1:]
		} else {
			c.CP[i], b = b[0], b[1:]
		}
	}
	setTwist(c, v%nTwist)
	if cornerParity(c.CP) != edgeParity(c.EP) {
		c.EP[UR], c.EP[UL] = c.EP[UL], c.EP[UR] // both in the S slice
	}
}

// setEsep makes c's edges have the coordinate v, each slice's edges in
// their order, and c's parity that of its edges.
func setEsep(c *Cubie, v int) {
	inE := colexUnrank(v/70, 12, 4)
	inM := colexUnrank(v%70, 8, 4)
	pieces := [3][]uint8{{UR, UL, DR, DL}, {UF, UB, DF, DB}, {FR, FL, BL, BR}}
	j := 0
	for i := range c.EP {
		s := 0
		switch {
		case inE[i]:
			s = 2
		case inM[j]:
			s, j = 1, j+1
		default:
			j++
		}
		c.EP[i], pieces[s] = pieces[s][0], pieces[s][1:]
		c.EO[i] = 0
	}
	if cornerParity(c.CP) != edgeParity(c.EP) {
		c.CP[URF], c.CP[ULB] = c.CP[ULB], c.CP[URF] // both in one tetrad
	}
}

// sepClasses are the classes of the corner coordinate under the 48
// symmetries, and what the table's lookups need beside.
type sepClasses struct {
	// entry[v] is v's class shifted left 6, with a symmetry taking v to
	// its class's representative in the low bits.
	entry []uint32
	rep   []uint32 // each class's representative
	stab  []uint64 // each class's symmetries that fix its representative
	// esepConj[e*48+s] is the edges' coordinate e seen after symmetry s.
	esepConj []uint16
	repMove  []uint32 // repMove[cls*18+m]: the representative's coordinate after m
	esepMove []uint16 // esepMove[e*18+m]: e after move m
	// csepOfCperm[p] is the tetrads' coordinate of corner permutation p.
	csepOfCperm []uint8
}

// sym48Inverse[s] is the symmetry that undoes s.
var sym48Inverse = func() (inv [nSym48]uint8) {
	probe := Solved.ApplyMoves([]Move{0, 3, 6, 10, 13, 17, 1, 5, 8})
	for s := range allSyms {
		c := allSyms[s].conj(probe)
		for t := range allSyms {
			if allSyms[t].conj(c) == probe {
				inv[s] = uint8(t)
			}
		}
	}
	return inv
}()

func newSepClasses() *sepClasses {
	k := &sepClasses{entry: make([]uint32, nCocsep)}
	for i := range k.entry {
		k.entry[i] = noSepClass << 6
	}
	for v := 0; v < nCocsep; v++ {
		if k.entry[v]>>6 != noSepClass {
			continue
		}
		cls := uint32(len(k.rep))
		c := Solved
		setCocsep(&c, v)
		var stab uint64
		for s := range allSyms {
			d := allSyms[s].conj(c)
			img := cocsepOf(&d)
			if img == v {
				stab |= 1 << s
			}
			if k.entry[img]>>6 == noSepClass {
				k.entry[img] = cls<<6 | uint32(sym48Inverse[s])
			}
		}
		k.rep = append(k.rep, uint32(v))
		k.stab = append(k.stab, stab)
	}
	if len(k.rep) != nSepClasses {
		panic("cube3: the corner separation classes are not 3,393")
	}
	k.esepConj = make([]uint16, nEsep*nSym48)
	k.esepMove = make([]uint16, nEsep*NMoves)
	for e := 0; e < nEsep; e++ {
		c := Solved
		setEsep(&c, e)
		for s := range allSyms {
			d := c
			d.EP, d.EO = allSyms[s].conjEdges(&c)
			k.esepConj[e*nSym48+s] = uint16(esepOf(&d))
		}
		for m := 0; m < NMoves; m++ {
			d := c.Apply(Move(m))
			k.esepMove[e*NMoves+m] = uint16(esepOf(&d))
		}
	}
	k.repMove = make([]uint32, nSepClasses*NMoves)
	for cls, v := range k.rep {
		c := Solved
		setCocsep(&c, int(v))
		for m := 0; m < NMoves; m++ {
			d := c.Apply(Move(m))
			k.repMove[cls*NMoves+m] = uint32(cocsepOf(&d))
		}
	}
	k.csepOfCperm = make([]uint8, nCperm)
	for p := 0; p < nCperm; p++ {
		c := Solved
		setCperm(&c, p)
		k.csepOfCperm[p] = uint8(cocsepOf(&c) / nTwist)
	}
	return k
}

// index is the separation table's entry of a position whose corners'
// coordinate is cocsep and edges' esep.
func (k *sepClasses) index(cocsep, esep int) int {
	e := k.entry[cocsep]
	return int(e>>6)*nEsep + int(k.esepConj[esep*nSym48+int(e&63)])
}

// sepTable is the separation table with its classes.
type sepTable struct {
	k     *sepClasses
	words nibbles
}

// setClass writes v at the entry of class cls and edges e, and at the
// entries of the same positions seen after the symmetries that fix the
// class's representative; it returns how many entries it wrote.
func (t *sepTable) setClass(cls, e int, v uint32) int {
	n := 0
	stab := t.k.stab[cls]
	for s := 0; stab != 0; s, stab = s+1, stab>>1 {
		if stab&1 != 0 && t.words.set(cls*nEsep+int(t.k.esepConj[e*nSym48+s]), v) {
			n++
		}
	}
	return n
}

// neighbour returns the class and edges reached by move m from class cls's
// representative with edges e.
func (t *sepTable) neighbour(cls, e, m int) (int, int) {
	k := t.k
	v1 := k.repMove[cls*NMoves+m]
	e1 := int(k.esepMove[e*NMoves+m])
	en := k.entry[v1]
	return int(en >> 6), int(k.esepConj[e1*nSym48+int(en&63)])
}

// buildSep fills the separation table breadth first, as buildPrune does.
func buildSep(k *sepClasses, workers int, progress func(depth, count, filled int)) *sepTable {
	t := &sepTable{k: k, words: newNibbles(sepLength)}
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	solved := Solved
	filled := t.setClass(int(k.entry[cocsepOf(&solved)]>>6), esepOf(&solved), 0)
	fillByDepth(sepLength, filled, workers, progress, "the separation table", func(lo, hi int, d uint32, backward bool) int {
		n := 0
		for i := lo; i < hi; i++ {
			n += t.step(i, d, backward)
		}
		return n
	})
	return t
}

func (t *sepTable) step(i int, d uint32, backward bool) int {
	v := t.words.load(i)
	cls, e := i/nEsep, i%nEsep
	n := 0
	switch {
	case !backward && v == d:
		for m := 0; m < NMoves; m++ {
			c1, e1 := t.neighbour(cls, e, m)
			if t.words.load(c1*nEsep+e1) == unset {
				n += t.setClass(c1, e1, d+1)
			}
		}
	case backward && v == unset:
		for m := 0; m < NMoves; m++ {
			c1, e1 := t.neighbour(cls, e, m)
			if t.words.load(c1*nEsep+e1) == d {
				n += t.setClass(cls, e, d+1)
				break
			}
		}
	}
	return n
}

// axisSliceMask[a][s] are the places, seen as the cube is, of the edges
// that axis a sees in its E slice, where its slice coordinate (divided by
// 24) is s: for axis 0 the E edges, for axis 1 the M edges.
var axisSliceMask = func() (t [2][nSlice]uint16) {
	for a := range t {
		for s := 0; s < nSlice; s++ {
			c := Solved
			setSliceSorted(&c, s*24)
			for i := range 12 {
				if c.EP[axes[a].edgeTo[i]] >= FR {
					t[a][s] |= 1 << i
				}
			}
		}
	}
	return t
}()

// nodeCoords are the separation table's coordinates of a search's node.
func (k *sepClasses) nodeCoords(n *node) (cocsep, esep int) {
	e := int(n.slice[0] / 24)
	return int(k.csepOfCperm[n.cperm])*nTwist + int(n.twist[0]), e*70 + int(mRank[e*nSlice+int(n.slice[1]/24)])
}

// rank12[mask] is the colex rank of a set of four places among twelve
// (0 for a mask of another size).
var rank12 = func() (t [1 << 12]uint16) {
	for m := range t {
		if bits.OnesCount16(uint16(m)) == 4 {
			t[m] = uint16(colexRank(uint16(m), 12))
		}
	}
	return t
}()

// mRank[e*495+s] is the rank of the M edges' places among the eight the E
// edges leave, where e ranks the E edges' places and s is axis 1's slice
// coordinate (divided by 24).
var mRank = func() []uint8 {
	t := make([]uint8, nSlice*nSlice)
	var eMask [nSlice]uint16
	for m := range rank12 {
		if bits.OnesCount16(uint16(m)) == 4 {
			eMask[rank12[m]] = uint16(m)
		}
	}
	for e := range nSlice {
		for s := range nSlice {
			if mm := axisSliceMask[1][s]; mm&eMask[e] == 0 {
				t[e*nSlice+s] = uint8(esepOfMasks(eMask[e], mm) % 70)
			}
		}
	}
	return t
}()
