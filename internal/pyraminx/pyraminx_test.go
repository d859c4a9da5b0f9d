package pyraminx

import (
	"slices"
	"sync"
	"testing"
)

// publishedBody is the published number of body positions (tips left out)
// at each distance 0..11.
var publishedBody = []int{1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32}

// bodyDistances is a plain breadth-first search over the body ranks through
// Position.Apply, from the solved body.
var bodyDistances = sync.OnceValue(func() []uint8 {
	dist := make([]uint8, NBody)
	for i := range dist {
		dist[i] = 0xff
	}
	dist[Solved.Body] = 0
	frontier := []uint32{Solved.Body}
	for d := uint8(1); len(frontier) > 0; d++ {
		var next []uint32
		for _, r := range frontier {
			for m := MoveU; m < NBodyMoves; m++ {
				n := Position{Body: r}.Apply(m).Body
				if dist[n] == 0xff {
					dist[n] = d
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	return dist
})

// histogram counts the ranks at each distance; an unreached rank fails.
func histogram(t *testing.T, dist []uint8) []int {
	t.Helper()
	var h []int
	for r, d := range dist {
		if d == 0xff {
			t.Fatalf("body rank %d is not reached", r)
		}
		for int(d) >= len(h) {
			h = append(h, 0)
		}
		h[d]++
	}
	return h
}

// Every body position is reached, and as many at each distance as published
// (God's number 11).
func TestBodyDistribution(t *testing.T) {
	if h := histogram(t, bodyDistances()); !slices.Equal(h, publishedBody) {
		t.Fatalf("distribution %v, published %v", h, publishedBody)
	}
}
