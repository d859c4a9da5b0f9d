package permindex

import "slices"

// parPart is a part whose parity findParities follows.
type parPart struct {
	coords []int // the raw coordinates whose parities sum to the part's
	pivot  int   // one of them that can be halved, or -1
	part   int
}

// parityParts returns the parts whose pieces are distinct and whose
// permutation the raw coordinates hold.
func (x *Index) parityParts() []parPart {
	var pps []parPart
	for k := range x.parts {
		pt := &x.parts[k]
		if pt.tied >= 0 || !pt.distinct() || len(pt.slots) < 2 {
			continue
		}
		pp := parPart{pivot: -1, part: k}
		for _, ck := range x.partCoords[k] {
			c := &x.coords[ck]
			switch c.kind {
			case kPerm, kArr:
				pp.coords = append(pp.coords, ck)
				if c.ms.n >= 2 {
					// A Lehmer code: values 2v and 2v+1 differ in parity.
					pp.pivot = ck
				}
			case kComb:
				pp.coords = append(pp.coords, ck)
			}
		}
		if len(pp.coords) > 0 {
			pps = append(pps, pp)
		}
	}
	return pps
}

// echelon brings rows, bit j of each a column j < cols, to reduced row
// echelon form over GF(2), in place, and returns the pivot columns, row i's
// pivot the i-th.
func echelon(rows []uint64, cols int) []int {
	pivotCol := []int{}
	rank := 0
	for j := range cols {
		p := -1
		for i := rank; i < len(rows); i++ {
			if rows[i]>>j&1 == 1 {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		rows[rank], rows[p] = rows[p], rows[rank]
		for i := range rows {
			if i != rank && rows[i]>>j&1 == 1 {
				rows[i] ^= rows[rank]
			}
		}
		pivotCol = append(pivotCol, j)
		rank++
	}
	return pivotCol
}

// findParities finds the parities the generators keep, alone or together,
// among the parts whose pieces are distinct and whose permutation the raw
// coordinates hold, and halves one coordinate per independent invariant.
//
// A part's parity is the sum of its coordinates' parities: its
// permutation's (kPerm), or, for a part split in two groups, the parity of
// which slots hold which group (kComb: its inversions as a sequence of 0s
// and 1s) plus each group's arrangement's (kArr), plus a constant (the
// relabelling that puts group 0's labels first), which the solved state's
// parities fold into want.
func (x *Index) findParities() {
	pps := x.parityParts()
	if len(pps) == 0 || len(pps) > 64 {
		return
	}
	// rows[g] has bit j set when generator g changes the parity of part
	// pps[j].
	var rows []uint64
	for g := range x.gens {
		var r uint64
		for j, pp := range pps {
			if parityOf(x.parts[pp.part].mps[g]) == 1 {
				r |= 1 << j
			}
		}
		rows = append(rows, r)
	}
	pivotCol := echelon(rows, len(pps))
	isPivot := make([]bool, len(pps))
	for _, j := range pivotCol {
		isPivot[j] = true
	}
	// Each free column f gives the invariant: f plus the pivot columns
	// whose row has bit f. The values' parities are made by New
	// (parities), once the index is known to be small enough to build.
	read := map[int]bool{}
	for f, pp := range pps {
		if isPivot[f] || pp.pivot < 0 {
			continue
		}
		inv := invariant{pivot: pp.pivot}
		all := slices.Clone(pp.coords)
		for i, j := range pivotCol {
			if rows[i]>>f&1 == 1 {
				all = append(all, pps[j].coords...)
			}
		}
		for _, k := range all {
			read[k] = true
			inv.want ^= x.solvedParity(k)
			if k != pp.pivot {
				inv.others = append(inv.others, k)
			}
		}
		if x.coords[pp.pivot].kind == kArr {
			x.renumbered = true // a split part's parity is new
		}
		x.coords[pp.pivot].pivot = true
		x.coords[pp.pivot].pbits = 1
		x.coords[pp.pivot].size = x.coords[pp.pivot].full / 2
		x.invs = append(x.invs, inv)
	}
	for k := range read {
		x.parCols = append(x.parCols, k)
	}
	slices.Sort(x.parCols)
}

// parities makes the parity of every value of the coordinates that take
// part in a parity invariant.
func (x *Index) parities() {
	for _, k := range x.parCols {
		c := &x.coords[k]
		if c.kind == kComb {
			c.par = make([]uint64, (c.full+63)/64)
			a := make([]uint8, c.ms.n)
			for f := range c.full {
				c.ms.unrank(f, a)
				c.par[f/64] |= uint64(parityOf(a)) << (f % 64)
			}
			continue
		}
		c.par = lehmerParities(c.ms.n)
	}
}

// solvedParity is the parity of raw coordinate k's value in the solved
// state.
func (x *Index) solvedParity(k int) uint8 {
	c := &x.coords[k]
	pt := &x.parts[c.part]
	switch c.kind {
	case kComb:
		g := make([]uint8, len(pt.lab))
		for i, l := range pt.lab {
			g[i] = uint8(c.groupOf[l])
		}
		return parityOf(g)
	case kArr:
		var a []uint8
		for _, l := range pt.lab {
			if c.groupOf[l] == c.group {
				a = append(a, uint8(c.local[l]))
			}
		}
		return parityOf(a)
	}
	return parityOf(pt.lab)
}

// lehmerParities returns, for each rank of the permutations of n distinct
// pieces (multiset's rank, the Lehmer code), the permutation's parity as a
// bit: the parity of the sum of its Lehmer digits, counted up rank by rank.
func lehmerParities(n int) []uint64 {
	total := uint64(factorial(n))
	par := make([]uint64, (total+63)/64)
	// digit[i] counts in base n-i; the last digit is always 0, so the
	// odometer turns from digit n-2.
	digit := make([]int, n)
	p := uint64(0)
	for r := uint64(0); r < total; r++ {
		par[r/64] |= p << (r % 64)
		for i := n - 2; i >= 0; i-- {
			digit[i]++
			p ^= 1
			if digit[i] < n-i {
				break
			}
			// Back to 0 from n-i: the digit sum drops by n-i.
			p ^= uint64(n-i) & 1
			digit[i] = 0
		}
	}
	return par
}
