package pocket

import (
	"sync"

	"github.com/godtable/godtable/internal/model/notation"
)

// The whole-cube notation: all six faces, the rotations x y z and the wide
// turns, which on a 2x2x2 turn the whole cube. A sequence acts on the cube as
// held, so the down-back-left corner may move; ApplySequence then renames
// the colours after the corner that ends up at the down-back-left position
// (see Held), which is the position a user holding the cube sees and which
// solve answers in R U F.

// Token is one move of the whole-cube notation. The first nine are the
// model's moves (Token(m) is Move(m) for m < 9); then D L B and the
// rotations x y z, each clockwise, anticlockwise and half.
type Token uint8

// The tokens after the nine moves R R' R2 U U' U2 F F' F2.
const (
	TokenD Token = 9 + iota
	TokenDi
	TokenD2
	TokenL
	TokenLi
	TokenL2
	TokenB
	TokenBi
	TokenB2
	TokenX
	TokenXi
	TokenX2
	TokenY
	TokenYi
	TokenY2
	TokenZ
	TokenZi
	TokenZ2
	// NTokens is the number of tokens.
	NTokens = 27
)

// TokenNames name the tokens, indexed by Token.
var TokenNames = [NTokens]string{
	"R", "R'", "R2", "U", "U'", "U2", "F", "F'", "F2",
	"D", "D'", "D2", "L", "L'", "L2", "B", "B'", "B2",
	"x", "x'", "x2", "y", "y'", "y2", "z", "z'", "z2",
}

func (t Token) String() string { return TokenNames[t] }

// IsRotation reports whether the token turns the whole cube (x y z).
func (t Token) IsRotation() bool { return t >= TokenX }

// Inverse returns the token that undoes t.
func (t Token) Inverse() Token { return t/3*3 + [3]Token{1, 0, 2}[t%3] }

// Cost returns the token's length in the metric: a face turn is 1, or in
// the quarter-turn metric 2 for a half turn; a rotation is 0.
func (t Token) Cost(qtm bool) int {
	switch {
	case t.IsRotation():
		return 0
	case qtm && t%3 == 2:
		return 2
	}
	return 1
}

// rotationCycles are the quarter rotations x (the way R turns) and y (the
// way U turns) as sticker cycles, in the form of quarterCycles: the sticker
// at the first index moves to the second, and so on round.
var rotationCycles = [2][6][4]uint8{
	// x: R turns clockwise, L anticlockwise, F goes up, U back, B down.
	{{8, 9, 17, 16}, {4, 12, 13, 5}, {6, 0, 19, 20}, {7, 1, 18, 21}, {14, 2, 11, 22}, {15, 3, 10, 23}},
	// y: U clockwise, D anticlockwise (seen from below), F goes left.
	{{0, 1, 3, 2}, {20, 22, 23, 21}, {6, 4, 10, 8}, {7, 5, 11, 9}, {14, 12, 18, 16}, {15, 13, 19, 17}},
}

// cyclesCubie returns a quarter turn given as sticker cycles, as a cubie.
func cyclesCubie(cycles [][4]uint8) Cubie {
	in := Solved.Faces()
	out := in
	for _, c := range cycles {
		for k := 0; k < 4; k++ {
			out[c[(k+1)%4]] = in[c[k]]
		}
	}
	c, err := fromFaces(out)
	if err != nil {
		panic("pocket: sticker cycles are not a cube move: " + err.Error())
	}
	return c
}

// seq multiplies cubies in the order done.
func seq(cs ...Cubie) Cubie {
	out := Solved
	for _, c := range cs {
		out = out.Mul(c)
	}
	return out
}

// tokenCubie[t] is token t as a cubie of the whole cube. D, L and B are U, R
// and F seen after a half rotation that brings that face where they are;
// z is y seen after x.
var tokenCubie = func() (tc [NTokens]Cubie) {
	x := cyclesCubie(rotationCycles[0][:])
	y := cyclesCubie(rotationCycles[1][:])
	x3 := seq(x, x, x)
	z := seq(x, y, x3)
	quarter := [9]Cubie{
		moveCubie[MoveR], moveCubie[MoveU], moveCubie[MoveF],
		seq(x, x, moveCubie[MoveU], x, x), // D
		seq(y, y, moveCubie[MoveR], y, y), // L
		seq(y, y, moveCubie[MoveF], y, y), // B
		x, y, z,
	}
	for i, c := range quarter {
		tc[3*i] = c
		tc[3*i+1] = seq(c, c, c)
		tc[3*i+2] = seq(c, c)
	}
	return tc
}()

// rotations are the 24 orientations of the solved cube, as cubies.
var rotations = func() []Cubie {
	out := []Cubie{Solved}
	for k := 0; k < len(out); k++ {
		for _, g := range []Token{TokenX, TokenY} {
			c := out[k].Mul(tokenCubie[g])
			known := false
			for _, o := range out {
				known = known || o == c
			}
			if !known {
				out = append(out, c)
			}
		}
	}
	return out
}()

// relabel[p][o] is the rotation that renames corner p, with twist o at the
// down-back-left position, to DBL untwisted: relabel[p][o].Mul(c) is c with
// its colours renamed so.
var relabel = func() (t [8][3]Cubie) {
	for _, r := range rotations {
		for p := 0; p < 8; p++ {
			if r.CP[p] == DBL {
				t[p][(3-r.CO[p])%3] = r
			}
		}
	}
	return t
}()

// Held returns a whole-cube position (any corner anywhere) as the model sees
// it: the colours renamed after the corner at the down-back-left position,
// as Parse does with the cube's facelets. The cube is not turned, so a
// solution of the result in R U F solves the cube as it is held; a cube
// solved in any orientation gives Solved.
func Held(c Cubie) Cubie {
	return relabel[c.CP[DBL]][c.CO[DBL]].Mul(c)
}

// Whole returns the position after the tokens, starting from c (which need
// not keep the down-back-left corner in place).
func (c Cubie) Whole(tokens []Token) Cubie {
	for _, t := range tokens {
		c = c.Mul(tokenCubie[t])
	}
	return c
}

// ApplySequence returns the rank of the position reached from the position
// of rank r by the tokens, as held afterwards (see Held).
func ApplySequence(r uint32, tokens []Token) uint32 {
	return Held(FromRank(r).Whole(tokens)).Rank()
}

// SequenceCost returns the tokens' length in the metric (see Token.Cost).
func SequenceCost(tokens []Token, qtm bool) int { return notation.Cost(tokens, qtm) }

// Vocabulary returns the whole-cube notation for the notation package:
// face turns U D L R F B, rotations x y z and wide turns Rw Lw Uw Dw Fw Bw
// (also written r l u d f b), which on a 2x2x2 are rotations (Rw is x, Lw
// is x', Uw is y, Dw is y', Fw is z, Bw is z'), each plain or with the
// suffixes ' 2 2' 3 and the typographic prime ’.
var Vocabulary = sync.OnceValue(func() *notation.Vocabulary {
	names := TokenNames[:]
	inv := notation.Inverses[Token](NTokens)
	v := notation.New(names, inv, "U D L R F B, x y z, Rw Lw Uw Dw Fw Bw or r l u d f b, each plain or with ' 2 2' 3")
	turns := func(base string, cw Token, reversed bool) {
		ccw := cw + 1
		if reversed {
			cw, ccw = ccw, cw
		}
		v.Turns(base, []int{int(cw)}, []int{int(ccw)}, []int{int(cw/3*3 + 2)})
	}
	for i, base := range []string{"R", "U", "F", "D", "L", "B", "x", "y", "z"} {
		turns(base, Token(3*i), false)
	}
	for _, w := range []struct {
		face, lower string
		rot         Token
		reversed    bool
	}{
		{"R", "r", TokenX, false}, {"L", "l", TokenX, true},
		{"U", "u", TokenY, false}, {"D", "d", TokenY, true},
		{"F", "f", TokenZ, false}, {"B", "b", TokenZ, true},
	} {
		turns(w.face+"w", w.rot, w.reversed)
		turns(w.lower, w.rot, w.reversed)
	}
	return v
})

// ParseSequence reads a move sequence in the whole-cube notation (see
// Vocabulary and the notation package's grammar). A bad one gives a
// *ParseError of class notation.ErrSequence naming the first bad token and
// its position.
func ParseSequence(s string) ([]Token, error) { return notation.ParseAs[Token](Vocabulary(), s) }

// AppendPlainTurns reads s when it is nothing but R U F face turns, each
// plain or with one of the suffixes ' 2 2' 3 ’ 2’, separated by spaces or
// tabs, and appends them to dst as Tokens (all below 9); ok is false for
// anything else (other moves, brackets, comments, other white space), which
// ParseSequence then reads. For such input the two give the same tokens: it
// is the shape of nearly every solution a solver writes, read without the
// grammar's allocations and map lookups, so that verifying a stream of
// answers costs no more than solving it.
func AppendPlainTurns(dst []Token, s string) (tokens []Token, ok bool) {
	start := len(dst)
	for i := 0; i < len(s); {
		switch s[i] {
		case ' ', '\t':
			i++
			continue
		}
		var t Token
		switch s[i] {
		case 'R':
			t = 0
		case 'U':
			t = 3
		case 'F':
			t = 6
		default:
			return dst[:start], false
		}
		i++
		// The suffix runs to the next space or tab, or the end.
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		switch s[i:j] {
		case "":
		case "'", "3", "’":
			t++
		case "2", "2'", "2’":
			t += 2
		default:
			return dst[:start], false
		}
		if len(dst)-start == notation.MaxMoves {
			return dst[:start], false
		}
		dst = append(dst, t)
		i = j
	}
	return dst, true
}
