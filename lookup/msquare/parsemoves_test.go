package msquare_test

import (
	"math/rand/v2"
	"testing"

	"github.com/godtable/godtable/lookup/msquare"
)

// ParseMoves reads back what Solve writes, and Apply of it from the base
// state reaches the target; a bad operation is named.
func TestParseMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 500 {
		q := msquare.Random(rng)
		sol, err := q.Solve()
		if err != nil {
			t.Fatal(err)
		}
		back, err := msquare.ParseMoves(sol.String())
		if err != nil || back.String() != sol.String() || (msquare.Position{}).Apply(back) != q {
			t.Fatalf("%v: %q reads back as %q (%v)", q, sol, back, err)
		}
	}
	if _, err := msquare.ParseMoves("AXB"); err == nil || err.Error() != `bad operation "X" (want A, B or C)` {
		t.Errorf("AXB: %v", err)
	}
}
