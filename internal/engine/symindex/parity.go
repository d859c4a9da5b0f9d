package symindex

import (
	"math/bits"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// A parity ties B to A where some orbits' permutation parities, summed,
// are the same in every state the moves reach, and those orbits are some
// of A's and some of B's: a move changes the sum of none or of two. B's
// sum is then known from A's state, and only the states of B that have it
// need an index. The ties are found from the moves alone: each generator's
// parity on each orbit gives a row, and the sums no row changes are the
// rows' null space (over GF(2)); none is taken on trust.

// maxTies bounds the ties followed: B's signature is a byte.
const maxTies = 8

// parityUnit is an orbit of a set's slots under the generators whose
// solved pieces are distinct, so that its permutation has a parity.
type parityUnit struct {
	slots []int // positions in a State, in increasing order
	// solved is the parity of the solved state's labels there: a state's
	// parity is its labels' against the solved state's.
	solved uint8
}

// parity is the parity of s's permutation of the unit's pieces.
func (u *parityUnit) parity(s ksolve.State) uint8 {
	return inversionParity(len(u.slots), func(i int) uint8 { return s[u.slots[i]] }) ^ u.solved
}

// inversionParity is the parity of the number of pairs i < j with
// at(i) > at(j).
func inversionParity(n int, at func(int) uint8) uint8 {
	p := uint8(0)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if at(i) > at(j) {
				p ^= 1
			}
		}
	}
	return p
}

// parityTie numbers B's states so that the class index keeps, for each
// class of A, only those whose tied parities A's representative allows.
type parityTie struct {
	units []parityUnit
	// masks[k] are the units whose parities the k-th tie sums; aSide[k]
	// the same restricted to A's units.
	masks, aSide []uint64
	// sigOf is each state of B's parities under the ties (bit k the k-th),
	// rank its number among B's states of that signature, and
	// unrank[sig*per+r] the state of B numbered r with signature sig, or
	// noState past the last.
	sigOf  []uint8
	rank   []uint32
	unrank []uint32
	per    uint64
	// want is, for each class of A, the signature its representative
	// requires of B.
	want []uint8
}

const noState = ^uint32(0)

// parityUnits returns the orbits of every set's slots under the
// generators whose solved pieces are distinct, and which of them are A's.
func parityUnits(p *ksolve.Puzzle, inA []bool) (units []parityUnit, ofA []bool) {
	d := p.Def
	for k, set := range d.Sets {
		orbit := make([]int, set.Size)
		for i := range orbit {
			orbit[i] = i
		}
		var root func(int) int
		root = func(i int) int {
			for orbit[i] != i {
				orbit[i] = orbit[orbit[i]]
				i = orbit[i]
			}
			return i
		}
		for _, m := range p.Gens {
			perm := p.Moves[m].Perm
			for i := 0; i < set.Size; i++ {
				orbit[root(i)] = root(int(perm[set.Off+i]))
			}
		}
		byRoot := map[int][]int{}
		var roots []int
		for i := 0; i < set.Size; i++ {
			r := root(i)
			if byRoot[r] == nil {
				roots = append(roots, r)
			}
			byRoot[r] = append(byRoot[r], set.Off+i)
		}
		for _, r := range roots {
			slots := byRoot[r]
			if len(slots) < 2 || !distinctAt(d.Solved, slots) {
				continue
			}
			u := parityUnit{slots: slots}
			u.solved = u.parity(d.Solved)
			units = append(units, u)
			ofA = append(ofA, inA[k])
		}
	}
	return units, ofA
}

func distinctAt(s ksolve.State, slots []int) bool {
	seen := map[uint8]bool{}
	for _, i := range slots {
		if seen[s[i]] {
			return false
		}
		seen[s[i]] = true
	}
	return true
}

// kept returns a basis of the sums of units (bit j unit j) that no row
// changes: those whose overlap with every row is even.
func kept(rows []uint64, n int) []uint64 {
	basis := make([]uint64, n)
	for j := range basis {
		basis[j] = 1 << j
	}
	for _, r := range rows {
		// Of the vectors r changes, one is spent making the others into
		// sums it does not change.
		odd := -1
		for k := 0; k < len(basis); k++ {
			if bits.OnesCount64(basis[k]&r)%2 == 0 {
				continue
			}
			if odd < 0 {
				odd = k
				continue
			}
			basis[k] ^= basis[odd]
		}
		if odd >= 0 {
			basis = append(basis[:odd], basis[odd+1:]...)
		}
	}
	return basis
}

// findTies returns the ties between A's and B's parities the generators
// keep, nil when there are none, or when they would not halve B.
func (x *Index) findTies() *parityTie {
	if x.within >= 0 {
		// A is the set's permutation, B its orientations: no parity of
		// B's to tie.
		return nil
	}
	t := tiesOf(x.p, x.inA)
	if t == nil || !t.numberB(x) {
		return nil
	}
	t.want = make([]uint8, len(x.reps))
	for c, r := range x.reps {
		t.want[c] = t.signature(x.a.State(uint64(r)), t.aSide)
	}
	return t
}

// tiesOf finds the sums of parities p's moves keep that read both A's
// units (inA) and B's, with no numbering of B yet: nil where there is none.
func tiesOf(p *ksolve.Puzzle, inA []bool) *parityTie {
	units, ofA := parityUnits(p, inA)
	if len(units) == 0 || len(units) > 64 {
		return nil
	}
	var aMask uint64
	for j, a := range ofA {
		if a {
			aMask |= 1 << j
		}
	}
	var rows []uint64
	for _, m := range p.Gens {
		perm := p.Moves[m].Perm
		var r uint64
		for j, u := range units {
			r |= uint64(inversionParity(len(u.slots), func(i int) uint8 { return perm[u.slots[i]] })) << j
		}
		rows = append(rows, r)
	}
	// Keep the sums whose B sides are independent; each must read B: a
	// sum of A's alone is A's own index's to keep.
	t := &parityTie{units: units}
	for _, v := range kept(rows, len(units)) {
		for _, w := range t.masks {
			if low := w &^ aMask & -(w &^ aMask); v&low != 0 {
				v ^= w
			}
		}
		if v&^aMask != 0 && len(t.masks) < maxTies {
			t.masks = append(t.masks, v)
			t.aSide = append(t.aSide, v&aMask)
		}
	}
	if len(t.masks) == 0 {
		return nil
	}
	return t
}

// signature is state s's parities under the ties, each over the units
// of masks.
func (t *parityTie) signature(s ksolve.State, masks []uint64) uint8 {
	var par uint64
	for j := range t.units {
		par |= uint64(t.units[j].parity(s)) << j
	}
	sig := uint8(0)
	for k, m := range masks {
		sig |= uint8(bits.OnesCount64(par&m)&1) << k
	}
	return sig
}

// numberB numbers B's states within their signatures, and reports
// whether that halves B at least (where B's own index already keeps a
// tied sum, every state of B has one signature).
func (t *parityTie) numberB(x *Index) bool {
	nb := x.b.Size()
	bSide := make([]uint64, len(t.masks))
	for k, m := range t.masks {
		bSide[k] = m &^ t.aSide[k]
	}
	t.sigOf = make([]uint8, nb)
	t.rank = make([]uint32, nb)
	count := make([]uint64, 1<<len(t.masks))
	for b := range nb {
		sig := t.signature(x.b.State(b), bSide)
		t.sigOf[b], t.rank[b] = sig, uint32(count[sig])
		count[sig]++
	}
	t.per = 0
	for _, n := range count {
		t.per = max(t.per, n)
	}
	if 2*t.per > nb {
		return false
	}
	t.unrank = make([]uint32, uint64(len(count))*t.per)
	for i := range t.unrank {
		t.unrank[i] = noState
	}
	for b := range nb {
		t.unrank[uint64(t.sigOf[b])*t.per+uint64(t.rank[b])] = uint32(b)
	}
	return true
}

// ParityTies is the number of parity sums tying B to A that the index
// divides out (0 when B keeps every state under each class of A).
func (x *Index) ParityTies() int {
	if x.tie == nil {
		return 0
	}
	return len(x.tie.masks)
}
