package msquare

import (
	"errors"
	"strconv"
	"strings"

	"github.com/godtable/godtable/internal/support/inputerr"
)

// Parse errors are returned as *ParseError; these sentinels say which class
// of problem it is (errors.Is works on the returned error).
var (
	ErrCount     = errors.New("not 8 numbers")
	ErrNumber    = errors.New("not a number")
	ErrRange     = errors.New("number out of range")
	ErrDuplicate = errors.New("number twice")
)

// ParseError is an input that is not a board.
type ParseError = inputerr.Error

var perr = inputerr.New

// Parse reads a board: eight numbers separated by white space, a
// permutation of 1..8, clockwise from the top-left (the judge's input line).
// Eight digits with nothing between them ("26845731") are read the same way,
// which saves quoting on a command line.
func Parse(s string) (Board, error) {
	if b, ok := parseFast(s); ok {
		return b, nil
	}
	return parseSlow(s)
}

// parseFast reads the usual input, eight digits 1..8 each once, as eight
// numbers with ASCII white space between them or as one, without
// allocating. Anything else it leaves to parseSlow, which reads the rarer
// forms (signs, leading zeros, other white space) and explains the errors.
func parseFast(s string) (Board, bool) {
	var b Board
	var seen uint16
	n, tokens := 0, 0
	gap := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '1' && c <= '8':
			if n == Cells || seen&(1<<(c-'0')) != 0 {
				return 0, false
			}
			seen |= 1 << (c - '0')
			b |= Board(c-'1') << (3 * n)
			n++
			if gap {
				tokens++
			}
			gap = false
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f':
			gap = true
		default:
			return 0, false
		}
	}
	if n != Cells || tokens != Cells && tokens != 1 {
		return 0, false
	}
	return b, true
}

func parseSlow(s string) (Board, error) {
	fields := strings.Fields(s)
	if len(fields) == 1 && len(fields[0]) == Cells && allDigits(fields[0]) {
		fields = strings.Split(fields[0], "")
	}
	var value [Cells]int
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return 0, perr(ErrNumber, "%q is not a number (want 8 numbers 1..8)", clip(f))
		}
		if i < Cells {
			value[i] = v
		}
	}
	if len(fields) != Cells {
		if len(fields) == 0 {
			return 0, perr(ErrCount, "want 8 numbers, got none")
		}
		if f := fields[0]; len(fields) == 1 && len(f) > 1 && strings.Trim(f, "0123456789") == "" {
			// One run of digits: meant as the digits written together.
			return 0, perr(ErrCount, "want 8 numbers, got %d digits written together", len(f))
		}
		return 0, perr(ErrCount, "want 8 numbers, got %d", len(fields))
	}
	var c [Cells]uint8
	var at [Cells + 1]int // at[v] is 1 + the cell where v was seen
	for i, f := range fields {
		v := value[i]
		if v < 1 || v > Cells {
			return 0, perr(ErrRange, "number %d is %s, want 1..8", i+1, clip(f))
		}
		if at[v] != 0 {
			return 0, perr(ErrDuplicate, "%d appears twice (numbers %d and %d); want each of 1..8 once", v, at[v], i+1)
		}
		at[v] = i + 1
		c[i] = uint8(v)
	}
	return FromCells(c), nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 16 {
		return s[:16] + "..."
	}
	return s
}

// String writes the board as the judge reads it: eight numbers, one space
// apart.
func (b Board) String() string { return string(b.Append(nil)) }

// Append appends the board, as String writes it, to dst.
func (b Board) Append(dst []byte) []byte {
	for i := 0; i < Cells; i++ {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = append(dst, '0'+b.Cell(i))
	}
	return dst
}
