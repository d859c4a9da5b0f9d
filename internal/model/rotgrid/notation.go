package rotgrid

import (
	"sync"

	"github.com/godtable/godtable/internal/model/notation"
)

// Vocabulary returns the grid's moves for the notation package: the blocks
// TL TR BL BR, each plain (clockwise) or with ' or ’ or 3 (anticlockwise), 2
// (two clockwise quarter turns) or 2' (two anticlockwise).
var Vocabulary = sync.OnceValue(func() *notation.Vocabulary {
	names := MoveNames[:]
	inv := make([]int, NMoves)
	for m := range inv {
		inv[m] = int(Move(m).Inverse())
	}
	v := notation.New(names, inv, "TL TR BL BR, each plain or with ' 2 2' 3")
	for b := 0; b < 4; b++ {
		cw := 2 * b
		v.Turns(MoveNames[cw], []int{cw}, []int{cw + 1}, nil)
	}
	return v
})

// ParseSequence reads a move sequence (see Vocabulary and the notation
// package's grammar). A bad one gives a *ParseError of class ErrMoveToken
// naming the first bad token and its position.
func ParseSequence(s string) ([]Move, error) { return notation.ParseAs[Move](Vocabulary(), s) }
