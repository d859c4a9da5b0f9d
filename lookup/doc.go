// Package lookup is the shared vocabulary of godtable's puzzles: a Solution
// (a sequence of moves in a puzzle's notation), a Verdict (the check of a
// proposed solution), and TableError, the error
// for a table that cannot be used.
//
// Each puzzle is a package of its own below this one, answering in these
// types: lookup/pocket (the 2x2x2 pocket cube), lookup/msquare (USACO Magic
// Squares), lookup/rotgame (The Rotation Game), lookup/rotgrid (the 3x3
// rotation grid), lookup/pyraminx (the Pyraminx) and lookup/views (blocks
// from three views). A program links only the puzzles it imports, with
// their tables.
//
// The table puzzles answer from distance tables computed ahead of time and
// embedded in the binary, by a downhill walk: from the given state, a move
// to a state one nearer the goal, until the goal. The answers are optimal
// by construction, and ties between optimal answers are broken the same way
// every time (the first in the notation's order of moves). A table is
// decoded on first use only, once, and then shared by every goroutine; all
// functions are safe for concurrent use.
//
// A program that solves many positions of one puzzle gets faster after its
// first few thousand solves: the walker then derives, in the background, a
// next-move table from the distance table (the move the walk takes from
// each state, half a byte per state: 1.8 MB per pocket metric, 180 KB for
// the grid, 20 KB for the squares, 456 KB for the Pyraminx), and walks it
// with one read per move instead of trying the moves in turn. The answers
// are the same either way. A program that solves a handful of positions
// never pays for it.
package lookup
