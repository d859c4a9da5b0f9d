package tws_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/pocket"
	"github.com/godtable/godtable/lookup/pyraminx"
	"github.com/godtable/godtable/lookup/tws"
)

func build(t testing.TB, file, metric string) *tws.Puzzle {
	t.Helper()
	return buildWith(t, file, tws.BuildOptions{Metric: metric})
}

// every is the states of r to check: all of them up to full (short under
// -short), else a sample of that many spread over the search's order, so
// that it spans every distance.
func every(r *reference, full, short int) []string {
	n := full
	if testing.Short() {
		n = short
	}
	if len(r.order) <= n {
		return r.order
	}
	var out []string
	step := len(r.order)/n + 1
	for i := 0; i < len(r.order); i += step {
		out = append(out, r.order[i])
	}
	return append(out, r.order[len(r.order)-1])
}

// Every answer mode, on every state of small definitions (40,000 spread
// over the LoopOver's 181,440; fewer under -short; one whose solutions
// are up to 1,072 moves long, one of a single state), against the
// reference search: the distribution, the first optimal solution in move
// order, the number of optimal solutions, the list of them, the verdict on
// them; each position written as a state block and read back.
func TestAnswersAgainstReference(t *testing.T) {
	for _, name := range []string{"loop3_cols.tws", "twisty.tws", "ties.tws", "loop3.tws", "long.tws", "one.tws", "ring256.tws"} {
		t.Run(name, func(t *testing.T) {
			if raceShort() && name == "loop3.tws" {
				t.Skip("the largest, left to the suite without the race detector")
			}
			file := filepath.Join("testdata", name)
			ref := newReference(t, file, ksolve.HTM)
			pz := build(t, file, "htm")
			if got, want := pz.Distribution(), ref.distribution(); !slices.Equal(got, want) {
				t.Fatalf("distribution %v, want %v", got, want)
			}
			if pz.Reachable() != uint64(len(ref.dist)) {
				t.Fatalf("%d reachable, want %d", pz.Reachable(), len(ref.dist))
			}
			d := ref.p.Def
			for _, s := range every(ref, 40000, 4000) {
				text := d.FormatState(ksolve.State(s))
				pos, err := pz.ParseState(text)
				if err != nil {
					t.Fatalf("%q: %v", text, err)
				}
				if pos.String() != text {
					t.Fatalf("state %q read back as %q", text, pos.String())
				}
				checkAnswers(t, pos, ref, s, true)
			}
		})
	}
}

// checkAnswers checks every answer mode at pos, the reference's state s:
// the first optimal solution (which must solve it), the number of them
// and all of them (the reference's, where exact: in the half-turn metric,
// where every move is a step of the reference's), and the verdict on it.
func checkAnswers(t *testing.T, pos tws.Position, ref *reference, s string, exact bool) {
	t.Helper()
	sol, err := pos.Solve()
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join(ref.first(s), " ")
	if exact && sol.String() != want || sol.Cost() != ref.dist[s] {
		t.Fatalf("%s: solution %q (cost %d), want %q (%d)", pos.Line(), sol, sol.Cost(), want, ref.dist[s])
	}
	if !pos.Apply(sol).IsSolved() {
		t.Fatalf("%s: %q does not solve it", pos.Line(), sol)
	}
	n, err := pos.Count()
	if err != nil || exact && n != ref.ways[s] {
		t.Fatalf("%s: count %d (%v), want %d", pos.Line(), n, err, ref.ways[s])
	}
	if exact && n <= 40 {
		all, truncated, err := pos.All(0)
		if err != nil || truncated {
			t.Fatal(err, truncated)
		}
		var got, wantAll []string
		for _, a := range all {
			got = append(got, a.String())
		}
		for _, a := range ref.all(s) {
			wantAll = append(wantAll, strings.Join(a, " "))
		}
		if !slices.Equal(got, wantAll) {
			t.Fatalf("%s: all %q, want %q", pos.Line(), got, wantAll)
		}
	}
	v, err := pos.Verify(sol.String())
	if err != nil || !v.IsOptimal() || v.Optimal != ref.dist[s] {
		t.Fatalf("%s: verify %q: %v %v", pos.Line(), sol, v, err)
	}
}

// The quarter-turn metric: every distance is the reference's, counting a
// power its exponent's size, and every solution costs it and solves.
func TestQuarterTurnsAgainstReference(t *testing.T) {
	file := filepath.Join("testdata", "twisty.tws")
	ref := newReference(t, file, ksolve.QTM)
	pz := build(t, file, "qtm")
	if got, want := pz.Distribution(), ref.distribution(); !slices.Equal(got, want) {
		t.Fatalf("distribution %v, want %v", got, want)
	}
	for _, s := range ref.order {
		pos, err := pz.ParseState(ref.p.Def.FormatLine(ksolve.State(s)))
		if err != nil {
			t.Fatal(err)
		}
		sol, err := pos.Solve()
		if err != nil || sol.Cost() != ref.dist[s] || !pos.Apply(sol).IsSolved() {
			t.Fatalf("%s: %q costs %d (%v), want %d", pos.Line(), sol, sol.Cost(), err, ref.dist[s])
		}
	}
}

// The pocket cube written as a definition answers as the built-in pocket
// cube on a fifth of all positions (a sample under -short), in both
// metrics: two
// models that share nothing but the move names check each other.
func TestPocketDefinitionMatchesBuiltIn(t *testing.T) {
	for _, m := range []pocket.Metric{pocket.HTM, pocket.QTM} {
		pz := build(t, filepath.Join("testdata", "pocket.tws"), m.String())
		want, err := pocket.Distribution(m)
		if err != nil {
			t.Fatal(err)
		}
		if got := pz.Distribution(); !slices.Equal(got, want) {
			t.Fatalf("%v: distribution %v, want %v", m, got, want)
		}
		// Every fifth position (every 997th under -short): a walk in
		// each model and a parse per position.
		step := uint32(5)
		if testing.Short() {
			step = 997
		}
		for r := uint32(0); r < 3674160; r += step {
			c, err := pocket.FromRank(r)
			if err != nil {
				t.Fatal(err)
			}
			moves, err := c.Moves()
			if err != nil {
				t.Fatal(err)
			}
			pos, err := pz.ParseMoves(moves.String())
			if err != nil {
				t.Fatal(err)
			}
			got, err := pos.Distance()
			want, err2 := c.Distance(m)
			if err != nil || err2 != nil || got != want {
				t.Fatalf("%v: rank %d (%s): distance %d, built-in %d (%v %v)", m, r, moves, got, want, err, err2)
			}
			if r%(step*61) == 0 {
				n, err := pos.Count()
				wn, err2 := c.Count(m)
				if err != nil || err2 != nil || n != wn {
					t.Fatalf("%v: %s: count %d, built-in %d", m, moves, n, wn)
				}
			}
		}
	}
}

// A table written and read back answers as the one built, and a damaged or
// mismatched one is refused with a table error.
func TestTableFile(t *testing.T) {
	pz := build(t, filepath.Join("testdata", "twisty.tws"), "htm")
	var buf bytes.Buffer
	if _, err := pz.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	back, err := tws.Open("twisty.gdt", bytes.NewReader(data), int64(len(data)), tws.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Distribution(), pz.Distribution()) || back.ID() != pz.ID() {
		t.Fatal("read back differs")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		p := pz.Random(rng)
		q, err := back.ParseState(p.Line())
		if err != nil {
			t.Fatal(err)
		}
		a, _ := p.Solve()
		b, _ := q.Solve()
		if a.String() != b.String() {
			t.Fatalf("%s: %q, read back %q", p.Line(), a, b)
		}
	}
	// Every byte flipped in turn (a spread of them in a large file) is
	// refused, never answered from.
	for i := 0; i < len(data); i += 1 + len(data)/2000 {
		bad := bytes.Clone(data)
		bad[i] ^= 0x20
		if _, err := tws.Open("twisty.gdt", bytes.NewReader(bad), int64(len(bad)), tws.OpenOptions{}); err == nil {
			t.Fatalf("byte %d flipped: table accepted", i)
		} else if te := (*lookup.TableError)(nil); !errors.As(err, &te) {
			t.Fatalf("byte %d flipped: %v is not a table error", i, err)
		}
	}
	for _, n := range []int{0, 7, 40, len(data) / 2, len(data) - 1} {
		if _, err := tws.Open("twisty.gdt", bytes.NewReader(data[:n]), int64(len(data[:n])), tws.OpenOptions{}); err == nil {
			t.Fatalf("cut to %d bytes: accepted", n)
		}
	}
}

// The table does not depend on the file's comments, spacing or move order;
// it does depend on the metric and the moves.
func TestIDIsTheMeaning(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "pocket.tws"))
	if err != nil {
		t.Fatal(err)
	}
	id := func(text, metric, moves string) [32]byte {
		def, err := tws.ParseDefinition("x.tws", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		pz, err := tws.Build(context.Background(), def, tws.BuildOptions{Metric: metric, Moves: moves})
		if err != nil {
			t.Fatal(err)
		}
		return pz.ID()
	}
	base := id(string(src), "htm", "")
	// The moves in another order, other comments and spacing.
	blocks := strings.Split(string(src), "\nMove ")
	reordered := blocks[0] + "\n# moves reordered\nMove " + blocks[3] + "\nMove  " + blocks[1] + "\nMove " + blocks[2]
	reordered = strings.ReplaceAll(reordered, "\n", "\n\n")
	if id(reordered, "htm", "") != base {
		t.Fatal("reordering the moves changed the table's ID")
	}
	if id(string(src), "qtm", "") == base || id(string(src), "htm", "R,U") == base {
		t.Fatal("the metric or the move set left the ID unchanged")
	}
}

// A table file read from anywhere never panics, and one that opens answers
// consistently: its distribution adds up to its reachable states, and its
// solutions solve.
func FuzzOpenBytes(f *testing.F) {
	good, err := os.ReadFile(filepath.Join("..", "..", "internal", "app", "testdata", "defs", "twisty.gdt"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Fuzz(func(t *testing.T, data []byte) {
		pz, err := tws.Open("f.gdt", bytes.NewReader(data), int64(len(data)), tws.OpenOptions{})
		if err != nil {
			return
		}
		total := uint64(0)
		for _, n := range pz.Distribution() {
			total += uint64(n)
		}
		if total != pz.Reachable() {
			t.Fatalf("distribution adds up to %d, reachable %d", total, pz.Reachable())
		}
		rng := rand.New(rand.NewPCG(1, 1))
		for range 5 {
			p := pz.Random(rng)
			sol, err := p.Solve()
			if err != nil || !p.Apply(sol).IsSolved() {
				t.Fatalf("%s: %q does not solve (%v)", p.Line(), sol, err)
			}
		}
	})
}

// Random draws every reachable position equally often (a chi-square test
// over the 216 positions of twisty.tws), and the sequence a position gives
// (Moves) makes it, as short as an optimal solution.
func TestRandomUniform(t *testing.T) {
	pz := build(t, filepath.Join("testdata", "twisty.tws"), "htm")
	rng := rand.New(rand.NewPCG(3, 4))
	const draws = 216 * 500
	seen := map[string]int{}
	for range draws {
		p := pz.Random(rng)
		seen[p.Line()]++
	}
	if len(seen) != int(pz.Reachable()) {
		t.Fatalf("%d positions drawn of %d", len(seen), pz.Reachable())
	}
	chi := 0.0
	for _, n := range seen {
		d := float64(n) - 500
		chi += d * d / 500
	}
	// 215 degrees of freedom: the 99.99th percentile is about 300.
	if chi > 300 {
		t.Fatalf("chi-square %.1f over 215 degrees of freedom: not uniform", chi)
	}
	for line := range seen {
		p, err := pz.ParseState(line)
		if err != nil {
			t.Fatal(err)
		}
		moves, err := p.Moves()
		if err != nil {
			t.Fatal(err)
		}
		q, err := pz.ParseMoves(moves.String())
		d, _ := p.Distance()
		if err != nil || q.Line() != line || moves.Cost() != d {
			t.Fatalf("%s: %q makes %s (%v), cost %d, distance %d", line, moves, q.Line(), err, moves.Cost(), d)
		}
	}
}

// The Pyraminx's body written as a definition answers as the built-in
// Pyraminx: the same distribution (SPEC's), and on positions made by random
// body moves the same first optimal solution, in the same move order
// (U U' L L' R R' B B'), and the same count.
func TestPyraminxDefinitionMatchesBuiltIn(t *testing.T) {
	pz := build(t, filepath.Join("testdata", "pyraminx.tws"), "htm")
	want, err := pyraminx.Distribution()
	if err != nil {
		t.Fatal(err)
	}
	if got := pz.Distribution(); !slices.Equal(got, want) {
		t.Fatalf("distribution %v, want %v", got, want)
	}
	n := 20000
	if testing.Short() {
		n = 1000
	}
	rng := rand.New(rand.NewPCG(5, 6))
	moves := []string{"U", "U'", "L", "L'", "R", "R'", "B", "B'"}
	for range n {
		var seq []string
		for range 4 + rng.IntN(14) {
			seq = append(seq, moves[rng.IntN(len(moves))])
		}
		s := strings.Join(seq, " ")
		p, err := pyraminx.Scramble(s)
		if err != nil {
			t.Fatal(err)
		}
		q, err := pz.ParseMoves(s)
		if err != nil {
			t.Fatal(err)
		}
		a, err := p.Solve()
		if err != nil {
			t.Fatal(err)
		}
		b, err := q.Solve()
		if err != nil || a.String() != b.String() {
			t.Fatalf("%s: solution %q, built-in %q (%v)", s, b, a, err)
		}
		if rng.IntN(20) == 0 {
			ca, _ := p.Count()
			cb, err := q.Count()
			if err != nil || ca != cb {
				t.Fatalf("%s: count %d, built-in %d", s, cb, ca)
			}
		}
	}
}

// A move sequence takes the shared grammar's spellings of every power: X’
// as X', X3 as X' on an order-4 base, X2’ and X2' as X2 there, X3' as the
// power it comes to; a power that comes to nothing (R4) is no move, and the
// error lists the moves. Solutions in verify read them alike.
func TestPowerSpellings(t *testing.T) {
	pocket := build(t, "testdata/pocket.tws", "htm")
	twisty := build(t, "testdata/twisty.tws", "htm")
	for _, c := range []struct {
		pz         *tws.Puzzle
		seq, write string
	}{
		{pocket, "R3", "R'"}, {pocket, "R’", "R'"}, {pocket, "R2’", "R2"}, {pocket, "R2'", "R2"},
		{pocket, "R3'", "R"}, {pocket, "R3’ U3", "R U'"},
		{twisty, "A’", "A'"}, {twisty, "A2’", "A2'"}, {twisty, "A3'", "A3"}, {twisty, "A3’", "A3"},
	} {
		got, err1 := c.pz.ParseMoves(c.seq)
		want, err2 := c.pz.ParseMoves(c.write)
		if err1 != nil || err2 != nil || got.String() != want.String() {
			t.Errorf("%s: %q is %v (%v), want %q's %v (%v)", c.pz.Name(), c.seq, got, err1, c.write, want, err2)
		}
	}
	if _, err := pocket.ParseMoves("R4"); err == nil || !strings.Contains(err.Error(), "want a move of Pocket: R R2 R' U U2 U' F F2 F'") {
		t.Errorf("R4: %v", err)
	}
	pos, _ := pocket.ParseMoves("R")
	if v, err := pos.Verify("R3"); err != nil || !v.IsOptimal() {
		t.Errorf("verify R3 after R: %v, %v", v, err)
	}
	if v, err := pos.Verify("R’ R2 R2"); err != nil || !v.Legal || v.IsOptimal() {
		t.Errorf("verify R’ R2 R2 after R: %v, %v", v, err)
	}
}

// A spelling never hides a move's own name: with a base named A3 beside A,
// A3 is that base in positions, and in the solutions of a table built with
// --moves A (which leaves A3 out) it is no move, not A'.
func TestPowerSpellingsKeepNames(t *testing.T) {
	const src = "Name Shadow\nSet P 4 1\nSolved\nP\n1 2 3 4\nEnd\nMove A\nP\n2 3 4 1\nEnd\nMove A3\nP\n2 1 3 4\nEnd\n"
	def, err := tws.ParseDefinition("shadow.tws", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	pz, err := tws.Build(context.Background(), def, tws.BuildOptions{Moves: "A"})
	if err != nil {
		t.Fatal(err)
	}
	a3, err1 := pz.ParseMoves("A3")
	ai, err2 := pz.ParseMoves("A'")
	if err1 != nil || err2 != nil || a3.String() == ai.String() {
		t.Errorf("A3 reads as %v (%v), A' as %v (%v): the base A3 is hidden", a3, err1, ai, err2)
	}
	pos, err := pz.ParseMoves("A")
	if err != nil {
		t.Fatal(err)
	}
	if v, err := pos.Verify("A3"); err != nil || v.Legal || !strings.Contains(v.Problem, `bad move "A3"`) {
		t.Errorf("verify A3 after A, in a table of A's powers: %+v, %v", v, err)
	}
}
