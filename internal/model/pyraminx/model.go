package pyraminx

// Faces, in the order of the sticker string; a face's number is also its
// colour's.
const (
	FaceF = iota
	FaceL
	FaceR
	FaceD
)

// FaceNames are the letters of the faces, in face order.
const FaceNames = "FLRD"

// Corners, in the order of the moves U L R B. The tips and centres are
// numbered by the corner they sit at.
const (
	CornerU = iota
	CornerL
	CornerR
	CornerB
)

// CornerNames name the corners in corner order.
var CornerNames = [4]string{"U", "L", "R", "B"}

// Edge positions and edges.
const (
	EdgeUL = iota
	EdgeUR
	EdgeUB
	EdgeLR
	EdgeLB
	EdgeRB
)

// EdgeNames name the edges in edge order.
var EdgeNames = [6]string{"UL", "UR", "UB", "LR", "LB", "RB"}

// NStickers is the number of stickers: four faces of nine.
const NStickers = 36

// stickerName returns a sticker's name in the net, F1..D9.
func stickerName(i int) string {
	return string([]byte{FaceNames[i/9], byte('1' + i%9)})
}

// The pieces' stickers (indices into the sticker string, F1 = 0 .. D9 = 35).
// A tip's and a centre's are listed clockwise as seen looking at their
// corner, so that a clockwise turn moves each sticker to the next in the
// list; an edge's begin with its reference sticker, the one on F or D (on L
// for UB), which decides whether the edge is flipped.
var (
	tipStickers = [4][3]uint8{
		CornerU: {0, 13, 18}, // F1 L5 R1
		CornerL: {4, 27, 17}, // F5 D1 L9
		CornerR: {8, 26, 31}, // F9 R9 D5
		CornerB: {35, 22, 9}, // D9 R5 L1
	}
	centreStickers = [4][3]uint8{
		CornerU: {2, 12, 19},  // F3 L4 R2
		CornerL: {5, 28, 15},  // F6 D2 L7
		CornerR: {7, 24, 30},  // F8 R7 D4
		CornerB: {33, 21, 10}, // D7 R4 L2
	}
	edgeStickers = [6][2]uint8{
		EdgeUL: {1, 16},  // F2 L8
		EdgeUR: {3, 23},  // F4 R6
		EdgeUB: {11, 20}, // L3 R3
		EdgeLR: {6, 29},  // F7 D3
		EdgeLB: {32, 14}, // D6 L6
		EdgeRB: {34, 25}, // D8 R8
	}
)

// turnCycles are the clockwise corner turns U L R B as sticker cycles: in
// each cycle the sticker at the first index moves to the second, the second
// to the third and the third to the first. The first cycle of each turn is
// its tip's, which is all a tip move turns. They are the model: the piece
// moves and the coordinate tables are derived from them, and a test checks
// them against the geometry of a tetrahedron.
var turnCycles = [4][4][3]uint8{
	// U: tip F1 L5 R1; centre F3 L4 R2; edges F2 L3 R6, F4 L8 R3
	{{0, 13, 18}, {2, 12, 19}, {1, 11, 23}, {3, 16, 20}},
	// L: tip F5 D1 L9; centre F6 D2 L7; edges F2 D3 L6, F7 D6 L8
	{{4, 27, 17}, {5, 28, 15}, {1, 29, 14}, {6, 32, 16}},
	// R: tip F9 R9 D5; centre F8 R7 D4; edges F4 R8 D3, F7 R6 D8
	{{8, 26, 31}, {7, 24, 30}, {3, 25, 29}, {6, 23, 34}},
	// B: tip L1 D9 R5; centre L2 D7 R4; edges L3 D6 R8, L6 D8 R3
	{{9, 35, 22}, {10, 33, 21}, {11, 32, 25}, {14, 34, 20}},
}

// Move is one of the sixteen moves, in the order of MoveNames: the corner
// turns first, each clockwise then anticlockwise, then the tip turns alike.
type Move uint8

// The moves.
const (
	MoveU Move = iota
	MoveUi
	MoveL
	MoveLi
	MoveR
	MoveRi
	MoveB
	MoveBi
	MoveTipU
	MoveTipUi
	MoveTipL
	MoveTipLi
	MoveTipR
	MoveTipRi
	MoveTipB
	MoveTipBi
)

// NMoves is the number of moves; the first NBodyMoves of them turn the body.
const (
	NMoves     = 16
	NBodyMoves = 8
)

// MoveNames name the moves, indexed by Move. The order of the first eight
// is the order the walk tries them in, and so breaks ties between optimal
// answers.
var MoveNames = [NMoves]string{
	"U", "U'", "L", "L'", "R", "R'", "B", "B'",
	"u", "u'", "l", "l'", "r", "r'", "b", "b'",
}

// String returns the move's name in the notation.
func (m Move) String() string { return MoveNames[m] }

// Corner returns the corner the move turns (CornerU..CornerB).
func (m Move) Corner() int { return int(m) / 2 % 4 }

// TipOnly reports whether the move turns the tip alone.
func (m Move) TipOnly() bool { return m >= NBodyMoves }

// Clockwise reports whether the move turns clockwise.
func (m Move) Clockwise() bool { return m%2 == 0 }

// Inverse returns the move that undoes m: the same layers turned the other
// way.
func (m Move) Inverse() Move { return m ^ 1 }

// ApplyStickers returns the stickers after move m: each sticker's value
// moves along the cycles of the move, once for a clockwise turn and twice
// for an anticlockwise one.
func (m Move) ApplyStickers(in [NStickers]uint8) [NStickers]uint8 {
	cycles := turnCycles[m.Corner()][:]
	if m.TipOnly() {
		cycles = cycles[:1]
	}
	out := in
	turns := 1
	if !m.Clockwise() {
		turns = 2
	}
	for range turns {
		prev := out
		for _, c := range cycles {
			out[c[1]], out[c[2]], out[c[0]] = prev[c[0]], prev[c[1]], prev[c[2]]
		}
	}
	return out
}
