package pyraminx

import (
	"errors"
	"fmt"
	"github.com/godtable/godtable/internal/model/notation"
	"strings"
	"unicode/utf8"

	"github.com/godtable/godtable/internal/support/inputerr"
)

// Parse errors are returned as *ParseError; these sentinels say which class
// of problem it is (errors.Is works on the returned error).
var (
	ErrLength    = errors.New("wrong length")
	ErrCharacter = errors.New("bad character")
	ErrColours   = errors.New("wrong colours")
	ErrPiece     = errors.New("impossible piece")
	ErrDuplicate = errors.New("same piece twice")
	ErrParity    = errors.New("odd edge permutation")
	ErrFlip      = errors.New("flipped edge")
	ErrMoveToken = notation.ErrSequence
)

// ParseError is a sticker or move string that is not a Pyraminx position.
type ParseError = inputerr.Error

var perr = inputerr.New

// oppositeFace is the face opposite each corner.
var oppositeFace = [4]uint8{CornerU: FaceD, CornerL: FaceR, CornerR: FaceL, CornerB: FaceF}

// ParseStickers reads 36 stickers in the net of the package doc, in any four
// colours (printable ASCII other than the space, nine stickers each). The
// colour a centre lacks is the colour of the face opposite its corner; the
// pieces follow from the colours. Every twist of the centres and tips is a
// position, so the checks after the pieces are the edges' parity and flips.
func ParseStickers(s string) (Position, error) {
	if len(s) != NStickers {
		n := utf8.RuneCountInString(s)
		if n != NStickers {
			return Position{}, perr(ErrLength, "want %d stickers, got %d characters", NStickers, n)
		}
		// 36 characters, but not all of them single bytes: name the first
		// that is not ASCII.
		k := 0
		for _, r := range s {
			if r >= utf8.RuneSelf {
				return Position{}, perr(ErrCharacter, "sticker %s (character %d) is %q, want a printable ASCII character other than the space", stickerName(k), k+1, r)
			}
			k++
		}
	}
	var count [256]int
	var colours []byte
	for i := 0; i < NStickers; i++ {
		c := s[i]
		if c <= ' ' || c > '~' {
			what := fmt.Sprintf("byte 0x%02x", c)
			if c == ' ' {
				what = "a space"
			}
			return Position{}, perr(ErrCharacter, "sticker %s (character %d) is %s, want a printable ASCII character other than the space", stickerName(i), i+1, what)
		}
		if count[c] == 0 {
			colours = append(colours, c)
		}
		count[c]++
	}
	if len(colours) != 4 {
		return Position{}, perr(ErrColours, "want 4 colours, got %d: %s", len(colours), inputerr.ColourCounts(s))
	}
	for _, c := range colours {
		if count[c] != 9 {
			return Position{}, perr(ErrColours, "colour %q has %d stickers, want 9 of each: %s", c, count[c], inputerr.ColourCounts(s))
		}
	}
	// The colour scheme: each centre lacks the colour of the face opposite
	// its corner.
	var face [256]uint8
	var lackedBy [256]int8
	for _, c := range colours {
		lackedBy[c] = -1
	}
	for c := 0; c < 4; c++ {
		st := centreStickers[c]
		x, y, z := s[st[0]], s[st[1]], s[st[2]]
		if x == y || x == z || y == z {
			return Position{}, perr(ErrPiece, "centre %s (stickers %s) has a colour twice: %s", CornerNames[c], pieceStickers(st[:]), pieceChars(s, st[:]))
		}
		var lack byte
		for _, col := range colours {
			if col != x && col != y && col != z {
				lack = col
			}
		}
		if o := lackedBy[lack]; o >= 0 {
			other := centreStickers[o]
			return Position{}, perr(ErrDuplicate, "centres %s (stickers %s) and %s (stickers %s) show the same colours %s, so the colour of a face is unknown", CornerNames[o], pieceStickers(other[:]), CornerNames[c], pieceStickers(st[:]), pieceChars(s, st[:]))
		}
		lackedBy[lack] = int8(c)
		face[lack] = oppositeFace[c]
	}
	var f [NStickers]uint8
	for i := range f {
		f[i] = face[s[i]]
	}
	p, err := fromFaces(f, s)
	if err != nil {
		return Position{}, err
	}
	return p.Position(), nil
}

// fromFaces identifies the pieces of a puzzle given as the face of every
// sticker; src holds the characters the faces came from, for messages. It
// checks every piece, then the edge permutation's parity and the flips.
func fromFaces(f [NStickers]uint8, src string) (Pieces, error) {
	var p Pieces
	for c := 0; c < 4; c++ {
		o, err := cornerTwist(f, src, "centre", c, centreStickers[c])
		if err != nil {
			return Pieces{}, err
		}
		p.CO[c] = o
	}
	for c := 0; c < 4; c++ {
		o, err := cornerTwist(f, src, "tip", c, tipStickers[c])
		if err != nil {
			return Pieces{}, err
		}
		p.TO[c] = o
	}
	at := [6]int8{-1, -1, -1, -1, -1, -1}
	for i := 0; i < 6; i++ {
		st := edgeStickers[i]
		a, b := f[st[0]], f[st[1]]
		if a == b {
			return Pieces{}, perr(ErrPiece, "edge %s (stickers %s) has a colour twice: %s", EdgeNames[i], pieceStickers(st[:]), pieceChars(src, st[:]))
		}
		e := edgeByFaces[a*4+b]
		j := e >> 1
		if k := at[j]; k >= 0 {
			other := edgeStickers[k]
			return Pieces{}, perr(ErrDuplicate, "the same edge is at %s (stickers %s) and at %s (stickers %s): %s", EdgeNames[k], pieceStickers(other[:]), EdgeNames[i], pieceStickers(st[:]), pieceChars(src, st[:]))
		}
		at[j] = int8(i)
		p.EP[i], p.EO[i] = j, e&1
	}
	if p.EdgeParity() != 0 {
		return Pieces{}, perr(ErrParity, "odd edge permutation: the edges are as if two of them were swapped, which no sequence of moves does")
	}
	if p.EdgeFlip() != 0 {
		return Pieces{}, perr(ErrFlip, "flipped edge: an odd number of edges are flipped, which no sequence of moves does")
	}
	return p, nil
}

// cornerTwist returns the twist of the tip or centre (kind) at corner c,
// whose stickers st are listed clockwise: it must show the colours of the
// three faces that meet at the corner, in their clockwise order.
func cornerTwist(f [NStickers]uint8, src, kind string, c int, st [3]uint8) (uint8, error) {
	x, y, z := f[st[0]], f[st[1]], f[st[2]]
	switch {
	case x == y || x == z || y == z:
		return 0, perr(ErrPiece, "%s %s (stickers %s) has a colour twice: %s", kind, CornerNames[c], pieceStickers(st[:]), pieceChars(src, st[:]))
	case x == oppositeFace[c] || y == oppositeFace[c] || z == oppositeFace[c]:
		return 0, perr(ErrPiece, "%s %s (stickers %s) shows the colour of the face opposite its corner: %s", kind, CornerNames[c], pieceStickers(st[:]), pieceChars(src, st[:]))
	}
	want := [3]uint8{stickerFace(st[0]), stickerFace(st[1]), stickerFace(st[2])}
	for o := uint8(0); o < 3; o++ {
		// Twisted o steps clockwise, sticker o shows the first colour.
		if f[st[o]] == want[0] && f[st[(o+1)%3]] == want[1] {
			return o, nil
		}
	}
	return 0, perr(ErrPiece, "%s %s (stickers %s) is mirrored: its colours %s run the wrong way round", kind, CornerNames[c], pieceStickers(st[:]), pieceChars(src, st[:]))
}

// edgeByFaces identifies an edge by the faces on its reference sticker and
// its other sticker (index 4a+b): the edge times 2, plus 1 if flipped.
var edgeByFaces = func() (t [16]uint8) {
	for j, st := range edgeStickers {
		a, b := stickerFace(st[0]), stickerFace(st[1])
		t[a*4+b] = uint8(2 * j)
		t[b*4+a] = uint8(2*j + 1)
	}
	return t
}()

// pieceStickers names a piece's stickers, "F3 L4 R2".
func pieceStickers(st []uint8) string {
	names := make([]string, len(st))
	for i, x := range st {
		names[i] = stickerName(int(x))
	}
	return strings.Join(names, " ")
}

// pieceChars quotes a piece's characters in the input, "'a' 'b' 'c'".
func pieceChars(src string, st []uint8) string {
	q := make([]string, len(st))
	for i, x := range st {
		q[i] = fmt.Sprintf("%q", src[x])
	}
	return strings.Join(q, " ")
}
