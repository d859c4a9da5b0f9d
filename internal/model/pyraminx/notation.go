package pyraminx

import (
	"sync"

	"github.com/godtable/godtable/internal/model/notation"
)

// Vocabulary returns the Pyraminx's moves for the notation package's
// grammar: U L R B (corner turns) and u l r b (tips), each plain (clockwise
// seen from the corner), with ' or ’ (anticlockwise), with 2, which is two
// clockwise turns and so one anticlockwise (2' is one clockwise), or with
// 3, three clockwise turns, which come back to where they began: no move.
var Vocabulary = sync.OnceValue(func() *notation.Vocabulary {
	inv := make([]int, NMoves)
	for m := range inv {
		inv[m] = int(Move(m).Inverse())
	}
	v := notation.New(MoveNames[:], inv, "U L R B u l r b, each plain or with ' 2 2' 3")
	for m := 0; m < NMoves; m += 2 {
		v.Turns(MoveNames[m], []int{m}, []int{m + 1}, []int{m + 1})
		v.Spell(MoveNames[m]+"2'", m)
		v.Spell(MoveNames[m]+"2’", m)
		// A third of a turn three times is a whole turn (the cube's
		// R3 is R', a quarter turn three times).
		v.Spell(MoveNames[m] + "3")
	}
	return v
})

// ParseMoves reads a move sequence in the grammar of the notation package
// (groupings, commutators, conjugates, comments). A bad one gives an error
// naming the first bad token and its position.
func ParseMoves(s string) ([]Move, error) { return notation.ParseAs[Move](Vocabulary(), s) }

// ApplyMoves returns the position after the move sequence s, tips included.
func (q Position) ApplyMoves(s string) (Position, error) {
	moves, err := ParseMoves(s)
	if err != nil {
		return Position{}, err
	}
	for _, m := range moves {
		q = q.Apply(m)
	}
	return q, nil
}

// Scramble returns the position that the move sequence s makes from the
// solved puzzle.
func Scramble(s string) (Position, error) { return Solved.ApplyMoves(s) }
