package cube3

import (
	"math/rand/v2"
	"os"
	"slices"
	"sync"
	"testing"
)

// bfsLayers is a plain breadth-first search of the positions up to depth
// n from solved, by cubies and a map, sharing no code with the solver's
// coordinates or tables: layers[d] are the positions at distance d.
func bfsLayers(n int) [][]Cubie {
	seen := map[Cubie]bool{Solved: true}
	layers := [][]Cubie{{Solved}}
	for d := 1; d <= n; d++ {
		var next []Cubie
		for _, c := range layers[d-1] {
			for m := Move(0); m < NMoves; m++ {
				x := c.Apply(m)
				if !seen[x] {
					seen[x] = true
					next = append(next, x)
				}
			}
		}
		layers = append(layers, next)
	}
	return layers
}

var bfs5 = sync.OnceValue(func() [][]Cubie { return bfsLayers(5) })

// The published counts of positions at each distance in the half-turn
// metric.
var publishedHTM = []int{1, 18, 243, 3240, 43239, 574908, 7618438}

func TestBFSCounts(t *testing.T) {
	// Depth 6 holds 7,618,438 positions, a gigabyte in a map: only with
	// GODTABLE_LONG=1.
	layers := bfs5()
	n := 5
	if os.Getenv("GODTABLE_LONG") != "" {
		n, layers = 6, bfsLayers(6)
	}
	for d := 0; d <= n; d++ {
		if len(layers[d]) != publishedHTM[d] {
			t.Fatalf("depth %d: %d positions, published %d", d, len(layers[d]), publishedHTM[d])
		}
	}
}

// zeroTable is an admissible table that knows nothing: the search is then
// a plain iterative deepening, for the short tests.
var zeroTable = sync.OnceValue(func() *pruneTable { return Uninformed().p })

// firstAndCount finds, by trying every sequence of length d in the move
// order (no face twice in a row), the first that solves c, and how many do.
func firstAndCount(c Cubie, d int, qtm bool) (first []Move, count int) {
	var path []Move
	var walk func(x Cubie, left, last int)
	walk = func(x Cubie, left, last int) {
		if left == 0 {
			if x == Solved {
				if first == nil {
					first = slices.Clone(path)
				}
				count++
			}
			return
		}
		for m := Move(0); m < NMoves; m++ {
			if m.Face() == last || m.Cost(qtm) > left {
				continue
			}
			path = append(path, m)
			walk(x.Apply(m), left-m.Cost(qtm), m.Face())
			path = path[:len(path)-1]
		}
	}
	walk(c, d, -1)
	return first, count
}

// On positions up to four moves from solved, the search's length is the
// breadth-first distance, its answer the first optimal sequence in the
// move order, and its list every optimal sequence once.
func TestSearchAgreesWithBruteForce(t *testing.T) {
	p := zeroTable()
	layers := bfs5()
	rng := rand.New(rand.NewPCG(13, 14))
	for d := 0; d <= 4; d++ {
		for k := 0; k < 25; k++ {
			c := layers[d][rng.IntN(len(layers[d]))]
			r := p.Search(c, Options{Workers: 2})
			if !r.Found || r.Length != d {
				t.Fatalf("depth %d: found %v length %d", d, r.Found, r.Length)
			}
			first, count := firstAndCount(c, d, false)
			if !slices.Equal(r.Solutions[0], first) && !(d == 0 && len(r.Solutions[0]) == 0) {
				t.Fatalf("depth %d: answer %s, first optimal %s", d, FormatMoves(r.Solutions[0]), FormatMoves(first))
			}
			all := p.Search(c, Options{Workers: 2, All: true})
			canon := p.Search(c, Options{Workers: 1, All: true, Canonical: true})
			if d > 0 && (len(all.Solutions) != count || CountSolutions(canon.Solutions, false) != uint64(count)) {
				t.Fatalf("depth %d: %d listed, %d counted, %d sequences solve", d, len(all.Solutions), CountSolutions(canon.Solutions, false), count)
			}
			for i, s := range all.Solutions {
				if c.ApplyMoves(s) != Solved || (i > 0 && slices.Compare(all.Solutions[i-1], s) >= 0) {
					t.Fatalf("depth %d: listed solution %s does not solve or is out of order", d, FormatMoves(s))
				}
			}
		}
	}
}

// In the quarter-turn metric too, on short positions.
func TestSearchQTM(t *testing.T) {
	p := zeroTable()
	layers := bfs5()
	rng := rand.New(rand.NewPCG(15, 16))
	for d := 1; d <= 3; d++ {
		for k := 0; k < 10; k++ {
			c := layers[d][rng.IntN(len(layers[d]))]
			r := p.Search(c, Options{QTM: true, Workers: 2})
			// The first length with a solving sequence, by brute force.
			var first []Move
			q, count := 0, 0
			for ; first == nil; q++ {
				first, count = firstAndCount(c, q, true)
			}
			if !r.Found || r.Length != q-1 || !slices.Equal(r.Solutions[0], first) {
				t.Fatalf("QTM: %s length %d, brute force %s length %d", FormatMoves(r.Solutions[0]), r.Length, FormatMoves(first), q-1)
			}
			all := p.Search(c, Options{QTM: true, All: true, Canonical: true})
			if n := CountSolutions(all.Solutions, true); n != uint64(count) {
				t.Fatalf("QTM: %d solutions counted, %d by brute force", n, count)
			}
		}
	}
}

// One worker and several give the same answers.
func TestSearchWorkersAgree(t *testing.T) {
	p := zeroTable()
	layers := bfs5()
	rng := rand.New(rand.NewPCG(17, 18))
	for k := 0; k < 6; k++ {
		c := layers[5][rng.IntN(len(layers[5]))]
		one := p.Search(c, Options{Workers: 1})
		for _, w := range []int{2, 3, 7} {
			n := p.Search(c, Options{Workers: w})
			if n.Length != one.Length || !slices.Equal(n.Solutions[0], one.Solutions[0]) {
				t.Fatalf("%d workers: %s, one worker: %s", w, FormatMoves(n.Solutions[0]), FormatMoves(one.Solutions[0]))
			}
		}
	}
}

// A search that runs out of time answers with the length it proved
// impossible, and MaxCost likewise.
func TestSearchBounded(t *testing.T) {
	p := zeroTable()
	c := bfs5()[5][0]
	r := p.Search(c, Options{MaxCost: 3})
	if r.Found || r.Length != 4 {
		t.Fatalf("MaxCost 3 on a depth-5 position: found %v, length %d", r.Found, r.Length)
	}
}

// bigTable is the real table, from the cache (built there if missing):
// not in -short runs.
func bigTable(t *testing.T) *Tables {
	t.Helper()
	if testing.Short() {
		t.Skip("needs the 3x3x3 pruning tables (built once into the cache, under a minute)")
	}
	tb, err := openTestTable()
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

var openTestTable = sync.OnceValues(func() (*Tables, error) { return Open(os.Stderr, 0) })

// The table never says more than the exact distance, on every position up
// to five moves from solved (checked as each conjugate the search looks
// up), and is 0 only for solved flip, twist and slice.
func TestPruneAdmissible(t *testing.T) {
	tb := bigTable(t)
	for d, layer := range bfs5() {
		for _, c := range layer {
			if h := tb.LowerBound(c); h > d {
				t.Fatalf("depth %d: the table says %d for %s", d, h, c.Facelets())
			}
		}
	}
}

// On random positions the search's answers solve, the table's bound never
// exceeds the length found, and the distances agree with the breadth-first
// search's at depth 5.
func TestSearchWithTable(t *testing.T) {
	tb := bigTable(t)
	rng := rand.New(rand.NewPCG(19, 20))
	layer := bfs5()[5]
	for k := 0; k < 50; k++ {
		c := layer[rng.IntN(len(layer))]
		r := tb.Search(c, Options{})
		if r.Length != 5 || c.ApplyMoves(r.Solutions[0]) != Solved {
			t.Fatalf("depth 5 position solved in %d", r.Length)
		}
	}
	for k := 0; k < 20; k++ {
		c := Solved
		for i := 0; i < 12; i++ {
			c = c.Apply(Move(rng.IntN(NMoves)))
		}
		r := tb.Search(c, Options{})
		if !r.Found || c.ApplyMoves(r.Solutions[0]) != Solved || len(r.Solutions[0]) != r.Length {
			t.Fatal("a solution does not solve")
		}
		if h := tb.LowerBound(c); h > r.Length {
			t.Fatalf("bound %d above the optimal length %d", h, r.Length)
		}
		// One move changes each of the position's own entries by one at
		// most, which the search's early cut relies on (the inverse's
		// entries it does not rely on).
		n := nodeOf(c)
		hv := tb.p.axisValues(&n)
		for m := Move(0); m < NMoves; m++ {
			ch := nodeOf(c.Apply(m))
			for a, v := range tb.p.axisValues(&ch) {
				if a >= firstInverse {
					break
				}
				if d := int(v) - int(hv[a]); d < -1 || d > 1 {
					t.Fatalf("%s changes axis %d's entry from %d to %d", m, a, hv[a], v)
				}
			}
		}
		for _, w := range []int{1, 3} {
			if o := tb.Search(c, Options{Workers: w}); !slices.Equal(o.Solutions[0], r.Solutions[0]) {
				t.Fatalf("%d workers answer otherwise", w)
			}
		}
	}
}

// The superflip (every edge flipped in place) is 20 face turns from
// solved: an hour's search at most, so only with GODTABLE_LONG=1.
func TestSuperflip(t *testing.T) {
	if os.Getenv("GODTABLE_LONG") == "" {
		t.Skip("the superflip's search is long: set GODTABLE_LONG=1")
	}
	tb := bigTable(t)
	c := Solved
	for i := range c.EO {
		c.EO[i] = 1
	}
	r := tb.Search(c, Options{})
	if !r.Found || r.Length != 20 || c.ApplyMoves(r.Solutions[0]) != Solved {
		t.Fatalf("superflip: found %v, length %d", r.Found, r.Length)
	}
}
