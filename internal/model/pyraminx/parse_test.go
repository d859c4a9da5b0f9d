package pyraminx

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/support/proof"
)

// randomScheme returns four distinct printable colours for F L R D.
func randomScheme(rng *rand.Rand) [4]byte { return [4]byte(proof.Colours(rng, 4)) }

// inScheme writes a position's stickers in the given colours.
func inScheme(q Position, scheme [4]byte) string {
	f := q.Faces()
	out := make([]byte, NStickers)
	for i, x := range f {
		out[i] = scheme[x]
	}
	return string(out)
}

// Every body state, with the tips in a different setting each (all 81 come
// round), written in the face letters and in a random colour scheme, reads
// back as itself.
func TestStickerRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for r := uint32(0); r < NBody; r++ {
		q := Position{Body: r, Tips: uint8(r * 7 % NTips)}
		for _, s := range []string{q.Stickers(), inScheme(q, randomScheme(rng))} {
			got, err := ParseStickers(s)
			if err != nil || got != q {
				t.Fatalf("%+v: %s reads as %+v, %v", q, s, got, err)
			}
		}
	}
}

func TestSolvedStickers(t *testing.T) {
	if s := Solved.Stickers(); s != "FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD" {
		t.Errorf("solved is %s", s)
	}
}

// swapped returns s with the stickers at each pair of indices swapped.
func swapped(s string, pairs ...int) string {
	b := []byte(s)
	for i := 0; i < len(pairs); i += 2 {
		b[pairs[i]], b[pairs[i+1]] = b[pairs[i+1]], b[pairs[i]]
	}
	return string(b)
}

// Each kind of bad input gets its own one-line message and class.
func TestParseErrors(t *testing.T) {
	solved := Solved.Stickers()
	set := func(i int, c string) string { return solved[:i] + c + solved[i+1:] }
	for _, c := range []struct {
		in   string
		kind error
		msg  string
	}{
		{"", ErrLength, "want 36 stickers, got 0 characters"},
		{solved + "F", ErrLength, "want 36 stickers, got 37 characters"},
		{set(5, "é"), ErrCharacter, "sticker F6 (character 6) is 'é', want a printable ASCII character other than the space"},
		{set(5, " "), ErrCharacter, "sticker F6 (character 6) is a space, want a printable ASCII character other than the space"},
		{set(5, "\x01"), ErrCharacter, "sticker F6 (character 6) is byte 0x01, want a printable ASCII character other than the space"},
		{set(5, "\xff"), ErrCharacter, "sticker F6 (character 6) is byte 0xff, want a printable ASCII character other than the space"},
		{set(5, "X"), ErrColours, "want 4 colours, got 5: 'F'×8 'X'×1 'L'×9 'R'×9 'D'×9"},
		{"FFFFFFFFFLLLLLLLLLLLLLLLLLLDDDDDDDDD", ErrColours, "want 4 colours, got 3: 'F'×9 'L'×18 'D'×9"},
		{set(5, "L"), ErrColours, "colour 'F' has 8 stickers, want 9 of each: 'F'×8 'L'×10 'R'×9 'D'×9"},
		// F3 and R1 swapped: the U centre shows R twice.
		{swapped(solved, 2, 18), ErrPiece, "centre U (stickers F3 L4 R2) has a colour twice: 'R' 'L' 'R'"},
		// D2 and R1 swapped: the L centre shows the U centre's colours.
		{swapped(solved, 28, 18), ErrDuplicate, "centres U (stickers F3 L4 R2) and L (stickers F6 D2 L7) show the same colours 'F' 'R' 'L', so the colour of a face is unknown"},
		{swapped(solved, 2, 12), ErrPiece, "centre U (stickers F3 L4 R2) is mirrored: its colours 'L' 'F' 'R' run the wrong way round"},
		{swapped(solved, 0, 27), ErrPiece, "tip U (stickers F1 L5 R1) shows the colour of the face opposite its corner: 'D' 'L' 'R'"},
		{swapped(solved, 0, 13), ErrPiece, "tip U (stickers F1 L5 R1) is mirrored: its colours 'L' 'F' 'R' run the wrong way round"},
		{swapped(solved, 16, 3), ErrPiece, "edge UL (stickers F2 L8) has a colour twice: 'F' 'F'"},
		// R6 and L6 swapped: UR shows UL's colours, LB shows RB's.
		{swapped(solved, 23, 14), ErrDuplicate, "the same edge is at UL (stickers F2 L8) and at UR (stickers F4 R6): 'F' 'L'"},
		// The edges UL and UR swapped.
		{swapped(solved, 1, 3, 16, 23), ErrParity, "odd edge permutation: the edges are as if two of them were swapped, which no sequence of moves does"},
		// The edge UL flipped.
		{swapped(solved, 1, 16), ErrFlip, "flipped edge: an odd number of edges are flipped, which no sequence of moves does"},
	} {
		_, err := ParseStickers(c.in)
		if err == nil || err.Error() != c.msg || !errors.Is(err, c.kind) {
			t.Errorf("%q: got %v, want %q (%v)", c.in, err, c.msg, c.kind)
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) || strings.Contains(c.msg, "\n") {
			t.Errorf("%q: %v is not a one-line *ParseError", c.in, err)
		}
	}
}

// Any string: ParseStickers never panics, and what it accepts is exactly a
// position written in some four colours: renaming the colours to the faces
// they were read as gives the position's sticker string, which reads back
// as the same position.
func FuzzParseStickers(f *testing.F) {
	solved := Solved.Stickers()
	for _, s := range []string{
		solved, "", "FFFFFFFFFLLLLLLLLLLLLLLLLLLDDDDDDDDD", "abcdefghijklmnopqrstuvwxyz0123456789",
		swapped(solved, 1, 16), swapped(solved, 1, 3, 16, 23), swapped(solved, 0, 13), swapped(solved, 28, 18),
		inScheme(Position{Body: 123456, Tips: 40}, [4]byte{'g', 'r', 'b', 'y'}),
		solved[:35] + "\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := ParseStickers(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: message has two lines: %v", s, err)
			}
			return
		}
		if q.Body >= NBody || q.Tips >= NTips {
			t.Fatalf("%q: out of range %+v", s, q)
		}
		w := q.Stickers()
		var as [256]byte
		for i := 0; i < NStickers; i++ {
			if as[s[i]] == 0 {
				as[s[i]] = w[i]
			}
			if as[s[i]] != w[i] {
				t.Fatalf("%q reads as %+v, whose stickers %s are not the input in other colours", s, q, w)
			}
		}
		if back, err := ParseStickers(w); err != nil || back != q {
			t.Fatalf("%q reads as %+v, written %s, which reads as %+v, %v", s, q, w, back, err)
		}
	})
}

func TestParseMoves(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []Move
	}{
		{"", nil},
		{"U U' U2 U2' U’ U3", []Move{MoveU, MoveUi, MoveUi, MoveU, MoveUi}}, // U3 is a whole turn: none
		{"b3 L3 (R)3", []Move{MoveR, MoveR, MoveR}},
		{"[U, r] (l)2 // a comment", []Move{MoveU, MoveTipR, MoveUi, MoveTipRi, MoveTipL, MoveTipL}},
		{" L R'\tB\n b' u2 l r ", []Move{MoveL, MoveRi, MoveB, MoveTipBi, MoveTipUi, MoveTipL, MoveTipR}},
	} {
		got, err := ParseMoves(c.in)
		if err != nil || !slicesEqual(got, c.want) {
			t.Errorf("%q: got %v, %v, want %v", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"U F", `bad move "F" at character 3 (want U L R B u l r b, each plain or with ' 2 2' 3)`},
		{"U  U4", `bad move "U4" at character 4 (want U L R B u l r b, each plain or with ' 2 2' 3)`},
		// Characters, not bytes: ’ is one.
		{"U’ F", `bad move "F" at character 4 (want U L R B u l r b, each plain or with ' 2 2' 3)`},
		// Moves written together are named with the fix.
		{"UR", `bad move "UR" at character 1 (separate moves with spaces: "U R")`},
		{"UX", `bad move "UX" at character 1 (want U L R B u l r b, each plain or with ' 2 2' 3)`},
	} {
		_, err := ParseMoves(c.in)
		if err == nil || err.Error() != c.msg || !errors.Is(err, ErrMoveToken) {
			t.Errorf("%q: got %v, want %q", c.in, err, c.msg)
		}
	}
}

func slicesEqual(a, b []Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A scramble and its inverse, read backwards, cancel, tips included; a
// scramble's stickers are its moves' sticker cycles applied to the solved
// stickers.
func TestScramble(t *testing.T) {
	q, err := Scramble("U L' R B' u l' r b2 L2 R")
	if err != nil {
		t.Fatal(err)
	}
	if q.UnsolvedTips() != 4 {
		t.Errorf("%+v: %d unsolved tips, want 4", q, q.UnsolvedTips())
	}
	back, err := q.ApplyMoves("R' L b r' l u' B R' L U'")
	if err != nil || back != Solved {
		t.Errorf("undoing gives %+v, %v", back, err)
	}
	moves, _ := ParseMoves("U L' R B' u l' r b2 L2 R")
	f := Solved.Faces()
	for _, m := range moves {
		f = m.ApplyStickers(f)
	}
	if f != q.Faces() {
		t.Errorf("stickers %v, position %v", f, q.Faces())
	}
}

func TestDraw(t *testing.T) {
	want := "" +
		"L L L L L F R R R R R\n" +
		"  L L L F F F R R R\n" +
		"    L F F F F F R\n" +
		"      D D D D D\n" +
		"        D D D\n" +
		"          D\n"
	if got := Solved.Draw(false); got != want {
		t.Errorf("solved draws as\n%s\nwant\n%s", got, want)
	}
	if got := Solved.Draw(true); !strings.Contains(got, "\x1b[30;42mF \x1b[0m") || strings.Count(got, "\x1b[0m") != NStickers {
		t.Errorf("in colour: %q", got)
	}
	// Every sticker is drawn once.
	seen := map[uint8]bool{}
	for _, row := range netRows {
		for _, i := range row {
			seen[i] = true
		}
	}
	if len(seen) != NStickers {
		t.Errorf("the net draws %d stickers", len(seen))
	}
}
