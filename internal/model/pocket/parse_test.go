package pocket

import (
	"math/rand/v2"
	"testing"

	"github.com/godtable/godtable/internal/support/proof"
	"github.com/godtable/godtable/internal/support/tier"
)

// randomScheme returns six distinct printable colours for U R F D L B.
func randomScheme(rng *rand.Rand) [6]byte { return [6]byte(proof.Colours(rng, 6)) }

// inScheme writes a position's facelets in the given colours.
func inScheme(c Cubie, scheme [6]byte) []byte {
	f := c.Faces()
	out := make([]byte, 24)
	for i, x := range f {
		out[i] = scheme[x]
	}
	return out
}

// Every position, in a random colour scheme each, passes the fast parse as
// the position itself (under -short, tier.Ranks' sample).
func TestParseValidEveryPosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, r := range tier.Ranks(NStates) {
		want := FromRank(r)
		s := string(inScheme(want, randomScheme(rng)))
		got, rank, ok := parseValid(s)
		if !ok || got != want || rank != r {
			t.Fatalf("rank %d, %s: fast parse gives %v (rank %d), %v", r, s, got, rank, ok)
		}
	}
}

// On damaged positions (stickers changed, swapped, shuffled; characters
// outside the colours), the fast parse accepts exactly what the full check
// accepts, with the same position; it never accepts what the full check
// refuses.
func TestParseValidAgreesWithFullCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	n := 1_000_000
	if testing.Short() {
		n = 50_000
	}
	accepted := 0
	for range n {
		scheme := randomScheme(rng)
		s := inScheme(randomCubie(rng), scheme)
		switch rng.IntN(5) {
		case 0: // one sticker another colour
			s[rng.IntN(24)] = scheme[rng.IntN(6)]
		case 1: // two stickers swapped
			i, j := rng.IntN(24), rng.IntN(24)
			s[i], s[j] = s[j], s[i]
		case 2: // all stickers shuffled
			rng.Shuffle(24, func(i, j int) { s[i], s[j] = s[j], s[i] })
		case 3: // any byte anywhere
			s[rng.IntN(24)] = byte(rng.IntN(256))
		case 4: // three stickers of one corner rotated (a twist)
			f := cornerFacelet[rng.IntN(8)]
			s[f[0]], s[f[1]], s[f[2]] = s[f[1]], s[f[2]], s[f[0]]
		}
		fast, rank, ok := parseValid(string(s))
		full, err := parseChecked(string(s), netLayout)
		if ok != (err == nil) || ok && (fast != full || rank != full.Rank()) {
			t.Fatalf("%q: fast parse %v %v, full check %v %v", s, fast, ok, full, err)
		}
		if ok {
			accepted++
		}
	}
	// The damage must not always break the cube (a swap of two stickers of
	// one colour, a rotation of a corner with a compensating one, ...),
	// else the test would not compare acceptances.
	if accepted == 0 {
		t.Error("no damaged input was a cube: the test compares refusals only")
	}
}

// FuzzParseValid: on any string, the fast parse accepts exactly what the
// full check accepts, with the same position and its rank.
func FuzzParseValid(f *testing.F) {
	for _, s := range []string{
		"UUUULRBFRLFBLRBFRLFBDDDD", "FFFUDDRFRULLLDRRUULBBBDB", "aaaabbcdcdeebbccddeeffff",
		"UUUFLLFRURBBLLFFRRBBDDDD", "UUUULFRFRRBBLLFFRBLBDDDD", "UUUULLFFRRBBLLFFRRBBDDDD",
		"", "UUUU", "UUUULRBFRLFBLRBFRLFBDDD\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fast, rank, ok := parseValid(s)
		full, err := parseChecked(s, netLayout)
		if ok != (err == nil) || ok && (fast != full || rank != full.Rank()) {
			t.Fatalf("%q: fast parse %v (rank %d) %v, full check %v %v", s, fast, rank, ok, full, err)
		}
	})
}
