package ksolve

import (
	"sync"

	"github.com/godtable/godtable/internal/engine/group"
)

// members decides whether a state lies in the group a puzzle's moves
// generate, for a puzzle whose pieces are Distinct: a state is then one
// permutation of the points (a piece in an orientation).
type members struct {
	once  sync.Once
	mu    sync.Mutex
	chain *group.Chain // nil: not decidable so
	offs  []int
	// slotOf[k][l] is the slot of label l of set k in the solved state.
	slotOf [][]int
}

// Contains says whether st lies in the group the moves generate, and
// whether it could tell: it can where the pieces are Distinct. A state
// outside it is unreachable; one inside it is reachable unless the
// definition's Illegal lines forbid every way there. Tables of some of
// the pieces cannot tell: a single flipped edge of the 3x3x3 has every
// projection of some pieces reachable.
func (p *Puzzle) Contains(st State) (in, decided bool) {
	m := &p.member
	m.once.Do(func() { m.init(p) })
	if m.chain == nil {
		return false, false
	}
	g := m.perm(p.Def, st)
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.chain.Contains(g), true
}

func (m *members) init(p *Puzzle) {
	d := p.Def
	if !d.Distinct() {
		return
	}
	points := 0
	for _, set := range d.Sets {
		m.offs = append(m.offs, points)
		points += set.Size * set.Mod
		slots := make([]int, set.Size)
		for i := range set.Size {
			slots[d.Solved[set.Off+i]] = i
		}
		m.slotOf = append(m.slotOf, slots)
	}
	m.chain = group.New(points, p.pointGens(m.offs, points))
}

// perm is state s, relative to the solved one, as a permutation of the
// points: the piece solved in slot from is in slot i, turned by what it
// has more than there.
func (m *members) perm(d *Def, s State) group.Perm {
	n := 0
	for _, set := range d.Sets {
		n += set.Size * set.Mod
	}
	perm := group.Identity(n)
	for k, set := range d.Sets {
		size, mod := set.Size, set.Mod
		for i := range size {
			from := m.slotOf[k][s[set.Off+i]]
			turn := (int(s[set.Off+size+i]) - int(d.Solved[set.Off+size+from]) + mod) % mod
			for a := range mod {
				perm[m.offs[k]+from*mod+a] = m.offs[k] + i*mod + (a+turn)%mod
			}
		}
	}
	return perm
}
