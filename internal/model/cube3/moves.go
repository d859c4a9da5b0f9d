package cube3

import (
	"sync"

	"github.com/godtable/godtable/internal/model/notation"
)

// Move is one of the 18 face turns, in the solver's order.
type Move uint8

// NMoves is the number of face turns.
const NMoves = 18

// MoveNames name the moves, indexed by Move: R U F L D B, each clockwise,
// anticlockwise and half.
var MoveNames = [NMoves]string{
	"R", "R'", "R2", "U", "U'", "U2", "F", "F'", "F2",
	"L", "L'", "L2", "D", "D'", "D2", "B", "B'", "B2",
}

// moveFaces are the faces of the moves, in move order.
var moveFaces = [6]int{R, U, F, L, D, B}

// Face returns the index of the move's face in the move order (0 R, 1 U,
// 2 F, 3 L, 4 D, 5 B); opposite faces are 3 apart.
func (m Move) Face() int { return int(m) / 3 }

// Quarters returns how many quarter turns clockwise the move is (1, 3 or 2).
func (m Move) Quarters() int { return [3]int{1, 3, 2}[m%3] }

// Cost is the move's length: 1, or 2 for a half turn in the quarter-turn
// metric.
func (m Move) Cost(qtm bool) int {
	if qtm && m%3 == 2 {
		return 2
	}
	return 1
}

func (m Move) String() string { return MoveNames[m] }

// Token is one move of the whole notation: the 18 face turns (Token(m) is
// Move(m)), then the slices M E S, the wide turns Rw Uw Fw Lw Dw Bw and the
// rotations x y z, each clockwise, anticlockwise and half.
type Token uint8

// Where each family of tokens starts.
const (
	TokenM  Token = 18
	TokenRw Token = 27
	TokenX  Token = 45
	// NTokens is the number of tokens.
	NTokens = 54
)

// TokenNames name the tokens, indexed by Token.
var TokenNames = func() (n [NTokens]string) {
	bases := []string{"R", "U", "F", "L", "D", "B", "M", "E", "S", "Rw", "Uw", "Fw", "Lw", "Dw", "Bw", "x", "y", "z"}
	for i, b := range bases {
		n[3*i], n[3*i+1], n[3*i+2] = b, b+"'", b+"2"
	}
	return n
}()

func (t Token) String() string { return TokenNames[t] }

// IsRotation reports whether the token turns the whole cube.
func (t Token) IsRotation() bool { return t >= TokenX }

// Inverse returns the token that undoes t.
func (t Token) Inverse() Token { return t/3*3 + [3]Token{1, 0, 2}[t%3] }

// Cost returns the token's length: a face or wide turn is 1 (2 for a half
// turn in the quarter-turn metric), a slice twice that (it is two face
// turns and a rotation), a rotation 0.
func (t Token) Cost(qtm bool) int {
	n := 1
	if qtm && t%3 == 2 {
		n = 2
	}
	switch {
	case t.IsRotation():
		return 0
	case t >= TokenM && t < TokenRw:
		return 2 * n
	}
	return n
}

// tokenStickers[t] is token t as a map of the stickers.
var tokenStickers = func() (ts [NTokens]stickerPerm) {
	type turn struct {
		axis   vec
		layers []int
	}
	var quarter []turn
	for _, f := range moveFaces {
		quarter = append(quarter, turn{normals[f], []int{1}})
	}
	// M follows L, E follows D, S follows F.
	quarter = append(quarter, turn{normals[L], []int{0}}, turn{normals[D], []int{0}}, turn{normals[F], []int{0}})
	for _, f := range moveFaces {
		quarter = append(quarter, turn{normals[f], []int{1, 0}})
	}
	// x follows R, y follows U, z follows F.
	quarter = append(quarter, turn{normals[R], []int{1, 0, -1}}, turn{normals[U], []int{1, 0, -1}}, turn{normals[F], []int{1, 0, -1}})
	for i, q := range quarter {
		p := permOf(quarterAbout(q.axis), q.axis, q.layers)
		ts[3*i] = p
		ts[3*i+1] = p.then(p).then(p)
		ts[3*i+2] = p.then(p)
	}
	return ts
}()

// moveCubie[m] is face turn m as a cubie, derived from its stickers.
var moveCubie = func() (mc [NMoves]Cubie) {
	solved := Solved.Faces()
	for m := range mc {
		f := tokenStickers[m].move(solved)
		c, err := fromFaces(f, faceLetters(f))
		if err != nil {
			panic("cube3: a face turn is not a cube move: " + err.Error())
		}
		mc[m] = c
	}
	return mc
}()

// Apply returns the position after move m.
func (a Cubie) Apply(m Move) Cubie { return a.Mul(moveCubie[m]) }

// ApplyMoves returns the position after the moves.
func (a Cubie) ApplyMoves(ms []Move) Cubie {
	for _, m := range ms {
		a = a.Apply(m)
	}
	return a
}

// ApplySequence returns the position after the tokens, done to the cube
// as held: the stickers move, and the result is read by its centres, so
// that a rotation changes nothing and a slice is two face turns.
func (a Cubie) ApplySequence(tokens []Token) Cubie {
	f := a.Faces()
	for _, t := range tokens {
		f = tokenStickers[t].move(f)
	}
	return held(f)
}

// held reads stickers moved by any tokens: the colours renamed after the
// centres, then the pieces.
func held(f [54]uint8) Cubie {
	var face [6]uint8
	for k, i := range centres {
		face[f[i]] = uint8(k)
	}
	for i := range f {
		f[i] = face[f[i]]
	}
	c, err := fromFaces(f, faceLetters(f))
	if err != nil {
		panic("cube3: moves made an impossible cube: " + err.Error())
	}
	return c
}

// SequenceCost returns the tokens' length in the metric (see Token.Cost).
func SequenceCost(tokens []Token, qtm bool) int { return notation.Cost(tokens, qtm) }

// Vocabulary returns the whole notation for the notation package: face
// turns R U F L D B, slices M E S, wide turns Rw Uw Fw Lw Dw Bw (also
// written r u f l d b), rotations x y z, each plain or with ' 2 2' 3.
var Vocabulary = sync.OnceValue(func() *notation.Vocabulary {
	names := TokenNames[:]
	inv := notation.Inverses[Token](NTokens)
	v := notation.New(names, inv, "R U F L D B, M E S, Rw Uw Fw Lw Dw Bw or r u f l d b, x y z, each plain or with ' 2 2' 3")
	for i := 0; i < NTokens/3; i++ {
		t := 3 * i
		v.Turns(TokenNames[t], []int{t}, []int{t + 1}, []int{t + 2})
	}
	for i, lower := range []string{"r", "u", "f", "l", "d", "b"} {
		t := int(TokenRw) + 3*i
		v.Turns(lower, []int{t}, []int{t + 1}, []int{t + 2})
	}
	return v
})

// ParseSequence reads a move sequence in the whole notation. A bad one
// gives an *inputerr.Error of class notation.ErrSequence naming the first
// bad token and its position.
func ParseSequence(s string) ([]Token, error) { return notation.ParseAs[Token](Vocabulary(), s) }

// FormatMoves writes moves by name, one space apart.
func FormatMoves(ms []Move) string {
	b := make([]byte, 0, 3*len(ms))
	for k, m := range ms {
		if k > 0 {
			b = append(b, ' ')
		}
		b = append(b, MoveNames[m]...)
	}
	return string(b)
}
