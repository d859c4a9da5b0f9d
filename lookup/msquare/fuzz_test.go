package msquare

import "testing"

// FuzzParse: a target either parses or gives a one-line error; a parsed one
// written out parses back to itself, and its answer reaches it.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"2 6 8 4 5 7 3 1", "26845731", "1 2 3 4 5 6 7", "1 1 2 3 4 5 6 7", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Parse(s)
		if err != nil {
			if containsNewline(err.Error()) {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		if again, err := Parse(m.String()); err != nil || again != m {
			t.Fatalf("%q: written as %q, which parses to another board (%v)", s, m.String(), err)
		}
		sol, err := m.Solve()
		if err != nil || (Position{}).Apply(sol) != m {
			t.Fatalf("%q: %q does not reach it (%v)", s, sol, err)
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
