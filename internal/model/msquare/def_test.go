package msquare_test

import (
	"bytes"
	"testing"

	"github.com/godtable/godtable/internal/engine/tablebuild"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/msquare"
	"github.com/godtable/godtable/internal/support/proof"
	embedded "github.com/godtable/godtable/tables/msquare"
)

// Every board reaches the base state, the farthest in 22 operations.
//
// The distances also show why the table keeps them in full: from some board
// one operation leads two steps farther from the base state. Mod 3, that
// neighbour would look one step nearer, and a walk trusting it would leave
// every shortest path. (One step nearer is the least a neighbour can be, as
// the board itself is at most one operation plus the neighbour's distance
// away.)
func TestDistances(t *testing.T) {
	def := msquare.Def()
	dist := proof.Distances(def)
	maxd := 0
	farther2 := 0
	for r, d := range dist {
		if d == 0xff {
			t.Fatalf("board %v cannot reach the base state", msquare.Unrank(uint32(r)))
		}
		maxd = max(maxd, int(d))
		b := msquare.Unrank(uint32(r))
		for m := msquare.Move(0); m < 3; m++ {
			n := dist[b.Apply(m).Rank()]
			if int(n) < int(d)-1 {
				t.Fatalf("%v at %d has a neighbour by %s at %d", b, d, m, n)
			}
			if int(n) == int(d)+2 {
				farther2++
			}
		}
	}
	if maxd != 22 {
		t.Errorf("largest distance %d, want 22", maxd)
	}
	if farther2 == 0 {
		t.Error("no neighbour two steps farther: a mod-3 table would do")
	}
	// And a walk on distances mod 3 really goes wrong: from some boards the
	// first move it takes for "one nearer" leads two steps farther.
	misled := 0
	for r, d := range dist {
		if d == 0 {
			continue // the walk stops here
		}
		b := msquare.Unrank(uint32(r))
		for m := msquare.Move(0); m < 3; m++ {
			n := dist[b.Apply(m).Rank()]
			if n%3 == (d+2)%3 {
				if n != d-1 {
					misled++
				}
				break
			}
		}
	}
	if misled == 0 {
		t.Error("a walk on distances mod 3 is never misled")
	}
	t.Logf("%d moves lead two steps farther; a mod-3 walk is misled at %d boards", farther2, misled)
	if msquare.Def().Undirected() {
		t.Error("the definition would get a mod-3 table")
	}
}

// The embedded table is what the generator makes from this definition now.
func TestTableCurrent(t *testing.T) {
	want, err := tablebuild.Build(msquare.Def())
	if err != nil {
		t.Fatal(err)
	}
	got := []byte(embedded.Table)
	if !bytes.Equal(got, want) {
		t.Fatal("tables/msquare.gdt is stale; run go generate ./tables/")
	}
	h, _, err := table.ReadHeader("msquare", got)
	if err != nil {
		t.Fatal(err)
	}
	if h.Encoding != table.Full8 || h.Size != msquare.NStates || len(h.Counts) != 23 {
		t.Errorf("table: %v encoding, %d states, distances 0..%d; want full distances, 40320 states, 0..22", h.Encoding, h.Size, len(h.Counts)-1)
	}
}
