// Package lookup answers puzzles optimally and instantly from distance tables
// that are computed ahead of time and embedded in the binary.
//
// Each answer comes from a downhill walk through a table: from the given
// state, a move to a state one nearer the goal, until the goal. The answers
// are optimal by construction, and ties between optimal answers are broken
// the same way every time (the first in the notation's order of moves).
//
// A table is decoded on first use only, once, and is then shared by every
// goroutine: a program that solves one puzzle pays for one table. All
// functions are safe for concurrent use.
//
// A program that solves many positions of one puzzle gets faster after its
// first few thousand solves: the pocket cube (either metric), the magic
// squares and the rotation grid then derive, in the background, a next-move
// table from the distance table (the move the walk takes from each state,
// half a byte per state: 1.8 MB per pocket metric, 180 KB for the grid,
// 20 KB for the squares; about 50 ms on two cores for the pocket cube in
// HTM, 180 ms in QTM), and walk it with one read per move instead of trying
// the moves in turn. The answers are the same either way. A program that
// solves a handful of positions never pays for it.
package lookup
