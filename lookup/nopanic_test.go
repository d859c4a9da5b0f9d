package lookup

import (
	"fmt"
	"math"
	"testing"

	"github.com/godtable/godtable/internal/answer"
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
	try("AppendMagicSquareAnswer", func() { AppendMagicSquareAnswer(nil, sol) })
	// A solution of another puzzle given to these: F2, the ninth move of a
	// notation like the pocket cube's, beyond every other puzzle's moves.
	names := []string{"R", "R'", "R2", "U", "U'", "U2", "F", "F'", "F2"}
	f2 := answer.New(answer.NewNotation(names, []int{1, 1, 1, 1, 1, 1, 1, 1, 1}, " "), []uint8{8})
	try("foreign solution", func() {
		if got := string(AppendMagicSquareAnswer(nil, f2)); got != "0\n\n" {
			t.Errorf("msquare answer of a pocket solution: %q", got)
		}
		if (MagicSquare{}).Apply(f2) != (MagicSquare{}) {
			t.Errorf("a pocket solution moved another puzzle")
		}
		g, _ := ParseRotGame("111111112222222233333333")
		if g.Apply(f2) != g {
			t.Errorf("a pocket solution moved a rotation game board")
		}
	})
	var ans RotGameAnswer
	try("zero RotGameAnswer", func() { _ = ans.String() + ans.Sequence(); ans.AppendJudge(nil) })
	try("Random with nil", func() { RandomMagicSquare(nil); RandomRotGame(nil) })
	try("distributions", func() {
		MagicSquareDistribution()
		RotGameDistribution()
	})
	for _, r := range ranks {
		try(fmt.Sprint("ranks ", r), func() {
			if q, err := MagicSquareFromRank(r); err == nil {
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
			ParseMetric(s)
			ParseMagicSquare(s)
			ParseRotGame(s)
			(MagicSquare{}).Verify(s)
			var g RotGame
			g.Solve()
			g.Count()
			g.All(2)
			g.Verify(s)
			_ = g.String()
			g.Cells()
			RotGameFromCells([24]uint8{})
		})
	}
}
