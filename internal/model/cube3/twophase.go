package cube3

import "sync"

// A two-phase search, after Kociemba, for a short sequence that is not
// proven the shortest: a scramble's sequence, found in milliseconds with
// small tables, where an optimal one would take the main search minutes.
// Phase one brings the cube into the subgroup of the moves U, D, R2, L2,
// F2, B2 (corners untwisted, edges unflipped, the UD-slice edges in the
// slice); phase two solves it with those moves. Both phases are iterative
// deepening, each guided by two exact tables of a pair of coordinates.

// phase2Moves are the moves that keep the subgroup, in move order.
var phase2Moves = []Move{2, 3, 4, 5, 8, 11, 12, 13, 14, 17}

const (
	nUD8       = 40320 // the U and D layers' eight edges' permutation
	nSlicePerm = 24    // the order of the slice edges within the slice
	unvisited  = 255
)

// twoPhase holds the tables of the two phases.
type twoPhase struct {
	mt *moveTables
	// ud8 is the move table of the U and D edges' permutation, for the
	// phase-two moves (other columns unused).
	ud8 []uint16
	// Exact distances of coordinate pairs, by the moves of the phase.
	twistSlice, flipSlice []uint8 // phase one: twist·495+slice, flip·495+slice
	cpermSlice, ud8Slice  []uint8 // phase two: cperm·24+slice order, ud8·24+slice order
}

var twoPhaseTables = sync.OnceValue(newTwoPhase)

func ud8Of(c *Cubie) uint16 { return uint16(permRank(c.EP[:8])) }

func setUD8(c *Cubie, v int) {
	permUnrank(c.EP[:8], v)
	for i := 8; i < 12; i++ {
		c.EP[i] = uint8(i)
	}
}

func newTwoPhase() *twoPhase {
	mt := newMoveTables()
	tp := &twoPhase{mt: mt, ud8: make([]uint16, nUD8*NMoves)}
	for v := 0; v < nUD8; v++ {
		c := Solved
		setUD8(&c, v)
		for _, m := range phase2Moves {
			d := c.Apply(m)
			tp.ud8[v*NMoves+int(m)] = ud8Of(&d)
		}
	}
	all := make([]Move, NMoves)
	for m := range all {
		all[m] = Move(m)
	}
	solvedSl := int(solvedSlice / 24)
	tp.twistSlice = pairDistances(nTwist, nSlice, solvedSl, all, mt.twist, mt.slice)
	tp.flipSlice = pairDistances(nFlip, nSlice, solvedSl, all, mt.flip, mt.slice)
	// Within the subgroup the sorted slice coordinate is the slice's set
	// (fixed) times 24 plus the order.
	order := make([]uint16, nSlicePerm*NMoves)
	base := int(solvedSlice) - int(solvedSlice)%24
	for o := 0; o < nSlicePerm; o++ {
		for _, m := range phase2Moves {
			order[o*NMoves+int(m)] = mt.sliceSorted[(base+o)*NMoves+int(m)] % 24
		}
	}
	tp.cpermSlice = pairDistances(nCperm, nSlicePerm, 0, phase2Moves, mt.cperm, order)
	tp.ud8Slice = pairDistances(nUD8, nSlicePerm, 0, phase2Moves, tp.ud8, order)
	return tp
}

// pairDistances is the breadth-first distance, by moves, of every pair
// (a, b) of two coordinates of sizes na and nb, whose move tables are ta
// and tb, from (0, b0), indexed a·nb+b.
func pairDistances(na, nb, b0 int, moves []Move, ta, tb []uint16) []uint8 {
	d := make([]uint8, na*nb)
	for i := range d {
		d[i] = unvisited
	}
	d[b0] = 0
	for depth, found := uint8(0), 1; found > 0; depth++ {
		found = 0
		for i, v := range d {
			if v != depth {
				continue
			}
			a, b := i/nb, i%nb
			for _, m := range moves {
				j := int(ta[a*NMoves+int(m)])*nb + int(tb[b*NMoves+int(m)])
				if d[j] == unvisited {
					d[j] = depth + 1
					found++
				}
			}
		}
	}
	return d
}

// TwoPhaseMaxLength is the most moves TwoPhase answers with.
const TwoPhaseMaxLength = 22

// TwoPhase returns a sequence of at most TwoPhaseMaxLength face turns that
// solves c: the first the two-phase search finds, the same for the same
// cube every time, and not as a rule the shortest.
func TwoPhase(c Cubie) []Move {
	tp := twoPhaseTables()
	s := phaseSearch{tp: tp, cube: c, maxTotal: TwoPhaseMaxLength}
	tw, fl, sl := int(twistOf(&c)), int(flipOf(&c)), int(sliceSortedOf(&c)/24)
	for depth := 0; depth <= s.maxTotal; depth++ {
		if s.phase1(tw, fl, sl, depth, -1) {
			return s.path
		}
	}
	// Not reached: every cube is at most 20 moves from solved, and a
	// phase one of length d and an optimal phase two are found by the
	// loop.
	return nil
}

// phaseSearch is one two-phase search under way.
type phaseSearch struct {
	tp       *twoPhase
	cube     Cubie
	maxTotal int
	path     []Move
}

// phase1 searches phase-one sequences of exactly left more moves from
// (tw, fl, sl) after a move of face last (-1: none), and at each that
// reaches the subgroup, phase two. It reports whether a whole solution was
// found (then in s.path).
func (s *phaseSearch) phase1(tw, fl, sl, left, last int) bool {
	tp := s.tp
	h := max(tp.twistSlice[tw*nSlice+sl], tp.flipSlice[fl*nSlice+sl])
	if int(h) > left {
		return false
	}
	if left == 0 {
		// A phase one that ends with a phase-two move was found one
		// move shorter, with more room for phase two.
		if n := len(s.path); n > 0 && isPhase2Move(s.path[n-1]) {
			return false
		}
		return s.phase2Start()
	}
	mt := tp.mt
	for m := Move(0); m < NMoves; m++ {
		if !follows(m, last, false) {
			continue
		}
		s.path = append(s.path, m)
		i := int(m)
		if s.phase1(int(mt.twist[tw*NMoves+i]), int(mt.flip[fl*NMoves+i]), int(mt.slice[sl*NMoves+i]), left-1, m.Face()) {
			return true
		}
		s.path = s.path[:len(s.path)-1]
	}
	return false
}

func isPhase2Move(m Move) bool {
	f := m.Face()
	return f == 1 || f == 4 || m%3 == 2
}

// phase2Start searches phase two from the cube after the phase-one path,
// in the moves left of maxTotal.
func (s *phaseSearch) phase2Start() bool {
	c := s.cube.ApplyMoves(s.path)
	cp, ud, or := int(cpermOf(&c)), int(ud8Of(&c)), int(sliceSortedOf(&c)%24)
	last := -1
	if n := len(s.path); n > 0 {
		last = s.path[n-1].Face()
	}
	for depth := 0; len(s.path)+depth <= s.maxTotal; depth++ {
		if s.phase2(cp, ud, or, depth, last) {
			return true
		}
	}
	return false
}

// phase2 is phase1 for phase two: sequences of phase-two moves of exactly
// left moves to the solved cube.
func (s *phaseSearch) phase2(cp, ud, or, left, last int) bool {
	tp := s.tp
	h := max(tp.cpermSlice[cp*nSlicePerm+or], tp.ud8Slice[ud*nSlicePerm+or])
	if int(h) > left {
		return false
	}
	if left == 0 {
		return true
	}
	mt := tp.mt
	base := int(solvedSlice) - int(solvedSlice)%24
	for _, m := range phase2Moves {
		if !follows(m, last, false) {
			continue
		}
		s.path = append(s.path, m)
		i := int(m)
		next := int(mt.sliceSorted[(base+or)*NMoves+i] % 24)
		if s.phase2(int(mt.cperm[cp*NMoves+i]), int(tp.ud8[ud*NMoves+i]), next, left-1, m.Face()) {
			return true
		}
		s.path = s.path[:len(s.path)-1]
	}
	return false
}

// Generator returns a sequence of at most TwoPhaseMaxLength face turns
// that makes c from the solved cube: TwoPhase's solution undone.
func Generator(c Cubie) []Move {
	sol := TwoPhase(c)
	out := make([]Move, len(sol))
	for i, m := range sol {
		out[len(sol)-1-i] = Move(Token(m).Inverse())
	}
	return out
}
