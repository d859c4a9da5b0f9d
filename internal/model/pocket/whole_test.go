package pocket

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/model/notation"
)

// The reference: every sticker of the net as a point in space, and every
// move as a rotation of the stickers in its layer, worked out from the
// geometry alone (none of the package's cycles or cubies).

type vec [3]int

func (a vec) dot(b vec) int { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

func (a vec) cross(b vec) vec {
	return vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// clockwise turns v a quarter turn clockwise as seen looking at the tip of
// the unit vector u: v cos θ + (u×v) sin θ + u(u·v)(1 - cos θ) with θ = -90°.
func clockwise(v, u vec) vec {
	c := u.cross(v)
	d := u.dot(v)
	return vec{-c[0] + d*u[0], -c[1] + d*u[1], -c[2] + d*u[2]}
}

// sticker is a sticker's cubie (each coordinate -1 or 1; x right, y up, z
// front) and the outward normal of its face.
type sticker struct{ at, normal vec }

// geoStickers places the net's stickers A..X: each face read as the net
// shows it (U with B at the top, D with F at the top, L F R B side by side).
func geoStickers() [24]sticker {
	var s [24]sticker
	face := func(first [4]int, normal vec, at func(r, c int) vec) {
		for k, i := range first {
			s[i] = sticker{at(k/2, k%2), normal}
		}
	}
	face([4]int{0, 1, 2, 3}, vec{0, 1, 0}, func(r, c int) vec { return vec{2*c - 1, 1, 2*r - 1} })
	face([4]int{20, 21, 22, 23}, vec{0, -1, 0}, func(r, c int) vec { return vec{2*c - 1, -1, 1 - 2*r} })
	face([4]int{4, 5, 12, 13}, vec{-1, 0, 0}, func(r, c int) vec { return vec{-1, 1 - 2*r, 2*c - 1} })
	face([4]int{6, 7, 14, 15}, vec{0, 0, 1}, func(r, c int) vec { return vec{2*c - 1, 1 - 2*r, 1} })
	face([4]int{8, 9, 16, 17}, vec{1, 0, 0}, func(r, c int) vec { return vec{1, 1 - 2*r, 1 - 2*c} })
	face([4]int{10, 11, 18, 19}, vec{0, 0, -1}, func(r, c int) vec { return vec{1 - 2*c, 1 - 2*r, -1} })
	return s
}

// geoQuarter returns the clockwise quarter turn about axis as a sticker
// map: to[i] is where the sticker at i goes. whole turns every sticker, else
// only those of the layer on the axis's side.
func geoQuarter(axis vec, whole bool) [24]int {
	st := geoStickers()
	var to [24]int
	for i, s := range st {
		to[i] = i
		if !whole && s.at.dot(axis) <= 0 {
			continue
		}
		moved := sticker{clockwise(s.at, axis), clockwise(s.normal, axis)}
		for j, t := range st {
			if t == moved {
				to[i] = j
			}
		}
	}
	return to
}

// geoToken is a token's sticker map, from the geometry.
func geoToken(t Token) [24]int {
	axes := [9]vec{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	i := int(t) / 3
	q := geoQuarter(axes[i], i >= 6)
	to := [24]int{}
	for k := range to {
		to[k] = k
	}
	for n := 0; n < [3]int{1, 3, 2}[t%3]; n++ {
		for k := range to {
			to[k] = q[to[k]]
		}
	}
	return to
}

// geoApply moves the colours f by the token.
func geoApply(f [24]uint8, t Token) [24]uint8 {
	var out [24]uint8
	for i, j := range geoToken(t) {
		out[j] = f[i]
	}
	return out
}

// The model's own R U F cycles agree with the geometry; so does every token
// of the whole-cube notation.
func TestTokensMatchGeometry(t *testing.T) {
	for tok := Token(0); tok < NTokens; tok++ {
		want := geoApply(Solved.Faces(), tok)
		if got := tokenCubie[tok].Faces(); got != want {
			t.Errorf("%v: %s, geometry %s", tok, faceLetters(got), faceLetters(want))
		}
		if tok < 9 {
			if got := Move(tok).Sticker(Solved.Faces()); got != want {
				t.Errorf("model move %v: %s, geometry %s", tok, faceLetters(got), faceLetters(want))
			}
		}
	}
}

// Random sequences on the whole cube agree with the geometry, and the
// position as held is what Parse reads from the cube's facelets, from the
// solved cube and from random starting positions.
func TestSequencesMatchGeometry(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 3000; n++ {
		start := uint32(0)
		if n%2 == 1 {
			start = uint32(rng.IntN(NStates))
		}
		c := FromRank(start)
		f := c.Faces()
		toks := make([]Token, rng.IntN(30))
		for k := range toks {
			toks[k] = Token(rng.IntN(NTokens))
			f = geoApply(f, toks[k])
		}
		c = c.Whole(toks)
		if c.Faces() != f {
			t.Fatalf("%v: %s, geometry %s", toks, faceLetters(c.Faces()), faceLetters(f))
		}
		want, err := ParseRank(faceLetters(f))
		if err != nil {
			t.Fatalf("%v: facelets %s: %v", toks, faceLetters(f), err)
		}
		if got := ApplySequence(start, toks); got != want {
			t.Fatalf("%v from %d: rank %d, the facelets %s read %d", toks, start, got, faceLetters(f), want)
		}
	}
}

// A cube solved in any orientation is solved, and nothing else is.
func TestSolvedInAnyOrientation(t *testing.T) {
	if len(rotations) != 24 {
		t.Fatalf("%d rotations", len(rotations))
	}
	for i, r := range rotations {
		if Held(r) != Solved {
			t.Errorf("rotation %d not solved", i)
		}
		for j := range i {
			if rotations[j] == r {
				t.Errorf("rotations %d and %d the same", i, j)
			}
		}
	}
	for _, c := range []struct {
		seq    string
		solved bool
	}{
		{"x", true}, {"y2 z'", true}, {"R L'", true}, {"U D' y'", true}, {"F B' z'", true},
		{"Rw", true}, {"[R: x]", true}, {"R L", false}, {"x R", false}, {"(R U R' U')6", true},
	} {
		toks, err := ParseSequence(c.seq)
		if err != nil {
			t.Fatalf("%q: %v", c.seq, err)
		}
		if got := ApplySequence(0, toks) == 0; got != c.solved {
			t.Errorf("%q: solved %v, want %v", c.seq, got, c.solved)
		}
	}
}

// As held: a face turn after rotations, or of a face the model does not
// turn, is the face turn of the held cube that leaves the down-back-left
// corner where it is.
func TestHeldEquivalents(t *testing.T) {
	for seq, want := range map[string]string{
		"L": "R", "L'": "R'", "D2": "U2", "B": "F", "B'": "F'",
		"y R": "R", "x F": "F", "z2 U'": "U'", "x' y R2": "R2",
		"Rw U": "U", "r U": "U", "Lw' F": "F",
		"R L'": "", "L R": "R2", "x": "",
	} {
		a, err := ParseSequence(seq)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ParseSequence(want)
		if err != nil {
			t.Fatal(err)
		}
		if got, w := ApplySequence(0, a), ApplySequence(0, b); got != w {
			t.Errorf("%q: %s, want %q: %s", seq, FromRank(got).Facelets(), want, FromRank(w).Facelets())
		}
	}
}

// Wide turns are rotations; every suffix means what it says.
func TestSpellings(t *testing.T) {
	for in, want := range map[string]string{
		"Rw Lw Uw Dw Fw Bw":     "x x' y y' z z'",
		"r l u d f b":           "x x' y y' z z'",
		"Rw' l2 u2' Dw3 f’ b2’": "x' x2 y2 y z' z2",
		"R2' U3 F’ D L B":       "R2 U' F' D L B",
		"x2' y3 z’":             "x2 y' z'",
		"[R, U]":                "R U R' U'",
		"(R U)2'":               "U' R' U' R'",
	} {
		toks, err := ParseSequence(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		names := make([]string, len(toks))
		for k, tk := range toks {
			names[k] = tk.String()
		}
		if got := strings.Join(names, " "); got != want {
			t.Errorf("%q = %q, want %q", in, got, want)
		}
	}
	_, err := ParseSequence("R U X")
	var pe *ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ErrMoveToken) || !errors.Is(err, notation.ErrMove) || pe.Pos != 5 || pe.Token != "X" ||
		pe.Msg != `bad move "X" at character 5 (want U D L R F B, x y z, Rw Lw Uw Dw Fw Bw or r l u d f b, each plain or with ' 2 2' 3)` {
		t.Fatalf("%v", err)
	}
}

func TestTokenCosts(t *testing.T) {
	toks, err := ParseSequence("R R2 U' x D2 Rw F F L'")
	if err != nil {
		t.Fatal(err)
	}
	if h, q := SequenceCost(toks, false), SequenceCost(toks, true); h != 7 || q != 9 {
		t.Fatalf("htm %d, qtm %d; want 7 and 9", h, q)
	}
	for tok := Token(0); tok < NTokens; tok++ {
		if tokenCubie[tok].Mul(tokenCubie[tok.Inverse()]) != Solved {
			t.Errorf("%v %v is not nothing", tok, tok.Inverse())
		}
	}
}

func BenchmarkApplySequence(b *testing.B) {
	toks, err := ParseSequence("R2 U' L' F2 U' L' U2 L' U2 L' U' y x'")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		ApplySequence(12345, toks)
	}
}

// TestAppendPlainTurns: where the plain reader takes a sequence it reads the
// same tokens as the grammar, and it takes every plain R U F sequence;
// anything else it leaves to the grammar.
func TestAppendPlainTurns(t *testing.T) {
	pieces := []string{"R", "U", "F", "R'", "U2", "F2'", "R3", "U’", "F2’", "R2", " ", "  ", "\t",
		"D", "x", "r", "Rw", "R'2", "R4", "(", ")", "[", ",", "]", "//", "\n", "\r", "\u00a0", "RU", "R''", "f"}
	rng := rand.New(rand.NewPCG(5, 6))
	taken := 0
	for range 200000 {
		var b strings.Builder
		for range rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
			if rng.IntN(2) == 0 {
				b.WriteByte(' ')
			}
		}
		s := b.String()
		got, ok := AppendPlainTurns([]Token{TokenX}, s)
		want, err := ParseSequence(s)
		if !ok {
			if len(got) != 1 || got[0] != TokenX {
				t.Fatalf("%q: not taken, but dst changed to %v", s, got)
			}
			continue
		}
		taken++
		if err != nil || !slices.Equal(got[1:], want) {
			t.Fatalf("%q: plain %v, grammar %v %v", s, got[1:], want, err)
		}
	}
	if taken < 1000 {
		t.Errorf("only %d inputs taken", taken)
	}
	// Every plain sequence a solver writes is taken, up to the grammar's
	// bound.
	for _, s := range []string{"", "R U' F2", "F U2 R' U R' F' R U2 F' U2", "R2' U3 F’\tR", strings.Repeat("R ", notation.MaxMoves)} {
		if _, ok := AppendPlainTurns(nil, s); !ok {
			t.Errorf("%.40q not taken", s)
		}
	}
	if _, ok := AppendPlainTurns(nil, strings.Repeat("R ", notation.MaxMoves+1)); ok {
		t.Errorf("%d moves taken", notation.MaxMoves+1)
	}
}
