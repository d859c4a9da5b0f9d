package pocket

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/godtable/godtable/internal/model/puzzle"
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
// does not depend on the permutation, nor the other way round). Move m from
// permutation p leads to Perm[9*p+m], from twist t to Twist[9*t+m].
type Tables struct {
	Perm  []uint16
	Twist []uint16
	// perms lists the permutations in order of rank, as nibbles.
	perms *[NPerm]perm
}

// PermRow returns permutation p's row of the move table.
func (t *Tables) PermRow(p uint32) *[9]uint16 { return (*[9]uint16)(t.Perm[9*p : 9*p+9]) }

// TwistRow returns twist w's row of the move table.
func (t *Tables) TwistRow(w uint32) *[9]uint16 { return (*[9]uint16)(t.Twist[9*w : 9*w+9]) }

// MoveTables returns the coordinate move tables, built on first use.
var MoveTables = sync.OnceValue(func() *Tables {
	t := buildTables()
	builtMoves.Store(t)
	return t
})

// buildTables fills the move tables. Only the three clockwise quarter turns
// are computed; X2 and X' follow by applying X again through the table
// itself. The permutations are moved as nibbles and ranked, the twists digit
// by digit: a few hundred microseconds, where going through Cubie took three
// times as long.
func buildTables() *Tables {
	t := &Tables{Perm: make([]uint16, 9*NPerm), Twist: make([]uint16, 9*NTwist), perms: new([NPerm]perm)}
	allPerms(t.perms)
	for p, x := range t.perms {
		for f := 0; f < 3; f++ {
			// A quarter turn moves four corners round: the corner at
			// cycle[k] goes to cycle[k+1] (see quarterCorners).
			c := &quarterCorners[f]
			q := x
			for k := range 4 {
				to, from := 4*c[(k+1)%4], 4*c[k]
				q = q&^(15<<to) | (x>>from&15)<<to
			}
			t.Perm[9*p+3*f] = q.rank()
		}
	}
	for w := range NTwist {
		var co [8]uint8
		x, sum := w, 0
		for i := 0; i < 6; i++ {
			co[i] = uint8(x % 3)
			sum += x % 3
			x /= 3
		}
		co[DRB] = uint8((3 - sum%3) % 3)
		for f := 0; f < 3; f++ {
			mc := &moveCubie[3*f]
			r := 0
			for i := 5; i >= 0; i-- {
				r = 3*r + int(mod3[co[mc.CP[i]]+mc.CO[i]])
			}
			t.Twist[9*w+3*f] = uint16(r)
		}
	}
	deriveTurns(t.Perm)
	deriveTurns(t.Twist)
	return t
}

// quarterCorners are the clockwise quarter turns R, U and F as cycles of
// corner positions, read off the moves' cubies: the corner at the first
// position goes to the second, and so on round.
var quarterCorners = func() (qc [3][4]uint8) {
	for f := range qc {
		mc := &moveCubie[3*f]
		// Position i gets the corner of position mc.CP[i]; follow the
		// cycle backwards from a moved position.
		start := uint8(0)
		for mc.CP[start] == start {
			start++
		}
		i := start
		for k := 3; k >= 0; k-- {
			qc[f][k] = i
			i = mc.CP[i]
		}
		if i != start {
			panic("pocket: a quarter turn is not one 4-cycle of corners")
		}
	}
	return qc
}()

// deriveTurns fills in a move table's half and anticlockwise turns from its
// clockwise ones: move 3f is X, 3f+2 is X2 = X X, 3f+1 is X' = X X X.
func deriveTurns(rows []uint16) {
	for i := 0; i < len(rows); i += 9 {
		for x := 0; x < 9; x += 3 {
			x1 := int(rows[i+x])
			x2 := int(rows[9*x1+x])
			rows[i+x+2], rows[i+x+1] = uint16(x2), rows[9*x2+x]
		}
	}
}

// Apply returns the rank after move m.
func (t *Tables) Apply(r uint32, m Move) uint32 {
	return uint32(t.Perm[9*(r/NTwist)+uint32(m)])*NTwist + uint32(t.Twist[9*(r%NTwist)+uint32(m)])
}

// HTMMoves and QTMMoves are the moves of the two table graphs, as indices
// into MoveNames. In the quarter-turn graph a half turn is two steps.
var (
	HTMMoves = []Move{MoveR, MoveRi, MoveR2, MoveU, MoveUi, MoveU2, MoveF, MoveFi, MoveF2}
	QTMMoves = []Move{MoveR, MoveRi, MoveU, MoveUi, MoveF, MoveFi}
)

// newDef makes a metric's definition. It builds no table: its moves are
// applied through the move tables once they are built (by the second walk
// that needs them, see Walk, or after coldLimit cold reads), from the
// corners until then, and its fold
// likewise (see NewFold), so that a first answer waits for neither.
func newDef(name string, moves []Move) *puzzle.Def {
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
	return &puzzle.Def{
		Name:    name,
		Size:    NStates,
		Goal:    0,
		Moves:   names,
		Inverse: inverse,
		Unrank:  func(r uint64) puzzle.State { return puzzle.State(r) },
		Rank:    func(s puzzle.State) uint64 { return uint64(s) },
		Apply: func(s puzzle.State, m int) puzzle.State {
			// Through the move tables once they are built, from the
			// corners before.
			if t := builtMoves.Load(); t != nil {
				return puzzle.State(t.Apply(uint32(s), moves[m]))
			}
			return puzzle.State(applyMoveCold(uint32(s), moves[m]))
		},
		// The walk through the next-step table goes through the move
		// tables, made when it is derived (the half-turn table's moves
		// are theirs in order); the walks before it through Walk.
		Accel: accel(moves),
		Fold:  NewFold(),
	}
}

// accel returns the accelerations of a table with the given moves: states
// are ranks, and, where the moves are the move tables' own, the move tables
// as coordinate tables, on demand.
func accel(moves []Move) puzzle.Accel {
	a := puzzle.Accel{StateIsRank: true}
	if slices.Equal(moves, HTMMoves) {
		a.MakeCoords = coords
	}
	return a
}

// HTM is the table definition of the half-turn metric ("pocket-htm", nine
// moves), built on first use.
var HTM = sync.OnceValue(func() *puzzle.Def { return newDef("pocket-htm", HTMMoves) })

// QTM is the table definition of the quarter-turn metric ("pocket-qtm", six
// quarter turns), built on first use.
var QTM = sync.OnceValue(func() *puzzle.Def { return newDef("pocket-qtm", QTMMoves) })
