// Package rotgrid answers the 3x3 rotation grid optimally, from a distance
// table of its 362,880 positions embedded in the binary.
//
// The grid holds the tiles 1..9, solved as 1 2 3 / 4 5 6 / 7 8 9. A move
// turns one of the four 2x2 blocks a quarter turn: TL TR BL BR (the
// top-left, top-right, bottom-left and bottom-right block) clockwise, TL'
// TR' BL' BR' anticlockwise. A solution's length is its number of quarter
// turns. Ties between optimal solutions are broken by the order TL TL' TR
// TR' BL BL' BR BR': the solution given is the first optimal one when
// solutions are compared move by move in that order.
//
// A grid is read from its nine numbers (see Parse) or made by a move
// sequence (see Scramble).
package rotgrid

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/godtable/godtable/internal/engine/solver"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/model/rotgrid"
	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/inputerr"
	"github.com/godtable/godtable/lookup"
	embedded "github.com/godtable/godtable/tables/rotgrid"
)

// Grid is a position of the rotation grid. The zero Grid is the solved
// grid, and every Grid value is a valid grid, so the methods never fail
// because of the grid itself.
type Grid struct {
	rank uint32
}

// Error is the error of Parse and Scramble for an input that is not a grid:
// a one-line message naming the problem, with its class for errors.Is
// (ErrNotNumber, ErrRange, ErrCount, ErrRepeat or ErrMove). For a move
// sequence, Token and Pos are the bad token and its position (the 1-based
// character count).
type Error = inputerr.Of[errorTag]

// errorTag makes Error this package's own type, so that errors.As tells
// an error of reading a rotation grid from another puzzle's.
type errorTag struct{}

// Classes of error in reading a rotation grid, for errors.Is.
var (
	// ErrNotNumber: a word that is not a number.
	ErrNotNumber = rotgrid.ErrNotNumber
	// ErrRange: a 0, or (in nine separate words) a number above 9.
	ErrRange = rotgrid.ErrRange
	// ErrCount: not nine numbers.
	ErrCount = rotgrid.ErrCount
	// ErrRepeat: a number twice (and so another missing).
	ErrRepeat = rotgrid.ErrRepeat
	// ErrMove: a move sequence that cannot be read (a token that is not a
	// move, a bracket out of place, or too many moves).
	ErrMove = rotgrid.ErrMoveToken
)

// errNoSuchPosition is FromRank's error for a rank out of range.
var errNoSuchPosition = errors.New("no such position")

// wrap gives an input error this package's type, so that errors.As tells a
// grid error from another puzzle's.
func wrap(err error) error { return inputerr.As[errorTag](err) }

// Parse reads the nine numbers 1..9 row by row, with or without white space
// between them ("492357816", "4 9 2 3 5 7 8 1 6", "492 357 816"). Invalid
// input gives the solved grid and a one-line *Error naming the problem: a
// word that is not a number (ErrNotNumber), a 0 or a word of several digits
// among nine words (ErrRange), not nine numbers (ErrCount), or a repeated
// number (ErrRepeat).
func Parse(s string) (Grid, error) {
	g, err := rotgrid.Parse(s)
	if err != nil {
		return Grid{}, wrap(err)
	}
	return Grid{rank: g.Rank()}, nil
}

// Scramble returns the grid reached from the solved grid by a move sequence
// such as "TL BR' TR" (the blocks TL TR BL BR, each plain for a clockwise
// quarter turn, with ' or ’ or 3 for anticlockwise, 2 or 2' for two quarter
// turns; with the groupings, commutators, conjugates and comments of the
// shared grammar; no moves give the solved grid). A sequence that cannot be
// read gives the solved grid and a one-line *Error of class ErrMove naming
// the first bad token and its position (Token and Pos), such as: bad move
// "tr" at character 4 (want TL TR BL BR, each plain or with ' 2 2' 3).
func Scramble(moves string) (Grid, error) {
	seq, err := rotgrid.ParseSequence(moves)
	if err != nil {
		return Grid{}, wrap(err)
	}
	return Grid{}.applyMoves(seq), nil
}

// applyMoves returns the grid after the moves.
func (g Grid) applyMoves(seq []rotgrid.Move) Grid {
	t := rotgrid.MoveTables()
	r := g.rank
	for _, m := range seq {
		r = t.Apply(r, m)
	}
	return Grid{rank: r}
}

// Random draws a grid uniformly from all 362,880, using rng (a fresh
// generator if rng is nil).
func Random(rng *rand.Rand) Grid {
	rng = solver.OrRandom(rng)
	return Grid{rank: uint32(rng.IntN(rotgrid.NStates))}
}

// FromRank returns the grid with the given rank (see Rank). A rank of
// 362,880 or more gives the solved grid and an error ("no such position").
func FromRank(r uint32) (Grid, error) {
	if r >= rotgrid.NStates {
		return Grid{}, errNoSuchPosition
	}
	return Grid{rank: r}, nil
}

// Rank returns the grid's index in [0, 362880).
func (g Grid) Rank() uint32 { return g.rank }

// Cells returns the tile in each cell, row by row.
func (g Grid) Cells() [9]uint8 { return rotgrid.FromRank(g.rank) }

// String writes the nine tiles row by row without spaces ("492357816"),
// which Parse reads back.
func (g Grid) String() string { return rotgrid.FromRank(g.rank).String() }

// IsSolved reports whether the grid is 1 2 3 / 4 5 6 / 7 8 9.
func (g Grid) IsSolved() bool { return g.rank == 0 }

// distTable is the distance table embedded in the binary (tables/rotgrid,
// made by go generate ./tables), read on first use; its steps are the
// eight moves one for one,
// step i being rotgrid.Move(i), which Apply and Moves rely on. No group
// rule is needed: a move and its inverse never both descend in a row, and
// two equal quarter turns in a row (TL TL, a half turn) are a solution's
// two moves, as good as TL' TL'.
var distTable = solver.New(rotgrid.Def, solver.SimpleSteps(rotgrid.Def), false, " ", strings.NewReader(embedded.Table))

// Apply returns the grid after a solution's moves (the zero Solution leaves
// g as it is). A solution of another puzzle leaves g as it is too.
func (g Grid) Apply(s lookup.Solution) Grid {
	if s.Len() == 0 {
		// Nothing to apply, and no reason to decode the table for its
		// notation.
		return g
	}
	t := rotgrid.MoveTables()
	r := g.rank
	for _, m := range answer.StepsOf(s, distTable.Notation()) {
		r = t.Apply(r, rotgrid.Move(m))
	}
	return Grid{rank: r}
}

// Solve returns an optimal solution: the fewest quarter turns, and among
// those the first in the move order TL TL' TR TR' BL BL' BR BR'. The solved
// grid gives the empty solution. The error is non-nil only when the table
// cannot be used (a *lookup.TableError), with the zero Solution.
func (g Grid) Solve() (lookup.Solution, error) { return distTable.Solve(puzzle.State(g.rank)) }

// Distance returns the number of quarter turns of an optimal solution (0 for
// the solved grid). The error is non-nil only for an unusable table, with 0.
func (g Grid) Distance() (int, error) {
	s, err := g.Solve()
	return s.Len(), err
}

// Count returns the number of distinct optimal solutions (1 for the solved
// grid). The error is non-nil only for an unusable table, with 0.
func (g Grid) Count() (uint64, error) { return distTable.Count(puzzle.State(g.rank)) }

// All returns every optimal solution, in move order, up to limit of them
// (limit <= 0: no limit); truncated says whether there were more. The
// solved grid gives one empty solution. The error is non-nil only for an
// unusable table, with nil and false.
func (g Grid) All(limit int) (sols []lookup.Solution, truncated bool, err error) {
	return distTable.All(puzzle.State(g.rank), limit)
}

// Verify checks a proposed solution, a move sequence as Scramble reads it:
// it must solve the grid. The verdict gives its length in quarter turns
// (TL2 counts 2) and the optimal length. A bad solution is not an error: a
// sequence that cannot be read (Problem is Scramble's error message, naming
// the first bad token and its position), or moves that leave the grid
// unsolved, give a verdict that is not Legal, with the Problem named. The
// error is non-nil only for an unusable table, with the zero Verdict.
func (g Grid) Verify(solution string) (lookup.Verdict, error) {
	d, err := g.Distance()
	if err != nil {
		return lookup.Verdict{}, err
	}
	v := lookup.Verdict{Optimal: d}
	seq, err := rotgrid.ParseSequence(solution)
	if err != nil {
		v.Problem = err.Error()
		return v, nil
	}
	v.Length = len(seq)
	if !g.applyMoves(seq).IsSolved() {
		v.Problem = "does not solve the grid"
		return v, nil
	}
	v.Legal = true
	return v, nil
}

// Moves returns a move sequence that makes this grid from the solved grid:
// the inverse of its optimal solution, so it is as short as possible (empty
// for the solved grid). The error is non-nil only for an unusable table,
// with the zero Solution.
func (g Grid) Moves() (lookup.Solution, error) {
	s, err := g.Solve()
	if err != nil {
		return lookup.Solution{}, err
	}
	return answer.Reversed(s, func(i uint8) uint8 { return uint8(rotgrid.Move(i).Inverse()) }), nil
}

// Distribution returns the number of grids at each distance, as recorded in
// the table: index d holds the count at distance d. The error is non-nil
// only for an unusable table, with nil.
func Distribution() ([]int, error) { return distTable.Distribution() }

var _ fmt.Stringer = Grid{}

// Configure sets how the grid's table is used: when the next-move table is
// derived (lookup.WithNextTable, lookup.WithNextAfter; by default after 4,096
// solves). It decodes the table if it is not yet, and applies to the answers
// after it; the error is a *lookup.TableError when the table cannot be used.
func Configure(opts ...lookup.Option) error { return solver.Configure(opts, distTable) }

// Draw returns the grid as three rows of three numbers; with colour, the
// numbers already in their place are green (ANSI escapes).
func (g Grid) Draw(colour bool) string {
	var b strings.Builder
	for i, t := range g.Cells() {
		if colour && int(t) == i+1 {
			fmt.Fprintf(&b, "\x1b[1;32m%d\x1b[0m", t)
		} else {
			fmt.Fprintf(&b, "%d", t)
		}
		if i%3 == 2 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}
