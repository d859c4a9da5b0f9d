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
// functions are safe for concurrent use. A table that is damaged, or was built
// for another definition, is refused with a *TableError and never answers.
package lookup
