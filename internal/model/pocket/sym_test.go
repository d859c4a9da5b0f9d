package pocket

import (
	"math/rand/v2"
	"testing"
)

// The symmetries are 48 distinct ones, closed under composition, and each
// acts on positions as a homomorphism that maps face turns onto face turns
// of the same length: what makes the distance of a position that of its
// image.
func TestSymmetriesActOnPositions(t *testing.T) {
	symmetries := allSymmetries()
	if len(symmetries) != 48 {
		t.Fatalf("%d symmetries", len(symmetries))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	probe := randomCubie(rng)
	seen := map[Cubie]int{}
	for i := range symmetries {
		img := symmetries[i].conj(probe)
		if j, dup := seen[img]; dup {
			t.Fatalf("symmetries %d and %d act alike", j, i)
		}
		seen[img] = i
	}
	// Face turns of the whole cube, as held (so as the model sees them).
	turns := map[Cubie]int{}
	for tok := Token(0); tok < TokenX; tok++ {
		turns[Held(tokenCubie[tok])] = SequenceCost([]Token{tok}, true)
	}
	for i := range symmetries {
		s := &symmetries[i]
		for tok := Token(0); tok < TokenX; tok++ {
			img := Held(s.conj(tokenCubie[tok]))
			q, ok := turns[img]
			if !ok || q != SequenceCost([]Token{tok}, true) {
				t.Fatalf("symmetry %d maps %v onto no face turn of its length", i, tok)
			}
		}
		for k := 0; k < 1000; k++ {
			a, b := randomCubie(rng), randomCubie(rng)
			if s.conj(a.Mul(b)) != s.conj(a).Mul(s.conj(b)) {
				t.Fatalf("symmetry %d is not a homomorphism", i)
			}
		}
	}
}

// The fold's index: every position's entry holds a position of its class,
// and Rep's entry is one of the entries of its class (checked against the
// slow canonical form, the smallest rank of all 48 images held).
func TestFoldIndexKeepsClass(t *testing.T) {
	symmetries := allSymmetries()
	f := theFold()
	canon := func(c Cubie) uint32 {
		best := ^uint32(0)
		for i := range symmetries {
			best = min(best, Held(symmetries[i].conj(c)).Rank())
		}
		return best
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for k := 0; k < 20000; k++ {
		c := randomCubie(rng)
		e := f.index(c.Rank())
		if e >= NEntries {
			t.Fatalf("entry %d out of range", e)
		}
		if got, want := canon(entryCubie(e)), canon(c); got != want {
			t.Fatalf("%s: entry %d holds class %d, want %d", c.Facelets(), e, got, want)
		}
	}
}

// The walk's keyed permutation moves give, for every position and every
// move, the entry and the position that the fold's index and the move
// tables give: walkTables.next packs them without loss, and the walk's twist
// rows are the twist move table's.
func TestWalkTablesKeepEntries(t *testing.T) {
	w := theWalkTables()
	mt, f := w.moves, w.fold
	for tw := uint32(0); tw < NTwist; tw++ {
		for m := Move(0); m < 9; m++ {
			after := mt.Twist[9*tw+uint32(m)]
			if got := w.twist[halves(tw)].at(m); got != uint16(halves(uint32(after))) {
				t.Fatalf("twist %d, move %v: the walk's row says %d, the move table %d", tw, m, fromHalves(uint32(got)), after)
			}
		}
	}
	for p := uint32(0); p < NPerm; p++ {
		row := &w.next[p]
		for m := Move(0); m < 9; m++ {
			q := uint32(mt.Perm[9*p+uint32(m)])
			if got := permAfter(row.at(m)); got != q {
				t.Fatalf("permutation %d, move %v: leads to %d, want %d", p, m, got, q)
			}
			for tw := uint32(0); tw < NTwist; tw++ {
				after := mt.Twist[9*tw+uint32(m)]
				if got, want := f.entryAfter(row.at(m), uint16(halves(uint32(after)))), f.index(q*NTwist+uint32(after)); got != want {
					t.Fatalf("permutation %d, twist %d, move %v: entry %d, want %d", p, tw, m, got, want)
				}
			}
		}
	}
}
