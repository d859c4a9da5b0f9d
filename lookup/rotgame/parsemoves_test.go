package rotgame_test

import (
	"math/rand/v2"
	"testing"

	"github.com/godtable/godtable/lookup/rotgame"
)

// ParseMoves reads back what Solve writes, and Apply of it fills the
// centre; a bad operation is named.
func TestParseMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		g := rotgame.Random(rng)
		a, err := g.Solve()
		if err != nil {
			t.Fatal(err)
		}
		back, err := rotgame.ParseMoves(a.Moves.String())
		if err != nil || back.String() != a.Moves.String() || g.Apply(back).Centre() != a.Centre {
			t.Fatalf("%v: %q reads back as %q (%v)", g, a.Moves, back, err)
		}
	}
	if _, err := rotgame.ParseMoves("AXB"); err == nil || err.Error() != `bad operation "X" (want A to H)` {
		t.Errorf("AXB: %v", err)
	}
}
