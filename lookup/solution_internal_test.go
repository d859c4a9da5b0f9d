package lookup

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Append's one-store-per-move writing gives what joining the move names
// gives, for every notation, onto empty and non-empty buffers.
func TestSolutionAppendWords(t *testing.T) {
	nts := map[string]*notation{
		"pocket-htm": pocketNotations[HTM](),
		"pocket-qtm": pocketNotations[QTM](),
		"msquare":    magicSquareNotation(),
		"rotgame":    rotgameNotation(),
		"rotgrid":    rotGridNotation(),
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for name, nt := range nts {
		if nt.words == nil {
			t.Errorf("%s: no move words", name)
			continue
		}
		for n := 0; n <= 64; n++ {
			steps := make([]uint8, n)
			for k := range steps {
				steps[k] = uint8(rng.IntN(len(nt.names)))
			}
			s := newSolution(nt, steps)
			want := strings.Join(s.Moves(), nt.sep)
			for _, prefix := range []string{"", "x: "} {
				if got := string(s.Append([]byte(prefix))); got != prefix+want {
					t.Fatalf("%s: Append(%q) = %q, want %q", name, prefix, got, prefix+want)
				}
			}
		}
	}
}
