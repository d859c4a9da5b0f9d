// Package rotgame answers the rotation game ("The Rotation Game")
// optimally, from a distance table of the 735,471 placements of one number's
// eight cells, embedded in the binary.
//
// A board has 24 cells in a # shape,
//
//	      0   1
//	      2   3
//	4  5  6   7  8  9  10
//	      11  12
//	13 14 15  16 17 18 19
//	      20  21
//	      22  23
//
// holding eight each of 1, 2 and 3. The operations A..H each shift one line
// of seven cells by one cell (A and F the left column up and down, B and E the
// right column, H and C the upper row left and right, G and D the lower row);
// the goal is eight equal numbers in the centre, cells 6 7 8 11 12 15 16 17.
//
// # Which answer
//
// The answer is the fewest operations and, among those, the
// lexicographically smallest sequence, with the number it brings to the
// centre. It comes from one table, the distances of the 735,471 placements of
// one number's eight cells to the centre, consulted for each number in turn:
// an operation moves the cells of each number the same way, whatever the
// others are.
//
// A sequence fills the centre with k exactly when it brings k's placement to
// the centre, which takes at least k's distance d(k). So the optimal length
// is d = min d(k), and the optimal sequences are the optimal paths of the
// numbers with d(k) = d, pooled. The walk keeps the set of those numbers still
// on an optimal path and, at each step, takes the first operation in A..H
// order that leaves the set non-empty. Every prefix it keeps extends to an
// optimal sequence (from any placement some operation goes one nearer), and
// it never passes over a smaller letter that does, so it ends at the smallest
// sequence in the pool; the number left in the set is the centre. This is the
// same as solving each nearest number on its own and taking the smallest
// sequence, but in one walk. A sequence cannot fill the centre with two
// numbers, so the centre number is always unique.
package rotgame

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/godtable/godtable/internal/engine/solver"
	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/model/rotgame"
	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/inputerr"
	"github.com/godtable/godtable/lookup"
	embedded "github.com/godtable/godtable/tables/rotgame"
)

// Position is a board of the rotation game (see the package documentation).
//
// The zero value is not a board: make one with Parse, FromCells or Random.
// Its methods say what they give for it; every other Position value is a
// valid board.
type Position struct {
	m [3]uint32 // the placements of 1, 2 and 3
}

// Error is the error of Parse and FromCells for an input that is not a
// board: a one-line message naming the problem, with its class for
// errors.Is (ErrCount, ErrNumber, ErrValue or ErrBalance).
type Error = inputerr.Of[errorTag]

// errorTag makes Error this package's own type, so that errors.As tells
// an error of reading a rotation-game board from another puzzle's.
type errorTag struct{}

// Classes of error in reading a rotation-game board, for errors.Is.
var (
	// ErrCount: not 24 numbers.
	ErrCount = rotgame.ErrCount
	// ErrNumber: a token that is not a number.
	ErrNumber = rotgame.ErrNumber
	// ErrValue: a number other than 1, 2 or 3.
	ErrValue = rotgame.ErrValue
	// ErrBalance: not eight each of 1, 2 and 3.
	ErrBalance = rotgame.ErrBalance
)

// wrap gives an input error this package's type, so that errors.As tells a
// rotation game error from another puzzle's.
func wrap(err error) error { return inputerr.As[errorTag](err) }

// errNotABoard is the zero Position's error: it holds no numbers.
var errNotABoard = errors.New("not a board (the zero RotGame)")

// Parse reads a board as the judge gives it: 24 numbers separated by white
// space, cell 0 first; the 24 digits may also be written together
// ("111132323132231222312133"). Invalid input gives the zero Position and a
// one-line *Error naming the first problem found, in this order: a token
// that is not a number (ErrNumber), a wrong count (ErrCount), a number other
// than 1, 2 or 3 (ErrValue), or not eight of each (ErrBalance).
func Parse(s string) (Position, error) {
	b, err := rotgame.Parse(s)
	return inputerr.Read[errorTag](positionOf(b), err)
}

// positionOf is the position of a board known to be valid.
func positionOf(b rotgame.Board) Position { return Position{m: b.Masks()} }

// FromCells makes a board from the number in each cell. A cell other than
// 1, 2 or 3, or not eight of each, gives the zero Position and a one-line
// *Error (ErrValue or ErrBalance).
func FromCells(cells [24]uint8) (Position, error) {
	b := rotgame.Board(cells)
	if err := rotgame.Check(b); err != nil {
		return Position{}, wrap(err)
	}
	return positionOf(b), nil
}

// Random draws a board uniformly from all 24!/(8!)^3 = 9,465,511,770, using
// rng (a fresh generator if rng is nil).
func Random(rng *rand.Rand) Position {
	rng = solver.OrRandom(rng)
	// A uniform shuffle of eight 1s, 2s and 3s: every board comes from the
	// same number (8!^3) of the 24! orders.
	var b rotgame.Board
	for i := range b {
		b[i] = uint8(i/8 + 1)
	}
	rng.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
	return Position{m: b.Masks()}
}

// valid reports whether g is a board (not the zero value).
func (g Position) valid() bool {
	return g.m[0]|g.m[1]|g.m[2] == rotgame.AllCells &&
		bits.OnesCount32(g.m[0]) == 8 && bits.OnesCount32(g.m[1]) == 8 && bits.OnesCount32(g.m[2]) == 8
}

// Cells returns the number (1, 2 or 3) in each cell; the zero Position gives
// 24 zeros.
func (g Position) Cells() [24]uint8 { return rotgame.FromMasks(g.m) }

// String writes the board as the judge reads it: 24 numbers, one space
// apart. The zero Position gives 24 zeros, which Parse rejects.
func (g Position) String() string { return rotgame.FromMasks(g.m).String() }

// Centre returns the number filling the centre, or 0 when the centre holds
// different numbers (and for the zero Position).
func (g Position) Centre() int {
	for k, p := range g.m {
		if p&rotgame.CentreMask == rotgame.CentreMask {
			return k + 1
		}
	}
	return 0
}

// IsSolved reports whether the centre holds eight equal numbers (false for
// the zero Position).
func (g Position) IsSolved() bool { return g.Centre() != 0 }

// Apply returns the board after a solution's operations (the zero Position
// stays zero). A solution of another puzzle leaves g as it is.
func (g Position) Apply(s lookup.Solution) Position {
	for _, m := range answer.StepsOf(s, notation()) {
		for k := range g.m {
			g.m[k] = rotgame.Move(g.m[k], int(m))
		}
	}
	return g
}

// Answer is an optimal answer: the operations and the number they bring to
// the centre. The zero Answer is not an answer (its Centre is 0); its
// methods write it as "No moves needed" with centre 0.
type Answer struct {
	Moves  lookup.Solution
	Centre int
}

// Sequence returns the judge's first line: the operations without spaces, or
// "No moves needed" when there are none.
func (a Answer) Sequence() string {
	if a.Moves.Len() == 0 {
		return "No moves needed"
	}
	return a.Moves.String()
}

// AppendJudge appends the answer in the judge's format: the sequence, a
// newline, the centre number, a newline. It writes the fields as they are,
// whatever they hold.
func (a Answer) AppendJudge(b []byte) []byte {
	if a.Moves.Len() == 0 {
		b = append(b, "No moves needed"...)
	} else {
		b = a.Moves.Append(b)
	}
	b = append(b, '\n')
	b = strconv.AppendInt(b, int64(a.Centre), 10)
	return append(b, '\n')
}

// String writes the answer on one line: the sequence, a space, the centre
// number ("AC 2", "No moves needed 2"). Verify reads it back. It writes
// the fields as they are, whatever they hold.
func (a Answer) String() string {
	return a.Sequence() + " " + strconv.Itoa(a.Centre)
}

// tableSteps: every operation is one move of the table, and no rule forbids
// two in a row; step i is operation i, which Apply and Verify rely on.
var tableSteps = solver.SimpleSteps(rotgame.Def)

// table is the placement table embedded in the binary (tables/rotgame,
// made by go generate ./tables), read on first use.
var table = solver.New(rotgame.Def, tableSteps, false, "", strings.NewReader(embedded.Table))

// notation writes the operations with nothing between them, as the judge
// does. It is the package's own, not the table's, so that Apply never
// decodes the table.
var notation = solver.NotationOf(tableSteps, "")

// coords returns the board's three coordinates in the placement table.
func (g Position) coords() ([3]puzzle.State, *walk.Walker, error) {
	c := [3]puzzle.State{puzzle.State(g.m[0]), puzzle.State(g.m[1]), puzzle.State(g.m[2])}
	if !g.valid() {
		return c, nil, errNotABoard
	}
	w, err := table.Walker()
	return c, w, err
}

// Solve returns the optimal answer: the fewest operations, the
// lexicographically smallest such sequence, and the number it brings to the
// centre (see the package documentation on why this is right). A solved
// board gives the empty sequence and its centre. The error is non-nil only
// for the zero Position ("not a board (the zero RotGame)") or when the table
// cannot be used (a *lookup.TableError), with the zero Answer.
func (g Position) Solve() (Answer, error) {
	c, w, err := g.coords()
	if err != nil {
		return Answer{}, err
	}
	var buf [walk.MaxSteps]uint8
	path, k, err := w.SolveAny(c[:], buf[:0])
	if err != nil {
		return Answer{}, err
	}
	return Answer{Moves: answer.New(notation(), path), Centre: k + 1}, nil
}

// Distance returns the fewest operations that fill the centre (0 for a
// solved board). The error is non-nil only for the zero Position or an
// unusable table, with 0.
func (g Position) Distance() (int, error) {
	a, err := g.Solve()
	return a.Moves.Len(), err
}

// Count returns the number of distinct optimal sequences (whatever number
// each brings to the centre; 1 for a solved board). The error is non-nil
// only for the zero Position or an unusable table, with 0.
func (g Position) Count() (uint64, error) {
	c, w, err := g.coords()
	if err != nil {
		return 0, err
	}
	return w.Count(c[:])
}

// All returns every optimal answer, in A..H order of the sequences, up to
// limit of them (limit <= 0: no limit); truncated says whether there were
// more. Different answers may fill the centre with different numbers. A
// solved board gives one answer, with no operations. The error is non-nil
// only for the zero Position or an unusable table, with nil and false.
func (g Position) All(limit int) (answers []Answer, truncated bool, err error) {
	c, w, err := g.coords()
	if err != nil {
		return nil, false, err
	}
	return walk.AllAs(w, c[:], limit, func(path []uint8) Answer {
		s := answer.New(notation(), path)
		return Answer{Moves: s, Centre: g.Apply(s).Centre()}
	})
}

// Verify checks a proposed answer: the operations A..H (white space between
// them ignored; "No moves needed" or nothing for none), optionally followed
// by white space and the number claimed for the centre, as in "AC 2". It is
// legal when it fills the centre with eight equal numbers (the claimed one,
// if given). The verdict gives its length and the optimal length, and for a
// legal optimal answer that is not the lexicographically smallest (the one
// Solve gives), that one in Smallest. A bad answer is not an error: a
// claimed centre other than 1, 2 or 3, a character that is not one of A..H
// (they are upper case), or operations that leave the centre mixed or fill
// it with a number other than the claimed one give a verdict that is not
// Legal, with the Problem named. The error is non-nil only for the zero
// Position or an unusable table, with the zero Verdict.
func (g Position) Verify(solution string) (lookup.Verdict, error) {
	d, err := g.Distance()
	if err != nil {
		return lookup.Verdict{}, err
	}
	v := lookup.Verdict{Optimal: d}
	fields := strings.Fields(solution)
	claim := 0
	if n := len(fields); n > 0 && allASCIIDigits(fields[n-1]) {
		c, err := strconv.Atoi(fields[n-1])
		if err != nil || c < 1 || c > 3 {
			v.Problem = fmt.Sprintf("centre %q is not 1, 2 or 3", solver.Clip(fields[n-1], 16))
			return v, nil
		}
		claim, fields = c, fields[:n-1]
	}
	moves := strings.Join(fields, "")
	if strings.Join(fields, " ") == "No moves needed" {
		moves = ""
	}
	seq, bad, ok := notation().Parse(moves)
	if !ok {
		v.Problem = fmt.Sprintf("bad operation %q (want A to H)", solver.Clip(bad, 16))
		return v, nil
	}
	v.Length = len(seq)
	x := g
	for _, m := range seq {
		for k := range x.m {
			x.m[k] = rotgame.Move(x.m[k], int(m))
		}
	}
	switch centre := x.Centre(); {
	case centre == 0:
		v.Problem = "the centre does not hold eight equal numbers"
	case claim != 0 && claim != centre:
		v.Problem = fmt.Sprintf("the centre holds %d, not %d", centre, claim)
	default:
		v.Legal = true
		if v.Length == d {
			best, err := g.Solve()
			if err != nil {
				return lookup.Verdict{}, err
			}
			if best.Moves.String() != notation().Format(seq) {
				v.Smallest = best.Sequence()
			}
		}
	}
	return v, nil
}

// allASCIIDigits reports whether s is one or more ASCII digits: a claimed
// centre, as Verify tells it from the operations.
func allASCIIDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// Distribution returns the number of placements of one number's eight cells
// at each distance from the centre, as recorded in the table (a board's
// distance is the least of its three numbers' distances). Index d holds the
// count at distance d. The error is non-nil only for an unusable table, with
// nil.
func Distribution() ([]int, error) { return table.Distribution() }

var (
	_ fmt.Stringer = Position{}
	_ fmt.Stringer = Answer{}
)

// Draw returns the # board with the operations' letters at the ends of
// their lines; with colour, the numbers 1, 2 and 3 on red, green and blue
// (ANSI escapes). The zero Position draws as a board of zeros.
func (g Position) Draw(colour bool) string {
	cells := g.Cells()
	// Each row of the drawing, one entry per column: a cell, or a label, or
	// a gap.
	const gap = -1
	rows := [][]int{
		{gap, gap, gap, 'A', gap, 'B'},
		{gap, gap, gap, 0, gap, 1},
		{gap, gap, gap, 2, gap, 3},
		{'H', 4, 5, 6, 7, 8, 9, 10, 'C'},
		{gap, gap, gap, 11, gap, 12},
		{'G', 13, 14, 15, 16, 17, 18, 19, 'D'},
		{gap, gap, gap, 20, gap, 21},
		{gap, gap, gap, 22, gap, 23},
		{gap, gap, gap, 'F', gap, 'E'},
	}
	// Background colours of 1, 2 and 3: red, green, blue.
	bg := [4]string{1: "\x1b[97;41m", 2: "\x1b[30;42m", 3: "\x1b[97;44m"}
	var b strings.Builder
	for _, row := range rows {
		var line strings.Builder
		for _, x := range row {
			switch {
			case x == gap:
				line.WriteString("  ")
			case x >= 'A':
				line.WriteByte(byte(x))
				line.WriteByte(' ')
			case colour:
				fmt.Fprintf(&line, "%s%d\x1b[0m ", bg[cells[x]], cells[x])
			default:
				line.WriteByte('0' + cells[x])
				line.WriteByte(' ')
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return b.String()
}

// ParseMoves reads operations (A to H; white space between them is
// ignored) as a Solution, which Apply applies. A character that is not an
// operation gives the empty Solution and an error naming it.
func ParseMoves(s string) (lookup.Solution, error) {
	seq, bad, ok := notation().Parse(s)
	if !ok {
		return lookup.Solution{}, fmt.Errorf("bad operation %q (want A to H)", solver.Clip(bad, 16))
	}
	return answer.New(notation(), seq), nil
}
