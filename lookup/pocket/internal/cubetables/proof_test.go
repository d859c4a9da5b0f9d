package cubetables

import (
	"testing"

	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/proof"
)

// In the quarter-turn metric, on every one of the 3,674,160 positions (under
// -short, every distance's positions, all of them where there are at most
// 2,000), the walk's distance is a fresh breadth-first search's and Count is
// a dynamic program's that shares no code with it, with half turns weighing
// 2; Solve, through the next-step table, and through the cube's own walk
// (the table's shortcut), is the reference walk's; All on a large sample lists exactly those solutions, each legal and
// optimal, and a limit cuts the list, not the count. The half-turn metric's
// proof is lookup/pocket's TestCountEveryState: apart, each proof's test
// binary stays within two minutes on two cores.
func TestCountEveryStateQTM(t *testing.T) {
	if proof.RaceShort() {
		t.Skip("a proof over every state runs without the race detector")
	}
	w, err := Tables[QTM].Walker()
	if err != nil {
		t.Fatal(err)
	}
	// The cube's own walk made first, so that the next-step table is
	// derived through it, as in a program.
	var steps [walk.MaxSteps]uint8
	if _, err := Tables[QTM].SolveByTable(puzzle.State(1), steps[:0]); err != nil {
		t.Fatal(err)
	}
	if err := proof.Table(w, Tables[QTM].SolveByTable); err != nil {
		t.Fatal(err)
	}
}
