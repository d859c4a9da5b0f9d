// Package tier chooses the states an exhaustive proof checks: every one in
// a full run (make test), and under go test -short a sample large enough to
// catch what the proof is there for, so that a short run stays short on a
// busy machine and still runs every proof. Nothing but tests imports it.
package tier

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Sample is how many random ranks Ranks checks under -short, besides the
// first and last Edge.
const (
	Sample = 20_000
	Edge   = 1_000
)

// PerDistance is how many states of each distance ByDistance checks under
// -short.
const PerDistance = 2_000

// Ranks returns the ranks below n that a proof checks, in increasing
// order: every one; or, under -short, the first and last Edge and Sample
// more drawn at random with a fixed seed (all of them when that is as
// many).
func Ranks(n uint32) []uint32 {
	if !testing.Short() || n <= 2*Edge+Sample {
		return all(n)
	}
	rng := rand.New(rand.NewPCG(7, uint64(n)))
	ranks := make([]uint32, 0, 2*Edge+Sample)
	for r := range uint32(Edge) {
		ranks = append(ranks, r, n-1-r)
	}
	for range Sample {
		ranks = append(ranks, Edge+rng.Uint32N(n-2*Edge))
	}
	slices.Sort(ranks)
	return slices.Compact(ranks)
}

// ByDistance returns the ranks below n that a proof of answers checks:
// every one; or, under -short, a sample with every distance in it: all the
// states of a distance that has at most PerDistance of them, and
// PerDistance drawn at random (with a fixed seed) from one that has more.
// dist, called only then, gives every rank's distance (any value for an
// unreachable rank, which is sampled as a distance of its own). Every
// distance weighs alike, so the farthest states, the few that long paths
// lead to and where a bug of long paths shows, are all checked: a count
// that spent a quarter-turn table's half turns as one move went wrong only
// from quarter-turn distance 8 on.
func ByDistance(n uint32, dist func() []uint8) []uint32 {
	if !testing.Short() {
		return all(n)
	}
	var byDist [256][]uint32
	for r, d := range dist()[:n] {
		byDist[d] = append(byDist[d], uint32(r))
	}
	rng := rand.New(rand.NewPCG(5, uint64(n)))
	var ranks []uint32
	for _, rs := range byDist {
		if len(rs) > PerDistance {
			rng.Shuffle(len(rs), func(i, j int) { rs[i], rs[j] = rs[j], rs[i] })
			rs = rs[:PerDistance]
		}
		ranks = append(ranks, rs...)
	}
	slices.Sort(ranks)
	return ranks
}

// all returns every rank below n.
func all(n uint32) []uint32 {
	ranks := make([]uint32, n)
	for r := range ranks {
		ranks[r] = uint32(r)
	}
	return ranks
}
