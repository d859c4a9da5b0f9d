package pyraminx

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/model/pyraminx"
	"github.com/godtable/godtable/internal/support/proof"
	"github.com/godtable/godtable/lookup"
)

// The published distribution of the body, distance 0..11.
var published = []int{1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32}

func TestDistribution(t *testing.T) {
	d, err := Distribution()
	if err != nil || !slices.Equal(d, published) {
		t.Fatalf("distribution %v (%v), published %v", d, err, published)
	}
	// With the tips: 81 settings, each twisted tip one more move.
	most, err := MaxDistance()
	total := 0
	for _, c := range d {
		total += c * pyraminx.NTips
	}
	if err != nil || most != 15 || total != 75582720 {
		t.Fatalf("God's number %d (%v), %d positions; published 15 and 75,582,720", most, err, total)
	}
}

// Every body state: the walk's distance is a fresh search's, and Count is
// the dynamic program's; All on a sample lists exactly those solutions.
func TestBodyEveryState(t *testing.T) { proof.Check(t, body.Walker) }

// On random positions with random tips, every answer mode: Solve replays to
// solved, body moves first then the tips in the order u l r b, with the
// optimal length (the search's body distance plus the twisted tips); Count
// is the body's count; All lists Count distinct solutions of that length in
// increasing move order, starting with Solve's, each solving the position;
// Verify calls Solve's answer optimal and a longer one not optimal; the
// stickers read back; the scramble makes the position.
func TestEveryAnswerMode(t *testing.T) {
	w, err := body.Walker()
	if err != nil {
		t.Fatal(err)
	}
	c := proof.CountOptimal(w.Def(), w.Steps())
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		p := Random(rng)
		want := int(c.Dist[p.q.Body]) + p.q.UnsolvedTips()
		sol, err := p.Solve()
		if err != nil {
			t.Fatal(err)
		}
		if sol.Len() != want || sol.Cost() != want || !p.Apply(sol).IsSolved() {
			t.Fatalf("%v: %q (length %d) does not solve it in %d", p, sol, sol.Len(), want)
		}
		checkOrder(t, p, sol)
		n, err := p.Count()
		if err != nil || n != c.Total[p.q.Body] {
			t.Fatalf("%v: Count %d (%v), dynamic program %d", p, n, err, c.Total[p.q.Body])
		}
		all, truncated, err := p.All(0)
		if err != nil || truncated || uint64(len(all)) != n || all[0].String() != sol.String() {
			t.Fatalf("%v: All gives %d (truncated %v, %v), Count %d", p, len(all), truncated, err, n)
		}
		for k, s := range all {
			if s.Len() != want || !p.Apply(s).IsSolved() {
				t.Fatalf("%v: %q is not an optimal solution", p, s)
			}
			if k > 0 && slices.Compare(all[k-1].Steps(), s.Steps()) >= 0 {
				t.Fatalf("%v: %q then %q", p, all[k-1], s)
			}
			checkOrder(t, p, s)
		}
		if n > 1 {
			part, truncated, err := p.All(1)
			if err != nil || !truncated || len(part) != 1 {
				t.Fatalf("%v: All(1) gives %d, truncated %v", p, len(part), truncated)
			}
		}
		v, err := p.Verify(sol.String())
		if err != nil || v.String() != fmt.Sprintf("optimal: length %d", want) {
			t.Fatalf("%v: Verify(%q) = %v, %v", p, sol, v, err)
		}
		v, _ = p.Verify(sol.String() + " u u'")
		if v.String() != fmt.Sprintf("not optimal: length %d, optimal %d", want+2, want) {
			t.Fatalf("%v: Verify of a longer solution: %v", p, v)
		}
		back, err := Parse(p.Stickers())
		if err != nil || back != p {
			t.Fatalf("%v: stickers read back as %v, %v", p, back, err)
		}
		moves, err := p.Moves()
		if err != nil {
			t.Fatal(err)
		}
		if x, err := Scramble(moves.String()); err != nil || x != p {
			t.Fatalf("%v: its scramble %q makes %v, %v", p, moves, x, err)
		}
		// A scramble is written as TNoodle writes one: as short as the
		// solution, the tips last.
		if moves.Len() != want {
			t.Fatalf("%v: scramble %q has %d moves, want %d", p, moves, moves.Len(), want)
		}
		checkOrder(t, p, moves)
		if p.TwistedTips() != p.q.UnsolvedTips() || want-p.TwistedTips() != int(c.Dist[p.q.Body]) {
			t.Fatalf("%v: %d twisted tips, distance %d, body %d", p, p.TwistedTips(), want, c.Dist[p.q.Body])
		}
	}
}

// checkOrder checks that a solution is written body moves first, then one
// move per twisted tip, the tips in the order u l r b.
func checkOrder(t *testing.T, p Position, s lookup.Solution) {
	t.Helper()
	lastTip := -1
	for k, m := range s.Steps() {
		mv := pyraminx.Move(m)
		if !mv.TipOnly() {
			if lastTip >= 0 {
				t.Fatalf("%v: %q has a body move after a tip", p, s)
			}
			continue
		}
		if mv.Corner() <= lastTip {
			t.Fatalf("%v: %q: tip move %d out of order", p, s, k+1)
		}
		lastTip = mv.Corner()
	}
}

// Optimality without the table: a plain iterative-deepening search over
// whole positions (tips included, every move) finds no shorter solution
// than Solve on 300 positions up to 7 moves deep (30 up to 6 under the
// race detector with -short).
func TestOptimalWithoutTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n, deep := 300, 8
	if raceEnabled && testing.Short() {
		// The race detector slows the plain search tenfold, and it
		// runs on one goroutine: a tenth of the positions, each a move
		// nearer, which costs the search a move's branching less.
		n, deep = 30, 7
	}
	for range n {
		p := Position{}
		for range rng.IntN(deep) {
			p.q = p.q.Apply(pyraminx.Move(rng.IntN(pyraminx.NMoves)))
		}
		sol, err := p.Solve()
		if err != nil {
			t.Fatal(err)
		}
		found := -1
		for depth := 0; depth <= sol.Len() && found < 0; depth++ {
			if solvesWithin(p.q, depth, -1) {
				found = depth
			}
		}
		if found != sol.Len() {
			t.Fatalf("%v: Solve has %d moves, a plain search %d", p, sol.Len(), found)
		}
	}
}

func solvesWithin(q pyraminx.Position, depth int, last int) bool {
	if q == pyraminx.Solved {
		return true
	}
	if depth == 0 {
		return false
	}
	for m := range pyraminx.NMoves {
		if last >= 0 && m == int(pyraminx.Move(last).Inverse()) {
			continue
		}
		if solvesWithin(q.Apply(pyraminx.Move(m)), depth-1, m) {
			return true
		}
	}
	return false
}

func TestVerifyProblems(t *testing.T) {
	p, err := Scramble("U L")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{"L' U'", "optimal: length 2"},
		{"L L U'", "not optimal: length 3, optimal 2"},     // L L is L'
		{"(L')2 L U'", "not optimal: length 4, optimal 2"}, // L' L' L is L'
		{"[L', U']", "illegal: does not solve the puzzle (optimal 2)"},
		{"L'", "illegal: does not solve the puzzle (optimal 2)"},
		{"L' F", `illegal: bad move "F" at character 4 (want U L R B u l r b, each plain or with ' 2 2' 3) (optimal 2)`},
	} {
		v, err := p.Verify(c.in)
		if err != nil || v.String() != c.want {
			t.Errorf("Verify(%q) = %q, %v; want %q", c.in, v, err, c.want)
		}
	}
}

// Input errors are this package's type, with their class.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		in    string
		moves bool
		class error
	}{
		{"FFF", false, ErrLength},
		{strings.Repeat("F", 36), false, ErrColours},
		{"U X", true, ErrMove},
		{"(U", true, ErrMove},
	} {
		var err error
		if c.moves {
			_, err = Scramble(c.in)
		} else {
			_, err = Parse(c.in)
		}
		var pe *Error
		if !errors.As(err, &pe) || !errors.Is(err, c.class) || pe.Msg == "" || strings.Contains(pe.Msg, "\n") {
			t.Errorf("%q: %v (%T), want a one-line *Error of class %v", c.in, err, err, c.class)
		}
	}
}
