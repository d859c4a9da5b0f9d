package views

import (
	"fmt"
	"math/bits"
)

// Blocks is a set of blocks in the 4x4x4 grid: bit i is block
// i = 16*layer + 4*row + column. Note that this is the reverse of the written
// form (see Hex), where block 0 is the most significant bit.
type Blocks uint64

// Hex returns the blocks as 16 lower-case hex digits: the first digit holds
// blocks 0..3, block 0 as its most significant bit.
func (b Blocks) Hex() string { return fmt.Sprintf("%016x", reverse(uint64(b))) }

// String returns Hex.
func (b Blocks) String() string { return b.Hex() }

// ParseBlocks reads blocks written as exactly 16 hex digits (either case),
// ignoring surrounding white space; it is the inverse of Hex.
func ParseBlocks(s string) (Blocks, error) {
	n, err := parseHex(s, 16)
	if err != nil {
		return 0, err
	}
	return Blocks(reverse(n)), nil
}

// Count returns the number of blocks.
func (b Blocks) Count() int { return bits.OnesCount64(uint64(b)) }

// Has reports whether block i (0..63) is in the set.
func (b Blocks) Has(i int) bool { return b>>uint(i)&1 != 0 }

// Views returns the top, front and side views of the blocks.
func (b Blocks) Views() Views {
	x := uint64(b)
	return unspread(projTop(x), projFront(x), projSide(x))
}

// Layer returns layer l (0 = top) as a 4x4 grid seen from above, in the
// same layout as the top view: bit 4*row+column, back row first.
func (b Blocks) Layer(l int) uint16 { return uint16(b >> (16 * uint(l))) }

// Draw draws the four layers side by side, top layer first, each seen from
// above like the top view (back row at the top), labelled "Layer 0:" to
// "Layer 3:".
func (b Blocks) Draw() string {
	return drawGrids(
		[]string{"Layer 0:", "Layer 1:", "Layer 2:", "Layer 3:"},
		[]uint16{b.Layer(0), b.Layer(1), b.Layer(2), b.Layer(3)})
}

// ParseBlocksDrawing reads the four layers drawn as Draw writes them: an
// optional header line starting with "Layer", then 4 rows of 16 cells.
func ParseBlocksDrawing(text string) (Blocks, error) {
	g, err := parseGrids(text, 4, "Layer")
	if err != nil {
		return 0, err
	}
	return Blocks(uint64(g[0]) | uint64(g[1])<<16 | uint64(g[2])<<32 | uint64(g[3])<<48), nil
}
