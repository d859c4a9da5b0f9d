package permindex

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/model/ksolve"
)

func puzzleOf(t testing.TB, src string) *ksolve.Puzzle {
	t.Helper()
	d, err := ksolve.Parse("test.tws", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// search builds the index of src and searches it, returning the states at
// each distance.
func search(t *testing.T, src string) (*Index, []uint64) {
	t.Helper()
	p := puzzleOf(t, src)
	x, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	return x, distances(t, p, x)
}

// distances searches x from p's solved state and returns the states at
// each distance.
func distances(t *testing.T, p *ksolve.Puzzle, x *Index) []uint64 {
	t.Helper()
	goal, ok := x.Index(p.Def.Solved)
	if !ok {
		t.Fatal("the solved state has no index")
	}
	lv, err := bfs.Search(context.Background(), x, goal, bfs.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	counts := lv.Counts
	for len(counts) > 0 && counts[len(counts)-1] == 0 {
		counts = counts[:len(counts)-1]
	}
	return counts
}

// brute is the distribution of p's states by a breadth-first search over
// whole states, with no index; it also checks that every state reached has
// an index of its own.
func brute(t *testing.T, p *ksolve.Puzzle, x *Index) []uint64 {
	t.Helper()
	d := p.Def
	seen := map[string]bool{string(d.Solved): true}
	indices := map[uint64]bool{}
	frontier := []ksolve.State{d.Solved}
	var counts []uint64
	for len(frontier) > 0 {
		counts = append(counts, uint64(len(frontier)))
		var next []ksolve.State
		for _, s := range frontier {
			i, ok := x.Index(s)
			if !ok || indices[i] {
				t.Fatalf("state %v: index %d, %v (or taken)", s, i, ok)
			}
			indices[i] = true
			for _, g := range p.Gens {
				n := d.Apply(nil, s, p.Moves[g].Perm)
				if !seen[string(n)] {
					seen[string(n)] = true
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	return counts
}

// rawOnly makes the index of raw coordinates alone, none joined, for the
// rest of the test: what it tests is the raw coordinates' path.
func rawOnly(t *testing.T) {
	joining = false
	t.Cleanup(func() { joining = true })
}

// oneState has one reachable state: its pieces are alike and their
// orientations ignored, so no move changes anything the index keeps.
const oneState = `Name One
Set P 3 2
Solved
P
1 1 1
? ? ?
End
Move A
P
2 3 1
End
`

// An index of one state has no coordinate: its only index is 0, every move
// keeps it, and the search finds it alone at distance 0.
func TestOneState(t *testing.T) {
	x, counts := search(t, oneState)
	if x.Size() != 1 || !slices.Equal(counts, []uint64{1}) {
		t.Fatalf("size %d, distribution %v; want 1, [1]", x.Size(), counts)
	}
	if want := brute(t, puzzleOf(t, oneState), x); !slices.Equal(counts, want) {
		t.Errorf("distribution %v, want %v", counts, want)
	}
	out := make([]uint64, x.Degree())
	x.Neighbors(0, out)
	for g, n := range out {
		if n != 0 || x.Apply(0, g) != 0 {
			t.Errorf("move %d takes the one state to %d", g, n)
		}
	}
}

// A coordinate of one value: with set B first, the parity that move M
// changes in both sets is derived into set A's coordinate, which is left
// with one value, and is the minor coordinate the search makes blocks of.
func TestOneValueCoordinate(t *testing.T) {
	rawOnly(t)
	src := `Set B 3 1
Set A 2 1
Solved
End
Move M
B
2 1 3
A
2 1
End
Move N
B
2 3 1
End
`
	x, counts := search(t, src)
	if c := x.coords[len(x.coords)-1]; c.size != 1 || !c.pivot {
		t.Fatalf("last coordinate: %d values, pivot %v; want 1 value, a pivot", c.size, c.pivot)
	}
	if want := brute(t, puzzleOf(t, src), x); !slices.Equal(counts, want) {
		t.Errorf("distribution %v, want %v", counts, want)
	}
}

// A part whose orientations count for some pieces only is not tied to a
// part its moves permute alike: it reads its orientations with a
// coordinate of which slots hold those pieces, which it would not have.
func TestTiedWildcards(t *testing.T) {
	src := `Set A 3 1
Set B 3 3
Solved
B
1 2 3
0 ? ?
End
Move M
A
2 3 1
B
2 3 1
1 2 0
End
Move N
A
2 1 3
B
2 1 3
End
`
	x, counts := search(t, src)
	if want := brute(t, puzzleOf(t, src), x); !slices.Equal(counts, want) {
		t.Errorf("distribution %v, want %v", counts, want)
	}
}

// A piece that no move moves or twists is part of no coordinate, but a
// state with it twisted is still not reachable.
func TestFixedPiece(t *testing.T) {
	p := puzzleOf(t, `Set C 2 3
Set E 2 1
Solved
End
Move A
E
2 1
End
`)
	x, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		state string
		ok    bool
	}{
		{"E 2 1", true},
		{"C 1 2 0 0", true},
		{"C 1 2 1 0", false},
		{"C 1 2 0 2 E 2 1", false},
		{"C 2 1 0 0", false},
	} {
		s, err := p.Def.ParseState(c.state)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := x.Index(s); ok != c.ok {
			t.Errorf("%q: indexed %v, want %v", c.state, ok, c.ok)
		}
	}
}

// wide is a definition of many sets of many slots of which few ever move:
// 2,000 sets of 255 pieces, of which a move swaps and twists two in each of
// the last 250 sets. Each moved set needs a coordinate of its own.
func wide() string {
	var b strings.Builder
	b.WriteString("Name Wide\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "Set S%d 255 2\n", i)
	}
	b.WriteString("Solved\nEnd\nMove A\n")
	perm := "2 1"
	ori := "1 0"
	for i := 3; i <= 255; i++ {
		perm += fmt.Sprintf(" %d", i)
		ori += " 0"
	}
	for i := 1750; i < 2000; i++ {
		fmt.Fprintf(&b, "S%d\n%s\n%s\n", i, perm, ori)
	}
	b.WriteString("End\n")
	return b.String()
}

// pairs is 2,000 sets of 2 pieces, which one move swaps and twists in
// every set: a coordinate a set.
func pairs() string {
	var b strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&b, "Set S%d 2 3\n", i)
	}
	b.WriteString("Solved\nEnd\nMove A\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "S%d\n2 1\n1 0\n", i)
	}
	b.WriteString("End\n")
	return b.String()
}

// A definition with more coordinates than an index may have is refused
// with little memory spent: the slots no move changes cost nothing, and
// planning stops at the coordinate over the limit.
func TestTooManyCoordinatesCheaply(t *testing.T) {
	for name, src := range map[string]string{"wide": wide(), "pairs": pairs()} {
		p := puzzleOf(t, src)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, _, err := Plan(p)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), fmt.Sprintf("more than %d coordinates", maxCoords)) {
			t.Errorf("%s: %v", name, err)
		}
		spent := after.TotalAlloc - before.TotalAlloc
		if spent > 100<<20 {
			t.Errorf("%s: planning allocated %d MB before refusing", name, spent>>20)
		}
		t.Logf("%s: planning allocated %d KB before refusing", name, spent>>10)
	}
}

// Refusals write numbers beyond a float64 finitely, and name the
// coordinate over the move-table limit when that is the cause.
func TestTooLargeMessages(t *testing.T) {
	cycle := func(n int) string {
		var s []string
		for i := 2; i <= n; i++ {
			s = append(s, fmt.Sprint(i))
		}
		return strings.Join(append(s, "1"), " ")
	}
	// swaps swaps the slots from, from+1, then from+2, from+3, ... of n:
	// two such moves, from 1 and from 2, mix all n slots with order 2.
	swaps := func(n, from int) string {
		var s []string
		for i := 1; i <= n; i++ {
			switch {
			case i < from || i-from == n-from && (n-from)%2 == 0:
				s = append(s, fmt.Sprint(i))
			case (i-from)%2 == 0:
				s = append(s, fmt.Sprint(i+1))
			default:
				s = append(s, fmt.Sprint(i-1))
			}
		}
		return strings.Join(s, " ")
	}
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{
			// 255! arrangements: 3.35e+504.
			"255 pieces",
			"Set S 255 1\nSolved\nEnd\nMove M\nS\n" + swaps(255, 1) + "\nEnd\nMove N\nS\n" + swaps(255, 2) + "\nEnd\n",
			[]string{"set S has about 10^504 arrangements", "about 10^494 GB"},
		},
		{
			// As icosamate's corners: 12 pieces of 5 orientations whose
			// sum every move keeps, and a move that twists two in place,
			// so that the orientations do not follow from where the
			// pieces are. The arrangements split in two halves fit; the
			// orientations, 5^11 of them, are the cause.
			"orientations",
			"Set C5RNER 12 5\nSolved\nEnd\nMove M\nC5RNER\n" + cycle(12) + "\n1 4 0 0 0 0 0 0 0 0 0 0\nEnd\n" +
				"Move N\nC5RNER\n1 2 3 4 5 6 7 8 9 10 11 12\n1 4 0 0 0 0 0 0 0 0 0 0\nEnd\n",
			[]string{"set C5RNER: its orientations (11 of its 12 pieces", "48828125 entries (5^11)", fmt.Sprintf("over the %d entries a coordinate may have", maxTable)},
		},
	} {
		_, _, err := Plan(puzzleOf(t, c.src))
		if !errors.Is(err, ErrTooLarge) {
			t.Fatalf("%s: %v", c.name, err)
		}
		msg := err.Error()
		if strings.Contains(msg, "Inf") || strings.Contains(msg, "arrangements") && c.name == "orientations" {
			t.Errorf("%s: %s", c.name, msg)
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %q does not say %q", c.name, msg, w)
			}
		}
	}
}

// Plan counts every byte of the move tables New makes, the parities of a
// permutation coordinate's values included.
func TestPlanCountsTables(t *testing.T) {
	for name, src := range map[string]string{
		"one":   oneState,
		"cycle": "Set A 4 1\nSolved\nEnd\nMove M\nA\n2 3 1 4\nEnd\nMove N\nA\n1 3 4 2\nEnd\n",
		"twisty": `Set CORNERS 4 3
Set EDGES 4 2
Solved
CORNERS
1 1 2 3
0 0 ? ?
EDGES
1 2 3 4
End
Move A
CORNERS
2 3 1 4
1 2 0 0
EDGES
2 1 3 4
1 1 0 0
End
Move B
CORNERS
1 3 4 2
0 1 1 1
End
`,
		"parities": `Set A 4 1
Set B 5 1
Solved
End
Move M
A
2 1 3 4
B
2 1 3 4 5
End
Move N
A
1 3 4 2
B
1 2 4 5 3
End
`,
	} {
		p := puzzleOf(t, src)
		_, tables, err := Plan(p)
		if err != nil {
			t.Fatal(err)
		}
		x, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := x.TableBytes(); got != tables {
			t.Errorf("%s: Plan says %d bytes, New made %d", name, tables, got)
		}
	}
}

// A set of pieces alike in a few kinds, whose arrangements no split into
// two coordinates keeps within maxTable (big_chop's sixty centres, five of
// a colour tracked): where the set is the whole index it is one
// coordinate with no move table, each move ranked (a direct index), and
// its search finds the states a search of whole states finds. Anywhere
// else the cap stands.
func TestAlikePiecesBeyondASplit(t *testing.T) {
	saved := maxTable
	maxTable = 100 // C(9,3) = 84 fits; C(10,3) = 120 and its splits do not
	t.Cleanup(func() { maxTable = saved })
	ring := func(n int) string {
		var s []string
		for i := 2; i <= n; i++ {
			s = append(s, fmt.Sprint(i))
		}
		return strings.Join(append(s, "1"), " ")
	}
	src := "Set S 10 1\nSolved\nS\n1 1 1 2 2 2 2 2 2 2\nEnd\n" +
		"Move M\nS\n" + ring(10) + "\nEnd\nMove N\nS\n2 1 3 4 5 6 7 8 9 10\nEnd\n"
	p := puzzleOf(t, src)
	x, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	if x.Size() != 120 || !x.direct() {
		t.Fatalf("%d states, direct %v; want 120, direct", x.Size(), x.direct())
	}
	if got, want := distances(t, p, x), brute(t, p, x); !slices.Equal(got, want) {
		t.Fatalf("the index's search: %v, the states': %v", got, want)
	}
	// A second set with a state of its own: the cap stands.
	two := strings.Replace(src, "Set S 10 1\n", "Set S 10 1\nSet T 2 1\n", 1)
	two = strings.Replace(two, "Move M\nS\n", "Move M\nT\n2 1\nS\n", 1)
	if _, err := New(puzzleOf(t, two)); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("with a second set: %v", err)
	}
}
