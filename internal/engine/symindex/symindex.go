// Package symindex numbers the symmetry classes of a puzzle's states
// directly (see ksolve.Symmetry), where permindex numbers the states: a
// search over it holds its two bits an index, and nothing a state.
//
// The state is split in two: A, the pieces of some of the puzzle's sets,
// and B, those of the rest, each numbered by permindex as a puzzle of its
// own (the other sets' pieces made one, their orientations ignored). A
// symmetry takes each set to itself, so it takes A's states to A's
// states: they fall into classes, found once, with for each state of A a
// symmetry taking it to its class's representative, and for each
// representative the symmetries that fix it (its stabilizer). A state
// (a, b) is turned by the symmetry s taking a to its representative r,
// to (r, conj_s(b)); where r's stabilizer is more than the identity, each
// t of it gives (r, conj_t(conj_s(b))) of the same class, and the least B
// of them stands for it. The index is classA·|B| + that B.
//
// Where no set is within MaxA and the puzzle is one set with
// orientations, A is that set's permutation alone and B its orientations
// (within.go): a conjugate's orientations then depend on A's state too,
// and B's conjugates are read from tables of A's and B's states. Such an
// index keeps, for a class of A fixed by a symmetry, only the states of B
// that stand for a class (compact.go).
//
// Where the moves tie B's parities to A's (parity.go: the domino group's
// corners to its edges), the states of B a class of A allows are those of
// one signature of those parities, and B is numbered within it: the index
// is classA·|B|/2 + that B's number, for one tie.
//
// Two states of one class so get one index, and two classes two: the
// symmetries taking a state to (r, ·) are those taking it to r, one coset
// of r's stabilizer, all of which are tried. An index may stand for no
// class (a B its representative's stabilizer takes to a lesser one, a
// number past the last of a signature's states, or a pair no move
// reaches); the search leaves it unreached. Those are few
// where A has many states to a class, and A's classes have small
// stabilizers.
package symindex

import (
	"fmt"
	"slices"

	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// MaxA is the most states of A this package makes tables for: five bytes
// each (a class and a symmetry).
const MaxA = 1 << 24

// Index numbers the classes of a puzzle's states.
type Index struct {
	p    *ksolve.Puzzle
	syms []ksolve.Symmetry
	// inA says which sets are A's; within, when not -1, is the set whose
	// permutation alone is A's and whose orientations are B's (within.go).
	inA    []bool
	within int
	// a and b number A's and B's states, over the puzzle with the other
	// part's sets made one piece.
	a, b *permindex.Index
	// classOf and symOf give, for each state of A, its class and the
	// symmetry taking it to its representative.
	classOf []uint32
	symOf   []uint8
	// reps are each class's representative, and stabs[c] the symmetries
	// other than the identity that fix it.
	reps  []uint32
	stabs [][]uint8
	size  uint64
	// aMove[c*gens+g] is the class generator g takes class c's
	// representative to, shifted left 8, with the symmetry taking the
	// state moved to that class's representative; bMove[b*gens+g] is B's
	// state b moved by generator g; bConj[s*|B|+b] is B's
	// state b conjugated by symmetry s.
	aMove []uint32
	bMove []uint32
	bConj []uint32
	// In an index within a set, bConj is nil and B's conjugates are
	// read from these (within.go).
	split *withinTables
	// tie, when not nil, keeps for each class of A only the states of B
	// its parities allow (parity.go); per is the indices a class of A
	// has: B's states, or those of one signature.
	tie *parityTie
	per uint64
	// lay, for an index within a set, numbers its classes with no index
	// to spare (compact.go); nil: class c's indices are c·per on.
	lay *compact
}

// New returns the class index of p under its symmetries syms (the
// identity first, as ksolve.Puzzle.Symmetries gives them), with A the
// sets inA says, or the largest single set within MaxA when inA is nil.
func New(p *ksolve.Puzzle, syms []ksolve.Symmetry, inA []bool) (*Index, error) {
	if len(syms) < 2 || len(syms) > 256 {
		return nil, fmt.Errorf("symindex: %d symmetries (2 to 256 are indexed)", len(syms))
	}
	within := -1
	if inA == nil {
		var err error
		if inA, within, err = chooseA(p); err != nil {
			return nil, err
		}
	}
	return newIndex(p, syms, inA, within)
}

// newIndex is New with A the sets inA says, or, where within is not -1,
// that set's permutation.
func newIndex(p *ksolve.Puzzle, syms []ksolve.Symmetry, inA []bool, within int) (*Index, error) {
	x := &Index{p: p, syms: syms, inA: inA, within: within}
	var err error
	if x.a, err = subIndex(p, inA, within, true); err != nil {
		return nil, err
	}
	if x.b, err = subIndex(p, inA, within, false); err != nil {
		return nil, err
	}
	if x.a.Size() > MaxA {
		return nil, fmt.Errorf("symindex: %s: A has %d states, more than %d", p.Def.Name, x.a.Size(), MaxA)
	}
	if err := x.classesOfA(); err != nil {
		return nil, err
	}
	if uint64(len(x.reps)) > permindex.MaxSize/x.b.Size() {
		return nil, fmt.Errorf("symindex: %s: %d classes of A times %d states of B is beyond what godtable indexes", p.Def.Name, len(x.reps), x.b.Size())
	}
	if err := x.moveTables(); err != nil {
		return nil, err
	}
	x.per = x.b.Size()
	if x.tie = x.findTies(); x.tie != nil {
		x.per = x.tie.per
	}
	x.size = uint64(len(x.reps)) * x.per
	if x.within >= 0 && x.tie == nil {
		x.lay = x.compactLayout()
		x.size = x.lay.size
	}
	return x, nil
}

// Numbering names how New numbers p's classes, for a table's fingerprint:
// "1", A's classes times B's states (or a parity tie's share of them), or
// "2", an index within a set, numbered with no index to spare (compact.go).
// Tables of one numbering are not read by the other.
func Numbering(p *ksolve.Puzzle) (string, error) {
	_, within, err := chooseA(p)
	if err != nil {
		return "", err
	}
	if within >= 0 {
		return "2", nil
	}
	return "1", nil
}

// at is index i's class and its number among the class's indices (B's
// state, or with a parity tie its number among the tie's).
func (x *Index) at(i uint64) (c, r uint64) {
	if x.lay != nil {
		return x.lay.at(i, x.per)
	}
	return i / x.per, i % x.per
}

// indexOf is the index of class c's number r, which, where c's
// representative has a stabilizer, is the least of its conjugates by it.
func (x *Index) indexOf(c, r uint64) uint64 {
	if x.lay != nil {
		return x.lay.index(c, r, x.per, len(x.stabs[c]) > 0)
	}
	return c*x.per + r
}

// chooseA picks the set whose own index is largest within MaxA: the more
// states A has, the more of them to a class and the fewer indices that
// stand for no class. Where there is none and p is one set with
// orientations, A is that set's permutation (within is the set), if that
// is within MaxA.
func chooseA(p *ksolve.Puzzle) (inA []bool, within int, err error) {
	d := p.Def
	best, bestSize := -1, uint64(0)
	for k := range d.Sets {
		in := make([]bool, len(d.Sets))
		in[k] = true
		sub, err := subPuzzle(p, in, -1, true)
		if err != nil {
			return nil, -1, err
		}
		size, _, err := permindex.Plan(sub)
		if err != nil || size > MaxA {
			continue
		}
		if size > bestSize {
			best, bestSize = k, size
		}
	}
	within = -1
	if set := d.Sets[0]; best < 0 && len(d.Sets) == 1 && set.Mod > 1 && !slices.Contains(d.Solved[set.Off+set.Size:set.Off+2*set.Size], ksolve.Wild) {
		// (Orientations ignored in part would leave B's pieces, made
		// one, with none at all.)
		a, err := subPuzzle(p, []bool{true}, 0, true)
		if err != nil {
			return nil, -1, err
		}
		b, err := subPuzzle(p, []bool{true}, 0, false)
		if err != nil {
			return nil, -1, err
		}
		sa, _, errA := permindex.Plan(a)
		sb, _, errB := permindex.Plan(b)
		if errA == nil && errB == nil && sa <= MaxA && withinFits(set, sb) {
			best, within = 0, 0
		}
	}
	if best < 0 {
		return nil, -1, fmt.Errorf("symindex: %s: no set has %d states or fewer, nor the permutation of a puzzle of one set", d.Name, MaxA)
	}
	in := make([]bool, len(d.Sets))
	in[best] = true
	return in, within, nil
}

// subPuzzle returns p with the sets not in the part (inA, or its
// complement when keepA is false) made one piece each, orientation
// ignored; set within, when not -1, is A's by its permutation and B's by
// its orientations (its pieces made one).
func subPuzzle(p *ksolve.Puzzle, inA []bool, within int, keepA bool) (*ksolve.Puzzle, error) {
	d := *p.Def
	d.Solved = mask(&d, p.Def.Solved, inA, within, keepA)
	d.Labels = slices.Clone(d.Labels)
	d.Numbers = slices.Clone(d.Numbers)
	for k := range d.Sets {
		if inA[k] != keepA || (k == within && !keepA) {
			d.Labels[k] = 1
			d.Numbers[k] = []int{1}
		}
	}
	return ksolve.NewPuzzle(&d, p.Metric, p.Restrict)
}

func subIndex(p *ksolve.Puzzle, inA []bool, within int, keepA bool) (*permindex.Index, error) {
	sub, err := subPuzzle(p, inA, within, keepA)
	if err != nil {
		return nil, err
	}
	return permindex.New(sub)
}

// mask returns state s with the sets not in the part made one piece,
// orientation ignored, written into a new state; of set within, A keeps
// the pieces and B the orientations.
func mask(d *ksolve.Def, s ksolve.State, inA []bool, within int, keepA bool) ksolve.State {
	out := s.Clone()
	for k, set := range d.Sets {
		switch {
		case k == within:
			for i := 0; i < set.Size; i++ {
				if keepA {
					out[set.Off+set.Size+i] = ksolve.Wild
				} else {
					out[set.Off+i] = 0
				}
			}
		case inA[k] != keepA:
			for i := 0; i < set.Size; i++ {
				out[set.Off+i] = 0
				out[set.Off+set.Size+i] = ksolve.Wild
			}
		}
	}
	return out
}

// classesOfA finds A's classes, in the order of their least state.
func (x *Index) classesOfA() error {
	n := x.a.Size()
	const none = ^uint32(0)
	x.classOf = make([]uint32, n)
	x.symOf = make([]uint8, n)
	for i := range x.classOf {
		x.classOf[i] = none
	}
	var conj ksolve.State
	for r := uint64(0); r < n; r++ {
		if x.classOf[r] != none {
			continue
		}
		c := uint32(len(x.reps))
		x.reps = append(x.reps, uint32(r))
		x.stabs = append(x.stabs, nil)
		st := x.a.State(r)
		for s := range x.syms {
			// The other sets' one piece is renamed too: made one again.
			conj = x.p.Conjugate(conj, st, &x.syms[s])
			i, ok := x.a.Index(mask(x.p.Def, conj, x.inA, x.within, true))
			if !ok {
				return fmt.Errorf("symindex: %s: a conjugate of A's state %d has no index", x.p.Def.Name, r)
			}
			if i == r && s > 0 {
				x.stabs[c] = append(x.stabs[c], uint8(s))
			}
			if x.classOf[i] == none {
				// conj_s(r) = i, so conj_{s⁻¹}(i) = r.
				inv, err := x.inverse(s)
				if err != nil {
					return err
				}
				x.classOf[i], x.symOf[i] = c, uint8(inv)
			}
		}
	}
	return nil
}

// inverse returns the symmetry undoing symmetry s.
func (x *Index) inverse(s int) (int, error) {
	d := x.p.Def
	for t := range x.syms {
		if slices.Equal(d.Compose(x.syms[s].Perm, x.syms[t].Perm), x.syms[0].Perm) {
			return t, nil
		}
	}
	return 0, fmt.Errorf("symindex: %s: symmetry %d has no inverse among them", d.Name, s)
}

// Size is the number of indices: every class has one below it.
func (x *Index) Size() uint64 { return x.size }

// WithinASet says whether A is a set's permutation and B its
// orientations.
func (x *Index) WithinASet() bool { return x.within >= 0 }

// ClassesOfA is the number of A's classes.
func (x *Index) ClassesOfA() int { return len(x.reps) }

// StatesOfA is the size of A's own index.
func (x *Index) StatesOfA() uint64 { return x.a.Size() }

// StatesOfB is the size of B's own index.
func (x *Index) StatesOfB() uint64 { return x.b.Size() }

// Symmetries is the number of symmetries, the identity counted.
func (x *Index) Symmetries() int { return len(x.syms) }

// Index returns the index of state s's class, and false when s has none
// (a part of it breaks what every reachable state keeps).
func (x *Index) Index(s ksolve.State) (uint64, bool) {
	d := x.p.Def
	a, ok := x.a.Index(mask(d, s, x.inA, x.within, true))
	if !ok {
		return 0, false
	}
	c := x.classOf[a]
	y := s
	if sym := x.symOf[a]; sym != 0 {
		y = x.p.Conjugate(nil, s, &x.syms[sym])
	}
	b, ok := x.b.Index(mask(d, y, x.inA, x.within, false))
	if !ok {
		return 0, false
	}
	r, ok := x.numberOf(uint64(c), x.canonicalB(uint64(c), b))
	if !ok {
		return 0, false
	}
	return x.indexOf(uint64(c), r), true
}

// numberOf is B's state b's number among class c's indices, and false
// where c's parities rule it out.
func (x *Index) numberOf(c, b uint64) (uint64, bool) {
	if x.tie == nil {
		return b, true
	}
	if x.tie.sigOf[b] != x.tie.want[c] {
		return 0, false
	}
	return uint64(x.tie.rank[b]), true
}

// stateOfB is the state of B numbered r among class c's indices, and
// false where the number stands for none.
func (x *Index) stateOfB(c, r uint64) (uint64, bool) {
	if x.tie == nil {
		return r, true
	}
	b := x.tie.unrank[uint64(x.tie.want[c])*x.per+r]
	return uint64(b), b != noState
}

// State returns a state of index i's class (A's representative with B's
// state), and false where the index stands for no state of B.
func (x *Index) State(i uint64) (ksolve.State, bool) {
	c, r := x.at(i)
	b, ok := x.stateOfB(c, r)
	if !ok {
		return nil, false
	}
	sa := x.a.State(uint64(x.reps[c]))
	sb := x.b.State(b)
	out := sb.Clone()
	for k, set := range x.p.Def.Sets {
		switch {
		case k == x.within:
			copy(out[set.Off:set.Off+set.Size], sa[set.Off:set.Off+set.Size])
		case x.inA[k]:
			copy(out[set.Off:set.Off+2*set.Size], sa[set.Off:set.Off+2*set.Size])
		}
	}
	return out, true
}

// Estimate is the size of p's class index under n symmetries (the
// identity counted) and the bytes of its own tables, from the sizes of
// its parts alone, before any table is made: A's classes counted as its
// states over n, at least what they are, and B's states, halved for each
// parity tie with A (parity.go) found from the moves. statesB is B's states: 1 where A is the
// whole puzzle, which the index then numbers by a table of A's classes
// and nothing of B. It fails where New would for want of a set within
// MaxA.
func Estimate(p *ksolve.Puzzle, n int) (indices, tableBytes, statesB uint64, err error) {
	if n < 2 {
		return 0, 0, 0, fmt.Errorf("symindex: %d symmetries (2 to 256 are indexed)", n)
	}
	inA, within, err := chooseA(p)
	if err != nil {
		return 0, 0, 0, err
	}
	var size [2]uint64
	for k, keepA := range []bool{true, false} {
		sub, err := subPuzzle(p, inA, within, keepA)
		if err != nil {
			return 0, 0, 0, err
		}
		if size[k], _, err = permindex.Plan(sub); err != nil {
			return 0, 0, 0, err
		}
	}
	a, b, gens, syms := size[0], size[1], uint64(len(p.Gens)), uint64(n)
	classes := (a + syms - 1) / syms
	if b > 0 && classes > permindex.MaxSize/b {
		return 0, 0, 0, fmt.Errorf("symindex: %s: %d classes of A times %d states of B is beyond what godtable indexes", p.Def.Name, classes, b)
	}
	// As TableBytes counts them: A's class and symmetry a state, its
	// classes' representatives and moves, B's moves and conjugates.
	tableBytes = a*5 + classes*4*(1+gens) + b*4*(gens+syms)
	if within >= 0 {
		// B's conjugates by A's states (within.go) in place of B's own;
		// the moves of A's classes to states, not classes.
		tableBytes += a * syms * 4
		set := p.Def.Sets[within]
		rows := uint64(1)
		for range set.Size {
			if rows *= uint64(set.Mod); rows > maxConj {
				break // New refuses it
			}
		}
		tableBytes += b*uint64(set.Size) + rows*4
	}
	// A class of A allows one signature of each tie that reads A: its
	// share of B's states, about half of them a tie.
	per := b
	if t := tiesOf(p, inA); t != nil && within < 0 {
		for _, side := range t.aSide {
			if side != 0 {
				per /= 2
			}
		}
	}
	return classes * per, tableBytes, b, nil
}
