package rotgrid

import (
	"errors"
	"fmt"
	"strings"
)

// Parse errors are returned as *ParseError; these sentinels say which class
// of problem it is (errors.Is works on the returned error).
var (
	ErrNotNumber = errors.New("not a number")
	ErrRange     = errors.New("number out of range")
	ErrCount     = errors.New("wrong count")
	ErrRepeat    = errors.New("repeated number")
	ErrMoveToken = errors.New("bad move")
)

// ParseError is an input that is not a grid, or not a move sequence.
type ParseError struct {
	Kind error  // one of the Err* sentinels
	Msg  string // one line naming the problem
}

func (e *ParseError) Error() string { return e.Msg }

// Unwrap returns the sentinel for errors.Is.
func (e *ParseError) Unwrap() error { return e.Kind }

func perr(kind error, format string, args ...any) error {
	return &ParseError{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// quote quotes a token for an error message, shortened if long.
func quote(tok string) string {
	const max = 16
	if len(tok) > max {
		tok = tok[:max] + "..."
	}
	return fmt.Sprintf("%q", tok)
}

// Parse reads the nine numbers 1..9 row by row, with or without white space
// between them: "492357816", "4 9 2 3 5 7 8 1 6" and "492 357 816" are the
// same grid. Every number is one digit, so a run of digits is read digit by
// digit, except when the input is nine separate words: then each word is one
// number, and "10" is reported as out of range rather than as a 1 and a 0.
func Parse(s string) (Grid, error) {
	var g Grid
	fields := strings.Fields(s)
	var nums []byte
	for _, f := range fields {
		for i := 0; i < len(f); i++ {
			if f[i] < '0' || f[i] > '9' {
				return g, perr(ErrNotNumber, "%s is not a number: want the nine numbers 1..9, row by row", quote(f))
			}
		}
		if len(fields) == 9 && len(f) > 1 {
			return g, perr(ErrRange, "%s is not one of the numbers 1..9", quote(f))
		}
		nums = append(nums, f...)
	}
	for i, c := range nums {
		if c == '0' {
			return g, perr(ErrRange, "number %d is 0: want the numbers 1..9", i+1)
		}
	}
	if len(nums) != 9 {
		return g, perr(ErrCount, "want 9 numbers, got %d", len(nums))
	}
	var at [10]int // at[t] is the number (1..9) of t's first appearance
	for i, c := range nums {
		t := c - '0'
		if at[t] != 0 {
			return g, perr(ErrRepeat, "%d appears twice (numbers %d and %d), so %s missing", t, at[t], i+1, missing(nums))
		}
		at[t] = i + 1
		g[i] = t
	}
	return g, nil
}

// missing lists the numbers 1..9 that nums lacks, for a message: "4 is",
// "4 and 6 are".
func missing(nums []byte) string {
	var have [10]bool
	for _, c := range nums {
		have[c-'0'] = true
	}
	var out []string
	for t := 1; t <= 9; t++ {
		if !have[t] {
			out = append(out, fmt.Sprint(t))
		}
	}
	switch len(out) {
	case 1:
		return out[0] + " is"
	default:
		return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1] + " are"
	}
}
