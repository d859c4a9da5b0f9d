// Package inputerr is the error type of every puzzle's parser: a one-line
// message naming the problem, and a sentinel for its class, so that callers
// can both print it and tell errors apart with errors.Is.
package inputerr

import (
	"errors"
	"fmt"
)

// Error is an input that is not a state of its puzzle.
type Error struct {
	Kind error  // the class of problem: one of the parser's sentinels
	Msg  string // one line naming the problem
	// Token and Pos, for a move sequence, are the bad token and its
	// position (the 1-based character count from the start of the input);
	// "" and 0 for other inputs.
	Token string
	Pos   int
}

func (e *Error) Error() string { return e.Msg }

// Unwrap returns the class, for errors.Is.
func (e *Error) Unwrap() error { return e.Kind }

// New returns an *Error of the given class, its message formatted as by
// fmt.Sprintf.
func New(kind error, format string, args ...any) error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// Of is the input error of one puzzle's public package: Error's message,
// class and position in a type of that puzzle's own (P is a type that only
// its package names), so that errors.As tells one puzzle's errors from
// another's while the code is written once.
type Of[P any] struct {
	Kind  error  // the class of problem, for errors.Is
	Msg   string // one line naming the problem
	Token string // for a move sequence, the bad token ("" otherwise)
	Pos   int    // for a move sequence, its 1-based character position
}

func (e *Of[P]) Error() string { return e.Msg }

// Unwrap returns the class, for errors.Is.
func (e *Of[P]) Unwrap() error { return e.Kind }

// As returns an input error (an *Error) as an *Of[P], and any other error as
// it is.
func As[P any](err error) error {
	var ie *Error
	if errors.As(err, &ie) {
		return &Of[P]{Kind: ie.Kind, Msg: ie.Msg, Token: ie.Token, Pos: ie.Pos}
	}
	return err
}

// ColourCounts describes the colours (bytes) of s and how many times each
// stands, in order of first appearance ('U'×4 'R'×3 ...), for the messages
// of sticker parsers.
func ColourCounts(s string) string {
	var count [256]int
	var order []byte
	for i := 0; i < len(s); i++ {
		if count[s[i]] == 0 {
			order = append(order, s[i])
		}
		count[s[i]]++
	}
	out := make([]byte, 0, 8*len(order))
	for i, c := range order {
		if i > 0 {
			out = append(out, ' ')
		}
		out = fmt.Appendf(out, "%q×%d", c, count[c])
	}
	return string(out)
}

// Read is the end of a public package's parse, written once: v, or for an
// input error the zero T and the error as an *Of[P] (P the package's own
// error tag, see As), any other error as it is. It takes the parser's
// result rather than the parser, so that the parser is called directly and
// its input stays where the caller put it.
func Read[P, T any](v T, err error) (T, error) {
	if err != nil {
		var zero T
		return zero, As[P](err)
	}
	return v, nil
}
