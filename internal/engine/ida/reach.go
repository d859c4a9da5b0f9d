package ida

import (
	"sync"

	"github.com/godtable/godtable/internal/engine/group"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// members decides whether a state is reachable, for a puzzle whose pieces
// are all distinct and whose orientations all count: the state is then one
// permutation of the points (a piece in an orientation), reachable exactly
// when it is in the group the moves generate, which the group's chain
// decides. The tables' projections alone cannot: a single flipped edge of
// the 3x3x3 has every projection of some pieces reachable, and a search
// for it would never end.
type members struct {
	once  sync.Once
	mu    sync.Mutex
	chain *group.Chain // nil: not decidable so
	offs  []int
	p     *ksolve.Puzzle
	// slotOf[k][l] is the slot of label l of set k in the solved state.
	slotOf [][]int
}

// point is the point of the piece of set k solved in slot from, turned a.
func (m *members) point(k, from, a int) int {
	mod := m.p.Def.Sets[k].Mod
	return m.offs[k] + from*mod + a
}

func (m *members) init() {
	d := m.p.Def
	points := 0
	for k, set := range d.Sets {
		m.offs = append(m.offs, points)
		points += set.Size * set.Mod
		if points > ksolve.MaxPoints || d.Labels[k] != set.Size {
			return
		}
		slots := make([]int, set.Size)
		for i := range set.Size {
			if d.Solved[set.Off+set.Size+i] == ksolve.Wild {
				return
			}
			slots[d.Solved[set.Off+i]] = i
		}
		m.slotOf = append(m.slotOf, slots)
	}
	var gens []group.Perm
	for _, g := range m.p.Gens {
		gens = append(gens, m.perm(m.p.Moves[g].Perm, false))
	}
	m.chain = group.New(points, gens)
}

// perm is move or state s (a state: relative to the solved one) as a
// permutation of the points: the piece in slot from goes to slot i, turned.
func (m *members) perm(s ksolve.State, state bool) group.Perm {
	d := m.p.Def
	n := 0
	for _, set := range d.Sets {
		n += set.Size * set.Mod
	}
	perm := group.Identity(n)
	for k, set := range d.Sets {
		size, mod := set.Size, set.Mod
		for i := range size {
			from, turn := int(s[set.Off+i]), int(s[set.Off+size+i])
			if state {
				// The state's piece came from where it is solved,
				// turned by what it has more than there.
				from = m.slotOf[k][from]
				turn = (turn - int(d.Solved[set.Off+size+from]) + mod) % mod
			}
			for a := range mod {
				perm[m.point(k, from, a)] = m.point(k, i, (a+turn)%mod)
			}
		}
	}
	return perm
}

// reachable says whether st is reachable, and whether it could tell.
func (m *members) reachable(st ksolve.State) (reach, decided bool) {
	m.once.Do(m.init)
	if m.chain == nil {
		return false, false
	}
	g := m.perm(st, true)
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.chain.Contains(g), true
}
