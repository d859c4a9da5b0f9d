package pocket

import (
	"errors"
	"fmt"
	"math/bits"
	"unicode/utf8"

	"github.com/godtable/godtable/internal/model/notation"
	"github.com/godtable/godtable/internal/support/inputerr"
)

// Parse errors are returned as *ParseError; these sentinels say which class
// of problem it is (errors.Is works on the returned error).
var (
	ErrLength    = errors.New("wrong length")
	ErrCharacter = errors.New("bad character")
	ErrColours   = errors.New("wrong colours")
	ErrCorner    = errors.New("not a real corner")
	ErrDuplicate = errors.New("same corner twice")
	ErrTwist     = errors.New("twisted corner")
	// ErrMoveToken is the class of every error of a move sequence that
	// cannot be read (notation.ErrSequence).
	ErrMoveToken   = notation.ErrSequence
	errUnreachable = errors.New("unreachable")
)

// ParseError is a facelet or move string that is not a pocket cube.
type ParseError = inputerr.Error

var perr = inputerr.New

// stickerNames gives each sticker's letter in the net.
const stickerNames = "ABCDEFGHIJKLMNOPQRSTUVWX"

// layout is an order of writing the 24 facelets: for each character of the
// input, the sticker's name in messages and its index in the net.
type layout struct {
	name  [24]string
	net   [24]uint8 // net index of each input character
	input [24]uint8 // input character of each net index
}

func newLayout(net [24]uint8, name func(k int) string) *layout {
	l := &layout{net: net}
	for k, i := range net {
		l.name[k] = name(k)
		l.input[i] = uint8(k)
	}
	return l
}

// netLayout is the net's own order, the stickers named A..X.
var netLayout = newLayout([24]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23},
	func(k int) string { return stickerNames[k : k+1] })

// toNet rewrites an input of 24 bytes in the net's order.
func (l *layout) toNet(s string) string {
	if l == netLayout {
		return s
	}
	var b [24]byte
	for k, i := range l.net {
		b[i] = s[k]
	}
	return string(b[:])
}

// cornerStickers names the stickers of corner position i.
func (l *layout) cornerStickers(i int) string {
	f := cornerFacelet[i]
	return l.name[l.input[f[0]]] + " " + l.name[l.input[f[1]]] + " " + l.name[l.input[f[2]]]
}

// Parse reads 24 facelets in any six colours (printable ASCII other than the
// space, four stickers each). The fixed down-back-left corner (stickers M, T,
// W) names the D, B and L colours; the others follow from the corners.
func Parse(s string) (Cubie, error) {
	if c, _, ok := parseValid(s); ok {
		return c, nil
	}
	return parseChecked(s, netLayout)
}

// ParseRank is Parse giving the position's rank.
func ParseRank(s string) (uint32, error) {
	if _, r, ok := parseValid(s); ok {
		return r, nil
	}
	c, err := parseChecked(s, netLayout)
	if err != nil {
		return 0, err
	}
	return c.Rank(), nil
}

// parseChecked is Parse checking everything in turn, to name the first
// problem. s is written in the layout's order; messages name its stickers
// and characters.
func parseChecked(s string, lay *layout) (Cubie, error) {
	colours, err := sixColours(s, lay)
	if err != nil {
		return Cubie{}, err
	}
	return cubieOf(lay.toNet(s), lay, &colours)
}

// sixColours checks that s is 24 printable ASCII stickers of six colours,
// four each, and returns the colours in the order of their codes.
func sixColours(s string, lay *layout) ([6]byte, error) {
	if len(s) != 24 {
		n := utf8.RuneCountInString(s)
		if n != 24 {
			return [6]byte{}, perr(ErrLength, "want 24 stickers, got %d characters", n)
		}
		// 24 characters, but not all of them single bytes: name the first
		// that is not ASCII.
		k := 0
		for _, r := range s {
			if r >= utf8.RuneSelf {
				return [6]byte{}, perr(ErrCharacter, "sticker %s (character %d) is %q, want a printable ASCII character other than the space", lay.name[k], k+1, r)
			}
			k++
		}
	}
	// Which characters occur: a bit each in two words (bit-set arithmetic
	// keeps this loop free of memory dependencies).
	var seen [2]uint64
	for i := 0; i < 24; i++ {
		c := s[i]
		if c <= ' ' || c > '~' {
			what := fmt.Sprintf("byte 0x%02x", c)
			if c == ' ' {
				what = "a space"
			}
			return [6]byte{}, perr(ErrCharacter, "sticker %s (character %d) is %s, want a printable ASCII character other than the space", lay.name[i], i+1, what)
		}
		seen[c>>6] |= 1 << (c & 63)
	}
	if n := bits.OnesCount64(seen[0]) + bits.OnesCount64(seen[1]); n != 6 {
		if n > 6 {
			return [6]byte{}, perr(ErrColours, "want 6 colours, got %d: %s", n, inputerr.ColourCounts(s))
		}
		return [6]byte{}, perr(ErrColours, "want 6 colours, got %d: %s", n, inputerr.ColourCounts(s))
	}
	// Number the colours 0..5 and count them in one word, a byte each.
	var colours [6]byte
	var index [128]uint8
	n := 0
	for w, word := range seen {
		for ; word != 0; word &= word - 1 {
			c := byte(64*w + bits.TrailingZeros64(word))
			colours[n], index[c] = c, uint8(n)
			n++
		}
	}
	var counts uint64
	for i := 0; i < 24; i++ {
		counts += 1 << (8 * index[s[i]])
	}
	if counts != 0x040404040404 {
		return [6]byte{}, colourCountError(s)
	}
	return colours, nil
}

// cubieOf is the cube of the stickers s, in the net's positions, of the
// six colours given.
func cubieOf(s string, lay *layout, colours *[6]byte) (Cubie, error) {
	// Colours to faces: D, B, L from the fixed corner; U, R, F are the other
	// three, in some order. The order that makes every corner real is the
	// only one (another order would give a corner opposite colours or a
	// mirrored corner); try the likely one first, then all six.
	var face [256]uint8
	d, b, l := s[cornerFacelet[DBL][0]], s[cornerFacelet[DBL][1]], s[cornerFacelet[DBL][2]]
	if d == b || d == l || b == l {
		return Cubie{}, perr(ErrCorner, "corner DBL (stickers %s) has a colour twice: %q %q %q", lay.cornerStickers(DBL), d, b, l)
	}
	var rest [3]byte
	k := 0
	for _, c := range colours {
		if c != d && c != b && c != l {
			rest[k] = c
			k++
		}
	}
	face[d], face[b], face[l] = D, B, L
	// In a real cube the corner holding the D and L colours (other than the
	// fixed one) is DLF, whose third colour is F's; the one holding D and B
	// is DRB, with R's colour; U's is the one left. Try that first.
	if fc, rc, ok := deduceFR(s, d, b, l); ok {
		for _, c := range rest {
			face[c] = U
		}
		face[fc], face[rc] = F, R
		var f [24]uint8
		for i := 0; i < 24; i++ {
			f[i] = face[s[i]]
		}
		if c, _, err := corners(f, s, lay); err == nil {
			return c, nil
		}
	}
	var best error
	bestGood := -1
	for _, p := range [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		face[rest[p[0]]], face[rest[p[1]]], face[rest[p[2]]] = U, R, F
		var f [24]uint8
		for i := 0; i < 24; i++ {
			f[i] = face[s[i]]
		}
		c, good, err := corners(f, s, lay)
		if good == 8 {
			return c, err
		}
		if good > bestGood {
			bestGood, best = good, err
		}
	}
	return Cubie{}, best
}

// colourCountError names the first colour, in order of appearance, that
// does not have four stickers.
func colourCountError(s string) error {
	var count [256]int
	for i := 0; i < len(s); i++ {
		count[s[i]]++
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; count[c] != 4 {
			return perr(ErrColours, "colour %q has %d stickers, want 4 of each: %s", c, count[c], inputerr.ColourCounts(s))
		}
	}
	return nil
}

// fromFaces reads a cube given as the face of every sticker.
func fromFaces(f [24]uint8) (Cubie, error) {
	c, good, err := corners(f, faceLetters(f), netLayout)
	if good < 8 && err == nil {
		err = errUnreachable
	}
	return c, err
}

// Problems a corner position can have, found by corners and described by
// describe.
const (
	okCorner = iota
	colourTwice
	oppositeColours
	mirrored
	sameCorner
)

// corners identifies the corner and twist at each position. It returns how
// many positions hold a real corner and the first problem found. src gives
// the input characters in the net's order, for messages.
func corners(f [24]uint8, src string, lay *layout) (Cubie, int, error) {
	var c Cubie
	good := 0
	badAt, badKind, badOther := -1, okCorner, 0
	var seen [8]int8
	for i := range seen {
		seen[i] = -1
	}
	twist := 0
	for i := 0; i < 8; i++ {
		fi := &cornerFacelet[i]
		info := cornerInfo[int(f[fi[0]])*36+int(f[fi[1]])*6+int(f[fi[2]])]
		kind, other := int(info>>5), 0
		j, o := int(info&7), (info>>3)&3
		if kind == okCorner {
			good++
			if seen[j] >= 0 {
				kind, other = sameCorner, int(seen[j])
			}
		}
		if kind != okCorner {
			if badAt < 0 {
				badAt, badKind, badOther = i, kind, other
			}
			continue
		}
		seen[j] = int8(i)
		c.CP[i], c.CO[i] = uint8(j), o
		twist += int(o)
	}
	if badAt >= 0 {
		return Cubie{}, good, describe(badAt, badKind, badOther, src, lay)
	}
	if twist%3 != 0 {
		return Cubie{}, good, perr(ErrTwist, "twisted corner: the corner twists add up to %d, which is not a multiple of 3", twist)
	}
	return c, good, nil
}

// cornerInfo classifies the three faces shown by a corner position's
// stickers (index a*36+b*6+c, in the position's clockwise order): bits 0-2
// the corner, bits 3-4 its twist, bits 5-7 the problem (okCorner if none).
var cornerInfo = func() (info [216]uint8) {
	for idx := range info {
		a, b, c := idx/36, idx/6%6, idx%6
		switch {
		case a == b || a == c || b == c:
			info[idx] = colourTwice << 5
		case a%3 == b%3 || a%3 == c%3 || b%3 == c%3:
			// Opposite faces are 3 apart (U D, R L, F B).
			info[idx] = oppositeColours << 5
		default:
			info[idx] = mirrored << 5
		}
	}
	// A corner j with twist o shows, on the position's sticker k, its
	// colour (k-o) mod 3 (see Cubie.Faces).
	for j, cc := range cornerColour {
		for o := 0; o < 3; o++ {
			var x [3]int
			for k := range x {
				x[k] = int(cc[(k-o+3)%3])
			}
			info[x[0]*36+x[1]*6+x[2]] = uint8(j) | uint8(o)<<3 | okCorner<<5
		}
	}
	return info
}()

// describe writes the error for a problem at corner position i.
func describe(i, kind, other int, src string, lay *layout) error {
	fi := cornerFacelet[i]
	chars := fmt.Sprintf("%q %q %q", src[fi[0]], src[fi[1]], src[fi[2]])
	name, st := CornerNames[i], lay.cornerStickers(i)
	switch kind {
	case colourTwice:
		return perr(ErrCorner, "corner %s (stickers %s) has a colour twice: %s", name, st, chars)
	case oppositeColours:
		return perr(ErrCorner, "corner %s (stickers %s) has two opposite colours: %s", name, st, chars)
	case mirrored:
		return perr(ErrCorner, "corner %s (stickers %s) is mirrored: its colours %s run the wrong way round", name, st, chars)
	default:
		return perr(ErrDuplicate, "the same corner is at %s (stickers %s) and at %s (stickers %s): %s", CornerNames[other], lay.cornerStickers(other), name, st, chars)
	}
}

// deduceFR finds the F and R colours from the one moving corner holding the
// D and L colours and the one holding D and B. ok is false if there is not
// exactly one of each; a wrong guess is caught by the full check after.
func deduceFR(s string, d, b, l byte) (fc, rc byte, ok bool) {
	nf, nr := 0, 0
	for i := 0; i < 8; i++ {
		if i == DBL {
			continue
		}
		fi := &cornerFacelet[i]
		x, y, z := s[fi[0]], s[fi[1]], s[fi[2]]
		if x != d && y != d && z != d {
			continue
		}
		// With d and one known colour among the three, the XOR of all
		// three with both known ones leaves the third.
		switch {
		case x == l || y == l || z == l:
			fc = x ^ y ^ z ^ d ^ l
			nf++
		case x == b || y == b || z == b:
			rc = x ^ y ^ z ^ d ^ b
			nr++
		}
	}
	return fc, rc, nf == 1 && nr == 1 && fc != rc
}

// parseValid is Parse for valid input only, and fast: it reads the colour
// scheme from the fixed corner and the corners that name U, R and F, maps
// every sticker to its face and identifies the corners. It accepts only when
// all 24 stickers are in the six printable colours and the eight corners are
// real, distinct and twisted by a multiple of 3 (which also gives four
// stickers of each colour), giving the position and its rank; for anything
// else it says no, and Parse's full
// check names the problem. The corners are written out one by one, with
// constant sticker indices, and checked together at the end: no loop, no
// bounds check and no branch on the input until then.
func parseValid(s string) (Cubie, uint32, bool) {
	if len(s) != 24 {
		return Cubie{}, 0, false
	}
	s = s[:24]
	d, b, l := s[22], s[19], s[12]
	// Every corner shows one of U/D, one of F/B, one of R/L. So the corner
	// with the D and L colours shows F's as its third, the one with D and B
	// shows R's, and the one with L and B shows U's.
	// third[m] keeps the third colour of a corner whose known colours are
	// the set m (bits D, L, B), written without branches: which corner is
	// which is unpredictable. At first face[c] is colour c's bit among D,
	// L, B (0 for the others), and without[m] is the XOR of the known
	// colours of the set m, so that the stickers' XOR without them is the
	// third colour. (Were two of d, l, b the same, the scheme is refused
	// below.)
	var face [256]uint8
	face[d], face[l], face[b] = 1, 2, 4
	without := [8]byte{0, d, l, d ^ l, b, d ^ b, l ^ b, d ^ l ^ b}
	var third [8]byte
	seenThird := func(x, y, z byte) {
		m := face[x] | face[y] | face[z]
		third[m] = x ^ y ^ z ^ without[m]
	}
	seenThird(s[3], s[8], s[7])
	seenThird(s[2], s[6], s[5])
	seenThird(s[0], s[4], s[11])
	seenThird(s[1], s[10], s[9])
	seenThird(s[21], s[15], s[16])
	seenThird(s[20], s[13], s[14])
	seenThird(s[23], s[17], s[18])
	uc, rc, fc := third[6], third[5], third[3]
	// Then face holds face+1 for the six colours, 0 for any other
	// character.
	face[d], face[l], face[b] = 0, 0, 0
	for k, c := range [6]byte{uc, rc, fc, d, l, b} {
		if c <= ' ' || c > '~' || face[c] != 0 {
			return Cubie{}, 0, false
		}
		face[c] = uint8(k) + 1
	}
	// The corners, and the rank on the way: the Lehmer code of the moving
	// corners (DBL's bit set from the start, so that no corner counts it
	// as free) and the twists in base 3.
	var c Cubie
	var seen, bad uint8
	used := uint8(1 << DBL)
	twist, perm, tw := uint8(0), uint32(0), uint32(0)
	corner := func(i int, weight, pow3 uint32, x, y, z byte) {
		info := cornerByFace[int(face[x])*49+int(face[y])*7+int(face[z])]
		j, o := info&7, (info>>3)&3
		bad |= info
		seen |= 1 << j
		twist += o
		c.CP[i], c.CO[i] = j, o
		perm += uint32(bits.OnesCount8(^used&(1<<j-1))) * weight
		used |= 1 << j
		tw += uint32(o) * pow3
	}
	corner(URF, 720, 1, s[3], s[8], s[7])
	corner(UFL, 120, 3, s[2], s[6], s[5])
	corner(ULB, 24, 9, s[0], s[4], s[11])
	corner(UBR, 6, 27, s[1], s[10], s[9])
	corner(DFR, 2, 81, s[21], s[15], s[16])
	corner(DLF, 1, 243, s[20], s[13], s[14])
	corner(DBL, 0, 0, s[22], s[19], s[12])
	corner(DRB, 0, 0, s[23], s[17], s[18])
	return c, perm*NTwist + tw, bad>>5 == okCorner && seen == 0xff && twist%3 == 0
}

// cornerByFace is cornerInfo indexed by face+1 (0 for a character that is
// no colour), 49a+7b+c: any 0 is a problem.
var cornerByFace = func() (info [343]uint8) {
	for idx := range info {
		a, b, c := idx/49, idx/7%7, idx%7
		if a == 0 || b == 0 || c == 0 {
			info[idx] = colourTwice << 5
			continue
		}
		info[idx] = cornerInfo[(a-1)*36+(b-1)*6+(c-1)]
	}
	return info
}()
