// Package rotgrid models the 3x3 rotation grid: the tiles 1..9 in a 3x3 grid,
// moved by turning one of the four 2x2 blocks a quarter turn either way.
//
// The four blocks generate every permutation of the nine tiles, so all
// 9! = 362,880 grids are solvable. A grid is a Grid (its cells, for parsing,
// printing and as the model the moves are defined on) or a rank in
// [0, NStates) (for the table and the walk, whose moves are table lookups).
package rotgrid

// Grid holds the tile in each cell, row by row: cells 0 1 2 are the top row,
// 3 4 5 the middle row and 6 7 8 the bottom row.
type Grid [9]uint8

// Solved is the goal, 1 2 3 / 4 5 6 / 7 8 9.
var Solved = Grid{1, 2, 3, 4, 5, 6, 7, 8, 9}

// IsSolved reports whether every tile is in its place.
func (g Grid) IsSolved() bool { return g == Solved }

// String writes the nine tiles row by row without spaces ("123456789"), a
// form Parse reads back.
func (g Grid) String() string {
	var b [9]byte
	for i, t := range g {
		b[i] = '0' + t
	}
	return string(b[:])
}
