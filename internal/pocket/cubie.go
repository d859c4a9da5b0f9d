// Package pocket models the 2x2x2 pocket cube turned with R, U and F only:
// facelets, corners (cubies), coordinates and the table definitions for the
// half-turn and quarter-turn metrics.
//
// The down-back-left corner never moves under R, U and F, so it fixes the
// cube in space and its three stickers name the D, B and L colours. The other
// seven corners give 7! permutations times 3^6 orientations (the seventh
// orientation follows from the rest): 3,674,160 positions, all reachable.
package pocket

// Faces, in the order used for colours.
const (
	U = iota
	R
	F
	D
	L
	B
)

// FaceNames are the letters for the faces, in face order.
const FaceNames = "URFDLB"

// Corner positions and corners, in the usual order. DBL never moves.
const (
	URF = iota
	UFL
	ULB
	UBR
	DFR
	DLF
	DBL
	DRB
)

// CornerNames name the corners in corner order.
var CornerNames = [8]string{"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"}

// cornerFacelet lists each corner position's three stickers (string indices
// 0..23 for A..X), starting with its U or D sticker and going clockwise.
var cornerFacelet = [8][3]uint8{
	URF: {3, 8, 7},    // D I H
	UFL: {2, 6, 5},    // C G F
	ULB: {0, 4, 11},   // A E L
	UBR: {1, 10, 9},   // B K J
	DFR: {21, 15, 16}, // V P Q
	DLF: {20, 13, 14}, // U N O
	DBL: {22, 19, 12}, // W T M
	DRB: {23, 17, 18}, // X R S
}

// cornerColour lists each corner's faces in the same clockwise order.
var cornerColour = [8][3]uint8{
	URF: {U, R, F},
	UFL: {U, F, L},
	ULB: {U, L, B},
	UBR: {U, B, R},
	DFR: {D, F, R},
	DLF: {D, L, F},
	DBL: {D, B, L},
	DRB: {D, R, B},
}

// Cubie is a position as corners: CP[i] is the corner at position i, CO[i]
// its twist (which of its stickers, counted clockwise from the U/D sticker of
// the position, carries the corner's U or D colour).
type Cubie struct {
	CP [8]uint8
	CO [8]uint8
}

// Solved is the solved cube.
var Solved = Cubie{CP: [8]uint8{0, 1, 2, 3, 4, 5, 6, 7}}

// Mul returns the position reached by doing b after a.
func (a Cubie) Mul(b Cubie) Cubie {
	var c Cubie
	for i := range c.CP {
		c.CP[i] = a.CP[b.CP[i]]
		c.CO[i] = (a.CO[b.CP[i]] + b.CO[i]) % 3
	}
	return c
}

// Faces returns the face (colour) of every sticker.
func (a Cubie) Faces() [24]uint8 {
	var f [24]uint8
	for i := range a.CP {
		for k := 0; k < 3; k++ {
			f[cornerFacelet[i][(k+int(a.CO[i]))%3]] = cornerColour[a.CP[i]][k]
		}
	}
	return f
}

// Facelets returns the 24-character facelet string, faces written as the
// letters U R F D L B.
func (a Cubie) Facelets() string { return faceLetters(a.Faces()) }

// faceLetters writes faces as the letters U R F D L B.
func faceLetters(f [24]uint8) string {
	var b [24]byte
	for i, x := range f {
		b[i] = FaceNames[x]
	}
	return string(b[:])
}
