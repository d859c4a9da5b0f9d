// Package rotgame models the rotation game: a # shaped board of 24 cells,
// numbered top to bottom and left to right,
//
//	      0   1
//	      2   3
//	4  5  6   7  8  9  10
//	      11  12
//	13 14 15  16 17 18 19
//	      20  21
//	      22  23
//
// holding eight each of the numbers 1, 2 and 3. Each of the eight operations
// A..H shifts one line of seven cells cyclically by one cell. The goal is a
// centre (cells 6 7 8 11 12 15 16 17) of eight equal numbers.
//
// The table sees the board one number at a time: the cells of one number
// form a placement, a 24-bit mask with eight bits set, and an operation moves
// every number's cells the same way whatever the other numbers are. So one
// table of the C(24,8) = 735,471 placements, with the centre as goal, serves
// all three numbers.
package rotgame

import (
	"errors"
	"strconv"

	"github.com/godtable/godtable/internal/support/inputerr"
)

// NCells is the number of cells of the board.
const NCells = 24

// Lines are the operations A..H, each a line of seven cells: the operation
// sets new[L[i]] = old[L[i+1]] for i = 0..5 and new[L[6]] = old[L[0]].
var Lines = [8][7]uint8{
	{0, 2, 6, 11, 15, 20, 22},    // A: left column, contents move up
	{1, 3, 8, 12, 17, 21, 23},    // B: right column, up
	{10, 9, 8, 7, 6, 5, 4},       // C: upper row, right
	{19, 18, 17, 16, 15, 14, 13}, // D: lower row, right
	{23, 21, 17, 12, 8, 3, 1},    // E: right column, down
	{22, 20, 15, 11, 6, 2, 0},    // F: left column, down
	{13, 14, 15, 16, 17, 18, 19}, // G: lower row, left
	{4, 5, 6, 7, 8, 9, 10},       // H: upper row, left
}

// MoveNames names the operations, in the order the walk tries them, which is
// the alphabet's, so the first optimal answer is the lexicographically
// smallest.
const MoveNames = "ABCDEFGH"

// Inverse[m] is the operation that undoes m: the same line shifted the other
// way (A and F, B and E, C and H, D and G).
var Inverse = [8]int{5, 4, 7, 6, 1, 0, 3, 2}

// Centre lists the eight centre cells.
var Centre = [8]uint8{6, 7, 8, 11, 12, 15, 16, 17}

// Board is a position: the number (1, 2 or 3) in each cell.
type Board [NCells]uint8

// Parse errors are returned as *ParseError; these sentinels say which class
// of problem it is (errors.Is works on the returned error).
var (
	ErrCount   = errors.New("wrong count of numbers")
	ErrNumber  = errors.New("not a number")
	ErrValue   = errors.New("number out of range")
	ErrBalance = errors.New("not eight of each number")
)

// ParseError is an input that is not a board.
type ParseError = inputerr.Error

var perr = inputerr.New

// Parse reads a board: 24 numbers separated by white space, cell 0 first (the
// judge's input), or the same 24 digits written together ("111131...").
// The first problem found is named, in this order: a token that is not a
// number, a wrong count, a number other than 1, 2 or 3, then counts other
// than eight of each.
func Parse(s string) (Board, error) {
	var b Board
	if t := trimSpace(s); len(t) == NCells && isNumber(t) && t[0] != '+' && t[0] != '-' {
		for i := 0; i < NCells; i++ {
			b[i] = t[i] - '0'
		}
		return b, check(&b, func(i int) string { return t[i : i+1] })
	}
	var toks [NCells]string // the tokens, kept for messages
	n := 0
	for i := 0; i < len(s); {
		if isSpace(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		tok := s[i:j]
		i = j
		if !isNumber(tok) {
			return Board{}, perr(ErrNumber, "%s is not a number", quote(tok))
		}
		if n < NCells {
			toks[n] = tok
			b[n] = 0 // out of range unless the token is one digit 1..3
			if len(tok) == 1 {
				b[n] = tok[0] - '0'
			}
		}
		n++
	}
	if n != NCells {
		if t := trimSpace(s); n == 1 && len(t) > 1 && isNumber(t) {
			// One run of digits: meant as the digits written together.
			return Board{}, perr(ErrCount, "want 24 numbers, got %d digits written together", len(t))
		}
		return Board{}, perr(ErrCount, "want 24 numbers, got %d", n)
	}
	return b, check(&b, func(i int) string { return toks[i] })
}

// check reports a cell holding something other than 1, 2 or 3 (text gives
// the input that filled the cell), then counts other than eight of each.
func check(b *Board, text func(i int) string) error {
	var count [4]int
	for i, v := range b {
		if v < 1 || v > 3 {
			return perr(ErrValue, "cell %d holds %s, want 1, 2 or 3", i, truncate(text(i)))
		}
		count[v]++
	}
	if count[1] != 8 || count[2] != 8 || count[3] != 8 {
		return perr(ErrBalance, "want eight each of 1, 2 and 3, got %d, %d and %d", count[1], count[2], count[3])
	}
	return nil
}

// FromMasks returns the board whose number k+1 fills the cells of masks[k].
func FromMasks(masks [3]uint32) Board {
	var b Board
	for i := range b {
		for k, m := range masks {
			if m>>i&1 != 0 {
				b[i] = uint8(k + 1)
			}
		}
	}
	return b
}

// Masks returns the placements of the numbers 1, 2 and 3: bit i of masks[k]
// is set when cell i holds k+1.
func (b Board) Masks() [3]uint32 {
	var m [3]uint32
	for i, v := range b {
		if v >= 1 && v <= 3 {
			m[v-1] |= 1 << i
		}
	}
	return m
}

// Apply returns the board after operation m, moving cells as Lines says.
func (b Board) Apply(m int) Board {
	l := &Lines[m]
	first := b[l[0]]
	for i := 0; i < 6; i++ {
		b[l[i]] = b[l[i+1]]
	}
	b[l[6]] = first
	return b
}

// CentreNumber returns the number filling the centre, or 0 when the centre
// holds different numbers.
func (b Board) CentreNumber() int {
	v := b[Centre[0]]
	for _, c := range Centre[1:] {
		if b[c] != v {
			return 0
		}
	}
	return int(v)
}

// String writes the board as the judge reads it: 24 numbers, one space apart.
func (b Board) String() string {
	out := make([]byte, 0, 2*NCells)
	for i, v := range b {
		if i > 0 {
			out = append(out, ' ')
		}
		out = append(out, '0'+v)
	}
	return string(out)
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

func trimSpace(s string) string {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// isNumber reports whether tok is an integer: digits, perhaps signed.
func isNumber(tok string) bool {
	if len(tok) > 0 && (tok[0] == '+' || tok[0] == '-') {
		tok = tok[1:]
	}
	if len(tok) == 0 {
		return false
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return false
		}
	}
	return true
}

// truncate shortens a token for a message.
func truncate(tok string) string {
	if len(tok) > 16 {
		return tok[:16] + "..."
	}
	return tok
}

// quote quotes a token for a message, shortened if long.
func quote(tok string) string { return strconv.Quote(truncate(tok)) }

// Check reports whether a board holds only 1, 2 and 3, eight of each.
func Check(b Board) error {
	return check(&b, func(i int) string { return strconv.Itoa(int(b[i])) })
}
