// Package cube3 models the 3x3x3 Rubik's cube: facelets, cubies (eight
// corners with their twists, twelve edges with their flips), the face turns
// and the whole-cube notation, and an optimal solver guided by a pruning
// table kept in the user's cache.
//
// # Facelets
//
// A position is written as 54 stickers in the order of the net
//
//	          0  1  2
//	          3  4  5
//	          6  7  8
//	 9 10 11 12 13 14 15 16 17 18 19 20
//	21 22 23 24 25 26 27 28 29 30 31 32
//	33 34 35 36 37 38 39 40 41 42 43 44
//	         45 46 47
//	         48 49 50
//	         51 52 53
//
// the U face on top (the back edge at the top), then the band of the L F R
// B faces read row by row across all four, then the D face (the front edge
// at the top): the pocket cube's net with faces of nine. Every face of the
// band is seen from outside with U on top. With the order URFDLB the faces
// come one after another, U R F D L B, each read row by row the same way
// (Kociemba's order). Any six characters stand for the colours; the centres
// (4, 25, 28, 31, 34 and 49 in the net) name them.
//
// # Moves
//
// The solver's moves are the 18 face turns in the order R R' R2 U U' U2 F
// F' F2 L L' L2 D D' D2 B B' B2; among optimal solutions it answers the
// first in that order. The notation adds slices, wide turns and rotations;
// a sequence acts on the stickers, and the state is read back by its
// centres, so a rotation costs nothing.
package cube3

// Faces, in the order of the colours and of the URFDLB facelet order.
const (
	U = iota
	R
	F
	D
	L
	B
)

// FaceNames are the letters of the faces, in face order.
const FaceNames = "URFDLB"

// Corner and edge positions (and pieces), in Kociemba's order.
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

// Edge positions (and pieces).
const (
	UR = iota
	UF
	UL
	UB
	DR
	DF
	DL
	DB
	FR
	FL
	BL
	BR
)

// CornerNames name the corners, each face letter in the clockwise order of
// its stickers, starting with its U or D sticker.
var CornerNames = [8]string{"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"}

// EdgeNames name the edges; the first letter is the sticker that decides the
// flip (U or D, else F or B).
var EdgeNames = [12]string{"UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"}

// Cubie is a position as pieces: CP[i] is the corner at corner position i
// and CO[i] its twist (which of the position's stickers, counted clockwise
// from its U/D sticker, carries the corner's U or D colour); EP and EO are
// the same for the edges (EO 1: the edge's first colour is on the
// position's second sticker).
type Cubie struct {
	CP [8]uint8
	CO [8]uint8
	EP [12]uint8
	EO [12]uint8
}

// Solved is the solved cube.
var Solved = Cubie{
	CP: [8]uint8{0, 1, 2, 3, 4, 5, 6, 7},
	EP: [12]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
}

// Mul returns the position reached by doing b after a.
func (a Cubie) Mul(b Cubie) Cubie {
	var c Cubie
	for i := range c.CP {
		c.CP[i] = a.CP[b.CP[i]]
		c.CO[i] = (a.CO[b.CP[i]] + b.CO[i]) % 3
	}
	for i := range c.EP {
		c.EP[i] = a.EP[b.EP[i]]
		c.EO[i] = (a.EO[b.EP[i]] + b.EO[i]) % 2
	}
	return c
}

// Inverse returns the position that undoes a.
func (a Cubie) Inverse() Cubie {
	var c Cubie
	for i, p := range a.CP {
		c.CP[p] = uint8(i)
		c.CO[p] = (3 - a.CO[i]) % 3
	}
	for i, p := range a.EP {
		c.EP[p] = uint8(i)
		c.EO[p] = a.EO[i]
	}
	return c
}

// Faces returns the face (colour) of every sticker, in the net's order.
func (a Cubie) Faces() [54]uint8 {
	var f [54]uint8
	for i := 0; i < 54; i++ {
		f[i] = stickers[i].face // centres
	}
	for i := range a.CP {
		for k := 0; k < 3; k++ {
			f[cornerFacelet[i][(k+int(a.CO[i]))%3]] = cornerColour[a.CP[i]][k]
		}
	}
	for i := range a.EP {
		for k := 0; k < 2; k++ {
			f[edgeFacelet[i][(k+int(a.EO[i]))%2]] = edgeColour[a.EP[i]][k]
		}
	}
	return f
}

// Facelets returns the 54 stickers in the net's order, faces written as the
// letters U R F D L B.
func (a Cubie) Facelets() string { return faceLetters(a.Faces()) }

// URFDLB returns the 54 stickers in the URFDLB order.
func (a Cubie) URFDLB() string { return NetToURFDLB(a.Facelets()) }

func faceLetters(f [54]uint8) string {
	var b [54]byte
	for i, x := range f {
		b[i] = FaceNames[x]
	}
	return string(b[:])
}

// IsSolved reports whether a is the solved cube.
func (a Cubie) IsSolved() bool { return a == Solved }
