package lookup

import (
	"fmt"
	"github.com/godtable/godtable/internal/answer"
	"math/rand/v2"
	"strconv"
	"sync"

	"github.com/godtable/godtable/internal/msquare"
	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/walk"
)

// MagicSquare is a state of the magic-squares board (USACO "msquare"): the
// numbers 1..8 in eight cells, read clockwise from the top-left, so that the
// base state 1 2 3 4 5 6 7 8 is
//
//	1 2 3 4
//	8 7 6 5
//
// The operations are A (swap the rows), B (move the rightmost column to the
// left) and C (turn the four centre cells a quarter clockwise). The zero
// value is the base state. Every MagicSquare value is a valid state, so the
// methods never fail because of the state itself.
//
// One table serves every question. It holds, for each of the 40,320 states,
// the fewest operations that take it to the base state. Operations move
// cells and never look at the numbers in them, so renaming the numbers
// commutes with them: a sequence takes a state S to a target T exactly when
// it takes S, renamed so that T would read 1 2 3 4 5 6 7 8, to the base
// state. The answer from S to T is therefore a walk in the table from the
// renamed S; for the judge's question, from the base state to T, the renamed
// start is T's inverse permutation. At each step the walk tries A, then B,
// then C, and takes the first that leads one step nearer, so it returns the
// lexicographically smallest of all shortest sequences.
type MagicSquare struct {
	// x is the board XOR the base state, so that the zero value is the
	// base state.
	x msquare.Board
}

func newMagicSquare(b msquare.Board) MagicSquare { return MagicSquare{x: b ^ msquare.Base} }

func (q MagicSquare) board() msquare.Board { return q.x ^ msquare.Base }

// MagicSquareError is the error type of ParseMagicSquare.
type MagicSquareError = msquare.ParseError

// Classes of magic-square input error, for errors.Is.
var (
	// ErrMagicSquareCount: not eight numbers.
	ErrMagicSquareCount = msquare.ErrCount
	// ErrMagicSquareNumber: a word where a number should be.
	ErrMagicSquareNumber = msquare.ErrNumber
	// ErrMagicSquareRange: a number outside 1..8.
	ErrMagicSquareRange = msquare.ErrRange
	// ErrMagicSquareDuplicate: a number twice.
	ErrMagicSquareDuplicate = msquare.ErrDuplicate
)

// ParseMagicSquare reads a state as the judge gives it: eight numbers
// separated by white space, a permutation of 1..8, clockwise from the
// top-left ("2 6 8 4 5 7 3 1"). Eight digits with nothing between them
// ("26845731") are read the same way. Invalid input gives the zero
// MagicSquare and a one-line *MagicSquareError naming the problem; errors.Is
// tells the class (ErrMagicSquareCount, ErrMagicSquareNumber,
// ErrMagicSquareRange or ErrMagicSquareDuplicate).
func ParseMagicSquare(s string) (MagicSquare, error) {
	b, err := msquare.Parse(s)
	if err != nil {
		return MagicSquare{}, err
	}
	return newMagicSquare(b), nil
}

// RandomMagicSquare draws a state uniformly from all 40,320, using rng (a
// fresh generator if rng is nil).
func RandomMagicSquare(rng *rand.Rand) MagicSquare {
	rng = orRandom(rng)
	return newMagicSquare(msquare.Unrank(uint32(rng.IntN(msquare.NStates))))
}

// MagicSquareFromRank returns the state with the given rank (see Rank). A
// rank of 40,320 or more gives the zero MagicSquare and an error ("no such
// position").
func MagicSquareFromRank(r uint32) (MagicSquare, error) {
	if r >= msquare.NStates {
		return MagicSquare{}, errNoSuchPosition
	}
	return newMagicSquare(msquare.Unrank(r)), nil
}

// Rank returns the state's position among the 40,320 permutations in
// lexicographic order, in [0, 40320) (the base state is 0).
func (q MagicSquare) Rank() uint32 { return q.board().Rank() }

// Cells returns the eight numbers, clockwise from the top-left.
func (q MagicSquare) Cells() [8]int {
	var out [8]int
	for i, v := range q.board().Cells() {
		out[i] = int(v)
	}
	return out
}

// String writes the state as the judge reads it: "1 2 3 4 5 6 7 8".
func (q MagicSquare) String() string { return q.board().String() }

// IsBase reports whether q is the base state.
func (q MagicSquare) IsBase() bool { return q.x == 0 }

// Apply returns the state after a solution's operations (the zero Solution
// leaves q as it is). A solution of another puzzle leaves q as it is too.
func (q MagicSquare) Apply(s Solution) MagicSquare {
	b := q.board()
	for _, i := range answer.StepsOf(s, magicSquareNotation()) {
		b = b.Apply(msquare.Move(i))
	}
	return newMagicSquare(b)
}

func magicSquareSteps() []walk.Step {
	steps := make([]walk.Step, len(msquare.MoveNames))
	for i, name := range msquare.MoveNames {
		steps[i] = walk.Step{Name: name, Group: -1, Paths: [][]int{{i}}}
	}
	return steps
}

var magicSquareWalker = lazyWalker{def: msquare.Def, steps: magicSquareSteps}

// magicSquareNotation writes solutions as the judge does: the letters with
// nothing between them.
var magicSquareNotation = sync.OnceValue(func() *notation { return stepNotation(magicSquareSteps(), "") })

// start is where the walk for the question from -> q begins.
func (q MagicSquare) start(from MagicSquare) puzzle.State {
	return puzzle.State(msquare.Relabel(from.board(), q.board()).Rank())
}

// Solve answers the judge's question: the shortest sequence of operations
// that turns the base state into q, and among all shortest the
// lexicographically smallest (A < B < C). The base state itself gives the
// empty solution. Every state has an answer: the error is non-nil only when
// the table cannot be used (a *TableError), with the zero Solution.
func (q MagicSquare) Solve() (Solution, error) { return q.SolveFrom(MagicSquare{}) }

// SolveFrom is Solve starting from another state: the lexicographically
// smallest of the shortest sequences that turn from into q (empty when from
// is q). As for Solve, the error is non-nil only for an unusable table.
func (q MagicSquare) SolveFrom(from MagicSquare) (Solution, error) {
	w, err := magicSquareWalker.get()
	if err != nil {
		return Solution{}, err
	}
	var buf [walk.MaxSteps]uint8
	steps, err := w.Solve(q.start(from), buf[:0])
	if err != nil {
		return Solution{}, err
	}
	return newSolution(magicSquareNotation(), steps), nil
}

// Distance returns the fewest operations that turn the base state into q
// (0 for the base state). The error is non-nil only for an unusable table,
// with 0.
func (q MagicSquare) Distance() (int, error) { return q.DistanceFrom(MagicSquare{}) }

// DistanceFrom returns the fewest operations that turn from into q (0 when
// from is q). The error is non-nil only for an unusable table, with 0.
func (q MagicSquare) DistanceFrom(from MagicSquare) (int, error) {
	s, err := q.SolveFrom(from)
	return s.Len(), err
}

// Count returns the number of distinct shortest sequences from the base
// state to q (1 for the base state: the empty sequence). The error is
// non-nil only for an unusable table, with 0.
func (q MagicSquare) Count() (uint64, error) { return q.CountFrom(MagicSquare{}) }

// CountFrom returns the number of distinct shortest sequences from from to q
// (1 when from is q). The error is non-nil only for an unusable table, with
// 0.
func (q MagicSquare) CountFrom(from MagicSquare) (uint64, error) {
	w, err := magicSquareWalker.get()
	if err != nil {
		return 0, err
	}
	return w.Count([]puzzle.State{q.start(from)})
}

// All returns every shortest sequence from the base state to q, in
// lexicographic order, up to limit of them (limit <= 0: no limit);
// truncated says whether there were more. The base state gives one empty
// solution. The error is non-nil only for an unusable table, with nil and
// false.
func (q MagicSquare) All(limit int) (sols []Solution, truncated bool, err error) {
	return q.AllFrom(MagicSquare{}, limit)
}

// AllFrom is All from another state, with the same limit and errors.
func (q MagicSquare) AllFrom(from MagicSquare, limit int) (sols []Solution, truncated bool, err error) {
	w, err := magicSquareWalker.get()
	if err != nil {
		return nil, false, err
	}
	return allSolutions(w, magicSquareNotation(), []puzzle.State{q.start(from)}, limit)
}

// Verify checks a proposed answer to the judge's question: operations A, B,
// C (spaces and tabs between them are ignored) that should turn the base
// state into q. The verdict gives its length and the shortest length. A bad
// answer is not an error: any other character (a lower-case letter, a
// newline) or a wrong end state gives a verdict that is not Legal, with the
// Problem named. The error is non-nil only for an unusable table, with the
// zero Verdict.
func (q MagicSquare) Verify(solution string) (Verdict, error) {
	return q.VerifyFrom(MagicSquare{}, solution)
}

// VerifyFrom is Verify for operations that should turn from into q, with
// the same verdicts and errors.
func (q MagicSquare) VerifyFrom(from MagicSquare, solution string) (Verdict, error) {
	d, err := q.DistanceFrom(from)
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Optimal: d}
	seq, bad, ok := magicSquareNotation().Parse(solution)
	if !ok {
		v.Problem = fmt.Sprintf("bad operation %q (want A, B or C)", truncate(bad, 16))
		return v, nil
	}
	b := from.board()
	for _, i := range seq {
		b = b.Apply(msquare.Move(i))
	}
	v.Length = len(seq)
	if b != q.board() {
		v.Problem = fmt.Sprintf("reaches %v, not %v", b, q)
		return v, nil
	}
	v.Legal = true
	if v.Length == d {
		best, err := q.SolveFrom(from)
		if err != nil {
			return Verdict{}, err
		}
		if best.String() != magicSquareNotation().Format(seq) {
			v.Smallest = best.String()
		}
	}
	return v, nil
}

// MagicSquareDistribution returns the number of states at each distance from
// the base state. (The table counts distances to the base state; renaming
// the numbers pairs every state S with the state whose distance from the
// base state is S's distance to it, so the counts are the same.) Index d
// holds the count at distance d. The error is non-nil only for an unusable
// table, with nil.
func MagicSquareDistribution() ([]int, error) {
	w, err := magicSquareWalker.get()
	if err != nil {
		return nil, err
	}
	return counts(w), nil
}

// MagicSquareLineWidth is the most operations the judge's output puts on one
// line.
const MagicSquareLineWidth = 60

// AppendMagicSquareAnswer appends a solution in the judge's output format:
// its length on one line, then its operations in lines of at most 60 (an
// empty line for the empty solution). A solution of another puzzle is
// written as the empty one.
func AppendMagicSquareAnswer(dst []byte, s Solution) []byte {
	steps := answer.StepsOf(s, magicSquareNotation())
	dst = strconv.AppendInt(dst, int64(len(steps)), 10)
	dst = append(dst, '\n')
	for k, i := range steps {
		if k > 0 && k%MagicSquareLineWidth == 0 {
			dst = append(dst, '\n')
		}
		// Every operation's name is one letter: append the byte, which
		// is cheaper than appending a string of one.
		dst = append(dst, magicSquareLetters[i])
	}
	return append(dst, '\n')
}

// magicSquareLetters names the operations, indexed by step.
const magicSquareLetters = "ABC"
