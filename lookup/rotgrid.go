package lookup

import (
	"github.com/godtable/godtable/internal/answer"
	"math/rand/v2"
	"sync"

	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/rotgrid"
	"github.com/godtable/godtable/internal/walk"
)

// RotGrid is a position of the 3x3 rotation grid: the tiles 1..9 in a 3x3
// grid, moved by turning one of the four 2x2 blocks a quarter turn. The zero
// value is the solved grid, 1 2 3 / 4 5 6 / 7 8 9. Every RotGrid value is a
// valid grid, so the methods never fail because of the grid itself.
//
// The moves are TL TR BL BR (the top-left, top-right, bottom-left and
// bottom-right block turned clockwise) and TL' TR' BL' BR' (anticlockwise).
// A solution's length is its number of quarter turns. Ties between optimal
// solutions are broken by the order TL TL' TR TR' BL BL' BR BR': the solution
// given is the first optimal one when solutions are compared move by move in
// that order.
type RotGrid struct {
	rank uint32
}

// RotGridError is the error type of ParseRotGrid and ScrambleRotGrid.
type RotGridError = rotgrid.ParseError

// Classes of rotation grid input error, for errors.Is.
var (
	// ErrRotGridNotNumber: a word that is not a number.
	ErrRotGridNotNumber = rotgrid.ErrNotNumber
	// ErrRotGridRange: a 0, or (in nine separate words) a number above 9.
	ErrRotGridRange = rotgrid.ErrRange
	// ErrRotGridCount: not nine numbers.
	ErrRotGridCount = rotgrid.ErrCount
	// ErrRotGridRepeat: a number twice (and so another missing).
	ErrRotGridRepeat = rotgrid.ErrRepeat
	// ErrRotGridMove: a move sequence that cannot be read (a token that is
	// not a move, a bracket out of place, or too many moves).
	ErrRotGridMove = rotgrid.ErrMoveToken
)

// ParseRotGrid reads the nine numbers 1..9 row by row, with or without white
// space between them ("492357816", "4 9 2 3 5 7 8 1 6", "492 357 816").
// Invalid input gives the solved grid and a one-line *RotGridError naming
// the problem: a word that is not a number (ErrRotGridNotNumber), a 0 or a
// word of several digits among nine words (ErrRotGridRange), not nine
// numbers (ErrRotGridCount), or a repeated number (ErrRotGridRepeat).
func ParseRotGrid(s string) (RotGrid, error) {
	g, err := rotgrid.Parse(s)
	if err != nil {
		return RotGrid{}, err
	}
	return RotGrid{rank: g.Rank()}, nil
}

var rotGridWalker = lazyWalker{def: rotgrid.Def, steps: rotGridSteps}

// rotGridSteps lists the eight moves, each one move of the table; step i is
// rotgrid.Move(i), which apply and Scramble rely on. No group
// rule is needed: a move and its inverse never both descend in a row, and
// two equal quarter turns in a row (TL TL, a half turn) are a solution's
// two moves, as good as TL' TL'.
func rotGridSteps() []walk.Step {
	steps := make([]walk.Step, rotgrid.NMoves)
	for m := range steps {
		steps[m] = walk.Step{Name: rotgrid.MoveNames[m], Group: -1, Paths: [][]int{{m}}}
	}
	return steps
}

var rotGridNotation = sync.OnceValue(func() *notation { return stepNotation(rotGridSteps(), " ") })

// ScrambleRotGrid returns the grid reached from the solved grid by a move
// sequence such as "TL BR' TR" (the blocks TL TR BL BR, each plain for a
// clockwise quarter turn, with ' or ’ or 3 for anticlockwise, 2 or 2' for two
// quarter turns; with the groupings, commutators, conjugates and comments of
// the notation package; no moves give the solved grid). A sequence that
// cannot be read gives the solved grid and a one-line *RotGridError of class
// ErrRotGridMove naming the first bad token and its position (Token and
// Pos), such as: bad move "tr" at character 4 (want TL TR BL BR, each plain
// or with ' 2 2' 3).
func ScrambleRotGrid(moves string) (RotGrid, error) {
	seq, err := rotgrid.ParseSequence(moves)
	if err != nil {
		return RotGrid{}, err
	}
	return RotGrid{}.applyMoves(seq), nil
}

// applyMoves returns the grid after the moves.
func (g RotGrid) applyMoves(seq []rotgrid.Move) RotGrid {
	t := rotgrid.MoveTables()
	r := g.rank
	for _, m := range seq {
		r = t.Apply(r, m)
	}
	return RotGrid{rank: r}
}

// apply returns the grid after the moves seq.
func (g RotGrid) apply(seq []uint8) RotGrid {
	t := rotgrid.MoveTables()
	r := g.rank
	for _, m := range seq {
		r = t.Apply(r, rotgrid.Move(m))
	}
	return RotGrid{rank: r}
}

// RandomRotGrid draws a grid uniformly from all 362,880, using rng (a fresh
// generator if rng is nil).
func RandomRotGrid(rng *rand.Rand) RotGrid {
	rng = orRandom(rng)
	return RotGrid{rank: uint32(rng.IntN(rotgrid.NStates))}
}

// RotGridFromRank returns the grid with the given rank (see Rank). A rank of
// 362,880 or more gives the solved grid and an error ("no such position").
func RotGridFromRank(r uint32) (RotGrid, error) {
	if r >= rotgrid.NStates {
		return RotGrid{}, errNoSuchPosition
	}
	return RotGrid{rank: r}, nil
}

// Rank returns the grid's index in [0, 362880).
func (g RotGrid) Rank() uint32 { return g.rank }

// Cells returns the tile in each cell, row by row.
func (g RotGrid) Cells() [9]uint8 { return rotgrid.FromRank(g.rank) }

// String writes the nine tiles row by row without spaces ("492357816"),
// which ParseRotGrid reads back.
func (g RotGrid) String() string { return rotgrid.FromRank(g.rank).String() }

// IsSolved reports whether the grid is 1 2 3 / 4 5 6 / 7 8 9.
func (g RotGrid) IsSolved() bool { return g.rank == 0 }

// Apply returns the grid after a solution's moves (the zero Solution leaves
// g as it is). A solution of another puzzle leaves g as it is too.
func (g RotGrid) Apply(s Solution) RotGrid { return g.apply(answer.StepsOf(s, rotGridNotation())) }

// Solve returns an optimal solution: the fewest quarter turns, and among
// those the first in the move order TL TL' TR TR' BL BL' BR BR'. The solved
// grid gives the empty solution. The error is non-nil only when the table
// cannot be used (a *TableError), with the zero Solution.
func (g RotGrid) Solve() (Solution, error) {
	w, err := rotGridWalker.get()
	if err != nil {
		return Solution{}, err
	}
	var buf [walk.MaxSteps]uint8
	steps, err := w.Solve(puzzle.State(g.rank), buf[:0])
	if err != nil {
		return Solution{}, err
	}
	return newSolution(rotGridNotation(), steps), nil
}

// Distance returns the number of quarter turns of an optimal solution (0 for
// the solved grid). The error is non-nil only for an unusable table, with 0.
func (g RotGrid) Distance() (int, error) {
	s, err := g.Solve()
	return s.Len(), err
}

// Count returns the number of distinct optimal solutions (1 for the solved
// grid). The error is non-nil only for an unusable table, with 0.
func (g RotGrid) Count() (uint64, error) {
	w, err := rotGridWalker.get()
	if err != nil {
		return 0, err
	}
	return w.Count([]puzzle.State{puzzle.State(g.rank)})
}

// All returns every optimal solution, in move order, up to limit of them
// (limit <= 0: no limit); truncated says whether there were more. The
// solved grid gives one empty solution. The error is non-nil only for an
// unusable table, with nil and false.
func (g RotGrid) All(limit int) (sols []Solution, truncated bool, err error) {
	w, err := rotGridWalker.get()
	if err != nil {
		return nil, false, err
	}
	return allSolutions(w, rotGridNotation(), []puzzle.State{puzzle.State(g.rank)}, limit)
}

// Verify checks a proposed solution, a move sequence as ScrambleRotGrid
// reads it: it must solve the grid. The verdict gives its length in quarter
// turns (TL2 counts 2) and the optimal length. A bad solution is not an
// error: a sequence that cannot be read (Problem is ScrambleRotGrid's error
// message, naming the first bad token and its position), or moves that leave
// the grid unsolved, give a verdict that is not Legal, with the Problem
// named. The error is non-nil only for an unusable table, with the zero
// Verdict.
func (g RotGrid) Verify(solution string) (Verdict, error) {
	d, err := g.Distance()
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Optimal: d}
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

// Scramble returns a move sequence that makes this grid from the solved
// grid: the inverse of its optimal solution, so it is as short as possible
// (empty for the solved grid). The error is non-nil only for an unusable
// table, with the zero Solution.
func (g RotGrid) Scramble() (Solution, error) {
	s, err := g.Solve()
	if err != nil {
		return Solution{}, err
	}
	return answer.Reversed(s, func(i uint8) uint8 { return uint8(rotgrid.Move(i).Inverse()) }), nil
}

// RotGridDistribution returns the number of grids at each distance, as
// recorded in the table: index d holds the count at distance d. The error is
// non-nil only for an unusable table, with nil.
func RotGridDistribution() ([]int, error) {
	w, err := rotGridWalker.get()
	if err != nil {
		return nil, err
	}
	return counts(w), nil
}
