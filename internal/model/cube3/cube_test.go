package cube3

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func seqOf(t *testing.T, s string) Cubie {
	t.Helper()
	toks, err := ParseSequence(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return Solved.ApplySequence(toks)
}

func TestSolvedFacelets(t *testing.T) {
	net := Solved.Facelets()
	want := "UUUUUUUUU" + strings.Repeat("LLLFFFRRRBBB", 3) + "DDDDDDDDD"
	if net != want {
		t.Fatalf("net %s, want %s", net, want)
	}
	if got := Solved.URFDLB(); got != "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB" {
		t.Fatalf("URFDLB %s", got)
	}
}

// Known identities of the group: each side equals the other as positions.
func TestSequenceIdentities(t *testing.T) {
	for _, c := range [][2]string{
		{"(R U R' U')6", ""},
		{"R2 R2", ""},
		{"M", "L' R x'"},
		{"E", "D' U y'"},
		{"S", "F' B z"},
		{"Rw", "L x"},
		{"r", "Rw"},
		{"Uw", "D y"},
		{"Fw", "B z"},
		{"Lw", "R x'"},
		{"Dw", "U y'"},
		{"Bw", "F z'"},
		{"x y z x' y' z'", ""},
		{"x U x'", "F"},
		{"y R y'", "B"},
		{"z U z'", "L"},
		{"(M2 E2 S2)2", ""},
		{"[R, U]", "R U R' U'"},
	} {
		if a, b := seqOf(t, c[0]), seqOf(t, c[1]); a != b {
			t.Errorf("%s gives %s, %s gives %s", c[0], a.Facelets(), c[1], b.Facelets())
		}
	}
}

// Every face turn as a cubie agrees with its stickers, four quarter turns
// are nothing, and Inverse undoes.
func TestMovesAndInverse(t *testing.T) {
	for m := Move(0); m < NMoves; m++ {
		f := tokenStickers[m].move(Solved.Faces())
		if got := Solved.Apply(m).Faces(); got != f {
			t.Fatalf("%s: cubie and stickers differ", m)
		}
		c := Solved
		for k := 0; k < 4; k++ {
			c = c.Apply(m)
		}
		if m%3 != 2 && c != Solved {
			t.Fatalf("%s four times is not solved", m)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 200; k++ {
		c := randomCubie(rng)
		if c.Mul(c.Inverse()) != Solved || c.Inverse().Mul(c) != Solved {
			t.Fatal("inverse does not undo")
		}
	}
}

func randomCubie(rng *rand.Rand) Cubie {
	c := Solved
	for k := 0; k < 40; k++ {
		c = c.Apply(Move(rng.IntN(NMoves)))
	}
	return c
}

func TestFaceletRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for k := 0; k < 500; k++ {
		c := randomCubie(rng)
		got, err := Parse(c.Facelets())
		if err != nil || got != c {
			t.Fatalf("net round trip of %s: %v", c.Facelets(), err)
		}
		got, err = ParseURFDLB(c.URFDLB())
		if err != nil || got != c {
			t.Fatalf("URFDLB round trip of %s: %v", c.URFDLB(), err)
		}
		if URFDLBToNet(c.URFDLB()) != c.Facelets() || NetToURFDLB(c.Facelets()) != c.URFDLB() {
			t.Fatal("orders do not convert")
		}
		// Any six colours, and a rotated cube is the same state.
		colours := strings.NewReplacer("U", "w", "R", "r", "F", "g", "D", "y", "L", "o", "B", "b")
		if got, err := Parse(colours.Replace(c.Facelets())); err != nil || got != c {
			t.Fatalf("recoloured: %v", err)
		}
		// A rotation and back is the same state.
		for _, r := range []Token{TokenX, TokenX + 3, TokenX + 6} {
			if c.ApplySequence([]Token{r}).ApplySequence([]Token{r.Inverse()}) != c {
				t.Fatal("a rotation and back reads as another state")
			}
		}
	}
}

func TestNotationRoundTrip(t *testing.T) {
	for tk := Token(0); tk < NTokens; tk++ {
		toks, err := ParseSequence(tk.String())
		if err != nil || len(toks) != 1 || toks[0] != tk {
			t.Fatalf("%s reads as %v, %v", tk, toks, err)
		}
		if a := Solved.ApplySequence([]Token{tk, tk.Inverse()}); a != Solved {
			t.Fatalf("%s then its inverse is not solved", tk)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for k := 0; k < 100; k++ {
		ms := make([]Move, 25)
		for i := range ms {
			ms[i] = Move(rng.IntN(NMoves))
		}
		toks, err := ParseSequence(FormatMoves(ms))
		if err != nil {
			t.Fatal(err)
		}
		if Solved.ApplySequence(toks) != Solved.ApplyMoves(ms) {
			t.Fatal("sequence and moves differ")
		}
	}
	if _, err := ParseSequence("R Q"); !errors.Is(err, ErrMoveToken) {
		t.Fatalf("bad token: %v", err)
	}
}

func TestRefusals(t *testing.T) {
	solved := Solved.Facelets()
	set := func(s string, kv ...any) string {
		b := []byte(s)
		for k := 0; k < len(kv); k += 2 {
			b[kv[k].(int)] = kv[k+1].(byte)
		}
		return string(b)
	}
	swap := func(s string, pairs ...int) string {
		b := []byte(s)
		for k := 0; k < len(pairs); k += 2 {
			b[pairs[k]], b[pairs[k+1]] = b[pairs[k+1]], b[pairs[k]]
		}
		return string(b)
	}
	urf, ur := cornerFacelet[URF], edgeFacelet[UR]
	ufl, uf := cornerFacelet[UFL], edgeFacelet[UF]
	twisted := set(solved, int(urf[0]), solved[urf[2]], int(urf[1]), solved[urf[0]], int(urf[2]), solved[urf[1]])
	flipped := swap(solved, int(ur[0]), int(ur[1]))
	// Two edges swapped: odd edges, even corners.
	parity := swap(solved, int(ur[0]), int(uf[0]), int(ur[1]), int(uf[1]))
	// Swapping two stickers of different corners makes a corner that is
	// no corner of the scheme.
	dup := swap(solved, int(urf[1]), int(ufl[1]))
	cases := []struct {
		in   string
		want error
		text string
	}{
		{solved[:53], ErrLength, "want 54 stickers, got 53"},
		{solved + "U", ErrLength, "got 55"},
		{set(solved, 0, byte(' ')), ErrCharacter, "a space"},
		{set(solved, 0, byte('Q')), ErrColours, "want 6 colours, got 7"},
		{set(solved, 0, byte('R')), ErrColours, "has 10 stickers"},
		{swap(solved, centres[R], 0), ErrCentre, "both"},
		{twisted, ErrTwist, "twisted corner"},
		{flipped, ErrFlip, "flipped edge"},
		{parity, ErrParity, "parity"},
		{swap(solved, int(ur[1]), int(edgeFacelet[DF][0])), ErrEdge, "opposite colours"},
		{dup, ErrCorner, "corner"},
	}
	for _, c := range cases {
		_, err := Parse(c.in)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.text) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: got %v, want %v with %q", c.in, err, c.want, c.text)
		}
	}
	// A repeated piece (the colour counts then differ, so the faces are
	// given directly, as a sequence of moves never makes them).
	dupCorner := Solved.Faces()
	for k := 0; k < 3; k++ {
		dupCorner[ufl[k]] = dupCorner[urf[k]]
	}
	if _, err := fromFaces(dupCorner, faceLetters(dupCorner)); !errors.Is(err, ErrDuplicate) || !strings.Contains(err.Error(), "same corner") {
		t.Errorf("duplicate corner: %v", err)
	}
	dupEdge := Solved.Faces()
	for k := 0; k < 2; k++ {
		dupEdge[uf[k]] = dupEdge[ur[k]]
	}
	if _, err := fromFaces(dupEdge, faceLetters(dupEdge)); !errors.Is(err, ErrDuplicate) || !strings.Contains(err.Error(), "same edge") {
		t.Errorf("duplicate edge: %v", err)
	}
}
