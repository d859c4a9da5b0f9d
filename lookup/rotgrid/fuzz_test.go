package rotgrid

import (
	"strings"
	"testing"
)

// FuzzParse: a grid either parses or gives a one-line error; a parsed grid
// written out parses back to itself, and its solution solves it.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"492357816", "4 9 2 3 5 7 8 1 6", "492 357 816", "12345678", "112345678", "10 2 3 4 5 6 7 8 9", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		if again, err := Parse(g.String()); err != nil || again != g {
			t.Fatalf("%q: written as %q, which parses to %v (%v)", s, g.String(), again, err)
		}
		sol, err := g.Solve()
		if err != nil || !g.Apply(sol).IsSolved() {
			t.Fatalf("%q: %q does not solve it (%v)", s, sol, err)
		}
	})
}

// FuzzScramble: a move string is a sequence of the eight moves or an error
// naming the bad token.
func FuzzScramble(f *testing.F) {
	for _, s := range []string{"TL BR' TR", "", "TL TL TL TL", "XL", "tl"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Scramble(s)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		short, err := g.Moves()
		if err != nil {
			t.Fatal(err)
		}
		if again, err := Scramble(short.String()); err != nil || again != g {
			t.Fatalf("%q: scramble %q makes another grid", s, short)
		}
	})
}
