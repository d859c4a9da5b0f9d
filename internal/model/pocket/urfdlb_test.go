package pocket

import (
	"errors"
	"testing"

	"github.com/godtable/godtable/internal/support/tier"
)

// Every position written in the URFDLB order reads back as itself, and is
// the net's facelets rearranged (under -short, tier.Ranks' sample).
func TestURFDLBRoundTripAll(t *testing.T) {
	for _, r := range tier.Ranks(NStates) {
		c := FromRank(r)
		s := c.URFDLB()
		got, err := ParseRankURFDLB(s)
		if err != nil || got != r {
			t.Fatalf("rank %d: %s reads %d, %v", r, s, got, err)
		}
		if net := c.Facelets(); NetToURFDLB(net) != s || URFDLBToNet(s) != net {
			t.Fatalf("rank %d: %s is not the net %s rearranged", r, s, net)
		}
	}
}

func TestURFDLBOrder(t *testing.T) {
	if s := Solved.URFDLB(); s != "UUUURRRRFFFFDDDDLLLLBBBB" {
		t.Fatalf("solved is %s", s)
	}
	// The order in the net's letters, as SPEC gives it.
	if got := NetToURFDLB(stickerNames); got != "ABCDIJQRGHOPUVWXEFMNKLST" {
		t.Fatalf("order %s", got)
	}
	// R as seen in both orders: the net's R face stickers I J Q R are
	// characters 5..8 in URFDLB.
	c := Solved.Apply(MoveR)
	if got, want := c.URFDLB(), "UFUFRRRRFDFDDBDBLLLLUBUB"; got != want {
		t.Fatalf("R: %s, want %s", got, want)
	}
	// Any six colours.
	x, err := ParseURFDLB("wwwwrrrrggggyyyyoooobbbb")
	if err != nil || x != Solved {
		t.Fatalf("colours: %v %v", x, err)
	}
}

// Errors name the URFDLB stickers and characters.
func TestURFDLBErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		kind error
		msg  string
	}{
		{"UUUURRRRFFFFDDDDLLLLBBB", ErrLength, "want 24 stickers, got 23 characters"},
		{"UUUURRRRFFFFDDDDL LLBBBB", ErrCharacter, "sticker L2 (character 18) is a space, want a printable ASCII character other than the space"},
		// 24 characters in 25 bytes: the non-ASCII one is named.
		{"UUUURRRRFFFFDDDDLLLLBBBÄ", ErrCharacter, "sticker B4 (character 24) is 'Ä', want a printable ASCII character other than the space"},
		{"UUUURRRRFFFFDDDDLLLLBBBX", ErrColours, "want 6 colours, got 7: 'U'×4 'R'×4 'F'×4 'D'×4 'L'×4 'B'×3 'X'×1"},
		// D3 (the DBL corner's D sticker) made L.
		{"UUUURRRRFFFFDDLDLLLDBBBB", ErrCorner, "corner DBL (stickers D3 B4 L3) has a colour twice: 'L' 'B' 'L'"},
		// U4 and F2 swapped: URF mirrored.
		{"UUUFRRRRFUFFDDDDLLLLBBBB", ErrCorner, "corner URF (stickers U4 R1 F2) is mirrored: its colours 'F' 'R' 'U' run the wrong way round"},
	} {
		_, err := ParseURFDLB(c.in)
		if err == nil || !errors.Is(err, c.kind) || err.Error() != c.msg {
			t.Errorf("%q: %v, want %q", c.in, err, c.msg)
		}
	}
}
