package pocket

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/pocket"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/proof"
	"github.com/godtable/godtable/internal/support/tier"
	"github.com/godtable/godtable/lookup"
	embedded "github.com/godtable/godtable/tables/pocket"
)

var metrics = []Metric{HTM, QTM}

// pocketDistances are the breadth-first distances, computed afresh.
var pocketDistances = sync.OnceValue(func() [2][]uint8 {
	htm, qtm := pocket.HTM(), pocket.QTM()
	return [2][]uint8{proof.Distances(htm), proof.Distances(qtm)}
})

// forRanks runs f on the given positions, on all CPUs.
func forRanks(t *testing.T, ranks []uint32, f func(r uint32) error) {
	workers := runtime.NumCPU()
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for k := w; k < len(ranks); k += workers {
				if err := f(ranks[k]); err != nil {
					errs[w] = err
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}

// Every one of the 3,674,160 positions, in both metrics: the answer solves
// the cube by the move model, turns no face twice in a row, and its length
// is the breadth-first distance. (Under -short, 2,000 positions of each
// distance, all of the rarer ones: see tier.ByDistance.)
func TestPocketAllPositions(t *testing.T) {
	if proof.RaceShort() {
		t.Skip("a proof over every state runs without the race detector")
	}
	dist := pocketDistances()
	for _, m := range metrics {
		t.Run(m.String(), func(t *testing.T) {
			// Through the next-step table, as a program that solves many
			// positions walks (TestPocketNextStepTables proves it answers
			// as the distance table does on every state).
			pocketWalker(t, m, true)
			perDistance := make([]int, 16)
			var mu sync.Mutex
			ranks := tier.ByDistance(pocket.NStates, func() []uint8 { return dist[m] })
			forRanks(t, ranks, func(r uint32) error {
				c := Cube{rank: r}
				s, err := c.Solve(m)
				if err != nil {
					return fmt.Errorf("rank %d: %v", r, err)
				}
				x := pocket.FromRank(r)
				for k, i := range s.Steps() {
					if k > 0 && i/3 == s.Steps()[k-1]/3 {
						return fmt.Errorf("rank %d: %s turns a face twice in a row", r, s)
					}
					x = x.Apply(pocket.Move(i))
				}
				if x != pocket.Solved {
					return fmt.Errorf("rank %d: %s does not solve %s", r, s, c.Facelets())
				}
				if s.Cost() != int(dist[m][r]) {
					return fmt.Errorf("rank %d: %s has length %d, distance %d", r, s, s.Cost(), dist[m][r])
				}
				if r%64 == 0 {
					mu.Lock()
					perDistance[s.Cost()]++
					mu.Unlock()
				}
				return nil
			})
		})
	}
}

// The table's recorded distribution is the published one.
func TestPocketDistribution(t *testing.T) {
	want := map[Metric][]int{
		HTM: {1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644},
		QTM: {1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276},
	}
	for _, m := range metrics {
		got, err := Distribution(m)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want[m]) {
			t.Errorf("%v: %v, want %v", m, got, want[m])
		}
	}
}

// idaDistance finds the optimal length by iterative deepening over the
// corner model, with no table of the product: its only pruning is two small
// pattern databases (permutation alone, twist alone) that it builds itself.
type ida struct {
	moves      []pocket.Move
	cost       []int
	perm, twst []int8
}

func newIDA(m Metric) *ida {
	d := &ida{}
	if m == HTM {
		d.moves = pocket.HTMMoves
		d.cost = slices.Repeat([]int{1}, 9)
	} else {
		// Quarter turns only: the quarter-turn length of a position.
		d.moves = pocket.QTMMoves
		d.cost = slices.Repeat([]int{1}, 6)
	}
	d.perm = d.patternBFS(pocket.NPerm, func(c pocket.Cubie) int { return c.PermRank() }, func(i int) pocket.Cubie { return pocket.FromRank(uint32(i * pocket.NTwist)) })
	d.twst = d.patternBFS(pocket.NTwist, func(c pocket.Cubie) int { return c.TwistRank() }, func(i int) pocket.Cubie { return pocket.FromRank(uint32(i)) })
	return d
}

func (d *ida) patternBFS(n int, rank func(pocket.Cubie) int, unrank func(int) pocket.Cubie) []int8 {
	dist := make([]int8, n)
	for i := range dist {
		dist[i] = -1
	}
	dist[0] = 0
	queue := []int{0}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		c := unrank(x)
		for _, m := range d.moves {
			y := rank(c.Apply(m))
			if dist[y] < 0 {
				dist[y] = dist[x] + 1
				queue = append(queue, y)
			}
		}
	}
	return dist
}

func (d *ida) distance(c pocket.Cubie) int {
	for bound := 0; ; bound++ {
		if d.search(c, 0, bound, -1) {
			return bound
		}
	}
}

func (d *ida) search(c pocket.Cubie, g, bound, lastFace int) bool {
	h := max(int(d.perm[c.PermRank()]), int(d.twst[c.TwistRank()]))
	if g+h > bound {
		return false
	}
	if c == pocket.Solved {
		return true
	}
	for i, m := range d.moves {
		if m.Face() == lastFace && d.cost[i] == 1 && len(d.moves) == 9 {
			continue
		}
		if d.search(c.Apply(m), g+d.cost[i], bound, m.Face()) {
			return true
		}
	}
	return false
}

// Optimality without the table: iterative deepening agrees with the
// distance on random positions, in both metrics.
func TestPocketOptimalWithoutTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	n := 300
	if testing.Short() {
		n = 30
	}
	for _, m := range metrics {
		d := newIDA(m)
		for range n {
			c := Random(rng)
			got, err := c.Distance(m)
			if err != nil {
				t.Fatal(err)
			}
			if want := d.distance(pocket.FromRank(c.rank)); got != want {
				t.Fatalf("%v: %s: distance %d, iterative deepening %d", m, c.Facelets(), got, want)
			}
		}
	}
}

// The seed's thirteen patterns: their optimal lengths, and the numbers of
// optimal solutions it reports (patterns 1 and 2 are given as U and U2).
func TestPocketSeedPatterns(t *testing.T) {
	patterns := []struct {
		n      int
		state  string
		length int
		count  uint64 // 0: the seed says only "many"
	}{
		{1, "U", 1, 1},
		{2, "U2", 1, 1},
		{3, "UUUULRBFRLFBLRBFRLFBDDDD", 3, 2},
		{4, "DDUURRBFRRFBLLBFLLFBUUDD", 4, 3},
		{5, "UDDULBRFRFLBLBRFRFLBUDDU", 5, 2},
		{6, "UUUURLFBLRBFLRBFRLFBDDDD", 4, 4},
		{7, "FFFUDDRFRULLLDRRUULBBBDB", 10, 18},
		{8, "DDDUFFLFRBRRLFLLBBRBUUDU", 10, 8},
		{9, "UFFULDRFRULBLLFRURBBDBDD", 10, 45},
		{10, "UUUDLLFRFRBBLLFRFRBBDUDD", 11, 0},
		{11, "UUUURLFBLRBFLLFFRRBBDDDD", 11, 24},
		{12, "UDUDLLFRFFLBLBRRFRBBUUDD", 3, 1},
		{13, "DUUDLLFBRRBFLRFFRLBBUDDU", 9, 8},
	}
	for _, p := range patterns {
		var c Cube
		var err error
		if len(p.state) == 24 {
			c, err = Parse(p.state)
		} else {
			c, err = Scramble(p.state)
		}
		if err != nil {
			t.Fatalf("pattern %d: %v", p.n, err)
		}
		s, err := c.Solve(HTM)
		if err != nil {
			t.Fatal(err)
		}
		if s.Len() != p.length {
			t.Errorf("pattern %d: %s has %d moves, want %d", p.n, s, s.Len(), p.length)
		}
		count, err := c.Count(HTM)
		if err != nil {
			t.Fatal(err)
		}
		all, truncated, err := c.All(HTM, 0)
		if err != nil || truncated {
			t.Fatal(err, truncated)
		}
		if uint64(len(all)) != count {
			t.Errorf("pattern %d: All lists %d solutions, Count says %d", p.n, len(all), count)
		}
		if p.count != 0 && count != p.count {
			t.Errorf("pattern %d: %d optimal solutions, the seed reports %d", p.n, count, p.count)
		}
		seen := map[string]bool{}
		for _, sol := range all {
			if sol.Len() != p.length || !c.Apply(sol).IsSolved() || seen[sol.String()] {
				t.Errorf("pattern %d: bad or repeated solution %q", p.n, sol)
			}
			seen[sol.String()] = true
		}
	}
}

// Count and All agree with a brute-force enumeration of every token
// sequence (no face twice in a row) of the optimal length, in both metrics,
// on positions at every distance the enumeration affords: a plain search
// that shares nothing with the walk but the move model.
func TestPocketCountBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, m := range metrics {
		maxD := map[Metric]int{HTM: 6, QTM: 8}[m]
		for want := 1; want <= maxD; want++ {
			for found := 0; found < 6; {
				// A random walk of want moves, kept if it is that far.
				c := Cube{}
				for range want {
					c.rank = pocket.MoveTables().Apply(c.rank, pocket.Move(rng.IntN(9)))
				}
				if d, _ := c.Distance(m); d != want {
					continue
				}
				found++
				checkPocketCountBrute(t, c, m, want)
			}
		}
	}
}

func checkPocketCountBrute(t *testing.T, c Cube, m Metric, d int) {
	t.Helper()
	var brute []string
	var path []string
	var rec func(x Cube, cost, last int)
	rec = func(x Cube, cost, last int) {
		if cost == d {
			if x.IsSolved() {
				brute = append(brute, strings.Join(path, " "))
			}
			return
		}
		for i := range 9 {
			mv := pocket.Move(i)
			if mv.Face() == last {
				continue
			}
			q := 1
			if m == QTM && mv.Quarters() == 2 {
				q = 2
			}
			if cost+q > d {
				continue
			}
			path = append(path, mv.String())
			rec(Cube{rank: pocket.MoveTables().Apply(x.rank, mv)}, cost+q, mv.Face())
			path = path[:len(path)-1]
		}
	}
	rec(c, 0, -1)
	n, err := c.Count(m)
	if err != nil {
		t.Fatal(err)
	}
	all, truncated, err := c.All(m, 0)
	if err != nil || truncated {
		t.Fatal(err, truncated)
	}
	var listed []string
	for _, s := range all {
		listed = append(listed, s.String())
	}
	if uint64(len(brute)) != n || !slices.Equal(listed, brute) {
		t.Errorf("%s %v: Count %d, All %q; brute force %q", c.Facelets(), m, n, listed, brute)
	}
}

// The same cube under all 720 relabellings of its colours gives the same
// solution.
func TestPocketRelabelling(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	alphabet := []byte("!#$%&*+-0123456789:;<=>?@abcdefXYZ~")
	for range 10 {
		c := Random(rng)
		want, _ := c.Solve(HTM)
		base := c.Facelets()
		colours := make([]byte, 6)
		perm := []int{0, 1, 2, 3, 4, 5}
		var permute func(k int)
		count := 0
		permute = func(k int) {
			if k == 6 {
				count++
				// Six distinct characters from the alphabet, in this order.
				off := rng.IntN(len(alphabet) - 6)
				for i, p := range perm {
					colours[i] = alphabet[off+p]
				}
				var b strings.Builder
				for i := range base {
					b.WriteByte(colours[strings.IndexByte(pocket.FaceNames, base[i])])
				}
				x, err := Parse(b.String())
				if err != nil {
					t.Fatalf("%s: %v", b.String(), err)
				}
				got, _ := x.Solve(HTM)
				if got.String() != want.String() {
					t.Fatalf("%s gives %q, %s gives %q", base, want, b.String(), got)
				}
				return
			}
			for i := k; i < 6; i++ {
				perm[k], perm[i] = perm[i], perm[k]
				permute(k + 1)
				perm[k], perm[i] = perm[i], perm[k]
			}
		}
		permute(0)
		if count != 720 {
			t.Fatalf("%d relabellings", count)
		}
	}
}

func TestPocketScrambleAndVerify(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 200 {
		c := Random(rng)
		s, err := c.Moves()
		if err != nil {
			t.Fatal(err)
		}
		x, err := Scramble(s.String())
		if err != nil || x != c {
			t.Fatalf("scramble %q does not make %s", s, c.Facelets())
		}
		for _, m := range metrics {
			sol, _ := c.Solve(m)
			v, err := c.Verify(sol.String(), m)
			if err != nil || !v.IsOptimal() {
				t.Fatalf("%s: own solution %q verdict %v %v", c.Facelets(), sol, v, err)
			}
		}
	}
	c, _ := Scramble("R U")
	for _, tc := range []struct {
		sol  string
		want string
	}{
		{"U' R'", "optimal: length 2"},
		// One face may be turned several times in a row, each turn counted.
		{"U' R' R R'", "not optimal: length 4, optimal 2"},
		{"U' F R'", "illegal: does not solve the cube (optimal 2)"},
		{"U R U' R' U' R'", "illegal: does not solve the cube (optimal 2)"},
		{"U2 U R'", "not optimal: length 3, optimal 2"},
		{"U' X", `illegal: bad move "X" at character 4 (want U D L R F B, x y z, Rw Lw Uw Dw Fw Bw or r l u d f b, each plain or with ' 2 2' 3) (optimal 2)`},
		{"U' (R'", `illegal: unclosed "(" at character 4 (want ")") (optimal 2)`},
		// Rotations count nothing, and the cube may end in any
		// orientation: after y the old R face is in front, after x the old
		// U face is at the back.
		{"U' y F'", "optimal: length 2"},
		{"x B' R' x'", "optimal: length 2"},
		{"U' y L'", "illegal: does not solve the cube (optimal 2)"},
		{"U' R' x", "optimal: length 2"},
		{"(R U)'", "optimal: length 2"},
		{"R U R' U' R' U' R U R U' R' U' R' U' R U R U' R' U'", "illegal: does not solve the cube (optimal 2)"},
		{"U F F' R'", "illegal: does not solve the cube (optimal 2)"},
		{"F R U' R' U' R U R' F' U' R'", "illegal: does not solve the cube (optimal 2)"},
	} {
		v, err := c.Verify(tc.sol, HTM)
		if err != nil {
			t.Fatal(err)
		}
		if v.String() != tc.want {
			t.Errorf("verify %q: %s, want %s", tc.sol, v, tc.want)
		}
	}
	// A legal, longer solution is "not optimal": (U2 R2)^6 is the identity.
	if v, _ := c.Verify("U' R' U2 R2 U2 R2 U2 R2 U2 R2 U2 R2 U2 R2", HTM); v.String() != "not optimal: length 14, optimal 2" {
		t.Errorf("verdict %s", v)
	}
	if v, _ := c.Verify("U' R' U2 R2 U2 R2 U2 R2 U2 R2 U2 R2 U2 R2", QTM); v.String() != "not optimal: length 26, optimal 2" {
		t.Errorf("verdict %s", v)
	}
	long, _ := Scramble("R U F")
	v, _ := long.Verify("F' U' R' F R F' R'", HTM)
	if v.String() != "illegal: does not solve the cube (optimal 3)" {
		t.Errorf("verdict %s", v)
	}
	// twsearch writes a half turn as two quarter turns in QTM: F F counts 2
	// in either metric, as F2 does in QTM.
	ff, _ := Scramble("F2")
	if v, _ := ff.Verify("F F", QTM); v.String() != "optimal: length 2" {
		t.Errorf("F F from F2 in QTM: %v", v)
	}
	if v, _ := ff.Verify("F F", HTM); v.String() != "not optimal: length 2, optimal 1" {
		t.Errorf("F F from F2 in HTM: %v", v)
	}
	if v, _ := ff.Verify("F2", HTM); v.String() != "optimal: length 1" {
		t.Errorf("F2 in HTM: %v", v)
	}
}

// Solutions in the other faces, as other solvers write them, solve the cube
// as held; the verdict counts them as the metric says.
func TestPocketVerifyWholeNotation(t *testing.T) {
	c, err := Scramble("R2 U' L' F2 U' L' U2 L' U2 L' U'")
	if err != nil {
		t.Fatal(err)
	}
	// The scramble undone, in reverse, is a solution of 11 face turns.
	v, err := c.Verify("U L U2 L U2 L U F2 L U R2", HTM)
	if err != nil || !v.Legal || v.Length != 11 {
		t.Fatalf("inverse scramble: %v %v", v, err)
	}
	sol, _ := c.Solve(HTM)
	if v.Optimal != sol.Len() {
		t.Fatalf("optimal %d, solution %q", v.Optimal, sol)
	}
	// The solve answer in R U F solves it too.
	if v, _ := c.Verify(sol.String(), HTM); !v.IsOptimal() {
		t.Fatalf("own solution %q: %v", sol, v)
	}
}

func TestPocketScrambleBadToken(t *testing.T) {
	_, err := Scramble("R U2 F4 R")
	var pe *Error
	if !errors.As(err, &pe) || err.Error() != `bad move "F4" at character 6 (want U D L R F B, x y z, Rw Lw Uw Dw Fw Bw or r l u d f b, each plain or with ' 2 2' 3)` || !errors.Is(err, ErrMove) || pe.Token != "F4" || pe.Pos != 6 {
		t.Errorf("got %v", err)
	}
	// F3 is F', L and the rotations are moves.
	a, err := Scramble("R U2 F3 L x")
	b, _ := Scramble("R U2 F' L x")
	if err != nil || a != b || a.IsSolved() {
		t.Errorf("F3: %v %v %v", a, b, err)
	}
}

// pocketInputs are random positions as facelets, the same for every
// benchmark.
func pocketInputs() []string {
	rng := rand.New(rand.NewPCG(1, 2))
	inputs := make([]string, 4096)
	for i := range inputs {
		inputs[i] = Random(rng).Facelets()
	}
	return inputs
}

// pocketWalker returns the metric's walker, with its next-step table derived
// when prepared is true (as it is in a program after a few thousand solves),
// the table's shortcut (the cube's own walk) made in any case (as it is
// after a program's first walk).
func pocketWalker(b testing.TB, m Metric, prepared bool) *walk.Walker {
	w, err := tables[m].Walker()
	if err != nil {
		b.Fatal(err)
	}
	var steps [walk.MaxSteps]uint8
	if _, err := tables[m].SolveByTable(puzzle.State(1), steps[:0]); err != nil {
		b.Fatal(err)
	}
	if prepared {
		w.Prepare()
	}
	return w
}

// BenchmarkPocketSolve goes from a facelet string to the written move list.
// htm and qtm are Solve as a program sees it once the walker has its
// next-step table; htm-by-table and qtm-by-table are the same with the
// distance table walked instead, as in a program's first few thousand solves.
func BenchmarkPocketSolve(b *testing.B) {
	inputs := pocketInputs()
	for _, m := range metrics {
		for _, byTable := range []bool{false, true} {
			name := m.String()
			if byTable {
				name += "-by-table"
			}
			b.Run(name, func(b *testing.B) {
				pocketWalker(b, m, !byTable)
				nt := tables[m].Notation()
				buf := make([]byte, 0, 64)
				i := 0
				for b.Loop() {
					c, err := Parse(inputs[i%len(inputs)])
					if err != nil {
						b.Fatal(err)
					}
					var s lookup.Solution
					if byTable {
						var steps [walk.MaxSteps]uint8
						var sol []uint8
						sol, err = tables[m].SolveByTable(puzzle.State(c.rank), steps[:0])
						s = answer.New(nt, sol)
					} else {
						s, err = c.Solve(m)
					}
					if err != nil {
						b.Fatal(err)
					}
					buf = s.Append(buf[:0])
					i++
				}
			})
		}
	}
}

// embeddedFile returns the embedded table of the metric.
func embeddedFile(m Metric) string { return [2]string{HTM: embedded.HTM, QTM: embedded.QTM}[m] }

// BenchmarkPocketPrepare derives a next-step table from the decoded distance
// table, in each metric, on all CPUs, through the cube's own walk (as the
// table does once it has made it).
func BenchmarkPocketPrepare(b *testing.B) {
	for _, m := range metrics {
		b.Run(m.String(), func(b *testing.B) {
			w := pocketWalker(b, m, false)
			def := w.Def()
			lv, err := table.Decode(def, []byte(embeddedFile(m)))
			if err != nil {
				b.Fatal(err)
			}
			own := pocket.NewWalk(m == QTM, lv)
			for b.Loop() {
				b.StopTimer()
				fresh := walk.New(def, lv, w.Steps(), m == QTM)
				fresh.DeriveWith(own.First)
				b.StartTimer()
				fresh.Prepare()
			}
		})
	}
}

// BenchmarkPocketParse is Parse alone.
func BenchmarkPocketParse(b *testing.B) {
	inputs := pocketInputs()
	i := 0
	for b.Loop() {
		if _, err := Parse(inputs[i%len(inputs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkPocketWalk is the walk alone, from a position to its solution
// (-by-table: through the distance table).
func BenchmarkPocketWalk(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	cubes := make([]Cube, 4096)
	for i := range cubes {
		cubes[i] = Random(rng)
	}
	for _, m := range metrics {
		b.Run(m.String(), func(b *testing.B) {
			pocketWalker(b, m, true)
			i := 0
			for b.Loop() {
				if _, err := cubes[i%len(cubes)].Solve(m); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
	for _, m := range metrics {
		b.Run(m.String()+"-by-table", func(b *testing.B) {
			pocketWalker(b, m, false)
			i := 0
			for b.Loop() {
				var steps [walk.MaxSteps]uint8
				if _, err := tables[m].SolveByTable(puzzle.State(cubes[i%len(cubes)].rank), steps[:0]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// TestPocketVerifyThroughNextTable: Verify judges alike before and after the
// next-move table is in use, through which it follows the walk's own steps:
// every optimal solution (the walk's and the others) is optimal, and one
// changed in a move, or lengthened by a move and its inverse, is not.
func TestPocketVerifyThroughNextTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	type check struct {
		c   Cube
		m   Metric
		sol string
	}
	var checks []check
	for range 100 {
		c := Random(rng)
		for _, m := range metrics {
			all, _, err := c.All(m, 20)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range all {
				checks = append(checks, check{c, m, s.String()})
				f := strings.Fields(s.String())
				if len(f) > 0 {
					changed := slices.Clone(f)
					changed[len(f)-1] = map[byte]string{'R': "U", 'U': "F", 'F': "R"}[f[len(f)-1][0]]
					checks = append(checks, check{c, m, strings.Join(changed, " ")})
					longer := slices.Insert(slices.Clone(f), 1, "R", "R'")
					checks = append(checks, check{c, m, strings.Join(longer, " ")})
				}
			}
		}
	}
	verdicts := func() []lookup.Verdict {
		var vs []lookup.Verdict
		for _, k := range checks {
			v, err := k.c.Verify(k.sol, k.m)
			if err != nil {
				t.Fatal(err)
			}
			vs = append(vs, v)
		}
		return vs
	}
	before := verdicts()
	if err := Configure(lookup.WithNextTable(lookup.NextNow)); err != nil {
		t.Fatal(err)
	}
	after := verdicts()
	optimal := 0
	for i, k := range checks {
		if before[i] != after[i] {
			t.Fatalf("%s %v %q: %v before the next-move table, %v with it", k.c.Facelets(), k.m, k.sol, before[i], after[i])
		}
		d, _ := k.c.Distance(k.m)
		want := after[i].Legal && after[i].Length == d
		if after[i].IsOptimal() != want || after[i].Optimal != d {
			t.Fatalf("%s %v %q: verdict %v, distance %d", k.c.Facelets(), k.m, k.sol, after[i], d)
		}
		if want {
			optimal++
		}
	}
	if optimal == 0 || optimal == len(checks) {
		t.Errorf("%d of %d optimal", optimal, len(checks))
	}
}

// Tables read from the table files answer every question as the embedded
// ones, in both metrics.
func TestFromAnswersAsEmbedded(t *testing.T) {
	from := From(strings.NewReader(embedded.HTM), strings.NewReader(embedded.QTM))
	rng := rand.New(rand.NewPCG(11, 12))
	for _, m := range []Metric{HTM, QTM} {
		got, err1 := from.Distribution(m)
		want, err2 := Distribution(m)
		if err1 != nil || err2 != nil || !slices.Equal(got, want) {
			t.Fatalf("%v: distribution %v (%v), embedded %v (%v)", m, got, err1, want, err2)
		}
		for range 200 {
			c := Random(rng)
			answers := func(t *Tables) string {
				s, err1 := t.Solve(c, m)
				d, err2 := t.Distance(c, m)
				n, err3 := t.Count(c, m)
				all, more, err4 := t.All(c, m, 3)
				mv, err5 := t.MovesIn(c, m)
				v, err6 := t.Verify(c, "R U F", m)
				return fmt.Sprint(s, d, n, all, more, mv, v, err1, err2, err3, err4, err5, err6)
			}
			if got, want := answers(from), answers(Embedded()); got != want {
				t.Fatalf("%v, %s: from the files %s, embedded %s", m, c, got, want)
			}
		}
	}
	if err := from.Configure(lookup.WithNextTable(lookup.NextOff)); err != nil {
		t.Fatal(err)
	}
}

// A damaged table, or another metric's, is refused with a TableError when
// it is first read, and answers nothing; the other metric's table, given
// as nil, is the embedded one and answers.
func TestFromRefuses(t *testing.T) {
	bad := []byte(embedded.HTM)
	bad[len(bad)/2] ^= 0x08
	c := Random(rand.New(rand.NewPCG(13, 14)))
	damaged := From(bytes.NewReader(bad), nil)
	var te *lookup.TableError
	if s, err := damaged.Solve(c, HTM); !errors.As(err, &te) || !errors.Is(err, lookup.ErrCorruptTable) || s.Len() != 0 {
		t.Errorf("damaged half-turn table: %q, %v; want a TableError for a corrupt table", s, err)
	}
	if _, err := damaged.Distribution(HTM); !errors.Is(err, lookup.ErrCorruptTable) {
		t.Errorf("damaged half-turn table's distribution: %v", err)
	}
	want, err := c.Solve(QTM)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := damaged.Solve(c, QTM); err != nil || s.String() != want.String() {
		t.Errorf("the embedded quarter-turn table beside it: %q, %v; want %q", s, err, want)
	}
	swapped := From(strings.NewReader(embedded.QTM), nil)
	if _, err := swapped.Solve(c, HTM); !errors.Is(err, lookup.ErrTableMismatch) {
		t.Errorf("the quarter-turn table as the half-turn one: %v, want a mismatch", err)
	}
	if _, err := Embedded().Solve(c, Metric(7)); err == nil {
		t.Error("an unknown metric answered")
	}
}
