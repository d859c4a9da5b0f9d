package msquare

// Cells is the number of cells of the board.
const Cells = 8

// NStates is the number of boards, 8! = 40,320: every permutation of 1..8
// can be reached from the base state.
const NStates = 40320

// Board is a state of the board: cell i (clockwise from the top-left) holds
// the number 1 + the three bits at 3i.
type Board uint32

// cellMask is the three bits of one cell.
const cellMask = 7

// Base is the base state 1 2 3 4 5 6 7 8: in octal, each digit one cell
// (less one), cell 0 last.
const Base Board = 0o76543210

// FromCells packs eight numbers 1..8; it does not check that they are a
// permutation (Parse does).
func FromCells(c [Cells]uint8) Board {
	var b Board
	for i, v := range c {
		b |= Board(v-1) << (3 * i)
	}
	return b
}

// Cell returns the number (1..8) in cell i.
func (b Board) Cell(i int) uint8 { return uint8(b>>(3*i)&cellMask) + 1 }

// Cells returns the eight numbers, clockwise from the top-left.
func (b Board) Cells() [Cells]uint8 {
	var c [Cells]uint8
	for i := range c {
		c[i] = b.Cell(i)
	}
	return c
}

// Relabel returns the board b with every number renamed by the renaming that
// turns to into the base state: the number in cell i of to becomes i+1.
//
// Operations move cells and never look at the numbers in them, so renaming
// the numbers commutes with every operation: a sequence takes from to to
// exactly when it takes Relabel(from, to) to the base state. That is how one
// table of distances to the base state answers every pair of states.
func Relabel(from, to Board) Board {
	// name[v] is the new number (less one) of number v+1.
	var name [Cells]Board
	for i := 0; i < Cells; i++ {
		name[to>>(3*i)&cellMask] = Board(i)
	}
	var out Board
	for i := 0; i < Cells; i++ {
		out |= name[from>>(3*i)&cellMask] << (3 * i)
	}
	return out
}
