package lookup

import (
	"fmt"
	"math"
	"testing"
)

// No exported function panics, whatever it is given: zero values, nil
// generators, ranks out of range, unknown metrics, odd limits and strings.
func TestNoPanics(t *testing.T) {
	strs := []string{"", " ", "\x00", "0", "R", "TL", "A", "x", "UUUU", "1 2 3", "\xff\xfe", "12345678901234567890", "R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R R"}
	ranks := []uint32{0, 1, 40319, 40320, 362879, 362880, 3674159, 3674160, math.MaxUint32}
	try := func(name string, f func()) {
		t.Helper()
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("%s panicked: %v", name, r)
			}
		}()
		f()
	}
	var sol Solution
	try("zero Solution", func() { _ = sol.String() + fmt.Sprint(sol.Moves(), sol.Len(), sol.Cost()); sol.Append(nil) })
	// A solution of one puzzle given to another: F2 is the pocket cube's
	// ninth move, beyond every other puzzle's moves.
	cube, _ := ScramblePocket("F2")
	f2, _ := cube.Solve(HTM)
	try("foreign solution", func() {
		if (RotGrid{}).Apply(f2) != (RotGrid{}) {
			t.Errorf("a pocket solution moved another puzzle")
		}
	})
	try("Random with nil", func() { RandomPocket(nil); RandomRotGrid(nil) })
	try("distributions", func() {
		for _, m := range []Metric{HTM, QTM, -1, 7} {
			PocketDistribution(m)
		}
		RotGridDistribution()
	})
	try("views", func() {
		ViewsBattery(-5, -1)
		ViewsBattery(3, 100)
		ViewsBatteryCase(-1)
		ViewsBatteryCase(math.MaxInt32)
		var v Views
		SolveViews(v)
		VerifyViews(v, Blocks(math.MaxUint64))
	})
	for _, r := range ranks {
		try(fmt.Sprint("ranks ", r), func() {
			if c, err := PocketFromRank(r); err == nil {
				for _, m := range []Metric{HTM, QTM, 9} {
					c.Solve(m)
					c.Distance(m)
					c.Count(m)
					c.All(m, -1)
					c.All(m, 1)
					c.Verify("R", m)
				}
				c.Scramble()
			}
			if g, err := RotGridFromRank(r); err == nil {
				g.Solve()
				g.Count()
				g.All(0)
				g.Verify("TL")
				g.Scramble()
			}
		})
	}
	for _, s := range strs {
		try(fmt.Sprintf("strings %q", s), func() {
			ParsePocket(s)
			ScramblePocket(s)
			ParseMetric(s)
			ParseRotGrid(s)
			ScrambleRotGrid(s)
			ParseViews(s)
			ParseBlocks(s)
			(PocketCube{}).Verify(s, HTM)
			(RotGrid{}).Verify(s)
		})
	}
}
