package views

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/godtable/godtable/internal/support/inputerr"
)

// Parse errors are *inputerr.Error; these sentinels say which class of
// problem it is (errors.Is works on the returned error).
var (
	// ErrCharacter: a character that is not a hex digit, or not a cell of
	// a drawing.
	ErrCharacter = errors.New("bad character")
	// ErrLength: the wrong number of hex digits.
	ErrLength = errors.New("wrong number of hex digits")
	// ErrShape: a drawing with the wrong number of rows, or a row with the
	// wrong number of cells.
	ErrShape = errors.New("wrong drawing shape")
)

// Views holds the three 4x4 views. In each field bit k is cell k of the view
// in reading order (left to right, then top to bottom), so cell 0, the top
// left corner, is bit 0. The side view is seen from the right: its cell
// 4*layer+k shows row 3-k.
type Views struct {
	Top, Front, Side uint16
}

// FromBits48 returns the views encoded in the low 48 bits of n, read as the
// 12-hex-digit number: bit i of the input (top cells 0..15, front cells
// 0..15, side cells 0..15) is bit 47-i of n.
func FromBits48(n uint64) Views {
	return Views{
		Top:   bits.Reverse16(uint16(n >> 32)),
		Front: bits.Reverse16(uint16(n >> 16)),
		Side:  bits.Reverse16(uint16(n)),
	}
}

// Bits48 is the inverse of FromBits48.
func (v Views) Bits48() uint64 {
	return uint64(bits.Reverse16(v.Top))<<32 |
		uint64(bits.Reverse16(v.Front))<<16 |
		uint64(bits.Reverse16(v.Side))
}

// ParseHex reads views written as exactly 12 hex digits (either case),
// ignoring surrounding white space.
func ParseHex(s string) (Views, error) {
	n, err := parseHex(s, 12)
	if err != nil {
		return Views{}, err
	}
	return FromBits48(n), nil
}

// Hex returns the views as 12 lower-case hex digits.
func (v Views) Hex() string { return fmt.Sprintf("%012x", v.Bits48()) }

// String returns Hex, so that views print in their usual written form.
func (v Views) String() string { return v.Hex() }

// parseHex reads exactly want hex digits. Columns in errors count runes of
// the original string from 1, so that they point into the user's line even
// when it had leading blanks.
func parseHex(s string, want int) (uint64, error) {
	lead := len(s) - len(strings.TrimLeftFunc(s, unicode.IsSpace))
	t := strings.TrimSpace(s)
	col := utf8.RuneCountInString(s[:lead])
	var n uint64
	got := 0
	for _, r := range t {
		col++
		var d rune
		switch {
		case r >= '0' && r <= '9':
			d = r - '0'
		case r >= 'a' && r <= 'f':
			d = r - 'a' + 10
		case r >= 'A' && r <= 'F':
			d = r - 'A' + 10
		default:
			return 0, inputerr.New(ErrCharacter, "bad hex digit %q at column %d", r, col)
		}
		// Past want digits, only count them, so that the message can give
		// the real length.
		if got < want {
			n = n<<4 | uint64(d)
		}
		got++
	}
	if got != want {
		return 0, inputerr.New(ErrLength, "want %d hex digits, got %d", want, got)
	}
	return n, nil
}

// Draw draws the three views side by side as x/. grids under the header
// "Top: Front: Side:", in the format ParseDrawing reads. Lines carry no
// trailing blanks and end with a newline.
func (v Views) Draw() string {
	return drawGrids([]string{"Top:", "Front:", "Side:"}, []uint16{v.Top, v.Front, v.Side})
}

// drawGrids draws 4x4 grids side by side, 12 columns apart: a label line,
// then 4 rows of cells separated by single blanks.
func drawGrids(labels []string, grids []uint16) string {
	var b strings.Builder
	line := func(cell func(i int) string) {
		var l strings.Builder
		for i := range grids {
			l.WriteString(fmt.Sprintf("%-12s", cell(i)))
		}
		b.WriteString(strings.TrimRight(l.String(), " "))
		b.WriteByte('\n')
	}
	line(func(i int) string { return labels[i] })
	for row := range 4 {
		line(func(i int) string {
			c := []byte(". . . .")
			for col := range 4 {
				if grids[i]>>(4*row+col)&1 != 0 {
					c[2*col] = 'x'
				}
			}
			return string(c)
		})
	}
	return b.String()
}

// ParseDrawing reads the three views drawn as x/. grids side by side, as
// Draw writes them: an optional header line starting with "Top" (such as
// "Top:   Front:   Side:"), then 4 rows of 12 cells each (top, front, side,
// 4 cells each). Cells may be separated by blanks or not; "x" or "X" is a
// set cell and "." a clear one. Blank lines before and after are ignored.
func ParseDrawing(text string) (Views, error) {
	grids, err := parseGrids(text, 3, "Top")
	if err != nil {
		return Views{}, err
	}
	return Views{Top: grids[0], Front: grids[1], Side: grids[2]}, nil
}

// parseGrids reads n 4x4 grids drawn side by side, with an optional header
// line starting with header.
func parseGrids(text string, n int, header string) ([]uint16, error) {
	type line struct {
		no   int // 1-based line number in text, for messages
		text string
	}
	var lines []line
	for i, l := range strings.Split(text, "\n") {
		lines = append(lines, line{i + 1, strings.TrimSuffix(l, "\r")})
	}
	for len(lines) > 0 && strings.TrimSpace(lines[0].text) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1].text) == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) > 0 {
		h := strings.TrimSpace(lines[0].text)
		if len(h) >= len(header) && strings.EqualFold(h[:len(header)], header) {
			lines = lines[1:]
		}
	}
	// Bad characters are reported before a wrong row count: they say more
	// precisely what is wrong (say, an unexpected header).
	for _, l := range lines {
		for col, r := range []rune(l.text) {
			if r != 'x' && r != 'X' && r != '.' && r != ' ' && r != '\t' {
				return nil, inputerr.New(ErrCharacter, "line %d: bad character %q at column %d (want x or .)", l.no, r, col+1)
			}
		}
	}
	if len(lines) != 4 {
		return nil, inputerr.New(ErrShape, "want 4 rows of cells, got %d", len(lines))
	}
	grids := make([]uint16, n)
	for row, l := range lines {
		cells := 0
		for _, r := range l.text {
			if r == ' ' || r == '\t' {
				continue
			}
			if cells < 4*n && r != '.' {
				grids[cells/4] |= 1 << (4*row + cells%4)
			}
			cells++
		}
		if cells != 4*n {
			return nil, inputerr.New(ErrShape, "line %d: want %d cells, got %d", l.no, 4*n, cells)
		}
	}
	return grids, nil
}
