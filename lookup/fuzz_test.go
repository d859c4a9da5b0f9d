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

// FuzzParseRotGrid: a grid either parses or gives a one-line error; a parsed
// grid written out parses back to itself, and its solution solves it.
func FuzzParseRotGrid(f *testing.F) {
	for _, s := range []string{"492357816", "4 9 2 3 5 7 8 1 6", "492 357 816", "12345678", "112345678", "10 2 3 4 5 6 7 8 9", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseRotGrid(s)
		if err != nil {
			if containsNewline(err.Error()) {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		if again, err := ParseRotGrid(g.String()); err != nil || again != g {
			t.Fatalf("%q: written as %q, which parses to %v (%v)", s, g.String(), again, err)
		}
		sol, err := g.Solve()
		if err != nil || !g.Apply(sol).IsSolved() {
			t.Fatalf("%q: %q does not solve it (%v)", s, sol, err)
		}
	})
}

// FuzzScrambleRotGrid: a move string is a sequence of the eight moves or an
// error naming the bad token.
func FuzzScrambleRotGrid(f *testing.F) {
	for _, s := range []string{"TL BR' TR", "", "TL TL TL TL", "XL", "tl"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ScrambleRotGrid(s)
		if err != nil {
			if containsNewline(err.Error()) {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		short, err := g.Scramble()
		if err != nil {
			t.Fatal(err)
		}
		if again, err := ScrambleRotGrid(short.String()); err != nil || again != g {
			t.Fatalf("%q: scramble %q makes another grid", s, short)
		}
	})
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
