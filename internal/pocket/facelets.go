package pocket

import (
	"errors"
	"fmt"
)

// Parse errors are returned as *ParseError; these sentinels say which class
// of problem it is (errors.Is works on the returned error).
var (
	ErrLength      = errors.New("wrong length")
	ErrCharacter   = errors.New("bad character")
	ErrColours     = errors.New("wrong colours")
	ErrCorner      = errors.New("not a real corner")
	ErrDuplicate   = errors.New("same corner twice")
	ErrTwist       = errors.New("twisted corner")
	ErrMoveToken   = errors.New("bad move")
	errUnreachable = errors.New("unreachable")
)

// ParseError is a facelet or move string that is not a pocket cube.
type ParseError struct {
	Kind error  // one of the Err* sentinels
	Msg  string // one line naming the problem
}

func (e *ParseError) Error() string { return e.Msg }

// Unwrap returns the sentinel for errors.Is.
func (e *ParseError) Unwrap() error { return e.Kind }

func perr(kind error, format string, args ...any) error {
	return &ParseError{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// stickerNames gives each sticker's letter in the net.
const stickerNames = "ABCDEFGHIJKLMNOPQRSTUVWX"

func cornerStickers(i int) string {
	f := cornerFacelet[i]
	return string([]byte{stickerNames[f[0]], ' ', stickerNames[f[1]], ' ', stickerNames[f[2]]})
}

// Parse reads 24 facelets in any six colours (printable ASCII other than the
// space, four stickers each). The fixed down-back-left corner (stickers M, T,
// W) names the D, B and L colours; the others follow from the corners.
func Parse(s string) (Cubie, error) {
	if len(s) != 24 {
		return Cubie{}, perr(ErrLength, "want 24 stickers, got %d characters", len(s))
	}
	var count [256]uint8
	var colours [6]byte
	n := 0
	for i := 0; i < 24; i++ {
		c := s[i]
		if c <= ' ' || c > '~' {
			what := fmt.Sprintf("byte 0x%02x", c)
			if c == ' ' {
				what = "a space"
			}
			return Cubie{}, perr(ErrCharacter, "sticker %c (character %d) is %s, want a printable ASCII character other than the space", stickerNames[i], i+1, what)
		}
		if count[c] == 0 {
			if n == 6 {
				return Cubie{}, perr(ErrColours, "want 6 colours, got more: %s", colourCounts(s))
			}
			colours[n] = c
			n++
		}
		count[c]++
	}
	if n != 6 {
		return Cubie{}, perr(ErrColours, "want 6 colours, got %d: %s", n, colourCounts(s))
	}
	for _, c := range colours {
		if count[c] != 4 {
			return Cubie{}, perr(ErrColours, "colour %q has %d stickers, want 4 of each: %s", c, count[c], colourCounts(s))
		}
	}
	// Colours to faces: D, B, L from the fixed corner; U, R, F are the other
	// three, in some order. The order that makes every corner real is the
	// only one (another order would give a corner opposite colours or a
	// mirrored corner); try the likely one first, then all six.
	var face [256]uint8
	d, b, l := s[cornerFacelet[DBL][0]], s[cornerFacelet[DBL][1]], s[cornerFacelet[DBL][2]]
	if d == b || d == l || b == l {
		return Cubie{}, perr(ErrCorner, "corner DBL (stickers W T M) has a colour twice: %q %q %q", d, b, l)
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
	if fc, rc := thirdColour(s, d, l), thirdColour(s, d, b); fc != 0 && rc != 0 && fc != rc {
		for _, c := range rest {
			face[c] = U
		}
		face[fc], face[rc] = F, R
		var f [24]uint8
		for i := 0; i < 24; i++ {
			f[i] = face[s[i]]
		}
		if c, _, err := corners(f, s); err == nil {
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
		c, good, err := corners(f, s)
		if good == 8 {
			return c, err
		}
		if good > bestGood {
			bestGood, best = good, err
		}
	}
	return Cubie{}, best
}

// colourCounts describes the colours of s and their counts, in order of first
// appearance, for error messages.
func colourCounts(s string) string {
	var count [256]int
	var order []byte
	for i := 0; i < len(s); i++ {
		if count[s[i]] == 0 {
			order = append(order, s[i])
		}
		count[s[i]]++
	}
	out := make([]byte, 0, 8*len(order))
	for i, c := range order {
		if i > 0 {
			out = append(out, ' ')
		}
		out = fmt.Appendf(out, "%q×%d", c, count[c])
	}
	return string(out)
}

// fromFaces reads a cube given as the face of every sticker.
func fromFaces(f [24]uint8) (Cubie, error) {
	c, good, err := corners(f, FaceNames)
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
// the input characters, for messages.
func corners(f [24]uint8, src string) (Cubie, int, error) {
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
		a, b, d := f[fi[0]], f[fi[1]], f[fi[2]]
		kind, other := okCorner, 0
		var o uint8
		j := -1
		switch {
		case a == b || a == d || b == d:
			kind = colourTwice
		case a%3 == b%3 || a%3 == d%3 || b%3 == d%3:
			// Opposite faces are 3 apart (U D, R L, F B).
			kind = oppositeColours
		default:
			// Twist: which sticker, clockwise from the position's U/D
			// sticker, shows the corner's U or D colour.
			switch {
			case a%3 == U:
				o = 0
			case b%3 == U:
				o = 1
			default:
				o = 2
			}
			t := [3]uint8{a, b, d}
			x, y, z := t[o], t[(o+1)%3], t[(o+2)%3]
			for k := range cornerColour {
				if cc := &cornerColour[k]; cc[0] == x && cc[1] == y && cc[2] == z {
					j = k
					break
				}
			}
			if j < 0 {
				kind = mirrored
			} else {
				good++
				if seen[j] >= 0 {
					kind, other = sameCorner, int(seen[j])
				}
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
		return Cubie{}, good, describe(badAt, badKind, badOther, src)
	}
	if twist%3 != 0 {
		return Cubie{}, good, perr(ErrTwist, "twisted corner: the corner twists add up to %d, which is not a multiple of 3", twist)
	}
	return c, good, nil
}

// describe writes the error for a problem at corner position i.
func describe(i, kind, other int, src string) error {
	fi := cornerFacelet[i]
	chars := fmt.Sprintf("%q %q %q", src[fi[0]], src[fi[1]], src[fi[2]])
	name, st := CornerNames[i], cornerStickers(i)
	switch kind {
	case colourTwice:
		return perr(ErrCorner, "corner %s (stickers %s) has a colour twice: %s", name, st, chars)
	case oppositeColours:
		return perr(ErrCorner, "corner %s (stickers %s) has two opposite colours: %s", name, st, chars)
	case mirrored:
		return perr(ErrCorner, "corner %s (stickers %s) is mirrored: its colours %s run the wrong way round", name, st, chars)
	default:
		return perr(ErrDuplicate, "the same corner is at %s (stickers %s) and at %s (stickers %s): %s", CornerNames[other], cornerStickers(other), name, st, chars)
	}
}

// thirdColour returns the third colour of the one moving corner whose
// stickers include colours x and y, or 0 if there is not exactly one.
func thirdColour(s string, x, y byte) byte {
	var found byte
	for i := 0; i < 8; i++ {
		if i == DBL {
			continue
		}
		fi := &cornerFacelet[i]
		a, b, c := s[fi[0]], s[fi[1]], s[fi[2]]
		var third byte
		switch {
		case (a == x && b == y) || (a == y && b == x):
			third = c
		case (a == x && c == y) || (a == y && c == x):
			third = b
		case (b == x && c == y) || (b == y && c == x):
			third = a
		default:
			continue
		}
		if found != 0 {
			return 0
		}
		found = third
	}
	return found
}
