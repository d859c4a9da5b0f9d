package rotgrid

import (
	"testing"

	"github.com/godtable/godtable/internal/support/proof"
	"github.com/godtable/godtable/internal/support/tier"
)

// The square's eight symmetries map the grid's moves onto moves (a mirror
// turns a block the other way), so a grid and its images are equally far
// from solved, on every grid. The classes they make are what a folded table
// would keep: the test reports their number, which says what folding the
// rotation grid's table as the pocket cube's is folded would save. Under
// -short it checks the distances on tier.ByDistance's sample and counts no
// classes.
func TestSquareSymmetriesKeepDistance(t *testing.T) {
	def := Def()
	dist := proof.Distances(def)
	var syms [8][9]uint8
	for k := range syms {
		for i := range 9 {
			r, c := i/3, i%3
			for range k % 4 { // quarter turns
				r, c = c, 2-r
			}
			if k >= 4 { // then a mirror
				c = 2 - c
			}
			syms[k][i] = uint8(3*r + c)
		}
	}
	classes := 0
	ranks := tier.ByDistance(NStates, func() []uint8 { return dist })
	for _, r := range ranks {
		g := FromRank(r)
		least := r
		for _, s := range syms {
			var h Grid
			for i, tile := range g {
				h[s[i]] = s[tile-1] + 1
			}
			hr := h.Rank()
			if dist[hr] != dist[r] {
				t.Fatalf("grid %v is %d from solved, its image %v %d", g, dist[r], h, dist[hr])
			}
			least = min(least, hr)
		}
		if least == r {
			classes++
		}
	}
	if len(ranks) < NStates {
		return // a sample: its classes are not the table's
	}
	t.Logf("%d grids in %d classes under the square's symmetries: a folded table of %d bytes (two bits each), against %d unfolded",
		NStates, classes, (classes+3)/4, (NStates+3)/4)
}
