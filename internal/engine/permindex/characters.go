package permindex

import (
	"math/bits"
	"slices"
)

// A tie of three or more joint coordinates is out of reach of compact's
// search over pairs when their product is too large to search, but the
// commonest kind is found without one: a sum of bits, one from each
// coordinate's value, that every move keeps (the parities of a puzzle's
// centres and corners with the flips of its edges, say).
//
// A character of a joint coordinate is a bit f of its values that each
// generator g changes by a constant c_g, whatever the value: f(g·v) =
// f(v) + c_g over GF(2). The characters of one coordinate are found from
// its move table: with f(solved) = 0, a tree of the search fixes f(v) as
// the sum of c along the tree's path to v, and each edge not in the tree is
// a linear condition on c. Characters of several coordinates whose c's sum
// to 0 make an invariant: the sum of their bits is the solved state's, 0,
// in every reachable state. Each independent one halves the index: one of
// its coordinates (the pivot, a joint no other invariant reads) is
// numbered so that its values 2k and 2k+1 differ in its character, and the
// index keeps k, the character following from the others' (the invariant
// machinery of the parities, with each other coordinate's bit read from a
// table of its own).

// maxCharGens is the most generators characters are looked for with: a
// character's c is a bit mask of them.
const maxCharGens = 64

// character is a bit of a joint coordinate's values: its change under each
// generator (inc) and its value at each value of the coordinate (bits).
type character struct {
	coord int
	inc   uint64
	bits  []uint64
}

// characters finds the invariants of sums of the joint coordinates'
// characters and adds them to x.invs, renumbering each pivot.
func (x *Index) characters() {
	if x.gens > maxCharGens || len(x.coords) > 64 {
		return
	}
	var chars []character
	for k := range x.coords {
		if x.coords[k].kind == kJoint && x.coords[k].full > 1 {
			chars = append(chars, x.charactersOf(k)...)
		}
	}
	if len(chars) < 2 || len(chars) > 64 {
		return
	}
	deps := dependencies(chars)
	var of [64]uint64 // of[k]: the mask of coordinate k's characters
	for i, ch := range chars {
		of[ch.coord] |= 1 << i
	}
	taken := x.pivots(deps, &of)
	x.addCharacterInvariants(chars, deps, &of, taken)
	x.pivotLast()
}

// dependencies returns the dependencies among the characters' increments,
// each a mask over chars: each vector is reduced against the basis so
// far, remembering which characters make it; one that reduces to 0 is a
// dependency.
func dependencies(chars []character) []uint64 {
	type row struct{ v, mask uint64 }
	var basis []row
	var deps []uint64
	for i, ch := range chars {
		r := row{ch.inc, 1 << i}
		for _, b := range basis {
			if r.v^b.v < r.v {
				r.v ^= b.v
				r.mask ^= b.mask
			}
		}
		if r.v == 0 {
			deps = append(deps, r.mask)
			continue
		}
		basis = append(basis, r)
		slices.SortFunc(basis, func(a, b row) int { return bits.Len64(b.v) - bits.Len64(a.v) })
	}
	return deps
}

// pivots gives each dependency a pivot that no other dependency reads: for
// each coordinate in turn, the dependencies not yet given one that read it
// take it, as many as read independent sums of its characters (a bit of
// its value each), and every other dependency that reads it has theirs
// added until it does not (it then reads a sum of theirs). It returns, for
// each coordinate, the dependencies its bits stand for, in bit order; a
// dependency dropped is set to 0 in deps.
func (x *Index) pivots(deps []uint64, of *[64]uint64) [][]int {
	pivot := make([]int, len(deps))
	for i := range pivot {
		pivot[i] = -1
	}
	taken := make([][]int, len(x.coords))
	for k := range x.coords {
		if of[k] == 0 {
			continue
		}
		// An echelon basis of the projections on k taken, with the
		// dependencies making each.
		type rowDep struct{ proj, deps uint64 }
		var ech []rowDep
		reduce := func(proj uint64) (uint64, uint64) {
			made := uint64(0)
			for _, r := range ech {
				if proj^r.proj < proj {
					proj ^= r.proj
					made ^= r.deps
				}
			}
			return proj, made
		}
		for i, d := range deps {
			if pivot[i] >= 0 || d&of[k] == 0 {
				continue
			}
			if rest, _ := reduce(d & of[k]); rest != 0 && len(taken[k]) < 8 {
				pivot[i] = k
				taken[k] = append(taken[k], i)
				ech = append(ech, rowDep{rest, 0})
				// The row's dependencies: i plus those it was reduced by.
				_, made := reduce(d & of[k])
				ech[len(ech)-1].deps = made ^ 1<<i
				slices.SortFunc(ech, func(a, b rowDep) int { return bits.Len64(b.proj) - bits.Len64(a.proj) })
			}
		}
		if len(taken[k]) == 0 {
			continue // k is no pivot: any dependency may read it
		}
		for i := range deps {
			if pivot[i] == k || deps[i]&of[k] == 0 {
				continue
			}
			rest, made := reduce(deps[i] & of[k])
			if rest != 0 {
				// A dependency given an earlier pivot that reads k
				// otherwise than k's own: dropped (its factor of 2 stays
				// in the index). It may have been added to others: they
				// are dependencies still.
				deps[i] = 0
				continue
			}
			for m := made; m != 0; m &= m - 1 {
				deps[i] ^= deps[bits.TrailingZeros64(m)]
			}
		}
	}
	for k := range taken {
		taken[k] = slices.DeleteFunc(taken[k], func(i int) bool { return deps[i] == 0 })
	}
	return taken
}

// addCharacterInvariants renumbers each pivot so that its value's low bits
// are the sums of its characters its dependencies read, and adds an
// invariant a dependency.
func (x *Index) addCharacterInvariants(chars []character, deps []uint64, of *[64]uint64, taken [][]int) {
	for k, ds := range taken {
		if len(ds) == 0 {
			continue
		}
		// The pivot's bits: for each dependency it stands for, the sum
		// of that dependency's characters of it; numbered by them, its
		// value's low bits are those sums.
		var fs [][]uint64
		for _, i := range ds {
			fs = append(fs, x.sumBits(chars, deps[i]&of[k], k))
		}
		x.renumber(k, fs)
		c := &x.coords[k]
		c.pivot = true
		c.pbits = uint8(len(ds))
		c.size = c.full >> len(ds)
		for at, i := range ds {
			inv := invariant{pivot: k, at: uint8(at)}
			for o := range x.coords {
				if o != k && deps[i]&of[o] != 0 {
					inv.others = append(inv.others, o)
				}
			}
			x.invs = append(x.invs, inv)
		}
		x.renumbered = true
	}
	// The others' bits, in their final numbering: a pivot is renumbered
	// above, and no dependency reads a pivot but its own.
	for j := range x.invs {
		inv := &x.invs[j]
		c := &x.coords[inv.pivot]
		if c.kind != kJoint {
			continue
		}
		i := taken[inv.pivot][inv.at]
		inv.opar = make([][]uint64, len(inv.others))
		for n, o := range inv.others {
			inv.opar[n] = x.sumBits(chars, deps[i]&of[o], o)
		}
	}
}

// pivotLast moves the pivot whose invariants read the last coordinate to
// the end, when there is one such pivot: the search's blocks are runs of
// the last coordinate's values (see block), and hold only if no pivot but
// the last derives bits from it (blocksHold). Where they still do not, the
// search goes index by index.
func (x *Index) pivotLast() {
	last := len(x.coords) - 1
	p := -1
	for _, inv := range x.invs {
		if inv.pivot != last && slices.Contains(inv.others, last) {
			if p >= 0 && p != inv.pivot {
				return
			}
			p = inv.pivot
		}
	}
	if p < 0 {
		return
	}
	// The coordinates after p move up one; p goes last.
	to := func(k int) int {
		switch {
		case k == p:
			return last
		case k > p:
			return k - 1
		}
		return k
	}
	moved := x.coords[p]
	x.coords = append(x.coords[:p], x.coords[p+1:]...)
	x.coords = append(x.coords, moved)
	for k := range x.coords {
		if c := &x.coords[k]; c.parent >= 0 {
			c.parent = to(c.parent)
		}
	}
	for j := range x.invs {
		inv := &x.invs[j]
		inv.pivot = to(inv.pivot)
		for n, o := range inv.others {
			inv.others[n] = to(o)
		}
	}
	for n, k := range x.parCols {
		x.parCols[n] = to(k)
	}
}

// sumBits is the sum of the characters in mask (all of coordinate k) at
// each of k's values, in k's present numbering.
func (x *Index) sumBits(chars []character, mask uint64, k int) []uint64 {
	c := &x.coords[k]
	out := make([]uint64, (c.full+63)/64)
	for m := mask; m != 0; m &= m - 1 {
		ch := &chars[bits.TrailingZeros64(m)]
		for w, b := range ch.bits {
			out[w] ^= b
		}
	}
	if c.num != nil {
		// The characters' bits are by code order; the values are not.
		by := make([]uint64, len(out))
		for p, v := range c.num {
			if out[p/64]>>(p%64)&1 != 0 {
				by[v/64] |= 1 << (v % 64)
			}
		}
		out = by
	}
	return out
}

// charactersOf returns a basis of joint coordinate k's characters, each
// with its bits by code order (k's values before any renumbering).
func (x *Index) charactersOf(k int) []character {
	c := &x.coords[k]
	G := uint64(x.gens)
	n := c.full
	// a[v]: the generators along the search tree's path to v, each once
	// or not (over GF(2)); f(v) = popcount(a[v] & inc) mod 2.
	a := make([]uint64, n)
	seen := make([]bool, n)
	solved, _ := slices.BinarySearch(c.codes, x.solvedCode(c.members, c.radix))
	queue := []uint64{uint64(solved)}
	seen[solved] = true
	// cons: the conditions on inc, in echelon form (by leading bit).
	var cons [64]uint64
	addCon := func(r uint64) {
		for r != 0 {
			h := 63 - bits.LeadingZeros64(r)
			if cons[h] == 0 {
				cons[h] = r
				return
			}
			r ^= cons[h]
		}
	}
	for i := 0; i < len(queue); i++ {
		v := queue[i]
		for g := range uint64(x.gens) {
			w := c.next(v*G, int(g))
			if !seen[w] {
				seen[w] = true
				a[w] = a[v] ^ 1<<g
				queue = append(queue, w)
				continue
			}
			addCon(a[v] ^ a[w] ^ 1<<g)
		}
	}
	// The solutions inc of the conditions: reduced echelon form, then one
	// solution per free generator.
	for h := 63; h >= 0; h-- {
		if cons[h] == 0 {
			continue
		}
		for j := range cons {
			if j != h && cons[j]>>h&1 == 1 {
				cons[j] ^= cons[h]
			}
		}
	}
	var out []character
	for free := range x.gens {
		if cons[free] != 0 {
			continue
		}
		inc := uint64(1) << free
		for h := range cons {
			if cons[h]>>free&1 == 1 {
				inc |= 1 << h
			}
		}
		ch := character{coord: k, inc: inc, bits: make([]uint64, (n+63)/64)}
		for v := range n {
			if bits.OnesCount64(a[v]&inc)&1 == 1 {
				ch.bits[v/64] |= 1 << (v % 64)
			}
		}
		out = append(out, ch)
	}
	return out
}

// renumber numbers joint coordinate k's values by the bits fs of its codes
// (in code order): value v's low bits are its code's bits (fs[j] at bit j),
// and its high bits count the codes with those bits before it. It makes the
// move table again.
func (x *Index) renumber(k int, fs [][]uint64) {
	c := &x.coords[k]
	n := c.full
	m := uint(len(fs))
	c.num = make([]uint32, n)
	c.pos = make([]uint32, n)
	next := make([]uint64, 1<<m)
	for p := range n {
		class := uint64(0)
		for j, f := range fs {
			class |= (f[p/64] >> (p % 64) & 1) << j
		}
		v := next[class]<<m | class
		next[class]++
		c.num[p], c.pos[v] = uint32(v), uint32(p)
	}
	G := uint64(x.gens)
	old16, old32 := c.t16, c.t32
	c.t16, c.t32 = nil, nil
	if old16 != nil {
		c.t16 = make([]uint16, len(old16))
	} else {
		c.t32 = make([]uint32, len(old32))
	}
	for p := range n {
		v := uint64(c.num[p])
		for g := range G {
			var to uint64
			if old16 != nil {
				to = uint64(old16[p*G+g])
			} else {
				to = uint64(old32[p*G+g])
			}
			if c.t16 != nil {
				c.t16[v*G+g] = uint16(c.num[to])
			} else {
				c.t32[v*G+g] = c.num[to]
			}
		}
	}
}
