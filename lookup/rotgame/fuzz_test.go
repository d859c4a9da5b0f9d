package rotgame

import "testing"

// FuzzParse: a case either parses or gives a one-line error; a parsed board
// written out parses back to itself, and its answer solves it.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", "111132323132231222312133",
		"1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3", "0", "", "1 2 3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			if containsNewline(err.Error()) {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		if again, err := Parse(g.String()); err != nil || again != g {
			t.Fatalf("%q: written as %q, which parses to another board (%v)", s, g.String(), err)
		}
		a, err := g.Solve()
		if err != nil || !g.Apply(a.Moves).IsSolved() {
			t.Fatalf("%q: %v does not solve it (%v)", s, a, err)
		}
	})
}

// containsNewline reports whether s holds a line break.
func containsNewline(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' || s[i] == '\r' {
			return true
		}
	}
	return false
}
