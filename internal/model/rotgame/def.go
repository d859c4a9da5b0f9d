package rotgame

import (
	"math/bits"
	"sync"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// TableName names the placement table.
const TableName = "rotgame"

// Def returns the table definition: the placements of one number, the
// centre as goal, the operations A..H. Every operation has its inverse among
// them, so the table keeps distances mod 3.
var Def = sync.OnceValue(func() *puzzle.Def {
	t := tabs()
	names := make([]string, len(MoveNames))
	for i := range names {
		names[i] = MoveNames[i : i+1]
	}
	return &puzzle.Def{
		Name:    TableName,
		Size:    NPlacements,
		Goal:    puzzle.State(CentreMask),
		Moves:   names,
		Inverse: append([]int(nil), Inverse[:]...),
		Unrank:  func(r uint64) puzzle.State { return puzzle.State(Unrank(uint32(r))) },
		Rank:    func(s puzzle.State) uint64 { return uint64(t.rank(uint32(s))) },
		Apply:   func(s puzzle.State, m int) puzzle.State { return puzzle.State(t.apply(uint32(s), m)) },
		Accel:   puzzle.Accel{LowerBound: func(s puzzle.State) int { return LowerBound(uint32(s)) }},
	}
})

// LowerBound returns a lower bound on the operations that bring placement p
// to the centre: the centre cells it lacks. Every line crosses the centre in
// three cells, which an operation shifts by one, so an operation brings one
// cell into the centre and takes one out: the count of the placement's
// cells there rises by at most one.
func LowerBound(p uint32) int { return 8 - bits.OnesCount32(p&CentreMask) }
