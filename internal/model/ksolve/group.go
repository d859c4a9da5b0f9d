package ksolve

import (
	"math/big"

	"github.com/godtable/godtable/internal/engine/group"
)

// MaxPoints is the most points Reachable counts a puzzle's group on: each
// level of its chain keeps a permutation for each point of its orbit, and
// a puzzle past this many is past what an index takes.
const MaxPoints = 2048

// Reachable returns the number of states the puzzle's moves reach from the
// solved state, computed from the moves alone (the order of the group they
// generate, by group.Chain), and whether that number is exact. When every
// piece of the solved state is its own and no orientation is "?", the only
// move sequence that keeps the solved state is one that keeps every piece
// in place, and the states reached are as many as the group's elements.
// With identical pieces or ignored orientations the states are fewer: the
// group's order divided by the order of the subgroup that keeps the solved
// state, found by a search through the group's chain
// (group.Chain.StabiliserOrder); where that search is too long, the order
// is returned as an upper bound, exact false.
//
// A puzzle of more than MaxPoints points (a piece in an orientation is a
// point) is not counted: nil.
func (p *Puzzle) Reachable() (n *big.Int, exact bool) {
	p.reach.once.Do(func() { p.reach.n, p.reach.exact = p.reachable() })
	if p.reach.n == nil {
		return nil, false
	}
	return new(big.Int).Set(p.reach.n), p.reach.exact
}

// reachable is Reachable, worked out.
func (p *Puzzle) reachable() (n *big.Int, exact bool) {
	d := p.Def
	exact = true
	offs := make([]int, len(d.Sets)) // each set's first point
	points := 0
	for k, set := range d.Sets {
		offs[k] = points
		points += set.Size * set.Mod
		if points > MaxPoints {
			return nil, false
		}
		if d.Labels[k] != set.Size {
			exact = false
		}
		for i := range set.Size {
			if d.Solved[set.Off+set.Size+i] == Wild {
				exact = false
			}
		}
	}
	chain := group.New(points, p.pointGens(offs, points))
	order := chain.Order()
	if exact {
		return order, true
	}
	// Alike pieces, or orientations ignored: the states are the order
	// divided by the order of the elements that keep the solved state, the
	// ones that keep each point's colour: its set, the label of the piece
	// solved there, and the orientation the point stands for relative to
	// the solved one (one colour for every orientation of a piece whose
	// orientation is ignored).
	colour := make([]int, points)
	for k, set := range d.Sets {
		n, mod := set.Size, set.Mod
		for i := range n {
			label, o := int(d.Solved[set.Off+i]), d.Solved[set.Off+n+i]
			for a := range mod {
				rel := mod // ignored
				if o != Wild {
					rel = (a - int(o) + mod) % mod
				}
				colour[offs[k]+i*mod+a] = (k*256+label)*256 + rel
			}
		}
	}
	stab, ok := chain.StabiliserOrder(colour, stabiliserBudget)
	if !ok {
		return order, false
	}
	return order.Quo(order, stab), true
}

// stabiliserBudget bounds the search for the elements that keep the solved
// state (group.Chain.StabiliserOrder): past it, the count is left a bound.
// A variable so that the tests can see a bound given.
var stabiliserBudget = 1 << 20

// Distinct says whether every piece of the definition is told from every
// other and every orientation counts (no identical pieces, no ignored
// orientations), within MaxPoints points: a state is then one permutation
// of the points, and whether it is reachable is whether it lies in the
// group the moves generate, which the group's chain decides.
func (d *Def) Distinct() bool {
	points := 0
	for k, set := range d.Sets {
		points += set.Size * set.Mod
		if points > MaxPoints || d.Labels[k] != set.Size {
			return false
		}
		for i := range set.Size {
			if d.Solved[set.Off+set.Size+i] == Wild {
				return false
			}
		}
	}
	return true
}

// pointGens are the generators as permutations of the points (a slot in an
// orientation; offs are each set's first point): the piece in slot m[i]
// goes to slot i, turned by m[n+i].
func (p *Puzzle) pointGens(offs []int, points int) []group.Perm {
	gens := make([]group.Perm, 0, len(p.Gens))
	for _, g := range p.Gens {
		m := p.Moves[g].Perm
		perm := group.Identity(points)
		for k, set := range p.Def.Sets {
			n, mod := set.Size, set.Mod
			for i := range n {
				from := int(m[set.Off+i])
				for a := range mod {
					perm[offs[k]+from*mod+a] = offs[k] + i*mod + (a+int(m[set.Off+n+i]))%mod
				}
			}
		}
		gens = append(gens, perm)
	}
	return gens
}
