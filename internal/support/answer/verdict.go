package answer

import (
	"fmt"
	"strconv"
)

// Verdict is the result of checking a proposed solution. The zero Verdict,
// which Verify returns with an error, is not a verdict: it reads as illegal
// with an empty Problem.
type Verdict struct {
	// Legal: the moves are well formed, follow the puzzle's rules and reach
	// the goal.
	Legal bool
	// Problem says why the solution is not legal ("" when it is).
	Problem string
	// Length is the proposed solution's length in the metric (0 if not
	// well formed).
	Length int
	// Optimal is the length of an optimal solution.
	Optimal int
	// Smallest, for the puzzles whose answer is the lexicographically
	// smallest optimal one (magic squares, the rotation game), is that
	// answer when the proposal is optimal in length but not it; a judge
	// would reject it. "" otherwise.
	Smallest string
	// Impossible: the state has no solution at all (views that no block
	// set has); then Legal means the proposal rightly said so, and Length
	// and Optimal are 0.
	Impossible bool
}

// IsOptimal reports whether the solution is legal and as short as possible
// (false for the zero Verdict).
func (v Verdict) IsOptimal() bool { return v.Legal && v.Length == v.Optimal }

// String is a one-line summary: "optimal: length 10" (with ", but not the
// lexicographically smallest (ANSWER)" when Smallest is set), "not optimal:
// length 12, optimal 10" or "illegal: PROBLEM (optimal 10)"; for a state
// with no solution, "optimal: impossible" or "illegal: PROBLEM (impossible)".
// It writes the fields as they are: the zero Verdict gives "illegal:
// (optimal 0)".
func (v Verdict) String() string {
	switch {
	case v.Impossible && v.Legal:
		return "optimal: impossible"
	case v.Impossible:
		return fmt.Sprintf("illegal: %s (impossible)", v.Problem)
	case !v.Legal:
		return fmt.Sprintf("illegal: %s (optimal %d)", v.Problem, v.Optimal)
	case v.Length == v.Optimal && v.Smallest != "":
		return fmt.Sprintf("optimal: length %d, but not the lexicographically smallest (%s)", v.Length, v.Smallest)
	case v.Length == v.Optimal:
		// The verdict of nearly every line of a verify stream: written
		// without fmt, which would cost as much as checking the answer.
		return "optimal: length " + strconv.Itoa(v.Length)
	default:
		return "not optimal: length " + strconv.Itoa(v.Length) + ", optimal " + strconv.Itoa(v.Optimal)
	}
}
