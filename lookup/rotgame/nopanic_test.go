package rotgame

import (
	"fmt"
	"testing"

	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/proof"
)

// No exported function panics, whatever it is given: zero values, nil
// generators, odd limits and strings.
func TestNoPanics(t *testing.T) {
	strs := proof.OddStrings("R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R")
	try := func(name string, f func()) { t.Helper(); proof.NoPanic(t, name, f) }
	// A solution of another puzzle: its ninth move (the pocket cube's F2),
	// beyond the eight operations.
	names := []string{"U", "U'", "U2", "R", "R'", "R2", "F", "F'", "F2"}
	foreign := answer.New(answer.NewNotation(names, make([]int, len(names)), " "), []uint8{8})
	try("foreign solution", func() {
		g, _ := Parse("111111112222222233333333")
		if g.Apply(foreign) != g {
			t.Errorf("another puzzle's solution moved a rotation game board")
		}
	})
	var ans Answer
	try("zero Answer", func() { _ = ans.String() + ans.Sequence(); ans.AppendJudge(nil) })
	try("Random with nil", func() { Random(nil) })
	try("distribution", func() { Distribution() })
	for _, s := range strs {
		try(fmt.Sprintf("strings %q", s), func() {
			Parse(s)
			var g Position
			g.Solve()
			g.Count()
			g.All(2)
			g.Verify(s)
			_ = g.String()
			g.Cells()
			FromCells([24]uint8{})
		})
	}
}
