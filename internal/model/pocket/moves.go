package pocket

// The quarter turns, as sticker cycles: in each cycle the sticker at the
// first index moves to the second, and so on round (indices 0..23 for A..X,
// the net of the package doc). They are the model; the corner moves below are
// derived from them, and a test checks both agree on every move.
var quarterCycles = [3][3][4]uint8{
	// R: I J R Q; H B S V; P D K X
	{{8, 9, 17, 16}, {7, 1, 18, 21}, {15, 3, 10, 23}},
	// U: A B D C; G E K I; H F L J
	{{0, 1, 3, 2}, {6, 4, 10, 8}, {7, 5, 11, 9}},
	// F: G H P O; C I V N; D Q U F
	{{6, 7, 15, 14}, {2, 8, 21, 13}, {3, 16, 20, 5}},
}

// Move is one of the nine face turns, in notation order.
type Move uint8

// The nine moves in the order of the notation R R' R2 U U' U2 F F' F2.
const (
	MoveR Move = iota
	MoveRi
	MoveR2
	MoveU
	MoveUi
	MoveU2
	MoveF
	MoveFi
	MoveF2
)

// MoveNames name the moves, indexed by Move.
var MoveNames = [9]string{"R", "R'", "R2", "U", "U'", "U2", "F", "F'", "F2"}

// Face returns the face a move turns (0 R, 1 U, 2 F).
func (m Move) Face() int { return int(m) / 3 }

// Quarters returns how many quarter turns clockwise the move is (1, 3 or 2).
func (m Move) Quarters() int { return [3]int{1, 3, 2}[m%3] }

func (m Move) String() string { return MoveNames[m] }

// Sticker returns the stickers after move m: out[i] = in[src[i]].
func (m Move) Sticker(in [24]uint8) [24]uint8 {
	out := in
	for q := 0; q < m.Quarters(); q++ {
		prev := out
		for _, c := range quarterCycles[m.Face()] {
			for k := 0; k < 4; k++ {
				out[c[(k+1)%4]] = prev[c[k]]
			}
		}
	}
	return out
}

// moveCubie[m] is move m as a cubie, derived from the sticker cycles.
var moveCubie = func() (mc [9]Cubie) {
	for m := range mc {
		c, err := fromFaces(Move(m).Sticker(Solved.Faces()))
		if err != nil {
			panic("pocket: sticker cycles are not a cube move: " + err.Error())
		}
		mc[m] = c
	}
	return mc
}()

// Apply returns the position after move m.
func (a Cubie) Apply(m Move) Cubie { return a.Mul(moveCubie[m]) }
