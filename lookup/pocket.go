package lookup

import (
	"errors"
	"fmt"
	"github.com/godtable/godtable/internal/answer"
	"math/rand/v2"
	"sync"

	"github.com/godtable/godtable/internal/pocket"
	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/walk"
)

// Metric is how the length of a pocket cube solution is counted. The zero
// Metric is HTM. Any value other than HTM and QTM is invalid: the methods
// and functions that take a Metric give an error for it ("unknown metric 7").
type Metric int

const (
	// HTM, the half-turn metric: every move counts 1.
	HTM Metric = iota
	// QTM, the quarter-turn metric: a half turn (R2, U2, F2) counts 2.
	QTM
)

// ParseMetric reads "htm" or "qtm" (or "HTM", "QTM"). Anything else gives
// HTM and a one-line error naming the input, such as: unknown metric "x"
// (want htm or qtm). It is a plain error, with no type or class to test.
func ParseMetric(s string) (Metric, error) {
	switch s {
	case "htm", "HTM":
		return HTM, nil
	case "qtm", "QTM":
		return QTM, nil
	}
	return 0, fmt.Errorf("unknown metric %q (want htm or qtm)", s)
}

// String returns "htm" or "qtm", and "metric(N)" for an invalid value.
func (m Metric) String() string {
	switch m {
	case HTM:
		return "htm"
	case QTM:
		return "qtm"
	}
	return fmt.Sprintf("metric(%d)", int(m))
}

// PocketCube is a position of the 2x2x2 pocket cube, turned with R, U and F.
// The zero value is the solved cube. Every PocketCube value is a valid
// position, so the methods never fail because of the position itself.
type PocketCube struct {
	rank uint32
}

// ParsePocket reads 24 facelets, ABCDEFGHIJKLMNOPQRSTUVWX as laid out in
// the net
//
//	    A B
//	    C D
//	E F G H I J K L
//	M N O P Q R S T
//	    U V
//	    W X
//
// in any six colours (printable ASCII characters other than the space, four
// stickers each). The down-back-left corner (M, T, W) never moves, so its
// colours fix the scheme. Invalid input gives the solved cube and a one-line
// *PocketError naming the problem: the length (in bytes), a character that
// is not printable ASCII or is a space, the colour counts, a corner that is
// not a real corner (a colour twice, opposite colours, mirrored), the same
// corner twice, or a twisted corner; errors.Is tells the class
// (ErrPocketLength, ErrPocketCharacter, ErrPocketColours, ErrPocketCorner,
// ErrPocketDuplicate or ErrPocketTwist).
func ParsePocket(facelets string) (PocketCube, error) {
	r, err := pocket.ParseRank(facelets)
	if err != nil {
		return PocketCube{}, err
	}
	return PocketCube{rank: r}, nil
}

// PocketError is the error type of ParsePocket and ScramblePocket.
type PocketError = pocket.ParseError

// Classes of pocket input error, for errors.Is.
var (
	// ErrPocketLength: not 24 characters.
	ErrPocketLength = pocket.ErrLength
	// ErrPocketCharacter: a character that is not printable ASCII, or a
	// space.
	ErrPocketCharacter = pocket.ErrCharacter
	// ErrPocketColours: not six colours, four stickers each.
	ErrPocketColours = pocket.ErrColours
	// ErrPocketCorner: a corner with a colour twice, opposite colours, or
	// its colours the wrong way round.
	ErrPocketCorner = pocket.ErrCorner
	// ErrPocketDuplicate: the same corner twice.
	ErrPocketDuplicate = pocket.ErrDuplicate
	// ErrPocketTwist: a twisted corner.
	ErrPocketTwist = pocket.ErrTwist
	// ErrPocketMove: a move sequence that cannot be read (a token that is
	// not a move, a bracket out of place, or too many moves).
	ErrPocketMove = pocket.ErrMoveToken
)

// ScramblePocket returns the position reached from the solved cube by a move
// sequence such as "R U2 F'" or "[R: U] (x L2')2 // comment", in the whole
// notation: the faces U D L R F B, the rotations x y z and the wide turns
// Rw Lw Uw Dw Fw Bw (also r l u d f b), which on the 2x2x2 turn the whole
// cube; each plain or with ' 2 2' 3 or ’; groupings (A)3 and (A)', the
// commutator [A, B] and the conjugate [A: B]; comments from // to the end of
// the line (see the notation package). No moves give the solved cube. The
// position is the cube as held after the moves, its colours named after the
// corner then at the down-back-left position: it is what ParsePocket reads
// from the cube's facelets, and Solve answers how to solve the cube as it is
// held. A sequence that cannot be read gives the solved cube and a one-line
// *PocketError of class ErrPocketMove naming the first bad token and its
// position (Token and Pos), such as: bad move "Q" at character 4 (want U D L
// R F B, x y z, Rw Lw Uw Dw Fw Bw or r l u d f b, each plain or with ' 2 2' 3).
func ScramblePocket(moves string) (PocketCube, error) {
	toks, err := pocket.ParseSequence(moves)
	if err != nil {
		return PocketCube{}, err
	}
	return PocketCube{}.applyTokens(toks), nil
}

// applyTokens returns the position after tokens of the whole notation, as
// held afterwards. Sequences of R U F only, the usual case, go through the
// move tables.
func (c PocketCube) applyTokens(toks []pocket.Token) PocketCube {
	for _, tk := range toks {
		if tk >= 9 {
			return PocketCube{rank: pocket.ApplySequence(c.rank, toks)}
		}
	}
	t := pocket.MoveTables()
	r := c.rank
	for _, tk := range toks {
		r = t.Apply(r, pocket.Move(tk))
	}
	return PocketCube{rank: r}
}

// ParsePocketURFDLB reads 24 facelets in the URFDLB order of cstimer and the
// Kociemba-style solvers: the faces U R F D L B, each read row by row as seen
// from outside with U on top (U with B on top, D with F on top), so that the
// solved cube is UUUURRRRFFFFDDDDLLLLBBBB; in the net's letters, ABCD IJQR
// GHOP UVWX EFMN KLST. Colours and errors are as ParsePocket's, the stickers
// named U1..U4 R1..R4 F1..F4 D1..D4 L1..L4 B1..B4 and characters counted in
// this order.
func ParsePocketURFDLB(facelets string) (PocketCube, error) {
	r, err := pocket.ParseRankURFDLB(facelets)
	if err != nil {
		return PocketCube{}, err
	}
	return PocketCube{rank: r}, nil
}

// URFDLB returns the position as 24 facelets in the URFDLB order (see
// ParsePocketURFDLB), in the colours U R F D L B.
func (c PocketCube) URFDLB() string { return pocket.FromRank(c.rank).URFDLB() }

// PocketURFDLBToNet rewrites 24 characters given in the URFDLB order in the
// order of the net (see ParsePocket), character for character; s must be 24
// bytes long.
func PocketURFDLBToNet(s string) string { return pocket.URFDLBToNet(s) }

// RandomPocket draws a position uniformly from all 3,674,160, using rng (a
// fresh generator if rng is nil).
func RandomPocket(rng *rand.Rand) PocketCube {
	rng = orRandom(rng)
	return PocketCube{rank: uint32(rng.IntN(pocket.NStates))}
}

// Facelets returns the position as 24 facelets in the colours U R F D L B,
// which ParsePocket reads back.
func (c PocketCube) Facelets() string {
	x := pocket.FromRank(c.rank)
	return x.Facelets()
}

// Faces returns the face colour (0..5 for U R F D L B) of each of the 24
// stickers.
func (c PocketCube) Faces() [24]uint8 { return pocket.FromRank(c.rank).Faces() }

// Rank returns the position's index in [0, 3674160).
func (c PocketCube) Rank() uint32 { return c.rank }

// IsSolved reports whether the cube is solved.
func (c PocketCube) IsSolved() bool { return c.rank == 0 }

// Apply returns the position after a solution's moves (the zero Solution
// leaves c as it is). s is a pocket cube solution of either metric; a
// solution of another puzzle leaves c as it is too.
func (c PocketCube) Apply(s Solution) PocketCube {
	t := pocket.MoveTables()
	r := c.rank
	for _, i := range answer.StepsOf(s, pocketNotations[HTM](), pocketNotations[QTM]()) {
		r = t.Apply(r, pocket.Move(i))
	}
	return PocketCube{rank: r}
}

var pocketWalkers = [2]lazyWalker{
	HTM: {def: func() *puzzle.Def { d, _ := pocket.Defs(); return d }, steps: pocketSteps(HTM)},
	// In the quarter-turn table two turns of one face in a row can both
	// descend (R R is R2), so the walk enforces one turn per face.
	QTM: {def: func() *puzzle.Def { _, d := pocket.Defs(); return d }, steps: pocketSteps(QTM), groups: true},
}

// pocketSteps lists the nine moves as steps of the metric's table: in HTM
// each is a table move; in QTM the table has only quarter turns, and a half
// turn is two of them, either way round.
func pocketSteps(m Metric) func() []walk.Step {
	return func() []walk.Step {
		steps := make([]walk.Step, 9)
		for i, name := range pocket.MoveNames {
			mv := pocket.Move(i)
			steps[i] = walk.Step{Name: name, Group: mv.Face()}
			if m == HTM {
				steps[i].Paths = [][]int{{i}}
				continue
			}
			cw, ccw := 2*mv.Face(), 2*mv.Face()+1 // indices in pocket.QTMMoves
			switch i % 3 {
			case 0:
				steps[i].Paths = [][]int{{cw}}
			case 1:
				steps[i].Paths = [][]int{{ccw}}
			default:
				steps[i].Paths = [][]int{{cw, cw}, {ccw, ccw}}
			}
		}
		return steps
	}
}

// pocketNotations write solutions of each metric (the names are the same;
// the costs differ).
var pocketNotations = [2]func() *notation{
	HTM: sync.OnceValue(func() *notation { return stepNotation(pocketSteps(HTM)(), " ") }),
	QTM: sync.OnceValue(func() *notation { return stepNotation(pocketSteps(QTM)(), " ") }),
}

func (m Metric) walker() (*walk.Walker, error) {
	if m != HTM && m != QTM {
		return nil, fmt.Errorf("unknown metric %d", int(m))
	}
	return pocketWalkers[m].get()
}

// Solve returns an optimal solution in the metric: the first in the order
// R R' R2 U U' U2 F F' F2 of the moves. No face is turned twice in a row; the
// solved cube gives the empty solution. The error is non-nil only for an
// unknown metric or when the metric's table cannot be used (a *TableError),
// with the zero Solution.
func (c PocketCube) Solve(m Metric) (Solution, error) {
	w, err := m.walker()
	if err != nil {
		return Solution{}, err
	}
	var buf [walk.MaxSteps]uint8
	steps, err := w.Solve(puzzle.State(c.rank), buf[:0])
	if err != nil {
		return Solution{}, err
	}
	return newSolution(pocketNotations[m](), steps), nil
}

// Distance returns the length of an optimal solution in the metric (0 for
// the solved cube). The error is non-nil only for an unknown metric or an
// unusable table, with 0.
func (c PocketCube) Distance(m Metric) (int, error) {
	s, err := c.Solve(m)
	return s.Cost(), err
}

// Count returns the number of distinct optimal solutions in the metric (as
// move sequences written out, no face twice in a row; 1 for the solved
// cube). The error is non-nil only for an unknown metric or an unusable
// table, with 0.
func (c PocketCube) Count(m Metric) (uint64, error) {
	w, err := m.walker()
	if err != nil {
		return 0, err
	}
	return w.Count([]puzzle.State{puzzle.State(c.rank)})
}

// All returns every optimal solution in the metric, in move order, up to
// limit of them (limit <= 0: no limit); truncated says whether there were
// more. The solved cube gives one empty solution. The error is non-nil only
// for an unknown metric or an unusable table, with nil and false.
func (c PocketCube) All(m Metric, limit int) (sols []Solution, truncated bool, err error) {
	w, err := m.walker()
	if err != nil {
		return nil, false, err
	}
	return allSolutions(w, pocketNotations[m](), []puzzle.State{puzzle.State(c.rank)}, limit)
}

func allSolutions(w *walk.Walker, nt *notation, coords []puzzle.State, limit int) ([]Solution, bool, error) {
	if limit <= 0 {
		limit = int(^uint(0) >> 1)
	}
	raw, truncated, err := w.All(coords, limit)
	if err != nil {
		return nil, false, err
	}
	sols := make([]Solution, len(raw))
	for i, r := range raw {
		sols[i] = newSolution(nt, r)
	}
	return sols, truncated, nil
}

// Verify checks a proposed solution, a move sequence in the whole notation
// of ScramblePocket applied to the cube as it is held: it must leave the
// cube solved, in any orientation. Its length counts the face turns as the
// metric says (HTM: one each; QTM: one per quarter turn, two per half turn);
// rotations and wide turns count nothing, and one face may be turned several
// times in a row, each turn counted (F F is 2 in either metric). The verdict
// gives the length and the optimal length in the metric. A bad solution is
// not an error: a sequence that cannot be read, or that leaves the cube
// unsolved, gives a verdict that is not Legal, with the Problem named (for a
// sequence that cannot be read, ScramblePocket's error message, which names
// the first bad token and its position). The error is non-nil only for an
// unknown metric or an unusable table, with the zero Verdict.
func (c PocketCube) Verify(solution string, m Metric) (Verdict, error) {
	w, err := m.walker()
	if err != nil {
		return Verdict{}, err
	}
	toks, parseErr := pocket.ParseSequence(solution)
	if parseErr == nil && followsRUF(w, c, toks) {
		// Every move went one nearer: the solution is optimal, with no
		// search for the distance.
		n := pocket.SequenceCost(toks, m == QTM)
		return Verdict{Legal: true, Length: n, Optimal: n}, nil
	}
	d, err := c.Distance(m)
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Optimal: d}
	if parseErr != nil {
		v.Problem = parseErr.Error()
		return v, nil
	}
	v.Length = pocket.SequenceCost(toks, m == QTM)
	if !c.applyTokens(toks).IsSolved() {
		v.Problem = "does not solve the cube"
		return v, nil
	}
	v.Legal = true
	return v, nil
}

// followsRUF reports whether toks, all R U F face turns, solve c with every
// move one nearer in the metric's table.
func followsRUF(w *walk.Walker, c PocketCube, toks []pocket.Token) bool {
	var buf [64]uint8
	steps := buf[:0]
	for _, tk := range toks {
		if tk >= 9 {
			return false
		}
		steps = append(steps, uint8(tk))
	}
	return w.Follows(puzzle.State(c.rank), steps)
}

// pocketInverse returns the solution that undoes s: its moves reversed,
// each turned the other way.
func pocketInverse(s Solution) Solution {
	return answer.Reversed(s, func(i uint8) uint8 { return i/3*3 + [3]uint8{1, 0, 2}[i%3] })
}

// Scramble returns a move sequence that makes this position from the solved
// cube: the inverse of its optimal half-turn solution, so it is as short as
// possible (empty for the solved cube). The error is non-nil only when the
// half-turn table cannot be used (a *TableError), with the zero Solution.
func (c PocketCube) Scramble() (Solution, error) {
	s, err := c.Solve(HTM)
	if err != nil {
		return Solution{}, err
	}
	return pocketInverse(s), nil
}

var errNoSuchPosition = errors.New("no such position")

// PocketFromRank returns the position with the given rank (see Rank). A rank
// of 3,674,160 or more gives the solved cube and an error ("no such
// position").
func PocketFromRank(r uint32) (PocketCube, error) {
	if r >= pocket.NStates {
		return PocketCube{}, errNoSuchPosition
	}
	return PocketCube{rank: r}, nil
}

// PocketDistribution returns the number of positions at each distance in the
// metric, as recorded in the table: index d holds the count at distance d.
// The error is non-nil only for an unknown metric or an unusable table, with
// nil.
func PocketDistribution(m Metric) ([]int, error) {
	w, err := m.walker()
	if err != nil {
		return nil, err
	}
	return counts(w), nil
}

func counts(w *walk.Walker) []int {
	c := w.Levels().Counts
	out := make([]int, len(c))
	for i, x := range c {
		out[i] = int(x)
	}
	return out
}
