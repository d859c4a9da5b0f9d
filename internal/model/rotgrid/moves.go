package rotgrid

// Move is one of the eight quarter turns, in the order of the notation, which
// is also the order the walk tries them in and so breaks ties between optimal
// solutions: TL TL' TR TR' BL BL' BR BR'. An even Move turns its block
// clockwise, the next odd one anticlockwise.
type Move uint8

// The eight moves.
const (
	TL Move = iota
	TLi
	TR
	TRi
	BL
	BLi
	BR
	BRi
)

// NMoves is the number of moves.
const NMoves = 8

// MoveNames name the moves, indexed by Move: the block, then ' for a turn
// anticlockwise.
var MoveNames = [NMoves]string{"TL", "TL'", "TR", "TR'", "BL", "BL'", "BR", "BR'"}

// String returns the move's name in the notation.
func (m Move) String() string { return MoveNames[m] }

// Block returns the block the move turns: 0 top-left, 1 top-right, 2
// bottom-left, 3 bottom-right.
func (m Move) Block() int { return int(m) / 2 }

// Clockwise reports whether the move turns its block clockwise.
func (m Move) Clockwise() bool { return m%2 == 0 }

// Inverse returns the move that undoes m: the same block turned the other way.
func (m Move) Inverse() Move { return m ^ 1 }

// blockCycle lists each block's cells clockwise from its top-left cell. A
// clockwise quarter turn moves the tile in each listed cell to the next one
// (and the last to the first): top-left to top-right, top-right to
// bottom-right, and so on round.
var blockCycle = [4][4]uint8{
	{0, 1, 4, 3}, // TL
	{1, 2, 5, 4}, // TR
	{3, 4, 7, 6}, // BL
	{4, 5, 8, 7}, // BR
}

// Apply returns the grid after move m. It is the definition of the moves;
// the rank moves of coord.go are derived from it.
func (g Grid) Apply(m Move) Grid {
	c := blockCycle[m.Block()]
	out := g
	if m.Clockwise() {
		out[c[1]], out[c[2]], out[c[3]], out[c[0]] = g[c[0]], g[c[1]], g[c[2]], g[c[3]]
	} else {
		out[c[0]], out[c[1]], out[c[2]], out[c[3]] = g[c[1]], g[c[2]], g[c[3]], g[c[0]]
	}
	return out
}
