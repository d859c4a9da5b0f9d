// Package pocket models the 2x2x2 pocket cube turned with R, U and F only:
// facelets, corners (cubies), coordinates and the table definitions for the
// half-turn and quarter-turn metrics.
//
// The down-back-left corner never moves under R, U and F, so it fixes the
// cube in space and its three stickers name the D, B and L colours. The other
// seven corners give 7! permutations times 3^6 orientations (the seventh
// orientation follows from the rest): 3,674,160 positions, all reachable.
//
// # Folded tables
//
// The two distance tables are folded by the cube's 48 symmetries (24
// rotations, each also seen in a mirror): a position and its images, seen
// in a mirror or from another side and held again with the down-back-left
// corner in place (Held), are equally far from solved in either metric, so
// they share one table entry. The 3,674,160 positions fall into 77,802
// classes; the tables keep 170,586 entries, two bits each, for the sake of an
// index that costs a handful of reads.
//
// The index is the symmetry coordinate of Kociemba's two-phase solver, on
// the corner permutation. Up to the three ways of holding the cube with the
// down-back-left corner in place (its twist then left free), the 5,040
// permutations are 1,680; the symmetries make 78 classes of those. Each
// class has a representative permutation (its smallest), and for each of
// the 5,040 the index knows a symmetry S and a holding r that take it to
// its class's representative. A position (p, t), p its permutation and t
// its twist, then has the entry
//
//	class(p)*2187 + the twist of r·S(p, t)
//
// among the 3^7 = 2,187 twists of the representative's positions. A
// symmetry moves the corners' twists to other positions, reversing them if
// it is a mirror, and adds to each a number that depends on the corner and
// its position; a holding adds a number that depends on the corner. So the
// image's twist is t moved by S, which depends on S alone, plus numbers
// that depend on p alone (kept with p). t moved by S is the sum of its two
// halves moved, the positions 0..2 and 3..5 of t, each with its share of
// the last corner's twist (minus their sum): two reads of a table of 48 x 2
// x 27. The three sum in one addition of twists kept a 3-bit field per
// position, and two reads of small tables take each field mod 3 and rank
// the sum in base 3. Where a class's
// representative is its own image under some symmetry, several entries
// stand for one class; all hold its distance. The index is computed on first
// use, from the symmetries' action on corners, which is derived from the
// geometry of the faces (sym.go).
//
// Why the walk stays optimal and keeps its answers, byte for byte:
//
//   - An entry's distance is the distance of every position it stands for.
//     A symmetry maps the face turns of all six faces onto face turns, and
//     quarter turns onto quarter turns (TestSymmetriesActOnPositions), so
//     S(p) is as far from solved as p in either metric; Held renames
//     colours, so a turn of D, L or B is one of U, R or F of the cube as
//     held. The generator checks it besides: table.Encode refuses a fold in
//     which any of the 3,674,160 positions is not as far as its entry.
//   - The walk never moves a representative. It moves the position itself,
//     tries its moves in their fixed order R R' R2 U U' U2 F F' F2 (a mirror
//     would reverse the order of R and R', which is why the order is not
//     mapped through the symmetry at all), and only asks the table how far
//     each position it reaches is. Each answer it gets is the one the
//     unfolded table gave, so it takes the same step at every position, and
//     the tie-break order is the same.
//   - The walk written for these tables (walk.go) reads fewer positions
//     than the reference walk, never others, and skips a read only where
//     its answer is known: the face just turned, whose turns cannot
//     descend; in the quarter-turn metric a half turn where its face's
//     quarter turns do not both descend (it cannot descend then: a half
//     turn two nearer makes both one nearer), and the look at the next
//     position where the choice does not depend on it (see qtmWalk). So
//     it takes the reference walk's step at every position.
//   - Near the goal it reads no table at all: within four moves of the
//     goal (five quarter turns) it looks the rest of its way up in an
//     endgame (endgame.go), worked out from a breadth-first search of
//     that neighbourhood, whose exact distances answer every question the
//     reference walk asks there; the walk's last step's face, which the
//     quarter-turn walk may not turn again, is part of what it looks up.
//     Where its guess of how far it has left is wrong, the position is not
//     in the endgame and the walk goes on, so it never ends elsewhere.
//   - The tests walk every position in both metrics and compare with the
//     reference walk, and count every position's optimal solutions against
//     a dynamic program over a fresh breadth-first search.
//
// # A first answer without the tables
//
// The move tables and the index are built on another goroutine when a walk
// first needs them (cold.go). Until they are there, a move is applied to
// the position's corners, and an entry is found by trying the symmetries
// and holdings until one takes the position's permutation to a class's
// representative (the 78 are written out): the same entry as the index's,
// or, where the class is symmetric, another of its entries, which holds the
// same distance by the argument above. The walk asks the same questions and
// gets the same answers, so it takes the same steps; TestColdApply and
// TestColdEntry check both cold reads against the tables on every position.
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
