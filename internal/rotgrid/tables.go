package rotgrid

import (
	"math/bits"
	"sync"

	"github.com/godtable/godtable/internal/puzzle"
)

// Tables are the coordinate move tables, about 170 KB in all: the X coordinate
// after each move, the five free cells of each X (as an index among the 126
// possible sets), and the Z coordinate after each move for each set of free
// cells. Every entry is computed by Grid.Apply, which defines the moves.
type Tables struct {
	X   [NX][NMoves]uint16
	Set [NX]uint8
	Z   [NSets][NZ][NMoves]uint8
}

// MoveTables are the move tables, built on first use (a few
// milliseconds).
var MoveTables = sync.OnceValue(func() *Tables {
	t := new(Tables)
	// Number the five-cell sets in increasing order of their masks.
	var setIndex [1 << 9]uint8
	n := 0
	for m := 0; m < 1<<9; m++ {
		if bits.OnesCount(uint(m)) == 5 {
			setIndex[m] = uint8(n)
			n++
		}
	}
	// Only the clockwise turns are computed from grids; an
	// anticlockwise turn is three clockwise ones, read off the tables
	// (which halves the start-up time).
	var rep [NSets]uint32 // an X whose free cells are the set
	var seen [NSets]bool
	for x := uint32(0); x < NX; x++ {
		g := FromRank(x * NZ)
		s := setIndex[freeCells(g)]
		t.Set[x] = s
		for m := TL; m < NMoves; m += 2 {
			t.X[x][m] = uint16(g.Apply(m).xCoord())
		}
		if !seen[s] {
			seen[s], rep[s] = true, x
		}
	}
	// Where the tiles 5..9 go depends on their cells, not on which of
	// the tiles 1..4 is where: one X per set serves them all.
	for s, x := range rep {
		for z := uint32(0); z < NZ; z++ {
			g := FromRank(x*NZ + z)
			for m := TL; m < NMoves; m += 2 {
				t.Z[s][z][m] = uint8(g.Apply(m).zCoord())
			}
		}
	}
	for m := TL; m < NMoves; m += 2 {
		for x := range t.X {
			x1 := t.X[x][m]
			x2 := t.X[x1][m]
			t.X[x][m+1] = t.X[x2][m]
		}
		for s, x := range rep {
			x1 := t.X[x][m]
			x2 := t.X[x1][m]
			s1, s2 := t.Set[x1], t.Set[x2]
			for z := range t.Z[s] {
				z1 := t.Z[s][z][m]
				z2 := t.Z[s1][z1][m]
				t.Z[s][z][m+1] = t.Z[s2][z2][m]
			}
		}
	}
	return t
})

// Apply returns the rank after move m.
func (t *Tables) Apply(r uint32, m Move) uint32 {
	x, z := r/NZ, r%NZ
	return uint32(t.X[x][m])*NZ + uint32(t.Z[t.Set[x]][z][m])
}

// Def is the table definition "rotgrid": the 362,880 ranks, goal 0,
// the eight moves in notation order, each undone by the same block turned
// the other way (so the table keeps distances mod 3).
var Def = sync.OnceValue(func() *puzzle.Def {
	t := MoveTables()
	names := make([]string, NMoves)
	inverse := make([]int, NMoves)
	for m := Move(0); m < NMoves; m++ {
		names[m] = m.String()
		inverse[m] = int(m.Inverse())
	}
	coords := &puzzle.Coords{
		Minor:      NZ,
		Class:      t.Set[:],
		Major:      make([]uint16, 0, NX*NMoves),
		MinorMoves: make([]uint16, 0, NSets*NZ*NMoves),
	}
	for x := range t.X {
		coords.Major = append(coords.Major, t.X[x][:]...)
	}
	for s := range t.Z {
		for z := range t.Z[s] {
			for _, v := range t.Z[s][z] {
				coords.MinorMoves = append(coords.MinorMoves, uint16(v))
			}
		}
	}
	return &puzzle.Def{
		Name:    "rotgrid",
		Size:    NStates,
		Goal:    puzzle.State(Solved.Rank()),
		Moves:   names,
		Inverse: inverse,
		Unrank:  func(r uint32) puzzle.State { return puzzle.State(r) },
		Rank:    func(s puzzle.State) uint32 { return uint32(s) },
		Apply:   func(s puzzle.State, m int) puzzle.State { return puzzle.State(t.Apply(uint32(s), Move(m))) },
		Accel:   puzzle.Accel{StateIsRank: true, Coords: coords},
	}
})
