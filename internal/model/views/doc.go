// Package views solves "top, front, side" puzzles on a 4x4x4 grid: given the
// top, front and side views of a set of unit blocks, it finds a block set with
// exactly those views and the fewest blocks, or reports that none exists.
//
// # Geometry
//
// Block i = 16*layer + 4*row + column, where layer is the height counted from
// the top (0 = top), row is the depth counted from the back (0 = back) and
// column runs left to right. The views are 4x4 grids read left to right, then
// top to bottom:
//
//	top[row][column]     = OR over layers  (seen from above, back at the top)
//	front[layer][column] = OR over rows    (seen from the front)
//	side[layer][3-row]   = OR over columns (seen from the right, so its left
//	                                        column is the front)
//
// # Text forms
//
// Views are written as 12 hex digits: the 48 bits top, front, side, each view
// in reading order, most significant bit first (the first hex digit holds the
// top view's cells 0..3, cell 0 as its most significant bit). Blocks are
// written as 16 hex digits the same way: the first digit holds blocks 0..3,
// block 0 as its most significant bit. Both can also be drawn as grids of
// "x" (set) and "." (clear), side by side.
package views
