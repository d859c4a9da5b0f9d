// Package msquare models the magic-squares puzzle (USACO "msquare"): a board
// of eight cells holding the numbers 1..8, changed by three operations.
//
// The cells are read clockwise from the top-left: the top row left to right,
// then the bottom row right to left, so the base state 1 2 3 4 5 6 7 8 is
//
//	1 2 3 4
//	8 7 6 5
//
// A swaps the two rows, B moves the rightmost column to the left and C turns
// the four centre cells a quarter clockwise. A undoes itself; B and C are
// undone only by three more of themselves, so the state graph is directed.
//
// A Board keeps the eight cells packed three bits each, so that every
// operation is a handful of shifts and masks, and its rank (the position of
// the permutation in lexicographic order) is two lookups in small tables.
// The table definition works on ranks alone: a move table, built once from
// the boards, gives the rank after each operation in one lookup, which is
// what the walk through the distance table does most.
package msquare
