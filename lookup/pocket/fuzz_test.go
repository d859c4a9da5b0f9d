package pocket

import (
	"strings"
	"testing"
)

// FuzzParse: any string either parses or gives a one-line error, never
// a panic; what parses is the same cube when written back, up to the names
// of the colours, and its solution solves it.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"UUUULRBFRLFBLRBFRLFBDDDD", "FFFUDDRFRULLLDRRUULBBBDB", "aaaabbcdcdeebbccddeeffff",
		"UUUU", "", "UUUFLLFRURBBLLFFRRBBDDDD", "UUUULFRFRRBBLLFFRBLBDDDD",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
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
		if again, err := Parse(c.Facelets()); err != nil || again != c {
			t.Fatalf("%q: written back as %s, which parses to another cube (%v)", s, c.Facelets(), err)
		}
		sol, err := c.Solve(HTM)
		if err != nil || !c.Apply(sol).IsSolved() {
			t.Fatalf("%q: solution %q does not solve it (%v)", s, sol, err)
		}
	})
}

// FuzzScramble: any move string either is a sequence of the nine
// moves or an error naming the bad token; a sequence makes the same cube as
// its optimal scramble.
func FuzzScramble(f *testing.F) {
	for _, s := range []string{"R U2 F'", "", "R R R R", "F3", "R  U\tF", "U' R' U2 R2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Scramble(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("bad error message %q", err)
			}
			return
		}
		short, err := c.Moves()
		if err != nil {
			t.Fatal(err)
		}
		if again, err := Scramble(short.String()); err != nil || again != c {
			t.Fatalf("%q: scramble %q makes another cube", s, short)
		}
	})
}

// FuzzRank: rank and position invert each other.
func FuzzRank(f *testing.F) {
	f.Add(uint32(0))
	f.Add(uint32(3674159))
	f.Add(uint32(3674160))
	f.Fuzz(func(t *testing.T, r uint32) {
		c, err := FromRank(r)
		if r >= 3674160 {
			if err == nil {
				t.Fatalf("rank %d accepted", r)
			}
			return
		}
		if err != nil || c.Rank() != r {
			t.Fatalf("rank %d: %v", r, err)
		}
		p, err := Parse(c.Facelets())
		if err != nil || p.Rank() != r {
			t.Fatalf("rank %d: facelets %s parse to rank %d (%v)", r, c.Facelets(), p.Rank(), err)
		}
	})
}
