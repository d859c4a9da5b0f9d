package permindex

import "fmt"

// Factor gives each arrangement coordinate read with a comb (a set split
// in two halves: which slots hold which half, then each half's
// arrangement) its move table in two, where the two are much smaller:
// how each move reorders the half's pieces, for each comb (sigma), and
// each reordering of each arrangement (the composition table). Step and
// Steps then read those: two reads in tables a processor's cache holds,
// where the one table's read went to memory. The dino cube's 12 edges
// are two arrangements of six, whose tables take 21 MB each, and the
// two tables in place of each 30 KB and 1 MB. It is for walks that move
// states at random, as a reduction to classes does; a search's blocks
// read a table row by row, and keep to it. Factor must not run while the
// index is in use.
func (x *Index) Factor() {
	G := uint64(x.gens)
	for k := range x.coords {
		c := &x.coords[k]
		if c.sigma != nil || !x.factorable(k) {
			continue
		}
		x.factor(c, &x.coords[c.parent], uint64(factorial(c.ms.n)), G)
	}
}

// factorable says whether Factor makes coordinate k's tables: an
// arrangement read with a comb of its own part, of at most eight pieces,
// whose composition table is at most 2^22 entries and a quarter of its
// move table.
func (x *Index) factorable(k int) bool {
	c := &x.coords[k]
	if c.kind != kArr || c.parent < 0 || c.ms.n > 8 {
		return false
	}
	comb := &x.coords[c.parent]
	if comb.kind != kComb || comb.part != c.part {
		return false
	}
	entries := uint64(factorial(c.ms.n)) * c.full
	return entries <= 1<<22 && 4*entries <= comb.full*c.full*uint64(x.gens)
}

// factor makes arrangement coordinate c's two tables (see Factor).
func (x *Index) factor(c, comb *coord, perms, G uint64) {
	sym := reorderings(c.ms.n)
	c.sigma = x.reorderings(c, comb, sym, G)
	c.comp16, c.comp32, c.sharedComp = x.compositions(c, sym, perms)
}

// reorderings is the multiset of the reorderings of n pieces.
func reorderings(n int) multiset {
	ones := make([]int, n)
	for i := range ones {
		ones[i] = 1
	}
	return newMultiset(ones)
}

// reorderings returns arrangement coordinate c's table of how each move
// reorders its half's pieces under each value of its comb (a rank of sym,
// at comb value times G plus the move).
func (x *Index) reorderings(c, comb *coord, sym multiset, G uint64) []uint16 {
	pt := &x.parts[c.part]
	n := len(pt.slots)
	gid := make([]uint8, n)
	pos := make([]uint8, n)
	sigma := make([]uint8, c.ms.n)
	table := make([]uint16, comb.full*G)
	for pf := range comb.full {
		comb.ms.unrank(pf, gid)
		j := uint8(0)
		for i, g := range gid {
			if int(g) == c.group {
				pos[i] = j
				j++
			}
		}
		for g, mp := range pt.mps {
			// The half's pieces in the order of the slots they move to,
			// as the move table's rows take them (tableBuilder.parentRows).
			sigma = sigma[:0]
			for _, from := range mp {
				if int(gid[from]) == c.group {
					sigma = append(sigma, pos[from])
				}
			}
			table[pf*G+uint64(g)] = uint16(sym.rank(sigma))
		}
	}
	return table
}

// factorRows says whether an arrangement's move table is filled from its
// factored tables (fromFactors) when they are small; the tests turn it
// off to compare the two.
var factorRows = true

// fromFactors fills raw arrangement coordinate k's move table, if it can,
// from its two factored tables (see Factor), which rank far fewer
// arrangements than the table has rows: the 3x3x3's six edges of twelve,
// with their placements, are a table of 12 million entries, each a rank
// of six pieces, and compositions of 518,400. It says whether it did.
func (x *Index) fromFactors(k int) bool {
	c := &x.raw[k]
	if !factorRows || c.kind != kArr || c.parent < 0 || c.ms.n > 8 {
		return false
	}
	comb := &x.raw[c.parent]
	perms := uint64(factorial(c.ms.n))
	if comb.kind != kComb || comb.part != c.part || perms*c.full > 1<<22 {
		return false
	}
	G := uint64(x.gens)
	sym := reorderings(c.ms.n)
	sigma := x.reorderings(c, comb, sym, G)
	comp16, comp32, _ := x.compositions(c, sym, perms)
	n := comb.full * c.full * G
	if c.full <= 1<<16 {
		c.t16 = make([]uint16, n)
	} else {
		c.t32 = make([]uint32, n)
	}
	for pf := range comb.full {
		for f := range c.full {
			row := (pf*c.full + f) * G
			for g := range G {
				at := uint64(sigma[pf*G+g])*c.full + f
				if c.t16 != nil {
					c.t16[row+g] = comp16[at]
				} else {
					c.t32[row+g] = comp32[at]
				}
			}
		}
	}
	return true
}

// compositions returns arrangement coordinate c's composition table: each
// reordering (a rank of sym) of each of its values. It depends on the
// half's multiset alone, so every coordinate of the same one shares it,
// through the cache of move tables (tablecache.go); each value is
// unranked once, not once a reordering.
func (x *Index) compositions(c *coord, sym multiset, perms uint64) ([]uint16, []uint32, *sharedTable) {
	key := fmt.Sprintf("compose %d %d|%v", perms, c.full, c.ms.counts)
	st := sharedBuild(key, func() *sharedTable {
		k := c.ms.n
		arrs := make([]uint8, c.full*uint64(k))
		for f := range c.full {
			c.ms.unrank(f, arrs[f*uint64(k):(f+1)*uint64(k)])
		}
		st := &sharedTable{}
		if c.full <= 1<<16 {
			st.t16 = make([]uint16, perms*c.full)
		} else {
			st.t32 = make([]uint32, perms*c.full)
		}
		sigma := make([]uint8, k)
		moved := make([]uint8, k)
		for s := range perms {
			sym.unrank(s, sigma)
			for f := range c.full {
				arr := arrs[f*uint64(k) : (f+1)*uint64(k)]
				for j, from := range sigma {
					moved[j] = arr[from]
				}
				if r := c.ms.rank(moved); st.t16 != nil {
					st.t16[s*c.full+f] = uint16(r)
				} else {
					st.t32[s*c.full+f] = uint32(r)
				}
			}
		}
		return st
	})
	return st.t16, st.t32, st
}

// move is the value generator g takes value f of coordinate c to, read
// with parent value pf: through the composition tables when Factor made
// them, else the move table.
func (c *coord) move(pf, f uint64, g int, G uint64) uint64 {
	if c.sigma == nil {
		return c.next((pf*c.full+f)*G, g)
	}
	at := uint64(c.sigma[pf*G+uint64(g)])*c.full + f
	if c.comp16 != nil {
		return uint64(c.comp16[at])
	}
	return uint64(c.comp32[at])
}
