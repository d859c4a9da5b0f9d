package views

import "math/bits"

// Internally a block set is a uint64 with bit i = block i, and the three
// views are kept "spread" into that same 64-bit space, so that every test
// below is a handful of shifts and masks:
//
//	top cell (row, col)       -> bit 4*row + col        (layer 0 slot)
//	front cell (layer, col)   -> bit 16*layer + col     (row 0 slot)
//	side cell (layer, row)    -> bit 16*layer + 4*row   (column 0 slot)
//
// A pixel is thus named by the lowest block that projects onto it.
const (
	// perLayer repeats a 16-bit layer pattern in all four layers; used both
	// to spread a top cell over its column of blocks and as "one bit per
	// layer" when counting.
	perLayer = 0x0001000100010001
	// perRow spreads a front pixel (16l+c) over the four rows of its layer.
	perRow = 0x1111
	// perCol spreads a side pixel (16l+4r) over the four columns of its row.
	perCol = 0xF

	frontPixels = 0x000F000F000F000F // where front pixels live
	sidePixels  = 0x1111111111111111 // where side pixels live
)

// projTop returns the top view of block set x in the spread form.
func projTop(x uint64) uint64 {
	x |= x >> 32
	x |= x >> 16
	return x & 0xFFFF
}

// projFront returns the front view of block set x in the spread form.
func projFront(x uint64) uint64 {
	x |= x >> 8
	x |= x >> 4
	return x & frontPixels
}

// projSide returns the side view of block set x in the spread form.
func projSide(x uint64) uint64 {
	x |= x >> 2
	x |= x >> 1
	return x & sidePixels
}

// sideNibble maps one side-view row (bit k = cell k, k = 3-row because the
// side is seen from the right) to its spread pixels 4*row.
var sideNibble = func() (t [16]uint64) {
	for n := range t {
		for k := range 4 {
			if n>>k&1 != 0 {
				t[n] |= 1 << (4 * (3 - k))
			}
		}
	}
	return t
}()

// spread converts views to the internal pixel masks.
func (v Views) spread() (t, f, s uint64) {
	t = uint64(v.Top)
	for l := range 4 {
		f |= uint64(v.Front>>(4*l)&0xF) << (16 * l)
		s |= sideNibble[v.Side>>(4*l)&0xF] << (16 * l)
	}
	return t, f, s
}

// unspread is the inverse of spread.
func unspread(t, f, s uint64) Views {
	v := Views{Top: uint16(t)}
	for l := range 4 {
		v.Front |= uint16(f>>(16*l)&0xF) << (4 * l)
		for r := range 4 {
			if s>>(16*l+4*r)&1 != 0 {
				v.Side |= 1 << (4*l + 3 - r)
			}
		}
	}
	return v
}

// candidates returns the largest block set compatible with the views: every
// block whose three pixels are all set. Any solution is a subset of it, and
// a solution exists exactly when this set itself has the given views, since
// removing blocks can only clear pixels.
func candidates(t, f, s uint64) (cand uint64, solvable bool) {
	cand = t * perLayer & (f * perRow) & (s * perCol)
	solvable = projTop(cand) == t && projFront(cand) == f && projSide(cand) == s
	return cand, solvable
}

// reverse turns the internal bit order (bit i = block i) into the written
// one (block 0 most significant) and back.
func reverse(x uint64) uint64 { return bits.Reverse64(x) }
