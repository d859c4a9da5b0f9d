package answer

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/walk"
)

func notationOf(sep string, names ...string) *Notation {
	steps := make([]walk.Step, len(names))
	for i, n := range names {
		steps[i] = walk.Step{Name: n, Group: -1, Paths: [][]int{{i}}}
	}
	return StepNotation(steps, sep)
}

// Append's one-store-per-move writing gives what joining the move names
// gives, for notations like every puzzle's (and one too wide for it), onto
// empty and non-empty buffers.
func TestSolutionAppendWords(t *testing.T) {
	nts := map[string]*Notation{
		"cube":    notationOf(" ", "R", "R'", "R2", "U", "U'", "U2", "F", "F'", "F2"),
		"letters": notationOf("", "A", "B", "C", "D", "E", "F", "G", "H"),
		"grid":    notationOf(" ", "TL", "TL'", "TR", "TR'", "BL", "BL'", "BR", "BR'"),
		"wide":    notationOf(" ", "longer-than-eight", "x"),
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for name, nt := range nts {
		if (nt.words == nil) != (name == "wide") {
			t.Errorf("%s: move words %v", name, nt.words != nil)
		}
		for n := 0; n <= walk.MaxSteps; n++ {
			steps := make([]uint8, n)
			for k := range steps {
				steps[k] = uint8(rng.IntN(len(nt.names)))
			}
			s := New(nt, steps)
			want := strings.Join(s.Moves(), nt.sep)
			for _, prefix := range []string{"", "x: "} {
				if got := string(s.Append([]byte(prefix))); got != prefix+want {
					t.Fatalf("%s: Append(%q) = %q, want %q", name, prefix, got, prefix+want)
				}
			}
			if back, bad, ok := nt.Parse(want); !ok || nt.Format(back) != want {
				t.Fatalf("%s: %q parses to %v (%q, %v)", name, want, back, bad, ok)
			}
		}
	}
}
