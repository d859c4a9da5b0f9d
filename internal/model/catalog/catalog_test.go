package catalog

import (
	"testing"

	"github.com/godtable/godtable/internal/support/tier"
)

// Every definition is consistent on every state: ranks invert unranks, the
// coordinate tables (the walk's fast path) agree with Apply, and each
// declared inverse undoes its move. (Under -short, on tier.Ranks' sample.)
func TestDefinitionsConsistent(t *testing.T) {
	for _, d := range Defs() {
		t.Run(d.Name, func(t *testing.T) {
			if len(d.Inverse) != len(d.Moves) {
				t.Fatalf("%d inverses for %d moves", len(d.Inverse), len(d.Moves))
			}
			for _, r := range tier.Ranks(uint32(d.Size)) {
				r := uint64(r)
				s := d.Unrank(r)
				if d.Rank(s) != r {
					t.Fatalf("rank %d: unrank then rank gives %d", r, d.Rank(s))
				}
				for m := range d.Moves {
					n := d.Apply(s, m)
					if d.Accel.Coords != nil {
						if got := d.Accel.Coords.Apply(r, m, len(d.Moves)); got != d.Rank(n) {
							t.Fatalf("rank %d move %s: coordinate tables give %d, Apply %d", r, d.Moves[m], got, d.Rank(n))
						}
						if !d.Accel.StateIsRank {
							t.Fatal("coordinate tables without StateIsRank")
						}
					}
					if inv := d.Inverse[m]; inv >= 0 && d.Apply(n, inv) != s {
						t.Fatalf("rank %d: %s then %s is not the identity", r, d.Moves[m], d.Moves[inv])
					}
				}
			}
		})
	}
}

// FuzzRanks: for every definition, rank and unrank invert each other.
func FuzzRanks(f *testing.F) {
	f.Add(uint8(0), uint32(0))
	f.Add(uint8(2), uint32(40319))
	f.Add(uint8(3), uint32(735470))
	f.Fuzz(func(t *testing.T, which uint8, r32 uint32) {
		defs := Defs()
		d := defs[int(which)%len(defs)]
		r := uint64(r32) % d.Size
		if got := d.Rank(d.Unrank(r)); got != r {
			t.Fatalf("%s: rank %d unranks and ranks to %d", d.Name, r, got)
		}
	})
}

// A definition that says its states are their ranks means it.
func TestStateIsRank(t *testing.T) {
	for _, d := range Defs() {
		if !d.Accel.StateIsRank {
			continue
		}
		for r := uint64(0); r < d.Size; r += 1 + r/1000 {
			if s := d.Unrank(r); uint64(s) != r || d.Rank(s) != r {
				t.Fatalf("%s: rank %d is state %d", d.Name, r, s)
			}
		}
	}
}
