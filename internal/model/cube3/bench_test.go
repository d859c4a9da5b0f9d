package cube3

import (
	"math/rand/v2"
	"os"
	"testing"
)

// randomState draws a position uniformly, as lookup/cube3's Random does.
func randomState(rng *rand.Rand) Cubie {
	var c Cubie
	for {
		copy(c.CP[:], []uint8{0, 1, 2, 3, 4, 5, 6, 7})
		copy(c.EP[:], []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})
		rng.Shuffle(8, func(i, j int) { c.CP[i], c.CP[j] = c.CP[j], c.CP[i] })
		rng.Shuffle(12, func(i, j int) { c.EP[i], c.EP[j] = c.EP[j], c.EP[i] })
		if cornerParity(c.CP) == edgeParity(c.EP) {
			break
		}
	}
	setTwist(&c, rng.IntN(nTwist))
	setFlip(&c, rng.IntN(nFlip))
	return c
}

func benchTable(b *testing.B) *Tables {
	if _, err := os.Stat(func() string { p, _ := CachePath(); return p }()); err != nil {
		b.Skip("no 3x3x3 table in the cache: run godtable solve 3x3x3 once")
	}
	tb, err := openTestTable()
	if err != nil {
		b.Fatal(err)
	}
	return tb
}

// BenchmarkSearchBound searches three fixed random positions through
// every length up to 14 (none has a solution that short): a fixed amount
// of work, the search's speed.
func BenchmarkSearchBound(b *testing.B) {
	searchBound(b, benchTable(b))
}

// BenchmarkFlipSliceTwistAlone is BenchmarkSearchBound with the corner
// table left out: what the corner table saves.
func BenchmarkFlipSliceTwistAlone(b *testing.B) {
	alone := *benchTable(b).p
	alone.corners = nil
	searchBound(b, &Tables{&alone})
}

func searchBound(b *testing.B, tb *Tables) {
	rng := rand.New(rand.NewPCG(2026, 56))
	cubes := []Cubie{randomState(rng), randomState(rng), randomState(rng)}
	var nodes int64
	for b.Loop() {
		for _, c := range cubes {
			r := tb.Search(c, Options{MaxCost: 14, Workers: 1})
			if r.Found {
				b.Fatal("a random position 14 moves from solved: pick another seed")
			}
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "positions/op")
}

// BenchmarkSolve solves fixed random positions (17 or 18 moves from
// solved) optimally: long with this table, so only with GODTABLE_LONG=1.
func BenchmarkSolve(b *testing.B) {
	if os.Getenv("GODTABLE_LONG") == "" {
		b.Skip("random positions take long: set GODTABLE_LONG=1")
	}
	tb := benchTable(b)
	rng := rand.New(rand.NewPCG(2026, 17))
	cubes := []Cubie{randomState(rng), randomState(rng)}
	for b.Loop() {
		for _, c := range cubes {
			if r := tb.Search(c, Options{}); !r.Found || c.ApplyMoves(r.Solutions[0]) != Solved {
				b.Fatal("no solution")
			}
		}
	}
}
