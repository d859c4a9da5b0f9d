package answer

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/engine/walk"
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

// A solution longer than walk.MaxSteps (it panicked) answers every method
// as a short one does: its length, cost, moves, text, steps, reverse, and
// == with an equal one.
func TestLongSolution(t *testing.T) {
	nt := notationOf(" ", "A", "B", "C")
	for _, n := range []int{0, 1, walk.MaxSteps, walk.MaxSteps + 1, 1000} {
		steps := make([]uint8, n)
		var names []string
		for k := range steps {
			steps[k] = uint8(k * k % 3)
			names = append(names, nt.names[steps[k]])
		}
		s := New(nt, steps)
		if s.Len() != n || s.Cost() != n || s.String() != strings.Join(names, " ") || len(s.Moves()) != n {
			t.Fatalf("%d moves: len %d, cost %d, %d names", n, s.Len(), s.Cost(), len(s.Moves()))
		}
		if got := s.Steps(); string(got) != string(steps) {
			t.Fatalf("%d moves: steps differ", n)
		}
		if got := StepsOf(s, nt); string(got) != string(steps) {
			t.Fatalf("%d moves: StepsOf differs", n)
		}
		if s != New(nt, steps) {
			t.Fatalf("%d moves: two equal solutions are not ==", n)
		}
		r := Reversed(s, func(i uint8) uint8 { return 2 - i })
		back := Reversed(r, func(i uint8) uint8 { return 2 - i })
		if r.Len() != n || back != s {
			t.Fatalf("%d moves: reversed twice is not the solution", n)
		}
		for k, i := range r.Steps() {
			if i != 2-steps[n-1-k] {
				t.Fatalf("%d moves: reversed move %d is %d", n, k, i)
			}
		}
		if nt.Format(steps) != s.String() {
			t.Fatalf("%d moves: Format differs", n)
		}
	}
}
