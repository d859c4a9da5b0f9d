package rotgamecli

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/model/rotgame"
	api "github.com/godtable/godtable/lookup/rotgame"
)

// maxBoard is proved here: a board is as far from the goal as its
// nearest number, so it is at least d moves away exactly when its three
// numbers' placements, disjoint and filling the board, are each at least d
// moves from the centre. The test finds the placements' distances by a
// breadth-first search of its own (checked against the table's counts),
// shows three such placements for maxBoard and, trying every pair,
// none for one more.
func TestRotGameMaxBoard(t *testing.T) {
	dist := make(map[uint32]int, rotgame.NPlacements)
	dist[rotgame.CentreMask] = 0
	frontier := []uint32{rotgame.CentreMask}
	counts := []int{1}
	for d := 1; len(frontier) > 0; d++ {
		var next []uint32
		for _, p := range frontier {
			for m := range 8 {
				q := rotgame.Move(p, m)
				if _, seen := dist[q]; !seen {
					dist[q] = d
					next = append(next, q)
				}
			}
		}
		if len(next) > 0 {
			counts = append(counts, len(next))
		}
		frontier = next
	}
	want, err := api.Distribution()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(counts, want) {
		t.Fatalf("breadth-first counts %v, the table's %v", counts, want)
	}
	// splits returns every split of the board into three placements each
	// at least d moves away, each split's masks in increasing order.
	splits := func(d int) [][3]uint32 {
		var far []uint32
		isFar := make(map[uint32]bool)
		for p, pd := range dist {
			if pd >= d {
				far = append(far, p)
				isFar[p] = true
			}
		}
		slices.Sort(far)
		var out [][3]uint32
		for i, a := range far {
			for _, b := range far[i+1:] {
				if a&b != 0 {
					continue
				}
				if c := rotgame.AllCells &^ a &^ b; c > b && isFar[c] {
					out = append(out, [3]uint32{a, b, c})
				}
			}
		}
		return out
	}
	if got := splits(maxBoard); !slices.Equal(got, farthest) {
		t.Fatalf("the splits at %d moves are %x, the package has %x", maxBoard, got, farthest)
	}
	if got := splits(maxBoard + 1); len(got) != 0 {
		t.Fatalf("a board is %d moves away: %x", maxBoard+1, got[0])
	}
	// Every board Scramble draws at the largest distance is that far.
	rng := rand.New(rand.NewPCG(5, 0))
	seen := map[string]bool{}
	for range 50 {
		state, moves, d, err := Puzzle{}.Scramble(rng, &cli.Options{MinMoves: maxBoard})
		if err != nil {
			t.Fatal(err)
		}
		g, err := api.Parse(state)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := g.Distance(); err != nil || got != maxBoard || d != maxBoard {
			t.Fatalf("%s: distance %d (%v), says %d", state, got, err, d)
		}
		if v, err := g.Verify(moves); err != nil || !v.IsOptimal() {
			t.Fatalf("%s: %q is not optimal: %v %v", state, moves, v, err)
		}
		seen[state] = true
	}
	if len(seen) < 40 {
		t.Errorf("%d different boards in 50 draws from 192", len(seen))
	}
}
