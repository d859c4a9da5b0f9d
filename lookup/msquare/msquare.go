// Package msquare answers the magic-squares puzzle (USACO "msquare")
// optimally, from a distance table of its 40,320 states embedded in the
// binary.
//
// A state holds the numbers 1..8 in eight cells, read clockwise from the
// top-left, so that the base state 1 2 3 4 5 6 7 8 is
//
//	1 2 3 4
//	8 7 6 5
//
// The operations are A (swap the rows), B (move the rightmost column to the
// left) and C (turn the four centre cells a quarter clockwise).
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
//
// A program that answers many states gets faster after its first few
// thousand: the walker then derives, in the background, a next-step table
// from the distance table (the operation the walk takes from each state,
// 20 KB), and walks it with one read per operation instead of trying the
// operations in turn. The answers are the same either way.
package msquare

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/godtable/godtable/internal/engine/solver"
	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/model/msquare"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/inputerr"
	"github.com/godtable/godtable/lookup"
	embedded "github.com/godtable/godtable/tables/msquare"
)

// Position is a state of the magic-squares board. The zero value is the
// base state. Every Position value is a valid state, so the methods never
// fail because of the state itself.
type Position struct {
	// x is the board XOR the base state, so that the zero value is the
	// base state.
	x msquare.Board
}

func newPosition(b msquare.Board) Position { return Position{x: b ^ msquare.Base} }

func (q Position) board() msquare.Board { return q.x ^ msquare.Base }

// Error is the error of Parse for an input that is not a state: a one-line
// message naming the problem, with its class for errors.Is (ErrCount,
// ErrNumber, ErrRange or ErrDuplicate).
type Error = inputerr.Of[errorTag]

// errorTag makes Error this package's own type, so that errors.As tells
// an error of reading a magic square from another puzzle's.
type errorTag struct{}

// Classes of error in reading a magic square, for errors.Is.
var (
	// ErrCount: not eight numbers.
	ErrCount = msquare.ErrCount
	// ErrNumber: a word where a number should be.
	ErrNumber = msquare.ErrNumber
	// ErrRange: a number outside 1..8.
	ErrRange = msquare.ErrRange
	// ErrDuplicate: a number twice.
	ErrDuplicate = msquare.ErrDuplicate
)

// Parse reads a state as the judge gives it: eight numbers separated by
// white space, a permutation of 1..8, clockwise from the top-left ("2 6 8 4
// 5 7 3 1"). Eight digits with nothing between them ("26845731") are read
// the same way. Invalid input gives the zero Position and a one-line *Error
// naming the problem; errors.Is tells the class (ErrCount, ErrNumber,
// ErrRange or ErrDuplicate).
func Parse(s string) (Position, error) {
	b, err := msquare.Parse(s)
	return inputerr.Read[errorTag](newPosition(b), err)
}

// Random draws a state uniformly from all 40,320, using rng (a fresh
// generator if rng is nil).
func Random(rng *rand.Rand) Position {
	rng = solver.OrRandom(rng)
	return newPosition(msquare.Unrank(uint32(rng.IntN(msquare.NStates))))
}

// errNoSuchPosition is FromRank's error for a rank beyond the last state.
var errNoSuchPosition = errors.New("no such position")

// FromRank returns the state with the given rank (see Rank). A rank of
// 40,320 or more gives the zero Position and an error ("no such position").
func FromRank(r uint32) (Position, error) {
	if r >= msquare.NStates {
		return Position{}, errNoSuchPosition
	}
	return newPosition(msquare.Unrank(r)), nil
}

// Rank returns the state's position among the 40,320 permutations in
// lexicographic order, in [0, 40320) (the base state is 0).
func (q Position) Rank() uint32 { return q.board().Rank() }

// Cells returns the eight numbers, clockwise from the top-left.
func (q Position) Cells() [8]int {
	var out [8]int
	for i, v := range q.board().Cells() {
		out[i] = int(v)
	}
	return out
}

// String writes the state as the judge reads it: "1 2 3 4 5 6 7 8".
func (q Position) String() string { return q.board().String() }

// IsBase reports whether q is the base state.
func (q Position) IsBase() bool { return q.x == 0 }

// Apply returns the state after a solution's operations (the zero Solution
// leaves q as it is). A solution of another puzzle leaves q as it is too.
func (q Position) Apply(s lookup.Solution) Position {
	b := q.board()
	for _, i := range answer.StepsOf(s, notation()) {
		b = b.Apply(msquare.Move(i))
	}
	return newPosition(b)
}

// tableSteps are the table's moves one for one: step i is msquare.Move(i), which
// Apply and the judge's writer rely on.
var tableSteps = solver.SimpleSteps(msquare.Def)

// table is the distance table embedded in the binary (tables/msquare,
// made by go generate ./tables), read on first use.
var table = solver.New(msquare.Def, tableSteps, false, "", strings.NewReader(embedded.Table))

// notation writes solutions as the judge does: the letters with nothing
// between them. It is the package's own, not the table's, so that Apply and
// AppendAnswer never decode the table.
var notation = solver.NotationOf(tableSteps, "")

// start is where the walk for the question from -> q begins.
func (q Position) start(from Position) puzzle.State {
	return puzzle.State(msquare.Relabel(from.board(), q.board()).Rank())
}

// Solve answers the judge's question: the shortest sequence of operations
// that turns the base state into q, and among all shortest the
// lexicographically smallest (A < B < C). The base state itself gives the
// empty solution. Every state has an answer: the error is non-nil only when
// the table cannot be used (a *lookup.TableError), with the zero Solution.
func (q Position) Solve() (lookup.Solution, error) { return q.SolveFrom(Position{}) }

// SolveFrom is Solve starting from another state: the lexicographically
// smallest of the shortest sequences that turn from into q (empty when from
// is q). As for Solve, the error is non-nil only for an unusable table.
func (q Position) SolveFrom(from Position) (lookup.Solution, error) {
	w, err := table.Walker()
	if err != nil {
		return lookup.Solution{}, err
	}
	var buf [walk.MaxSteps]uint8
	path, err := w.Solve(q.start(from), buf[:0])
	if err != nil {
		return lookup.Solution{}, err
	}
	return answer.New(notation(), path), nil
}

// Distance returns the fewest operations that turn the base state into q
// (0 for the base state). The error is non-nil only for an unusable table,
// with 0.
func (q Position) Distance() (int, error) { return q.DistanceFrom(Position{}) }

// DistanceFrom returns the fewest operations that turn from into q (0 when
// from is q). The error is non-nil only for an unusable table, with 0.
func (q Position) DistanceFrom(from Position) (int, error) {
	s, err := q.SolveFrom(from)
	return s.Len(), err
}

// Count returns the number of distinct shortest sequences from the base
// state to q (1 for the base state: the empty sequence). The error is
// non-nil only for an unusable table, with 0.
func (q Position) Count() (uint64, error) { return q.CountFrom(Position{}) }

// CountFrom returns the number of distinct shortest sequences from from to q
// (1 when from is q). The error is non-nil only for an unusable table, with
// 0.
func (q Position) CountFrom(from Position) (uint64, error) { return table.Count(q.start(from)) }

// All returns every shortest sequence from the base state to q, in
// lexicographic order, up to limit of them (limit <= 0: no limit);
// truncated says whether there were more. The base state gives one empty
// solution. The error is non-nil only for an unusable table, with nil and
// false.
func (q Position) All(limit int) (sols []lookup.Solution, truncated bool, err error) {
	return q.AllFrom(Position{}, limit)
}

// AllFrom is All from another state, with the same limit and errors.
func (q Position) AllFrom(from Position, limit int) (sols []lookup.Solution, truncated bool, err error) {
	w, err := table.Walker()
	if err != nil {
		return nil, false, err
	}
	return walk.AllAs(w, []puzzle.State{q.start(from)}, limit, func(path []uint8) lookup.Solution {
		return answer.New(notation(), path)
	})
}

// Verify checks a proposed answer to the judge's question: operations A, B,
// C (spaces and tabs between them are ignored) that should turn the base
// state into q. The verdict gives its length and the shortest length. A bad
// answer is not an error: any other character (a lower-case letter, a
// newline) or a wrong end state gives a verdict that is not Legal, with the
// Problem named. The error is non-nil only for an unusable table, with the
// zero Verdict.
func (q Position) Verify(solution string) (lookup.Verdict, error) {
	return q.VerifyFrom(Position{}, solution)
}

// VerifyFrom is Verify for operations that should turn from into q, with
// the same verdicts and errors.
func (q Position) VerifyFrom(from Position, solution string) (lookup.Verdict, error) {
	d, err := q.DistanceFrom(from)
	if err != nil {
		return lookup.Verdict{}, err
	}
	v := lookup.Verdict{Optimal: d}
	seq, bad, ok := notation().Parse(solution)
	if !ok {
		v.Problem = fmt.Sprintf("bad operation %q (want A, B or C)", solver.Clip(bad, 16))
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
			return lookup.Verdict{}, err
		}
		if best.String() != notation().Format(seq) {
			v.Smallest = best.String()
		}
	}
	return v, nil
}

// Distribution returns the number of states at each distance from the base
// state. (The table counts distances to the base state; renaming the
// numbers pairs every state S with the state whose distance from the base
// state is S's distance to it, so the counts are the same.) Index d holds
// the count at distance d. The error is non-nil only for an unusable table,
// with nil.
func Distribution() ([]int, error) { return table.Distribution() }

// LineWidth is the most operations the judge's output puts on one line.
const LineWidth = 60

// AppendAnswer appends a solution in the judge's output format: its length
// on one line, then its operations in lines of at most 60 (an empty line for
// the empty solution). A solution of another puzzle is written as the empty
// one.
func AppendAnswer(dst []byte, s lookup.Solution) []byte {
	ops := answer.StepsOf(s, notation())
	dst = strconv.AppendInt(dst, int64(len(ops)), 10)
	dst = append(dst, '\n')
	for k, i := range ops {
		if k > 0 && k%LineWidth == 0 {
			dst = append(dst, '\n')
		}
		// Every operation's name is one letter: append the byte, which
		// is cheaper than appending a string of one.
		dst = append(dst, letters[i])
	}
	return append(dst, '\n')
}

// letters names the operations, indexed by step.
const letters = "ABC"

var _ fmt.Stringer = Position{}

// Configure sets how the magic squares' table is used: when the next-move
// table is derived (lookup.WithNextTable, lookup.WithNextAfter; by default
// after 4,096 solves). It decodes the table if it is not yet, and applies to
// the answers after it; the error is a *lookup.TableError when the table
// cannot be used.
func Configure(opts ...lookup.Option) error { return solver.Configure(opts, table) }

// Draw returns the board as its two rows, as the statement draws them (the
// bottom row read right to left); with colour, the numbers out of their
// place in the base state are in reverse video (ANSI escapes).
func (q Position) Draw(colour bool) string {
	c := q.Cells()
	var b strings.Builder
	for _, row := range [2][4]int{{0, 1, 2, 3}, {7, 6, 5, 4}} {
		for k, i := range row {
			if k > 0 {
				b.WriteByte(' ')
			}
			if colour && c[i] != i+1 {
				fmt.Fprintf(&b, "\x1b[7m%d\x1b[0m", c[i])
			} else {
				fmt.Fprintf(&b, "%d", c[i])
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// ParseMoves reads operations (A, B or C; white space between them is
// ignored) as a Solution, which Apply applies. A character that is not an
// operation gives the empty Solution and an error naming it.
func ParseMoves(s string) (lookup.Solution, error) {
	seq, bad, ok := notation().Parse(s)
	if !ok {
		return lookup.Solution{}, fmt.Errorf("bad operation %q (want A, B or C)", solver.Clip(bad, 16))
	}
	return answer.New(notation(), seq), nil
}
