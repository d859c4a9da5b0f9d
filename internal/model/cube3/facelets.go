package cube3

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/godtable/godtable/internal/model/notation"
	"github.com/godtable/godtable/internal/support/inputerr"
)

// Parse errors are *inputerr.Error; these sentinels say which class of
// problem it is (errors.Is works on the returned error).
var (
	ErrLength    = errors.New("wrong length")
	ErrCharacter = errors.New("bad character")
	ErrColours   = errors.New("wrong colours")
	ErrCentre    = errors.New("centres not six colours")
	ErrCorner    = errors.New("not a real corner")
	ErrEdge      = errors.New("not a real edge")
	ErrDuplicate = errors.New("same piece twice")
	ErrTwist     = errors.New("twisted corner")
	ErrFlip      = errors.New("flipped edge")
	ErrParity    = errors.New("parity")
	// ErrMoveToken is the class of every error of a move sequence that
	// cannot be read (notation.ErrSequence).
	ErrMoveToken = notation.ErrSequence
)

var perr = inputerr.New

// layout is an order of writing the 54 stickers: for each input
// character, its index in the net.
type layout struct {
	net   [54]uint8 // net index of each input character
	input [54]uint8 // input character of each net index
}

func newLayout(net [54]uint8) *layout {
	l := &layout{net: net}
	for k, i := range net {
		l.input[i] = uint8(k)
	}
	return l
}

var netLayout = func() *layout {
	var n [54]uint8
	for i := range n {
		n[i] = uint8(i)
	}
	return newLayout(n)
}()

// urfdlbLayout is Kociemba's order: faces U R F D L B, nine stickers each,
// read row by row as the net shows them.
var urfdlbLayout = func() *layout {
	var n [54]uint8
	for f := 0; f < 6; f++ {
		for k := 0; k < 9; k++ {
			n[9*f+k] = uint8(netFace[f].start + k/3*netFace[f].row + k%3*netFace[f].col)
		}
	}
	return newLayout(n)
}()

// toNet rewrites an input of 54 bytes in the net's order.
func (l *layout) toNet(s string) string {
	var b [54]byte
	for k, i := range l.net {
		b[i] = s[k]
	}
	return string(b[:])
}

// stickerName names a sticker of the net by face and place, U1..U9 and so
// on, row by row: the same name in either order.
func stickerName(i int) string {
	k := urfdlbLayout.input[i]
	return string([]byte{FaceNames[k/9], byte('1' + k%9)})
}

// NetToURFDLB rewrites 54 stickers from the net's order to the URFDLB order.
func NetToURFDLB(net string) string {
	var b [54]byte
	for k, i := range urfdlbLayout.net {
		b[k] = net[i]
	}
	return string(b[:])
}

// URFDLBToNet rewrites 54 stickers from the URFDLB order to the net's.
func URFDLBToNet(s string) string { return urfdlbLayout.toNet(s) }

// Parse reads 54 stickers in the net's order (see the package doc).
func Parse(s string) (Cubie, error) { return parse(s, netLayout) }

// ParseURFDLB reads 54 stickers in the URFDLB order.
func ParseURFDLB(s string) (Cubie, error) { return parse(s, urfdlbLayout) }

func parse(s string, lay *layout) (Cubie, error) {
	if n := utf8.RuneCountInString(s); n != 54 {
		return Cubie{}, perr(ErrLength, "want 54 stickers, got %d characters", n)
	}
	k := 0
	for _, r := range s {
		if r <= ' ' || r > '~' {
			what := fmt.Sprintf("%q", r)
			if r == ' ' {
				what = "a space"
			}
			return Cubie{}, perr(ErrCharacter, "character %d is %s, want a printable ASCII character other than the space", k+1, what)
		}
		k++
	}
	var count [256]int
	ncol := 0
	for i := 0; i < 54; i++ {
		if count[s[i]] == 0 {
			ncol++
		}
		count[s[i]]++
	}
	if ncol != 6 {
		return Cubie{}, perr(ErrColours, "want 6 colours, got %d: %s", ncol, inputerr.ColourCounts(s))
	}
	for i := 0; i < 54; i++ {
		if c := s[i]; count[c] != 9 {
			return Cubie{}, perr(ErrColours, "colour %q has %d stickers, want 9 of each: %s", c, count[c], inputerr.ColourCounts(s))
		}
	}
	s = lay.toNet(s)
	var face [256]uint8
	var seen [256]bool
	for f, i := range centres {
		c := s[i]
		if seen[c] {
			return Cubie{}, perr(ErrCentre, "the centres %s and %s are both %q: the six centres must be six colours", stickerName(centres[face[c]]), stickerName(i), c)
		}
		seen[c], face[c] = true, uint8(f)
	}
	var f [54]uint8
	for i := 0; i < 54; i++ {
		f[i] = face[s[i]]
	}
	return fromFaces(f, s)
}

// fromFaces identifies the pieces of a cube given as the face of every
// sticker; src gives the characters, for messages.
func fromFaces(f [54]uint8, src string) (Cubie, error) {
	var c Cubie
	var at [8]int8
	for i := range at {
		at[i] = -1
	}
	twist := 0
	for i := 0; i < 8; i++ {
		fi := cornerFacelet[i]
		j, o, bad := identifyCorner(f[fi[0]], f[fi[1]], f[fi[2]])
		// The words of an error are made only for an error: the
		// symmetries read every cube they make through here.
		chars := func() string { return fmt.Sprintf("%q %q %q", src[fi[0]], src[fi[1]], src[fi[2]]) }
		where := func() string {
			return fmt.Sprintf("corner %s (stickers %s %s %s)", CornerNames[i], stickerName(int(fi[0])), stickerName(int(fi[1])), stickerName(int(fi[2])))
		}
		if bad != "" {
			return Cubie{}, perr(ErrCorner, "%s %s: %s", where(), bad, chars())
		}
		if at[j] >= 0 {
			return Cubie{}, perr(ErrDuplicate, "the same corner is at %s and at %s: %s", CornerNames[at[j]], where(), chars())
		}
		at[j] = int8(i)
		c.CP[i], c.CO[i] = uint8(j), uint8(o)
		twist += o
	}
	var eat [12]int8
	for i := range eat {
		eat[i] = -1
	}
	flip := 0
	for i := 0; i < 12; i++ {
		fi := edgeFacelet[i]
		j, o, bad := identifyEdge(f[fi[0]], f[fi[1]])
		chars := func() string { return fmt.Sprintf("%q %q", src[fi[0]], src[fi[1]]) }
		where := func() string {
			return fmt.Sprintf("edge %s (stickers %s %s)", EdgeNames[i], stickerName(int(fi[0])), stickerName(int(fi[1])))
		}
		if bad != "" {
			return Cubie{}, perr(ErrEdge, "%s %s: %s", where(), bad, chars())
		}
		if eat[j] >= 0 {
			return Cubie{}, perr(ErrDuplicate, "the same edge is at %s and at %s: %s", EdgeNames[eat[j]], where(), chars())
		}
		eat[j] = int8(i)
		c.EP[i], c.EO[i] = uint8(j), uint8(o)
		flip += o
	}
	if twist%3 != 0 {
		return Cubie{}, perr(ErrTwist, "twisted corner: the corner twists add up to %d, which is not a multiple of 3", twist)
	}
	if flip%2 != 0 {
		return Cubie{}, perr(ErrFlip, "flipped edge: the edge flips add up to %d, which is odd", flip)
	}
	if cornerParity(c.CP) != edgeParity(c.EP) {
		return Cubie{}, perr(ErrParity, "parity: the corners are an %s permutation and the edges an %s one (two pieces swapped)", parityName(cornerParity(c.CP)), parityName(edgeParity(c.EP)))
	}
	return c, nil
}

func parityName(p int) string { return [2]string{"even", "odd"}[p] }

// PermParity is the parity of the permutation p: 0 even, 1 odd.
func PermParity(p []uint8) int {
	n := 0
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if p[i] > p[j] {
				n++
			}
		}
	}
	return n % 2
}

func cornerParity(p [8]uint8) int { return PermParity(p[:]) }
func edgeParity(p [12]uint8) int  { return PermParity(p[:]) }

// identifyCorner finds the corner and twist whose stickers, clockwise from
// the position's U/D sticker, show the faces a b c; bad says what is wrong
// if no corner does.
func identifyCorner(a, b, c uint8) (j, o int, bad string) {
	for j, cc := range cornerColour {
		for o := 0; o < 3; o++ {
			// The position's sticker k shows the corner's colour (k-o) mod 3.
			if cc[(3-o)%3] == a && cc[(4-o)%3] == b && cc[(5-o)%3] == c {
				return j, o, ""
			}
		}
	}
	switch {
	case a == b || a == c || b == c:
		return 0, 0, "has a colour twice"
	case a%3 == b%3 || a%3 == c%3 || b%3 == c%3:
		return 0, 0, "has two opposite colours"
	}
	return 0, 0, "is mirrored: its colours run the wrong way round"
}

// identifyEdge finds the edge and flip showing the faces a b.
func identifyEdge(a, b uint8) (j, o int, bad string) {
	for j, ec := range edgeColour {
		if ec[0] == a && ec[1] == b {
			return j, 0, ""
		}
		if ec[1] == a && ec[0] == b {
			return j, 1, ""
		}
	}
	if a == b {
		return 0, 0, "has a colour twice"
	}
	return 0, 0, "has two opposite colours"
}
