package msquare

import (
	"fmt"
	"testing"

	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/proof"
	"github.com/godtable/godtable/lookup"
)

// No exported function panics, whatever it is given: zero values, nil
// generators, ranks out of range, odd limits and strings.
func TestNoPanics(t *testing.T) {
	strs := proof.OddStrings("R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R")
	ranks := proof.OddRanks()
	try := func(name string, f func()) { t.Helper(); proof.NoPanic(t, name, f) }
	var sol lookup.Solution
	try("AppendAnswer", func() { AppendAnswer(nil, sol) })
	// A solution of another puzzle: its ninth move (the pocket cube's F2),
	// beyond the three operations.
	names := []string{"U", "U'", "U2", "R", "R'", "R2", "F", "F'", "F2"}
	foreign := answer.New(answer.NewNotation(names, make([]int, len(names)), " "), []uint8{8})
	try("foreign solution", func() {
		if got := string(AppendAnswer(nil, foreign)); got != "0\n\n" {
			t.Errorf("msquare answer of another puzzle's solution: %q", got)
		}
		if (Position{}).Apply(foreign) != (Position{}) {
			t.Errorf("another puzzle's solution moved the board")
		}
	})
	try("Random with nil", func() { Random(nil) })
	try("distribution", func() { Distribution() })
	for _, r := range ranks {
		try(fmt.Sprint("ranks ", r), func() {
			if q, err := FromRank(r); err == nil {
				q.Solve()
				q.SolveFrom(q)
				q.Count()
				q.All(-3)
				q.Verify("ABC")
			}
		})
	}
	for _, s := range strs {
		try(fmt.Sprintf("strings %q", s), func() {
			Parse(s)
			(Position{}).Verify(s)
		})
	}
}
