package rotgrid

import (
	"fmt"
	"testing"

	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/proof"
	"github.com/godtable/godtable/lookup"
)

// Count equals the dynamic program's count on every grid, the table's
// distances are the search's, and All, on a sample of grids, lists exactly
// Count distinct solutions, each legal, each reaching the goal, each of the
// optimal length; a limit cuts the list, not the count, and the list is in
// step order.
func TestEveryState(t *testing.T) { proof.Check(t, distTable.Walker) }

// No exported function panics, whatever it is given: zero values, nil
// generators, ranks out of range, odd limits and strings.
func TestNoPanics(t *testing.T) {
	strs := proof.OddStrings("R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R")
	ranks := proof.OddRanks()
	try := func(name string, f func()) { t.Helper(); proof.NoPanic(t, name, f) }
	// A solution of another puzzle: its one move is the ninth of its
	// notation, beyond the grid's eight moves.
	other := answer.NewNotation([]string{"U", "U2", "U'", "R", "R2", "R'", "F", "F'", "F2"}, nil, " ")
	foreign := answer.New(other, []uint8{8})
	try("foreign solution", func() {
		if (Grid{}).Apply(foreign) != (Grid{}) {
			t.Errorf("another puzzle's solution moved the grid")
		}
	})
	try("zero Solution", func() {
		if g, _ := Parse("492357816"); g.Apply(lookup.Solution{}) != g {
			t.Errorf("the zero Solution moved the grid")
		}
	})
	try("Random with nil", func() { Random(nil) })
	try("distribution", func() { Distribution() })
	for _, r := range ranks {
		try(fmt.Sprint("ranks ", r), func() {
			if g, err := FromRank(r); err == nil {
				g.Solve()
				g.Count()
				g.All(0)
				g.All(-1)
				g.Verify("TL")
				g.Moves()
			}
		})
	}
	for _, s := range strs {
		try(fmt.Sprintf("strings %q", s), func() {
			Parse(s)
			Scramble(s)
			(Grid{}).Verify(s)
		})
	}
}
