package rotgame

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/model/rotgame"
	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/proof"
	"github.com/godtable/godtable/internal/support/tier"
)

func randomBoards(n int, seed uint64) []Position {
	rng := rand.New(rand.NewPCG(seed, 2))
	out := make([]Position, n)
	for i := range out {
		out[i] = Random(rng)
	}
	return out
}

// Every placement walks to the centre in exactly its distance from a full
// breadth-first search, each operation one nearer: the embedded table is
// right everywhere, and the walk never strays. (Under -short, on every
// distance's placements, all of them where there are at most
// tier.PerDistance.)
func TestWalkEveryPlacement(t *testing.T) {
	w, err := table.Walker()
	if err != nil {
		t.Fatal(err)
	}
	def := rotgame.Def()
	dist := proof.Distances(def)
	var buf [64]uint8
	for _, r := range tier.ByDistance(rotgame.NPlacements, func() []uint8 { return dist }) {
		s := def.Unrank(uint64(r))
		sol, err := w.Solve(s, buf[:0])
		if err != nil {
			t.Fatalf("placement %06x: %v", s, err)
		}
		if len(sol) != int(dist[r]) {
			t.Fatalf("placement %06x: %d operations, distance %d", s, len(sol), dist[r])
		}
		p := uint32(s)
		for k, m := range sol {
			p = rotgame.Move(p, int(m))
			if int(dist[rotgame.Rank(p)]) != int(dist[r])-k-1 {
				t.Fatalf("placement %06x: operation %d does not go one nearer", s, k+1)
			}
		}
		if p != rotgame.CentreMask {
			t.Fatalf("placement %06x: walk ends at %06x", s, p)
		}
	}
}

func idaOf(g Position) idaBoard { return idaBoard(g.Cells()) }

// parallel calls f(i) for i in [0, n) on every CPU.
func parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	var next atomic.Int64
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(i)
			}
		})
	}
	wg.Wait()
}

// raceShrink divides a test's cases under the race detector with -short,
// which slows the independent search tenfold; 1 otherwise.
func raceShrink() int {
	if raceEnabled && testing.Short() {
		return 10
	}
	return 1
}

// On thousands of random boards the answer equals the independent search's:
// the same length, sequence and centre number.
func TestAgainstIDA(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300 / raceShrink()
	}
	boards := randomBoards(n, 1)
	parallel(n, func(i int) {
		g := boards[i]
		a, err := g.Solve()
		if err != nil {
			t.Error(err)
			return
		}
		seq, centre := idaSolve(idaOf(g))
		if a.Moves.String() != seq || a.Centre != centre {
			t.Errorf("%v: answer %q centre %d, search %q centre %d", g, a.Moves, a.Centre, seq, centre)
		}
		if d, _ := g.Distance(); d != len(seq) {
			t.Errorf("%v: distance %d, search %d", g, d, len(seq))
		}
		if x := g.Apply(a.Moves); x.Centre() != centre {
			t.Errorf("%v: %q leaves centre %d", g, a.Moves, x.Centre())
		}
	})
}

// Boards chosen so that two numbers are equally near tell whether the tie
// between numbers is broken right: more of them than random boards give.
func TestTiesAgainstIDA(t *testing.T) {
	w, err := table.Walker()
	if err != nil {
		t.Fatal(err)
	}
	ties := 0
	for _, g := range randomBoards(20000, 3) {
		var d [3]int
		for k := range d {
			d[k], _ = w.Distance(puzzle.State(g.m[k]))
		}
		nearest := min(d[0], d[1], d[2])
		n := 0
		for _, x := range d {
			if x == nearest {
				n++
			}
		}
		if n < 2 {
			continue
		}
		ties++
		a, err := g.Solve()
		if err != nil {
			t.Fatal(err)
		}
		seq, centre := idaSolve(idaOf(g))
		if a.Moves.String() != seq || a.Centre != centre {
			t.Fatalf("%v: answer %q centre %d, search %q centre %d", g, a.Moves, a.Centre, seq, centre)
		}
		if ties == 200 || testing.Short() && ties == 50/raceShrink() {
			break
		}
	}
	if ties < 50/raceShrink() {
		t.Fatalf("only %d boards with tied numbers", ties)
	}
}

// Count and All agree with the independent search's complete list of
// optimal sequences, in order, with each one's centre number.
func TestAllAgainstIDA(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 30 / raceShrink()
	}
	for _, g := range randomBoards(n, 4) {
		seqs, centres := idaAll(idaOf(g))
		all, truncated, err := g.All(0)
		if err != nil || truncated {
			t.Fatal(err, truncated)
		}
		got := make([]string, len(all))
		gotCentres := make([]int, len(all))
		for i, a := range all {
			got[i], gotCentres[i] = a.Moves.String(), a.Centre
		}
		if !slices.Equal(got, seqs) || !slices.Equal(gotCentres, centres) {
			t.Fatalf("%v: All\n %v %v\nsearch\n %v %v", g, got, gotCentres, seqs, centres)
		}
		c, err := g.Count()
		if err != nil || c != uint64(len(seqs)) {
			t.Fatalf("%v: Count %d, %v; search %d", g, c, err, len(seqs))
		}
		if len(seqs) > 1 {
			some, truncated, _ := g.All(1)
			if len(some) != 1 || !truncated || some[0] != all[0] {
				t.Fatalf("%v: All(1) = %v, %v", g, some, truncated)
			}
		}
	}
}

// The joint walk over the three numbers gives the smallest of the numbers'
// own answers, over the nearest numbers: the argument in the package documentation.
func TestSolveIsSmallestOfNumbers(t *testing.T) {
	w, err := table.Walker()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range randomBoards(50000, 5) {
		best, centre := "", 0
		for k := range g.m {
			steps, err := w.Solve(puzzle.State(g.m[k]), nil)
			if err != nil {
				t.Fatal(err)
			}
			s := answer.New(notation(), steps).String()
			if centre == 0 || len(s) < len(best) || len(s) == len(best) && s < best {
				best, centre = s, k+1
			}
		}
		a, err := g.Solve()
		if err != nil {
			t.Fatal(err)
		}
		if a.Moves.String() != best || a.Centre != centre {
			t.Fatalf("%v: answer %q centre %d, smallest of the numbers' %q centre %d", g, a.Moves, a.Centre, best, centre)
		}
	}
}

// The two samples of the specification.
func TestSamples(t *testing.T) {
	for _, c := range []struct{ in, judge string }{
		{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", "AC\n2\n"},
		{"1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3", "DDHH\n2\n"},
	} {
		g, err := Parse(c.in)
		if err != nil {
			t.Fatal(err)
		}
		a, err := g.Solve()
		if err != nil {
			t.Fatal(err)
		}
		if got := string(a.AppendJudge(nil)); got != c.judge {
			t.Errorf("%s: %q, want %q", c.in, got, c.judge)
		}
	}
}

func TestSolved(t *testing.T) {
	g, err := Parse("3 3 3 3 2 2 1 1 1 2 2 1 1 3 3 1 1 1 2 2 2 2 3 3")
	if err != nil {
		t.Fatal(err)
	}
	a, err := g.Solve()
	if err != nil || a.Moves.Len() != 0 || a.Centre != 1 || string(a.AppendJudge(nil)) != "No moves needed\n1\n" || a.String() != "No moves needed 1" {
		t.Fatalf("solved board: %+v %v", a, err)
	}
	if c, _ := g.Count(); c != 1 {
		t.Fatalf("solved board: count %d", c)
	}
}

func TestZero(t *testing.T) {
	var g Position
	if _, err := g.Solve(); err == nil {
		t.Error("the zero Position was solved")
	}
	if _, err := g.Count(); err == nil {
		t.Error("the zero Position was counted")
	}
	if _, err := g.Verify(""); err == nil {
		t.Error("the zero Position was verified")
	}
}

func TestCells(t *testing.T) {
	for _, g := range randomBoards(1000, 6) {
		h, err := FromCells(g.Cells())
		if err != nil || h != g {
			t.Fatalf("%v: from cells %v, %v", g, h, err)
		}
		p, err := Parse(g.String())
		if err != nil || p != g {
			t.Fatalf("%v: parsed back %v, %v", g, p, err)
		}
	}
	if _, err := FromCells([24]uint8{}); !errors.Is(err, ErrValue) {
		t.Errorf("all zero cells: %v", err)
	}
}

// Random boards are uniform: each cell holds each number a third of the
// time, and pairs of cells hold equal numbers 7/23 of the time.
func TestRandomUniform(t *testing.T) {
	const n = 60000
	var count [24][4]int
	same := 0
	for _, g := range randomBoards(n, 7) {
		c := g.Cells()
		for i, v := range c {
			count[i][v]++
		}
		if c[0] == c[23] {
			same++
		}
	}
	for i := range count {
		for v := 1; v <= 3; v++ {
			if f := float64(count[i][v]) / n; f < 0.32 || f > 0.347 {
				t.Errorf("cell %d holds %d with frequency %.3f", i, v, f)
			}
		}
	}
	if f := float64(same) / n; f < 0.294 || f > 0.315 {
		t.Errorf("cells 0 and 23 equal with frequency %.3f, want 7/23", f)
	}
}

func TestVerify(t *testing.T) {
	g, err := Parse("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sol, verdict string
	}{
		{"AC", "optimal: length 2"},
		{"AC 2", "optimal: length 2"},
		{" A C\t2 ", "optimal: length 2"},
		{"AC 3", "illegal: the centre holds 2, not 3 (optimal 2)"},
		{"AC 7", `illegal: centre "7" is not 1, 2 or 3 (optimal 2)`},
		{"CA", "illegal: the centre does not hold eight equal numbers (optimal 2)"},
		{"ACAF", "not optimal: length 4, optimal 2"},
		{"ACBE", "not optimal: length 4, optimal 2"},
		{"", "illegal: the centre does not hold eight equal numbers (optimal 2)"},
		{"No moves needed", "illegal: the centre does not hold eight equal numbers (optimal 2)"},
		{"AX", `illegal: bad operation "X" (want A to H) (optimal 2)`},
		{"ac", `illegal: bad operation "a" (want A to H) (optimal 2)`},
	} {
		v, err := g.Verify(c.sol)
		if err != nil || v.String() != c.verdict {
			t.Errorf("Verify(%q) = %v, %v; want %s", c.sol, v, err, c.verdict)
		}
	}
	s, _ := Parse("3 3 3 3 2 2 1 1 1 2 2 1 1 3 3 1 1 1 2 2 2 2 3 3")
	for _, sol := range []string{"", "No moves needed", "No moves needed 1", "1"} {
		if v, _ := s.Verify(sol); !v.IsOptimal() {
			t.Errorf("solved board, Verify(%q) = %v", sol, v)
		}
	}
	// Every answer verifies as optimal.
	for _, g := range randomBoards(2000, 8) {
		a, _ := g.Solve()
		if v, err := g.Verify(a.String()); err != nil || !v.IsOptimal() {
			t.Fatalf("%v: own answer %q: %v %v", g, a, v, err)
		}
	}
}

func TestDistribution(t *testing.T) {
	got, err := Distribution()
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int, len(got))
	for _, d := range proof.Distances(rotgame.Def()) {
		want[d]++
	}
	if !slices.Equal(got, want) {
		t.Fatalf("distribution %v, search %v", got, want)
	}
	total := 0
	for _, c := range got {
		total += c
	}
	if total != rotgame.NPlacements {
		t.Fatalf("%d placements", total)
	}
}

// The walk has two ways to solve several coordinates: with the puzzle's
// lower bound (what Solve uses), and the general walk, which first finds
// every coordinate's distance. Both give the same answers.
func TestWalksAgree(t *testing.T) {
	w, err := table.Walker()
	if err != nil {
		t.Fatal(err)
	}
	plain := *rotgame.Def()
	plain.Accel.LowerBound = nil
	general := walk.New(&plain, w.Levels(), tableSteps(), true)
	for _, g := range randomBoards(20000, 13) {
		c := []puzzle.State{puzzle.State(g.m[0]), puzzle.State(g.m[1]), puzzle.State(g.m[2])}
		a, ka, err := w.SolveAny(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		d, kd, err := general.SolveAny(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a, d) || ka != kd {
			t.Fatalf("%v: bounded %v %d, general %v %d", g, a, ka, d, kd)
		}
	}
}

// Input errors are this package's type, with their class, on one line.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		in    string
		class error
	}{
		{"1 2 3", ErrCount},
		{"1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 x", ErrNumber},
		{"1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 4", ErrValue},
		{"1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3", ErrBalance},
	} {
		_, err := Parse(c.in)
		var pe *Error
		if !errors.As(err, &pe) || !errors.Is(err, c.class) || pe.Msg == "" || containsNewline(pe.Msg) {
			t.Errorf("%q: %v (%T), want a one-line *Error of class %v", c.in, err, err, c.class)
		}
	}
	var pe *Error
	if _, err := FromCells([24]uint8{}); !errors.As(err, &pe) {
		t.Errorf("all zero cells: %v (%T), want an *Error", err, err)
	}
}
