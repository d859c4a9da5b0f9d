// Package group computes the order of a permutation group from its
// generators, by the Schreier-Sims algorithm: a base and strong generating
// set, level by level, each level's orbit with a representative for each
// of its points, so that the order is the product of the orbits' sizes.
//
// It is for counting a puzzle's states before a search and checking the
// search against the count, not for the search's inner loop: sifting an
// element costs a few microseconds.
package group

import (
	"math/big"
	"slices"
)

// Perm is a permutation of the points 0..n-1: point x goes to p[x].
type Perm []int

// Identity returns the identity on n points.
func Identity(n int) Perm {
	p := make(Perm, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// IsIdentity reports whether p moves no point.
func (p Perm) IsIdentity() bool {
	for i, x := range p {
		if i != x {
			return false
		}
	}
	return true
}

// then returns p followed by q.
func (p Perm) then(q Perm) Perm { return thenInto(make(Perm, len(p)), p, q) }

// thenInto writes p followed by q into dst, which must not be p, and
// returns it.
func thenInto(dst, p, q Perm) Perm {
	dst = dst[:len(p)]
	for i, x := range p {
		dst[i] = q[x]
	}
	return dst
}

// inverse returns p's inverse.
func (p Perm) inverse() Perm {
	r := make(Perm, len(p))
	for i, x := range p {
		r[x] = i
	}
	return r
}

// level is one level of the stabiliser chain: the elements that fix the
// base points above it, acting on its own base point.
type level struct {
	base int
	// gens are the strong generators that fix the base points above.
	gens []Perm
	// orbit is the base point's orbit, in the order it was found; rep[x]
	// takes the base point to x (nil: x is not in the orbit). A point's
	// representative never changes once found, so that a Schreier
	// generator found to sift through the levels below stays so as they
	// grow.
	orbit []int
	rep   []Perm
	// inv[x] is rep[x]'s inverse, kept so that sifting allocates nothing.
	inv []Perm
	// tested[k] is how many of gens have been tried with orbit[k].
	tested []int
}

// Chain is a base and strong generating set of a permutation group.
type Chain struct {
	n      int
	levels []*level
	// Scratch for sifting and Schreier generators: a chain is built by
	// trying thousands of them, and most sift to the identity, so none is
	// allocated until one does not.
	siftA, siftB, schreier, product Perm
}

// New returns the chain of the group the generators generate, on n points.
func New(n int, gens []Perm) *Chain {
	c := &Chain{n: n, siftA: make(Perm, n), siftB: make(Perm, n), schreier: make(Perm, n), product: make(Perm, n)}
	for _, g := range gens {
		if len(g) != n {
			panic("group: a generator of another degree")
		}
		if h, j := c.sift(g, 0); !h.IsIdentity() {
			c.addStrong(slices.Clone(h), j)
		}
	}
	c.close()
	return c
}

// Order returns the number of elements of the group.
func (c *Chain) Order() *big.Int {
	o := big.NewInt(1)
	for _, l := range c.levels {
		o.Mul(o, big.NewInt(int64(len(l.orbit))))
	}
	return o
}

// Contains reports whether g is an element of the group. It uses the
// chain's scratch: a chain is not for several goroutines at once.
func (c *Chain) Contains(g Perm) bool {
	h, _ := c.sift(g, 0)
	return h.IsIdentity()
}

// sift divides g by the levels' representatives from level i down, as far
// as they go: the residue, and the level where it stopped (len(levels)
// when it went through them all). g is left as it is; the residue may be
// the chain's scratch, valid until the next sift.
func (c *Chain) sift(g Perm, i int) (Perm, int) {
	for ; i < len(c.levels); i++ {
		l := c.levels[i]
		u := l.inv[g[l.base]]
		if u == nil {
			return g, i
		}
		dst := c.siftA
		if &g[0] == &dst[0] {
			dst = c.siftB
		}
		g = thenInto(dst, g, u)
	}
	return g, i
}

// addStrong adds h, which fixes the base points of the levels above j, as
// a strong generator of every level down to j, starting a level below the
// last when j is past it.
func (c *Chain) addStrong(h Perm, j int) {
	if j == len(c.levels) {
		b := 0
		for h[b] == b {
			b++
		}
		l := &level{base: b, orbit: []int{b}, rep: make([]Perm, c.n), inv: make([]Perm, c.n), tested: []int{0}}
		l.rep[b] = Identity(c.n)
		l.inv[b] = l.rep[b]
		c.levels = append(c.levels, l)
	}
	for k := 0; k <= j; k++ {
		c.levels[k].gens = append(c.levels[k].gens, h)
	}
}

// close makes the chain complete: every Schreier generator of every level
// (a point's representative, a generator, and back by the representative
// of the point it reaches) sifts to the identity through the levels below.
// A Schreier generator that does not adds its residue as a strong
// generator, and the levels are tried again until none is left.
func (c *Chain) close() {
	for again := true; again; {
		again = false
		for i := len(c.levels) - 1; i >= 0 && !again; i-- {
			l := c.levels[i]
			for k := 0; k < len(l.orbit) && !again; k++ {
				y := l.orbit[k]
				for ; l.tested[k] < len(l.gens); l.tested[k]++ {
					s := l.gens[l.tested[k]]
					z := s[y]
					if l.rep[z] == nil {
						l.rep[z] = l.rep[y].then(s)
						l.inv[z] = l.rep[z].inverse()
						l.orbit = append(l.orbit, z)
						l.tested = append(l.tested, 0)
						continue
					}
					h := thenInto(c.schreier, thenInto(c.product, l.rep[y], s), l.inv[z])
					if r, j := c.sift(h, i+1); !r.IsIdentity() {
						l.tested[k]++
						c.addStrong(slices.Clone(r), j)
						again = true
						break
					}
				}
			}
		}
	}
}
