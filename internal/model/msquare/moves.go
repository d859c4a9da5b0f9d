package msquare

// Move is one of the three operations.
type Move uint8

// The operations, in the alphabet's order (the order the walk tries them).
const (
	MoveA Move = iota
	MoveB
	MoveC
)

// MoveNames name the operations, indexed by Move.
var MoveNames = [3]string{"A", "B", "C"}

func (m Move) String() string { return MoveNames[m] }

// Masks of cells, for the operations below.
const (
	low    = 0xfff // cells 0..3, the top row
	cell1  = cellMask << 3
	cell2  = cellMask << 6
	cell5  = cellMask << 15
	cell6  = cellMask << 18
	centre = cell1 | cell2 | cell5 | cell6
)

// Apply returns the board after operation m.
func (b Board) Apply(m Move) Board {
	switch m {
	case MoveA:
		return b.A()
	case MoveB:
		return b.B()
	default:
		return b.C()
	}
}

// A swaps the rows: cell i takes the number of cell 7-i (clockwise order
// runs along the top row and back along the bottom one, so the top row's
// left end faces the bottom row's left end, cell 7).
func (b Board) A() Board {
	return b>>21&(cellMask) | b>>15&(cellMask<<3) | b>>9&(cellMask<<6) | b>>3&(cellMask<<9) |
		b<<3&(cellMask<<12) | b<<9&(cellMask<<15) | b<<15&(cellMask<<18) | b<<21&(cellMask<<21)
}

// B moves the rightmost column to the left: the top row (cells 0..3) turns
// one cell right, the bottom row, stored right to left as cells 4..7, one
// cell towards cell 4.
func (b Board) B() Board {
	top := b & low
	bottom := b >> 12
	top = (top<<3 | top>>9) & low
	bottom = bottom>>3 | (bottom&cellMask)<<9
	return top | bottom<<12
}

// C turns the centre clockwise: cell 1 (top, second from the left) goes to
// cell 2, cell 2 to cell 5 (bottom, second from the right), cell 5 to cell 6
// and cell 6 to cell 1.
func (b Board) C() Board {
	return b&^centre | (b&cell1)<<3 | (b&cell2)<<9 | (b&cell5)<<3 | (b&cell6)>>15
}
