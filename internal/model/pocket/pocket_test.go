package pocket

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/support/tier"
)

func randomCubie(rng *rand.Rand) Cubie { return FromRank(uint32(rng.IntN(NStates))) }

// The corner moves are derived from the sticker cycles; on every move and
// many positions, moving corners and moving stickers must agree.
func TestStickerAndCornerMovesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		c := randomCubie(rng)
		for m := range MoveNames {
			want := Move(m).Sticker(c.Faces())
			if got := c.Apply(Move(m)).Faces(); got != want {
				t.Fatalf("%s on %s: corners give %v, stickers %v", MoveNames[m], c.Facelets(), got, want)
			}
		}
	}
}

// Quarter turns have order 4, X' is X three times, X2 twice.
func TestMoveOrders(t *testing.T) {
	for f := 0; f < 3; f++ {
		q := Move(3 * f)
		c := Solved
		for i := 1; i <= 4; i++ {
			c = c.Apply(q)
			if (c == Solved) != (i == 4) {
				t.Fatalf("%s has order other than 4", q)
			}
		}
		if Solved.Apply(q).Apply(q).Apply(q) != Solved.Apply(q+1) {
			t.Errorf("%s is not %s three times", q+1, q)
		}
		if Solved.Apply(q).Apply(q) != Solved.Apply(q+2) {
			t.Errorf("%s is not %s twice", q+2, q)
		}
	}
}

// Every rank is a distinct valid position: unrank, rank, and facelets back
// (under -short, tier.Ranks' sample).
func TestRankRoundTripAllPositions(t *testing.T) {
	for _, r := range tier.Ranks(NStates) {
		c := FromRank(r)
		if got := c.Rank(); got != r {
			t.Fatalf("rank %d: unrank then rank gives %d", r, got)
		}
		p, err := Parse(c.Facelets())
		if err != nil {
			t.Fatalf("rank %d: %s does not parse: %v", r, c.Facelets(), err)
		}
		if p != c {
			t.Fatalf("rank %d: facelets %s parse to another position", r, c.Facelets())
		}
	}
}

// The coordinate move tables agree with moving corners, for every
// permutation and every twist (the two coordinates move independently).
func TestMoveTables(t *testing.T) {
	tab := MoveTables()
	rng := rand.New(rand.NewPCG(3, 4))
	check := func(r uint32) {
		c := FromRank(r)
		for m := range MoveNames {
			if got, want := tab.Apply(r, Move(m)), c.Apply(Move(m)).Rank(); got != want {
				t.Fatalf("rank %d move %s: table %d, corners %d", r, MoveNames[m], got, want)
			}
		}
	}
	for p := 0; p < NPerm; p++ {
		check(uint32(p*NTwist + rng.IntN(NTwist)))
	}
	for w := 0; w < NTwist; w++ {
		check(uint32(rng.IntN(NPerm)*NTwist + w))
	}
}

func TestSolvedFacelets(t *testing.T) {
	if got, want := Solved.Facelets(), "UUUULLFFRRBBLLFFRRBBDDDD"; got != want {
		t.Errorf("solved cube is %s, want %s", got, want)
	}
}

// withCorner returns the facelets of c with corner position i's three
// stickers replaced.
func setStickers(s string, idx []int, chars string) string {
	b := []byte(s)
	for k, i := range idx {
		b[i] = chars[k]
	}
	return string(b)
}

// One test per class of bad input, each with the message it must give.
func TestParseErrors(t *testing.T) {
	solved := Solved.Facelets()
	dup := Cubie{CP: [8]uint8{URF, URF, ULB, UBR, DFR, DLF, DBL, DBL}}
	cases := []struct {
		name, in string
		kind     error
		msg      string
	}{
		{"short", "UUUU", ErrLength, "want 24 stickers, got 4 characters"},
		{"long", solved + "U", ErrLength, "want 24 stickers, got 25 characters"},
		{"empty", "", ErrLength, "want 24 stickers, got 0 characters"},
		{"space", setStickers(solved, []int{5}, " "), ErrCharacter, "sticker F (character 6) is a space, want a printable ASCII character other than the space"},
		{"non-ASCII", "UUUULLFFRRBBLLFFRRBBDDD\xe9", ErrCharacter, "sticker X (character 24) is byte 0xe9, want a printable ASCII character other than the space"},
		{"seven colours", setStickers(solved, []int{0}, "Z"), ErrColours, "want 6 colours, got 7: 'Z'×1 'U'×3 'L'×4 'F'×4 'R'×4 'B'×4 'D'×4"},
		{"five colours", strings.ReplaceAll(solved, "B", "R"), ErrColours, "want 6 colours, got 5: 'U'×4 'L'×4 'F'×4 'R'×8 'D'×4"},
		{"five and three", setStickers(solved, []int{0}, "R"), ErrColours, "colour 'R' has 5 stickers, want 4 of each: 'R'×5 'U'×3 'L'×4 'F'×4 'B'×4 'D'×4"},
		{"fixed corner repeats", setStickers(solved, []int{12, 20}, "DL"), ErrCorner, "corner DBL (stickers W T M) has a colour twice: 'D' 'B' 'D'"},
		{"colour twice", setStickers(solved, []int{3, 8, 7, 2, 6, 5}, "UUFRFL"), ErrCorner, "corner URF (stickers D I H) has a colour twice: 'U' 'U' 'F'"},
		{"opposite colours", setStickers(solved, []int{7, 20}, "DF"), ErrCorner, "corner URF (stickers D I H) has two opposite colours: 'U' 'R' 'D'"},
		{"mirrored", setStickers(solved, []int{8, 7}, "FR"), ErrCorner, "corner URF (stickers D I H) is mirrored: its colours 'U' 'F' 'R' run the wrong way round"},
		{"same corner twice", dup.Facelets(), ErrDuplicate, "the same corner is at URF (stickers D I H) and at UFL (stickers C G F): 'U' 'R' 'F'"},
		{"twisted", setStickers(solved, []int{3, 8, 7}, "FUR"), ErrTwist, "twisted corner: the corner twists add up to 1, which is not a multiple of 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.in)
			if err == nil {
				t.Fatalf("Parse(%q) gave no error", c.in)
			}
			if !errors.Is(err, c.kind) {
				t.Errorf("Parse(%q): %v, want class %v", c.in, err, c.kind)
			}
			if err.Error() != c.msg {
				t.Errorf("Parse(%q):\n got %s\nwant %s", c.in, err, c.msg)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("message is not one line: %q", err)
			}
		})
	}
}

func BenchmarkBuildTables(b *testing.B) {
	for b.Loop() {
		buildTables()
	}
}
