// Package pyraminx answers the Pyraminx optimally, from a distance table of
// its 933,120 body positions embedded in the binary.
//
// The moves are the WCA's: U L R B turn a corner's two layers (its tip and
// the layer below) 120 degrees clockwise seen from that corner, U' L' R' B'
// anticlockwise; u l r b turn a tip alone. The centres never move, so the
// puzzle has no orientation to track. A tip is independent of everything
// else and is solved by at most one tip move, so an optimal solution is an
// optimal solution of the body followed by one move for each twisted tip,
// and the distance of a position is its body's distance plus its number of
// twisted tips (at most 11 + 4 = 15; 75,582,720 positions in all).
//
// Solutions are written body moves first, then tip moves in the order u l r
// b; among optimal ones the answer is the first in the order U U' L L' R R'
// B B' of the body moves. Every move counts 1.
//
// A position is read from its 36 stickers (see Parse) or made by a move
// sequence (see Scramble).
package pyraminx

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/godtable/godtable/internal/engine/solver"
	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/model/pyraminx"
	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/inputerr"
	"github.com/godtable/godtable/lookup"
	embedded "github.com/godtable/godtable/tables/pyraminx"
)

// Position is a Pyraminx position, tips included. The zero Position is the
// solved puzzle, and every Position value is a real position.
type Position struct {
	q pyraminx.Position
}

// Error is the error of Parse and Scramble for an input that is not a
// position: a one-line message naming the problem, with its class for
// errors.Is (ErrLength, ErrCharacter, ErrColours, ErrPiece, ErrDuplicate,
// ErrParity, ErrFlip or ErrMove). For a move sequence, Token and Pos are the
// bad token and its position (the 1-based character count).
type Error = inputerr.Of[errorTag]

// errorTag makes Error this package's own type, so that errors.As tells
// an error of reading a Pyraminx from another puzzle's.
type errorTag struct{}

// Classes of error in reading a Pyraminx, for errors.Is.
var (
	// ErrLength: not 36 stickers.
	ErrLength = pyraminx.ErrLength
	// ErrCharacter: a sticker that is not a printable ASCII character, or
	// a space.
	ErrCharacter = pyraminx.ErrCharacter
	// ErrColours: not four colours, nine stickers each, or centres whose
	// colours give no scheme.
	ErrColours = pyraminx.ErrColours
	// ErrPiece: a piece whose colours are not a real piece's.
	ErrPiece = pyraminx.ErrPiece
	// ErrDuplicate: the same edge twice.
	ErrDuplicate = pyraminx.ErrDuplicate
	// ErrParity: an odd edge permutation.
	ErrParity = pyraminx.ErrParity
	// ErrFlip: an odd number of flipped edges.
	ErrFlip = pyraminx.ErrFlip
	// ErrMove: a move sequence that is not one (a bad token, an unclosed
	// bracket, too many moves).
	ErrMove = pyraminx.ErrMoveToken
)

// Parse reads a position from its 36 stickers: the faces F, L, R and D, nine
// stickers each, in the net drawn in the internal package's documentation
// and the README (the solved puzzle is FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD),
// in any four colours (printable ASCII characters other than the space). The
// centres fix the colour scheme. Invalid input gives the solved puzzle and
// an *Error.
func Parse(stickers string) (Position, error) {
	q, err := pyraminx.ParseStickers(stickers)
	return inputerr.Read[errorTag](Position{q}, err)
}

// Scramble returns the position that a move sequence makes from the solved
// puzzle: moves U L R B u l r b, each plain, with ' (or ’ or 3) or with 2
// (two turns: U2 is U'), in the shared grammar (groupings with repetition
// and inversion, commutators, conjugates, // comments). A bad sequence gives
// the solved puzzle and an *Error of class ErrMove naming the first bad
// token and where it is.
func Scramble(moves string) (Position, error) {
	q, err := pyraminx.Scramble(moves)
	return inputerr.Read[errorTag](Position{q}, err)
}

// Random draws a position uniformly from all 75,582,720, tips included,
// using rng (a fresh generator if rng is nil).
func Random(rng *rand.Rand) Position {
	rng = solver.OrRandom(rng)
	return Position{pyraminx.Position{Body: uint32(rng.IntN(pyraminx.NBody)), Tips: uint8(rng.IntN(pyraminx.NTips))}}
}

// Stickers returns the position as 36 stickers in the letters F L R D (the
// faces' colours), which Parse reads back.
func (p Position) Stickers() string { return p.q.Stickers() }

// Draw returns the net as text, one line per row; with colour, each sticker
// on its face's background (ANSI escapes).
func (p Position) Draw(colour bool) string { return p.q.Draw(colour) }

// IsSolved reports whether the puzzle is solved.
func (p Position) IsSolved() bool { return p.q == pyraminx.Solved }

// Apply returns the position after a solution's moves. A solution of
// another puzzle leaves p as it is.
func (p Position) Apply(s lookup.Solution) Position {
	for _, m := range answer.StepsOf(s, notation()) {
		p.q = p.q.Apply(pyraminx.Move(m))
	}
	return p
}

// body is the body table embedded in the binary (tables/pyraminx, made by
// go generate ./tables), read on first use.
var body = solver.New(pyraminx.Def, solver.SimpleSteps(pyraminx.Def), false, " ", strings.NewReader(embedded.Table))

// notation writes every move, body and tips, each counting 1; its first
// eight moves are the body table's steps in the same order, so a body
// solution's steps are its own.
var notation = sync.OnceValue(func() *answer.Notation {
	cost := make([]int, pyraminx.NMoves)
	for i := range cost {
		cost[i] = 1
	}
	return answer.NewNotation(pyraminx.MoveNames[:], cost, " ")
})

// tipMoves returns the moves that solve the twisted tips, in the order u l r
// b, appended to dst.
func (p Position) tipMoves(dst []uint8) []uint8 {
	for m := pyraminx.MoveTipU; m < pyraminx.NMoves; m += 2 {
		for _, mv := range []pyraminx.Move{m, m + 1} {
			if p.q.Apply(mv).UnsolvedTips() < p.q.UnsolvedTips() {
				dst = append(dst, uint8(mv))
				break
			}
		}
	}
	return dst
}

// Solve returns the optimal solution: the first optimal body solution in the
// order U U' L L' R R' B B', then a move for each twisted tip in the order
// u l r b (empty for the solved puzzle). The error is non-nil only when the
// table cannot be used (a *lookup.TableError), with the zero Solution.
func (p Position) Solve() (lookup.Solution, error) {
	w, err := body.Walker()
	if err != nil {
		return lookup.Solution{}, err
	}
	var buf [walk.MaxSteps]uint8
	steps, err := w.Solve(puzzle.State(p.q.Body), buf[:0])
	if err != nil {
		return lookup.Solution{}, err
	}
	return answer.New(notation(), p.tipMoves(steps)), nil
}

// Distance returns the number of moves of an optimal solution (0 for the
// solved puzzle). The error is non-nil only for an unusable table, with 0.
func (p Position) Distance() (int, error) {
	s, err := p.Solve()
	return s.Len(), err
}

// Count returns the number of distinct optimal solutions written as Solve
// writes them (body moves, then the tip moves in the order u l r b): the
// number of optimal body solutions. The error is non-nil only for an
// unusable table, with 0.
func (p Position) Count() (uint64, error) { return body.Count(puzzle.State(p.q.Body)) }

// All returns every optimal solution written as Solve writes them, in move
// order, at most limit of them (limit <= 0: all); truncated says whether
// there were more. The solved puzzle gives one empty solution. The error is
// non-nil only for an unusable table, with nil and false.
func (p Position) All(limit int) (sols []lookup.Solution, truncated bool, err error) {
	w, err := body.Walker()
	if err != nil {
		return nil, false, err
	}
	return walk.AllAs(w, []puzzle.State{puzzle.State(p.q.Body)}, limit, func(path []uint8) lookup.Solution {
		return answer.New(notation(), p.tipMoves(path))
	})
}

// Verify checks a proposed solution, a move sequence in the grammar Scramble
// reads; the moves may come in any order, tips among body moves, and each
// counts 1 (U2, being U', counts 1). It is legal when it solves the puzzle.
// The verdict gives its length and the optimal length. A bad solution is not
// an error: a bad token (named with its position) or moves that leave the
// puzzle unsolved give a verdict that is not Legal, with the Problem named.
// The error is non-nil only for an unusable table, with the zero Verdict.
func (p Position) Verify(solution string) (lookup.Verdict, error) {
	d, err := p.Distance()
	if err != nil {
		return lookup.Verdict{}, err
	}
	v := lookup.Verdict{Optimal: d}
	moves, err := pyraminx.ParseMoves(solution)
	if err != nil {
		v.Problem = err.Error()
		return v, nil
	}
	x := p.q
	for _, m := range moves {
		x = x.Apply(m)
	}
	v.Length = len(moves)
	if x != pyraminx.Solved {
		v.Problem = "does not solve the puzzle"
		return v, nil
	}
	v.Legal = true
	return v, nil
}

// Moves returns a shortest move sequence that makes this position from the
// solved puzzle (empty for the solved puzzle), written as TNoodle and cstimer
// write a scramble: the body moves first, then the tip moves in the order
// u l r b. It is the inverse of the optimal solution with its tip moves moved
// to the end, which makes the same position because a tip move commutes with
// every move: it turns one tip, and a body move only adds its own turn to
// that tip's. The error is non-nil only for an unusable table.
func (p Position) Moves() (lookup.Solution, error) {
	s, err := p.Solve()
	if err != nil {
		return lookup.Solution{}, err
	}
	steps := s.Steps()
	tips := p.q.UnsolvedTips()
	body := steps[:len(steps)-tips]
	out := make([]uint8, 0, len(steps))
	for k := len(body) - 1; k >= 0; k-- {
		out = append(out, uint8(pyraminx.Move(body[k]).Inverse()))
	}
	for _, m := range steps[len(body):] {
		out = append(out, uint8(pyraminx.Move(m).Inverse()))
	}
	return answer.New(notation(), out), nil
}

// TwistedTips returns the number of tips twisted away from their corners:
// the moves an optimal solution spends on the tips alone, so that Distance
// less TwistedTips is the body's distance.
func (p Position) TwistedTips() int { return p.q.UnsolvedTips() }

// Distribution returns the number of body positions (tips left out) at
// each distance, as recorded in the table: index d holds the count at
// distance d. The error is non-nil only for an unusable table.
func Distribution() ([]int, error) { return body.Distribution() }

// MaxDistance is the most moves any position needs, tips included: the
// body's most plus one for each of the four tips.
func MaxDistance() (int, error) {
	d, err := Distribution()
	if err != nil {
		return 0, err
	}
	return len(d) - 1 + 4, nil
}

// String writes the position as its stickers.
func (p Position) String() string { return p.Stickers() }

var _ fmt.Stringer = Position{}

// Configure sets how the Pyraminx's body table is used: when the next-move
// table is derived (lookup.WithNextTable, lookup.WithNextAfter; by default
// after 4,096 solves). It decodes the table if it is not yet, and applies to
// the answers after it; the error is a *lookup.TableError when the table
// cannot be used.
func Configure(opts ...lookup.Option) error { return solver.Configure(opts, body) }
