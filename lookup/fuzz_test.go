package lookup

import (
	"testing"
)

// FuzzParsePocket: any string either parses or gives a one-line error, never
// a panic; what parses is the same cube when written back, up to the names
// of the colours, and its solution solves it.
func FuzzParsePocket(f *testing.F) {
	for _, s := range []string{
		"UUUULRBFRLFBLRBFRLFBDDDD", "FFFUDDRFRULLLDRRUULBBBDB", "aaaabbcdcdeebbccddeeffff",
		"UUUU", "", "UUUFLLFRURBBLLFFRRBBDDDD", "UUUULFRFRRBBLLFFRBLBDDDD",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParsePocket(s)
		if err != nil {
			if msg := err.Error(); msg == "" || containsNewline(msg) {
				t.Fatalf("bad error message %q", msg)
			}
			return
		}
		// The input's colours map one to one onto the faces of the cube.
		faces := c.Faces()
		var colourOf [6]byte
		var faceOf [256]int8
		for i := range faceOf {
			faceOf[i] = -1
		}
		for i := 0; i < 24; i++ {
			ch, fc := s[i], faces[i]
			if faceOf[ch] < 0 && colourOf[fc] == 0 {
				faceOf[ch], colourOf[fc] = int8(fc), ch
			}
			if faceOf[ch] != int8(fc) || colourOf[fc] != ch {
				t.Fatalf("%q: sticker %d does not map to one face", s, i)
			}
		}
		if again, err := ParsePocket(c.Facelets()); err != nil || again != c {
			t.Fatalf("%q: written back as %s, which parses to another cube (%v)", s, c.Facelets(), err)
		}
		sol, err := c.Solve(HTM)
		if err != nil || !c.Apply(sol).IsSolved() {
			t.Fatalf("%q: solution %q does not solve it (%v)", s, sol, err)
		}
	})
}

// FuzzScramblePocket: any move string either is a sequence of the nine
// moves or an error naming the bad token; a sequence makes the same cube as
// its optimal scramble.
func FuzzScramblePocket(f *testing.F) {
	for _, s := range []string{"R U2 F'", "", "R R R R", "F3", "R  U\tF", "U' R' U2 R2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ScramblePocket(s)
		if err != nil {
			if containsNewline(err.Error()) {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		short, err := c.Scramble()
		if err != nil {
			t.Fatal(err)
		}
		if again, err := ScramblePocket(short.String()); err != nil || again != c {
			t.Fatalf("%q: scramble %q makes another cube", s, short)
		}
	})
}

// FuzzPocketRank: rank and position invert each other.
func FuzzPocketRank(f *testing.F) {
	f.Add(uint32(0))
	f.Add(uint32(3674159))
	f.Add(uint32(3674160))
	f.Fuzz(func(t *testing.T, r uint32) {
		c, err := PocketFromRank(r)
		if r >= 3674160 {
			if err == nil {
				t.Fatalf("rank %d accepted", r)
			}
			return
		}
		if err != nil || c.Rank() != r {
			t.Fatalf("rank %d: %v", r, err)
		}
		p, err := ParsePocket(c.Facelets())
		if err != nil || p.Rank() != r {
			t.Fatalf("rank %d: facelets %s parse to rank %d (%v)", r, c.Facelets(), p.Rank(), err)
		}
	})
}

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
