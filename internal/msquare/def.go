package msquare

import (
	"sync"

	"github.com/godtable/godtable/internal/puzzle"
)

// Def returns the table definition "msquare": the 40,320 boards, the
// distance of each being the fewest operations that take it to the base
// state.
//
// A undoes itself, but B and C are undone only by three more of themselves,
// so the graph is directed and the table keeps every distance in full rather
// than mod 3: one B or C from a state can lead two steps farther from the
// base state, which mod 3 would look like one step nearer.
var Def = sync.OnceValue(func() *puzzle.Def {
	t := ranks()
	return &puzzle.Def{
		Name:    "msquare",
		Size:    NStates,
		Goal:    puzzle.State(Base),
		Moves:   MoveNames[:],
		Inverse: []int{0, -1, -1},
		Unrank:  func(r uint32) puzzle.State { return puzzle.State(Unrank(r)) },
		Rank:    func(s puzzle.State) uint32 { return t.rank(Board(s)) },
		Apply: func(s puzzle.State, m int) puzzle.State {
			return puzzle.State(Board(s).Apply(Move(m)))
		},
	}
})
