package lookup

import "github.com/godtable/godtable/internal/support/answer"

// Solution is a sequence of moves. The zero Solution is empty, and every
// method takes it as such. A Solution belongs to the puzzle that gave it:
// only that puzzle's Apply reads it correctly.
type Solution = answer.Solution

// Verdict is the result of checking a proposed solution. The zero Verdict,
// which Verify returns with an error, is not a verdict: it reads as illegal
// with an empty Problem.
type Verdict = answer.Verdict
