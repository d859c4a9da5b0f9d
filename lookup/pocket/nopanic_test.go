package pocket

import (
	"fmt"
	"testing"

	"github.com/godtable/godtable/internal/support/proof"
)

// No exported function panics, whatever it is given: nil generators, ranks
// out of range, unknown metrics, odd limits and strings.
func TestNoPanics(t *testing.T) {
	strs := proof.OddStrings("(((R)99)99)99", "[R, U", "R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R")
	ranks := proof.OddRanks()
	try := func(name string, f func()) { t.Helper(); proof.NoPanic(t, name, f) }
	metrics := []Metric{HTM, QTM, -1, 7}
	try("Random with nil", func() { Random(nil) })
	try("distributions", func() {
		for _, m := range metrics {
			Distribution(m)
		}
	})
	for _, r := range ranks {
		try(fmt.Sprint("ranks ", r), func() {
			if c, err := FromRank(r); err == nil {
				for _, m := range metrics {
					c.Solve(m)
					c.Distance(m)
					c.Count(m)
					c.All(m, -1)
					c.All(m, 1)
					c.Verify("R", m)
				}
				c.Moves()
			}
		})
	}
	for _, s := range strs {
		try(fmt.Sprintf("strings %q", s), func() {
			Parse(s)
			ParseURFDLB(s)
			Scramble(s)
			(Cube{}).Verify(s, HTM)
			(Cube{}).Verify(s, QTM)
		})
	}
}
