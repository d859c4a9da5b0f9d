package registry

import (
	"fmt"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/cli"
)

// Every definition is consistent on every state: ranks invert unranks, the
// coordinate tables (the walk's fast path) agree with Apply, and each
// declared inverse undoes its move.
func TestDefinitionsConsistent(t *testing.T) {
	for _, d := range Defs() {
		t.Run(d.Name, func(t *testing.T) {
			if len(d.Inverse) != len(d.Moves) {
				t.Fatalf("%d inverses for %d moves", len(d.Inverse), len(d.Moves))
			}
			for r := uint32(0); r < d.Size; r++ {
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
	f.Fuzz(func(t *testing.T, which uint8, r uint32) {
		defs := Defs()
		d := defs[int(which)%len(defs)]
		r %= d.Size
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
		for r := uint32(0); r < d.Size; r += 1 + r/1000 {
			if s := d.Unrank(r); uint32(s) != r || d.Rank(s) != r {
				t.Fatalf("%s: rank %d is state %d", d.Name, r, s)
			}
		}
	}
}

// The web page's puzzles.js lists every puzzle, in order, with its title,
// and carries the page of each puzzle that has one, which sets that
// puzzle's entry and no other.
func TestPageScript(t *testing.T) {
	js := string(PageScript())
	at := -1
	for _, p := range Puzzles() {
		entry := fmt.Sprintf(`{"name":%q,"title":%q,`, p.Name(), p.Title())
		i := strings.Index(js, entry)
		if i < 0 || i < at {
			t.Errorf("puzzles.js: %s missing or out of order", entry)
		}
		at = i
		pg, ok := p.(cli.Pager)
		if !ok {
			continue
		}
		page := pg.Page()
		if !strings.Contains(js, page) {
			t.Errorf("puzzles.js: no page for %s", p.Name())
		}
		if sets := strings.Count(page, "godtablePuzzles.pages."); sets != 1 || !strings.Contains(page, "godtablePuzzles.pages."+p.Name()+" = {") {
			t.Errorf("%s's page sets %d entries, want its own alone", p.Name(), sets)
		}
	}
}
