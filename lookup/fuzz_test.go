package lookup

import (
	"testing"
)

func containsNewline(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' || s[i] == '\r' {
			return true
		}
	}
	return false
}

// FuzzParseRotGame: a case either parses or gives a one-line error; a parsed
// board written out parses back to itself, and its answer solves it.
func FuzzParseRotGame(f *testing.F) {
	for _, s := range []string{
		"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", "111132323132231222312133",
		"1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3", "0", "", "1 2 3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseRotGame(s)
		if err != nil {
			if containsNewline(err.Error()) {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		if again, err := ParseRotGame(g.String()); err != nil || again != g {
			t.Fatalf("%q: written as %q, which parses to another board (%v)", s, g.String(), err)
		}
		a, err := g.Solve()
		if err != nil || !g.Apply(a.Moves).IsSolved() {
			t.Fatalf("%q: %v does not solve it (%v)", s, a, err)
		}
	})
}

// FuzzParseMagicSquare: a target either parses or gives a one-line error; a
// parsed one written out parses back to itself, and its answer reaches it.
func FuzzParseMagicSquare(f *testing.F) {
	for _, s := range []string{"2 6 8 4 5 7 3 1", "26845731", "1 2 3 4 5 6 7", "1 1 2 3 4 5 6 7", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMagicSquare(s)
		if err != nil {
			if containsNewline(err.Error()) {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		if again, err := ParseMagicSquare(m.String()); err != nil || again != m {
			t.Fatalf("%q: written as %q, which parses to another board (%v)", s, m.String(), err)
		}
		sol, err := m.Solve()
		if err != nil || (MagicSquare{}).Apply(sol) != m {
			t.Fatalf("%q: %q does not reach it (%v)", s, sol, err)
		}
	})
}
