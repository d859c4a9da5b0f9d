package rotgrid

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/godtable/godtable/internal/engine/tablebuild"
	"github.com/godtable/godtable/internal/model/rotgrid"
	"github.com/godtable/godtable/internal/support/tier"
	"github.com/godtable/godtable/lookup"
	embedded "github.com/godtable/godtable/tables/rotgrid"
)

var refSearched = sync.OnceValue(newRefSearch)

func refDist() []int8 { return refSearched().dist }

func refOf(g Grid) refGrid { return refGrid(g.Cells()) }

// refReplay applies a solution's moves with the reference turns.
func refReplay(g refGrid, s lookup.Solution) refGrid {
	for _, name := range s.Moves() {
		g = refMove(g, slices.Index(rotgrid.MoveNames[:], name))
	}
	return g
}

// The reference turns agree with SPEC's worked example.
func TestReferenceSpecExample(t *testing.T) {
	g := refGrid{4, 9, 2, 3, 5, 7, 8, 1, 6}
	g = refMove(g, 4) // BL
	if g != (refGrid{4, 9, 2, 8, 3, 7, 1, 5, 6}) {
		t.Fatalf("BL once: %v", g)
	}
	g = refMove(g, 4)
	if g != (refGrid{4, 9, 2, 1, 8, 7, 5, 3, 6}) {
		t.Fatalf("BL twice: %v", g)
	}
	g = refMove(g, 0) // TL
	if g != (refGrid{1, 4, 2, 8, 9, 7, 5, 3, 6}) {
		t.Fatalf("then TL: %v", g)
	}
}

// Every one of the 362,880 grids: the solution replays to solved with the
// reference turns, in exactly the reference distance, and at every move it
// takes the first move (in the order TL TL' TR TR' BL BL' BR BR') that goes
// one nearer by the reference distances: it is the first optimal solution in
// move order. (Under -short, on every distance's grids, all of them where
// there are at most tier.PerDistance.)
func TestEveryGrid(t *testing.T) {
	dist := refDist()
	largest := 0
	byRank := func() []uint8 {
		d := make([]uint8, rotgrid.NStates)
		for r := range d {
			g, _ := FromRank(uint32(r))
			d[r] = uint8(dist[refIndex(refOf(g))])
		}
		return d
	}
	for _, r := range tier.ByDistance(rotgrid.NStates, byRank) {
		g, err := FromRank(r)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := g.Solve()
		if err != nil {
			t.Fatalf("%v: %v", g, err)
		}
		x := refOf(g)
		d := int(dist[refIndex(x)])
		if sol.Len() != d {
			t.Fatalf("%v: solution %q has %d moves, distance is %d", g, sol, sol.Len(), d)
		}
		largest = max(largest, d)
		for k, name := range sol.Moves() {
			first := -1
			for m := 0; m < 8; m++ {
				if int(dist[refIndex(refMove(x, m))]) == d-k-1 {
					first = m
					break
				}
			}
			if first < 0 || rotgrid.MoveNames[first] != name {
				t.Fatalf("%v: solution %q: move %d is %s, the first move one nearer is %v", g, sol, k+1, name, first)
			}
			x = refMove(x, first)
		}
		if x != refSolved {
			t.Fatalf("%v: solution %q leaves %v", g, sol, x)
		}
		if g.Apply(sol) != (Grid{}) {
			t.Fatalf("%v: Apply(%q) does not solve it", g, sol)
		}
	}
	// The largest distance is 11 (the figure).
	if largest != 11 {
		t.Errorf("largest distance %d, want 11", largest)
	}
}

// On random grids, and on every grid at the largest distance, IDA* with no
// table finds the same solution as the walk.
func TestIDAStar(t *testing.T) {
	dist := refDist()
	var grids []Grid
	rng := rand.New(rand.NewPCG(1, 2))
	n := 100
	if testing.Short() {
		n = 10
	}
	for range n {
		grids = append(grids, Random(rng))
	}
	for _, x := range refSearched().order {
		if dist[refIndex(x)] == 11 {
			g, err := Parse(rotgrid.Grid(x).String())
			if err != nil {
				t.Fatal(err)
			}
			grids = append(grids, g)
		}
	}
	for _, g := range grids {
		sol, err := g.Solve()
		if err != nil {
			t.Fatal(err)
		}
		ida := refIDA(refOf(g))
		names := make([]string, len(ida))
		for i, m := range ida {
			names[i] = rotgrid.MoveNames[m]
		}
		if !slices.Equal(sol.Moves(), names) {
			t.Errorf("%v: walk %q, IDA* %q", g, sol, names)
		}
	}
}

// The table's distribution is the reference search's; 9! grids, at most 11
// moves from solved.
func TestDistribution(t *testing.T) {
	got, err := Distribution()
	if err != nil {
		t.Fatal(err)
	}
	var want []int
	for _, d := range refDist() {
		for int(d) >= len(want) {
			want = append(want, 0)
		}
		want[d]++
	}
	if !slices.Equal(got, want) {
		t.Errorf("distribution %v, reference search %v", got, want)
	}
	total := 0
	for _, c := range got {
		total += c
	}
	if total != 362880 || len(got) != 12 {
		t.Errorf("%d grids up to distance %d, want 362880 up to 11", total, len(got)-1)
	}
}

// Count and All agree with the reference on a sample: All lists Count
// distinct solutions, each optimal, in strictly increasing move order, the
// first being Solve's.
func TestCountAll(t *testing.T) {
	count := refSearched().counts()
	dist := refDist()
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 300; i++ {
		g := Random(rng)
		if i == 0 {
			g = Grid{}
		}
		x := refOf(g)
		want := count[refIndex(x)]
		n, err := g.Count()
		if err != nil {
			t.Fatal(err)
		}
		if n != want {
			t.Fatalf("%v: Count %d, reference %d", g, n, want)
		}
		if n > 2000 {
			continue
		}
		sols, truncated, err := g.All(0)
		if err != nil || truncated {
			t.Fatalf("%v: All: %v, truncated %v", g, err, truncated)
		}
		if uint64(len(sols)) != n {
			t.Fatalf("%v: All gives %d solutions, Count %d", g, len(sols), n)
		}
		first, _ := g.Solve()
		if sols[0].String() != first.String() {
			t.Fatalf("%v: All starts with %q, Solve gives %q", g, sols[0], first)
		}
		for k, s := range sols {
			if s.Len() != int(dist[refIndex(x)]) || refReplay(x, s) != refSolved {
				t.Fatalf("%v: %q is not an optimal solution", g, s)
			}
			if k > 0 && slices.Compare(sols[k-1].Steps(), s.Steps()) >= 0 {
				t.Fatalf("%v: %q then %q: not in increasing move order", g, sols[k-1], s)
			}
		}
		if n > 1 {
			some, truncated, _ := g.All(1)
			if len(some) != 1 || !truncated {
				t.Fatalf("%v: All(1) gives %d solutions, truncated %v", g, len(some), truncated)
			}
		}
	}
}

func TestVerify(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		g := Random(rng)
		sol, _ := g.Solve()
		v, err := g.Verify(sol.String())
		if err != nil || !v.IsOptimal() || v.Length != sol.Len() || v.Optimal != sol.Len() {
			t.Fatalf("%v: verifying its own solution %q: %+v %v", g, sol, v, err)
		}
		// A detour of a move and its inverse: legal, two moves too long.
		v, _ = g.Verify("TR TR' " + sol.String())
		if !v.Legal || v.IsOptimal() || v.Length != sol.Len()+2 {
			t.Fatalf("%v: detour: %+v", g, v)
		}
		if !g.IsSolved() {
			v, _ = g.Verify("")
			if v.Legal || v.Problem != "does not solve the grid" {
				t.Fatalf("%v: empty solution: %+v", g, v)
			}
		}
	}
	v, _ := Grid{}.Verify("TL XX")
	if v.Legal || v.Problem != `bad move "XX" at character 4 (want TL TR BL BR, each plain or with ' 2 2' 3)` {
		t.Errorf("bad token: %+v", v)
	}
	v, _ = Grid{}.Verify(" ")
	if !v.IsOptimal() || v.String() != "optimal: length 0" {
		t.Errorf("solved grid, empty solution: %+v", v)
	}
}

// A grid's Moves, read back by Scramble, makes the grid, in as
// many moves as its distance; a scramble is the reference turns from solved.
func TestScramble(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 500 {
		g := Random(rng)
		s, err := g.Moves()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Scramble(s.String())
		if err != nil || back != g {
			t.Fatalf("%v: scramble %q makes %v (%v)", g, s, back, err)
		}
		if d, _ := g.Distance(); s.Len() != d {
			t.Fatalf("%v: scramble %q, distance %d", g, s, d)
		}
		if refReplay(refSolved, s) != refOf(g) {
			t.Fatalf("%v: reference turns of %q give %v", g, s, refReplay(refSolved, s))
		}
	}
	g, err := Scramble("BL\tBL  TL'\n")
	if want := refMove(refMove(refMove(refSolved, 4), 4), 1); err != nil || refOf(g) != want {
		t.Errorf("BL BL TL': %v %v, want %v", g, err, want)
	}
	_, err = Scramble("TL tr")
	var pe *Error
	if !errors.Is(err, ErrMove) || !errors.As(err, &pe) || err.Error() != `bad move "tr" at character 4 (want TL TR BL BR, each plain or with ' 2 2' 3)` || pe.Token != "tr" || pe.Pos != 4 {
		t.Errorf("bad token: %v", err)
	}
	// The grammar's constructs: TL2 is two quarter turns, [TL, BR] a
	// commutator.
	a, err := Scramble("(TL2 [TL, BR])2'")
	b, _ := Scramble("BR TL BR' TL' TL' TL' BR TL BR' TL' TL' TL'")
	if err != nil || a != b {
		t.Errorf("grammar: %v %v %v", a, b, err)
	}
	if v, _ := a.Verify("(TL2 [TL, BR])2"); !v.Legal || v.Length != 12 {
		t.Errorf("grammar verdict: %v", v)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		kind error
	}{
		{"12345678", ErrCount},
		{"1234567890", ErrCount},
		{"123456788", ErrRepeat},
		{"012345678", ErrRange},
		{"one two three", ErrNotNumber},
	} {
		_, err := Parse(c.in)
		var pe *Error
		if !errors.Is(err, c.kind) || !errors.As(err, &pe) {
			t.Errorf("Parse(%q): %v, want a %v error", c.in, err, c.kind)
		}
	}
	if _, err := FromRank(362880); err == nil {
		t.Error("FromRank(362880): no error")
	}
}

// The embedded table is what the generator makes now.
func TestTableCurrent(t *testing.T) {
	want, err := tablebuild.Build(rotgrid.Def())
	if err != nil {
		t.Fatal(err)
	}
	got := []byte(embedded.Table)
	if !bytes.Equal(got, want) {
		t.Fatal("tables/rotgrid.gdt is stale; run go generate ./tables/")
	}
}
