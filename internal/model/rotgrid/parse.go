package rotgrid

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/godtable/godtable/internal/model/notation"
	"github.com/godtable/godtable/internal/support/inputerr"
)

// Parse errors are returned as *ParseError; these sentinels say which class
// of problem it is (errors.Is works on the returned error).
var (
	ErrNotNumber = errors.New("not a number")
	ErrRange     = errors.New("number out of range")
	ErrCount     = errors.New("wrong count")
	ErrRepeat    = errors.New("repeated number")
	// ErrMoveToken is the class of every error of a move sequence that
	// cannot be read (notation.ErrSequence).
	ErrMoveToken = notation.ErrSequence
)

// ParseError is an input that is not a grid, or not a move sequence.
type ParseError = inputerr.Error

var perr = inputerr.New

// quote quotes a token for an error message, shortened if long.
func quote(tok string) string {
	const limit = 16
	if len(tok) > limit {
		tok = tok[:limit] + "..."
	}
	return fmt.Sprintf("%q", tok)
}

// Parse reads the nine numbers 1..9 row by row, with or without white space
// between them: "492357816", "4 9 2 3 5 7 8 1 6" and "492 357 816" are the
// same grid. Every number is one digit, so a run of digits is read digit by
// digit, except when the input is nine separate words: then each word is one
// number, and "10" is reported as out of range rather than as a 1 and a 0.
//
// It allocates nothing for a valid grid: reading input is part of the time
// of every answer.
func Parse(s string) (Grid, error) {
	var g Grid
	var nums [9]byte
	n, words, zero := 0, 0, 0 // digits, words, number of the first 0
	long := ""                // the first word of more than one digit
	for i := 0; i < len(s); {
		if size := spaceAt(s, i); size > 0 {
			i += size
			continue
		}
		j := i
		for j < len(s) && spaceAt(s, j) == 0 {
			j++
		}
		w := s[i:j]
		i = j
		for k := 0; k < len(w); k++ {
			if w[k] < '0' || w[k] > '9' {
				return g, perr(ErrNotNumber, "%s is not a number: want the nine numbers 1..9, row by row", quote(w))
			}
		}
		words++
		if len(w) > 1 && long == "" {
			long = w
		}
		for k := 0; k < len(w); k++ {
			if w[k] == '0' && zero == 0 {
				zero = n + 1
			}
			if n < len(nums) {
				nums[n] = w[k] - '0'
			}
			n++
		}
	}
	switch {
	case words == 9 && long != "":
		return g, perr(ErrRange, "%s is not one of the numbers 1..9", quote(long))
	case n != 9:
		return g, perr(ErrCount, "want 9 numbers, got %d", n)
	case zero > 0:
		return g, perr(ErrRange, "number %d is 0: want the numbers 1..9", zero)
	}
	var at [10]int // at[t] is the number (1..9) of t's first appearance
	for i, t := range nums {
		if at[t] != 0 {
			return g, perr(ErrRepeat, "%d appears twice (numbers %d and %d), so %s missing", t, at[t], i+1, missing(nums[:]))
		}
		at[t] = i + 1
		g[i] = t
	}
	return g, nil
}

// spaceAt returns the length of the white space character at s[i], or 0.
func spaceAt(s string, i int) int {
	if c := s[i]; c < utf8.RuneSelf {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' {
			return 1
		}
		return 0
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if unicode.IsSpace(r) {
		return size
	}
	return 0
}

// missing lists the numbers 1..9 that nums lacks, for a message: "4 is",
// "4 and 6 are".
func missing(nums []byte) string {
	var have [10]bool
	for _, t := range nums {
		have[t] = true
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
