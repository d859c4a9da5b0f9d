package msquare

import (
	"sync"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// Def returns the table definition "msquare": the 40,320 boards, the
// distance of each being the fewest operations that take it to the base
// state. A state of the definition is a board's rank, and the operations
// are lookups in the move table.
//
// A undoes itself, but B and C are undone only by three more of themselves,
// so the graph is directed and the table keeps every distance in full rather
// than mod 3: one B or C from a state can lead two steps farther from the
// base state, which mod 3 would look like one step nearer.
var Def = sync.OnceValue(func() *puzzle.Def {
	mt := Moves()
	// The rank is the only coordinate: minor is always 0.
	coords := &puzzle.Coords{Minor: 1, MinorMoves: make([]uint16, len(MoveNames)), Major: make([]uint16, 0, NStates*len(MoveNames))}
	for _, row := range mt {
		coords.Major = append(coords.Major, row[:]...)
	}
	return &puzzle.Def{
		Name:    "msquare",
		Size:    NStates,
		Goal:    puzzle.State(Base.Rank()),
		Moves:   MoveNames[:],
		Inverse: []int{0, -1, -1},
		Unrank:  func(r uint64) puzzle.State { return puzzle.State(r) },
		Rank:    func(s puzzle.State) uint64 { return uint64(s) },
		Apply:   func(s puzzle.State, m int) puzzle.State { return puzzle.State(mt[s][m]) },
		Accel:   puzzle.Accel{StateIsRank: true, Coords: coords},
	}
})
