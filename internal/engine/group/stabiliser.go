package group

import "math/big"

// StabiliserOrder returns the order of the subgroup of elements that keep
// every point's colour: g with colour[g[x]] == colour[x] for every x (a
// puzzle's elements that leave its solved state as it is, where pieces
// are alike). The states the group reaches from that colouring are then
// Order() / StabiliserOrder(). ok is false when the search would visit more
// than budget nodes of the chain.
//
// The subgroup is found level by level from the bottom of the chain: at
// level i, the points b_i can go to are tried in turn, each by a search
// through the levels below for one element of the level's group that takes
// b_i there and keeps every colour, pruned where a base point's image has
// another colour than the base point; the elements found generate the
// subgroup, and a point already reached from them is not tried. Its order
// is the product of the orbits of the base points under the subgroup's
// chain.
func (c *Chain) StabiliserOrder(colour []int, budget int) (order *big.Int, ok bool) {
	if len(colour) != c.n {
		panic("group: a colouring of another degree")
	}
	s := &stabSearch{c: c, colour: colour, budget: budget}
	order = big.NewInt(1)
	var found []Perm // elements of the subgroup, each fixing the base points above its level
	for i := len(c.levels) - 1; i >= 0; i-- {
		l := c.levels[i]
		b := l.base
		orbit := orbitOf(c.n, b, found)
		for _, y := range l.orbit {
			if orbit[y] || colour[y] != colour[b] {
				continue
			}
			g, hit := s.search(i+1, l.rep[y])
			if s.budget < 0 {
				return nil, false
			}
			if hit {
				found = append(found, g)
				orbit = orbitOf(c.n, b, found)
			}
		}
		size := 0
		for _, in := range orbit {
			if in {
				size++
			}
		}
		order.Mul(order, big.NewInt(int64(size)))
	}
	return order, true
}

type stabSearch struct {
	c      *Chain
	colour []int
	budget int
}

// search looks for an element h of level j's group (fixing the base points
// above it) such that h then p keeps every colour, and returns h then p.
func (s *stabSearch) search(j int, p Perm) (Perm, bool) {
	s.budget--
	if s.budget < 0 {
		return nil, false
	}
	if j == len(s.c.levels) {
		for x, y := range p {
			if s.colour[y] != s.colour[x] {
				return nil, false
			}
		}
		return p, true
	}
	l := s.c.levels[j]
	for _, d := range l.orbit {
		// h = h' then rep[d]: h then p takes b_j to p[d].
		if s.colour[p[d]] != s.colour[l.base] {
			continue
		}
		if g, ok := s.search(j+1, l.rep[d].then(p)); ok || s.budget < 0 {
			return g, ok
		}
	}
	return nil, false
}

// orbitOf marks the points the generators take b to.
func orbitOf(n, b int, gens []Perm) []bool {
	in := make([]bool, n)
	in[b] = true
	queue := []int{b}
	for k := 0; k < len(queue); k++ {
		for _, g := range gens {
			if y := g[queue[k]]; !in[y] {
				in[y] = true
				queue = append(queue, y)
			}
		}
	}
	return in
}
