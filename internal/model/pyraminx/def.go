package pyraminx

import (
	"sync"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// Def returns the table definition "pyraminx": the 933,120 body positions
// (the tips left out, as they add one move each whatever the body), the
// distance of each being the fewest corner turns U U' L L' R R' B B' that
// solve it. A state is a body rank, and the moves are the coordinate move
// tables, also handed to the walk as Coords (edges major, centre twists
// minor). Every move is undone by its opposite turn, so the graph is
// undirected and the table keeps distances mod 3.
var Def = sync.OnceValue(func() *puzzle.Def {
	t := MoveTables()
	names := make([]string, NBodyMoves)
	inverse := make([]int, NBodyMoves)
	for m := MoveU; m < NBodyMoves; m++ {
		names[m] = m.String()
		inverse[m] = int(m.Inverse())
	}
	coords := &puzzle.Coords{
		Minor:      NTwist,
		Major:      make([]uint16, 0, NEdges*NBodyMoves),
		MinorMoves: make([]uint16, 0, NTwist*NBodyMoves),
	}
	for _, row := range t.Edges {
		coords.Major = append(coords.Major, row[:]...)
	}
	for _, row := range t.Twists {
		for _, w := range row {
			coords.MinorMoves = append(coords.MinorMoves, uint16(w))
		}
	}
	return &puzzle.Def{
		Name:    "pyraminx",
		Size:    NBody,
		Goal:    puzzle.State(Solved.Body),
		Moves:   names,
		Inverse: inverse,
		Unrank:  func(r uint64) puzzle.State { return puzzle.State(r) },
		Rank:    func(s puzzle.State) uint64 { return uint64(s) },
		Apply:   func(s puzzle.State, m int) puzzle.State { return puzzle.State(t.ApplyBody(uint32(s), Move(m))) },
		Accel:   puzzle.Accel{StateIsRank: true, Coords: coords},
	}
})
