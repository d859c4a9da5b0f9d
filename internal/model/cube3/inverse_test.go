package cube3

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// The inverse carried as pieces, a move at a time, is the inverse of the
// position seen along each axis, and its coordinates are those the
// coordinate functions read from that cube.
func TestInverseViewFollowsMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for k := 0; k < 100; k++ {
		c := randomState(rng)
		v := invViewOf(c)
		for m := Move(0); m < NMoves; m++ {
			got, want := v.child(m), invViewOf(c.Apply(m))
			if got != want {
				t.Fatalf("%s after %s: the inverse's pieces differ", m, c.Facelets())
			}
			inv := c.Apply(m).Inverse()
			for a := range axes {
				d := axes[a].conj(inv)
				fs, tw := got[a].flipSliceTwist()
				if fs != int(sliceSortedOf(&d))/24*nFlip+int(flipOf(&d)) || tw != int(twistOf(&d)) {
					t.Fatalf("axis %d: the inverse's coordinates differ from the cube's", a)
				}
			}
		}
	}
}

// keepsAxis names, for each axis, the ten moves that leave that axis's
// twist, flip and slice solved on the solved cube.
func TestKeepsAxis(t *testing.T) {
	for a := range axes {
		var want uint32
		for m := Move(0); m < NMoves; m++ {
			d := axes[a].conj(moveCubie[m])
			if twistOf(&d) == 0 && flipOf(&d) == 0 && sliceSortedOf(&d)/24 == solvedSlice/24 {
				want |= 1 << m
			}
		}
		if keepsAxis[a] != want || bits.OnesCount32(want) != 10 {
			t.Fatalf("axis %d: keepsAxis %018b, the coordinates say %018b", a, keepsAxis[a], want)
		}
	}
}

// Where an inverse's entry along an axis equals the distance, no move that
// keeps the axis starts an optimal solution: checked on every position up
// to five moves from solved against the breadth-first distances.
func TestInverseTightBarsMoves(t *testing.T) {
	tb := bigTable(t)
	layers := bfs5()
	barred := 0
	for d := 1; d < len(layers); d++ {
		closer := make(map[Cubie]bool, len(layers[d-1]))
		for _, c := range layers[d-1] {
			closer[c] = true
		}
		for _, c := range layers[d] {
			n := nodeOf(c)
			hv := tb.p.axisValues(&n)
			for a := range axes {
				if int(hv[firstInverse+a]) != d {
					continue
				}
				for m := Move(0); m < NMoves; m++ {
					if keepsAxis[a]>>m&1 == 0 {
						continue
					}
					barred++
					if closer[c.Apply(m)] {
						t.Fatalf("depth %d: %s starts an optimal solution of %s, whose inverse's entry along axis %d is %d", d, m, c.Facelets(), a, d)
					}
				}
			}
		}
	}
	if barred == 0 {
		t.Fatal("no move was barred: the check checked nothing")
	}
}

// With the real tables, which bar moves and cut by the inverse's entries,
// the search still answers the first optimal sequence in the move order
// and lists every optimal sequence, as trying every sequence does.
func TestSearchWithTableAgreesWithBruteForce(t *testing.T) {
	tb := bigTable(t)
	layers := bfs5()
	rng := rand.New(rand.NewPCG(33, 34))
	for d := 1; d <= 5; d++ {
		for k := 0; k < 8; k++ {
			c := layers[d][rng.IntN(len(layers[d]))]
			first, count := firstAndCount(c, d, false)
			r := tb.Search(c, Options{Workers: 2})
			if !r.Found || r.Length != d || !slices.Equal(r.Solutions[0], first) {
				t.Fatalf("depth %d: answer %v of length %d, first optimal %s", d, r.Solutions, r.Length, FormatMoves(first))
			}
			all := tb.Search(c, Options{Workers: 2, All: true})
			if len(all.Solutions) != count {
				t.Fatalf("depth %d: %d listed, %d sequences solve", d, len(all.Solutions), count)
			}
		}
	}
	for d := 1; d <= 3; d++ {
		for k := 0; k < 8; k++ {
			c := layers[d][rng.IntN(len(layers[d]))]
			var first []Move
			q, count := 0, 0
			for ; first == nil; q++ {
				first, count = firstAndCount(c, q, true)
			}
			r := tb.Search(c, Options{QTM: true, Workers: 2})
			all := tb.Search(c, Options{QTM: true, All: true, Canonical: true})
			if !r.Found || r.Length != q-1 || !slices.Equal(r.Solutions[0], first) || CountSolutions(all.Solutions, true) != uint64(count) {
				t.Fatalf("QTM: %v length %d, brute force %s length %d, %d solutions", r.Solutions, r.Length, FormatMoves(first), q-1, count)
			}
		}
	}
}
