package pocket

import (
	"math/bits"
	"sync"

	"github.com/godtable/godtable/internal/puzzle"
)

// Coordinates: a position's rank is perm*NTwist + twist, where perm ranks the
// permutation of the seven moving corners (7! = 5040) and twist the twists of
// the corners at positions URF..DLF (3^6 = 729; the DRB twist follows).
const (
	NPerm  = 5040
	NTwist = 729
	// NStates is the number of positions: 3,674,160.
	NStates = NPerm * NTwist
)

// slot maps the seven moving positions (and corners) to 0..6, skipping DBL.
var slot = [8]uint8{0, 1, 2, 3, 4, 5, 0xff, 6}
var unslot = [7]uint8{0, 1, 2, 3, 4, 5, 7}

var fact = [8]int{1, 1, 2, 6, 24, 120, 720, 5040}

// PermRank ranks the corner permutation (Lehmer code over the seven moving
// corners): for each position, how many corners not yet placed are smaller.
func (a Cubie) PermRank() int {
	r := 0
	var used uint32
	for i := 0; i < 7; i++ {
		v := uint32(slot[a.CP[unslot[i]]])
		r += bits.OnesCount32(^used&(1<<v-1)) * fact[6-i]
		used |= 1 << v
	}
	return r
}

// TwistRank ranks the twists of positions URF..DLF in base 3.
func (a Cubie) TwistRank() int {
	r := 0
	for i := 5; i >= 0; i-- {
		r = 3*r + int(a.CO[i])
	}
	return r
}

// Rank returns the position's rank in [0, NStates).
func (a Cubie) Rank() uint32 { return uint32(a.PermRank()*NTwist + a.TwistRank()) }

// FromRank returns the position with the given rank.
func FromRank(r uint32) Cubie {
	perm, tw := int(r)/NTwist, int(r)%NTwist
	var c Cubie
	c.CP[DBL] = DBL
	var used [7]bool
	for i := 0; i < 7; i++ {
		d := perm / fact[6-i]
		perm %= fact[6-i]
		for v := 0; v < 7; v++ {
			if used[v] {
				continue
			}
			if d == 0 {
				used[v] = true
				c.CP[unslot[i]] = unslot[v]
				break
			}
			d--
		}
	}
	sum := 0
	for i := 0; i < 6; i++ {
		c.CO[i] = uint8(tw % 3)
		sum += tw % 3
		tw /= 3
	}
	c.CO[DRB] = uint8((3 - sum%3) % 3)
	return c
}

// Tables are the coordinate move tables: the rank after each of the nine
// moves, for the permutation and the twist separately (the twist after a move
// does not depend on the permutation, nor the other way round).
type Tables struct {
	Perm  [NPerm][9]uint16
	Twist [NTwist][9]uint16
}

var (
	tablesOnce sync.Once
	tables     *Tables
)

// MoveTables returns the coordinate move tables, built on first use (about a
// hundred microseconds).
func MoveTables() *Tables {
	tablesOnce.Do(func() { tables = buildTables() })
	return tables
}

// buildTables fills the move tables. Only the three clockwise quarter turns
// are computed from corners; X2 and X' follow by applying X again through
// the table itself, which keeps start-up short.
func buildTables() *Tables {
	t := new(Tables)
	for p := 0; p < NPerm; p++ {
		c := FromRank(uint32(p * NTwist))
		for f := 0; f < 3; f++ {
			t.Perm[p][3*f] = uint16(c.Apply(Move(3 * f)).PermRank())
		}
	}
	for w := 0; w < NTwist; w++ {
		c := FromRank(uint32(w))
		for f := 0; f < 3; f++ {
			t.Twist[w][3*f] = uint16(c.Apply(Move(3 * f)).TwistRank())
		}
	}
	deriveTurns(t.Perm[:])
	deriveTurns(t.Twist[:])
	return t
}

// deriveTurns fills in a move table's half and anticlockwise turns from its
// clockwise ones: move 3f is X, 3f+2 is X2 = X X, 3f+1 is X' = X X X.
func deriveTurns(rows [][9]uint16) {
	for i := range rows {
		for x := 0; x < 9; x += 3 {
			x1 := rows[i][x]
			x2 := rows[x1][x]
			rows[i][x+2], rows[i][x+1] = x2, rows[x2][x]
		}
	}
}

// Apply returns the rank after move m.
func (t *Tables) Apply(r uint32, m Move) uint32 {
	return uint32(t.Perm[r/NTwist][m])*NTwist + uint32(t.Twist[r%NTwist][m])
}

// HTMMoves and QTMMoves are the moves of the two table graphs, as indices
// into MoveNames. In the quarter-turn graph a half turn is two steps.
var (
	HTMMoves = []Move{MoveR, MoveRi, MoveR2, MoveU, MoveUi, MoveU2, MoveF, MoveFi, MoveF2}
	QTMMoves = []Move{MoveR, MoveRi, MoveU, MoveUi, MoveF, MoveFi}
)

var (
	defsOnce sync.Once
	htm, qtm *puzzle.Def
)

func newDef(name string, moves []Move) *puzzle.Def {
	t := MoveTables()
	names := make([]string, len(moves))
	inverse := make([]int, len(moves))
	for i, m := range moves {
		names[i] = m.String()
		inv := Move(m/3*3 + [3]Move{1, 0, 2}[m%3])
		inverse[i] = -1
		for j, x := range moves {
			if x == inv {
				inverse[i] = j
			}
		}
	}
	coords := &puzzle.Coords{
		Minor:      NTwist,
		Major:      make([]uint16, 0, NPerm*len(moves)),
		MinorMoves: make([]uint16, 0, NTwist*len(moves)),
	}
	for p := range t.Perm {
		for _, m := range moves {
			coords.Major = append(coords.Major, t.Perm[p][m])
		}
	}
	for w := range t.Twist {
		for _, m := range moves {
			coords.MinorMoves = append(coords.MinorMoves, t.Twist[w][m])
		}
	}
	return &puzzle.Def{
		Coords:      coords,
		Name:        name,
		Size:        NStates,
		Goal:        0,
		Moves:       names,
		Inverse:     inverse,
		Unrank:      func(r uint32) puzzle.State { return puzzle.State(r) },
		Rank:        func(s puzzle.State) uint32 { return uint32(s) },
		StateIsRank: true,
		Apply:       func(s puzzle.State, m int) puzzle.State { return puzzle.State(t.Apply(uint32(s), moves[m])) },
		Fold:        NewFold(),
	}
}

// Defs returns the table definitions for the half-turn metric ("pocket-htm",
// nine moves) and the quarter-turn metric ("pocket-qtm", six quarter turns).
func Defs() (htmDef, qtmDef *puzzle.Def) {
	defsOnce.Do(func() {
		htm = newDef("pocket-htm", HTMMoves)
		qtm = newDef("pocket-qtm", QTMMoves)
	})
	return htm, qtm
}
