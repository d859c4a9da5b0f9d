package tier

import (
	"slices"
	"testing"
)

// A full run checks every rank; a short one a sorted sample without
// repeats that holds both ends, and every state of a rare distance.
func TestTiers(t *testing.T) {
	const n = 1_000_000
	dist := make([]uint8, n)
	for r := range dist {
		dist[r] = uint8(r % 7)
	}
	dist[123_456] = 20 // the one farthest state
	ranks, far := Ranks(n), ByDistance(n, func() []uint8 { return dist })
	for _, rs := range [][]uint32{ranks, far} {
		if !slices.IsSorted(rs) || len(slices.Compact(slices.Clone(rs))) != len(rs) {
			t.Fatal("ranks not increasing")
		}
	}
	if !testing.Short() {
		if len(ranks) != n || len(far) != n {
			t.Fatalf("full run: %d and %d ranks of %d", len(ranks), len(far), n)
		}
		return
	}
	if len(ranks) > 2*Edge+Sample || ranks[0] != 0 || ranks[len(ranks)-1] != n-1 {
		t.Fatalf("short run: %d ranks from %d to %d", len(ranks), ranks[0], ranks[len(ranks)-1])
	}
	if len(far) != 7*PerDistance+1 || !slices.Contains(far, 123_456) {
		t.Fatalf("short run: %d ranks by distance, the farthest state in: %v", len(far), slices.Contains(far, 123_456))
	}
}
