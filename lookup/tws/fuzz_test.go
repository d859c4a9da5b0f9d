package tws_test

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/lookup/tws"
)

// FuzzDefinition builds the table of a definition and checks every answer
// mode on every state against the reference search: the distribution, the
// first optimal solution in move order (its cost in the quarter-turn
// metric), the number of optimal solutions and their list, the verdict on
// the solution, the solution and the sequence that makes the position read
// back through the notation, the state block read back, and the table
// written and opened again. A definition the parser refuses must be
// refused in one line.
//
// The definition is text, or, when text is empty, made from the bytes of
// gen: a few sets of a few pieces, some alike, some orientations ignored,
// a few random moves under names drawn from a small pool (so that names
// clash), sequences and aliases of them, either metric.
func FuzzDefinition(f *testing.F) {
	for _, seed := range [][]byte{
		{0}, {1, 2, 3, 4, 5, 6, 7, 8}, {9, 200, 17, 33, 4, 90, 12, 255, 3},
		[]byte("a definition made of these bytes"),
		bytes.Repeat([]byte{0xa5, 0x3c, 0x7e}, 20),
	} {
		f.Add("", seed)
	}
	f.Fuzz(func(t *testing.T, text string, gen []byte) {
		metric := "htm"
		if text == "" {
			if len(gen) > 0 && gen[0]&1 == 1 {
				metric = "qtm"
			}
			text = generate(gen)
		}
		checkDefinition(t, text, metric)
	})
}

// bytesOf reads numbers from the fuzzer's bytes, then, once they run
// out, from a generator seeded with them (so that a short input still
// makes moves that move).
type bytesOf struct {
	b   []byte
	rng *rand.Rand
}

func newBytesOf(b []byte) *bytesOf {
	h := fnv.New64a()
	h.Write(b)
	return &bytesOf{b: b, rng: rand.New(rand.NewPCG(h.Sum64(), uint64(len(b))))}
}

// n returns a number from 0 to k-1.
func (r *bytesOf) n(k int) int {
	if k <= 1 {
		return 0
	}
	if len(r.b) == 0 {
		return r.rng.IntN(k)
	}
	v := int(r.b[0])
	r.b = r.b[1:]
	return v % k
}

// names are the moves' names: few, so that definitions give one twice, and
// with powers' spellings among them.
var names = []string{"A", "B", "C", "A2", "B'", "x", "Fv", "A3"}

// generate makes a definition from the bytes of gen.
func generate(gen []byte) string {
	r := newBytesOf(gen)
	var b strings.Builder
	b.WriteString("Name Fuzz\n")
	type set struct{ size, mod int }
	sets := make([]set, 1+r.n(2))
	for k := range sets {
		sets[k] = set{2 + r.n(4), 1 + r.n(3)}
		if r.n(8) == 0 {
			sets[k].size = 1
		}
		fmt.Fprintf(&b, "Set S%d %d %d\n", k, sets[k].size, sets[k].mod)
	}
	row := func(vals []int) {
		for i, v := range vals {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(fmt.Sprint(v))
		}
		b.WriteByte('\n')
	}
	b.WriteString("Solved\n")
	for k, s := range sets {
		if r.n(3) == 0 {
			continue // left out: solved as 1 2 3 ...
		}
		fmt.Fprintf(&b, "S%d\n", k)
		labels := make([]int, s.size)
		alike := r.n(2) == 0
		for i := range labels {
			labels[i] = i + 1
			if alike {
				labels[i] = 1 + r.n(2)
			}
		}
		row(labels)
		if s.mod > 1 && r.n(2) == 0 {
			wild := r.n(3) == 0 // all or none: alike pieces must agree
			for i := range s.size {
				if i > 0 {
					b.WriteByte(' ')
				}
				if wild {
					b.WriteByte('?')
				} else {
					b.WriteString("0")
				}
			}
			b.WriteByte('\n')
		}
	}
	b.WriteString("End\n")
	moves := 1 + r.n(3)
	var defined []string
	for range moves {
		// Mostly a name not given yet; now and then any, to clash.
		name := names[len(defined)]
		if r.n(4) == 0 {
			name = names[r.n(len(names))]
		}
		defined = append(defined, name)
		fmt.Fprintf(&b, "Move %s\n", name)
		for k, s := range sets {
			if r.n(4) == 0 {
				continue
			}
			fmt.Fprintf(&b, "S%d\n", k)
			perm := make([]int, s.size)
			for i := range perm {
				perm[i] = i + 1
			}
			for i := s.size - 1; i > 0; i-- {
				j := r.n(i + 1)
				perm[i], perm[j] = perm[j], perm[i]
			}
			row(perm)
			if s.mod > 1 {
				ori := make([]int, s.size)
				for i := range ori {
					ori[i] = r.n(s.mod)
				}
				row(ori)
			}
		}
		b.WriteString("End\n")
	}
	for range r.n(3) {
		kind := "MoveSequence"
		sep := " "
		if r.n(2) == 0 {
			kind, sep = "MoveAlias", ","
		}
		var seq []string
		for range 1 + r.n(3) {
			seq = append(seq, defined[r.n(len(defined))])
		}
		fmt.Fprintf(&b, "%s %s %s\n", kind, names[r.n(len(names))], strings.Join(seq, sep))
	}
	return b.String()
}

// raceShort says that the tests run under the race detector with -short,
// which slows them several times: the longest check less.
func raceShort() bool { return raceEnabled && testing.Short() }

// The generator is not vacuous: most of what it makes builds, and is
// checked whole.
func TestGeneratedDefinitionsBuild(t *testing.T) {
	built := 0
	n := 200
	if raceShort() {
		n = 40
	}
	for i := range n {
		metric := []string{"htm", "qtm"}[i%2]
		if checkDefinition(t, generate([]byte(fmt.Sprint(i))), metric) {
			built++
		}
	}
	if built < n/4 {
		t.Fatalf("%d of %d generated definitions built", built, n)
	}
	t.Logf("%d of %d generated definitions built and checked", built, n)
}

// checkDefinition builds text's table in metric and checks every answer
// mode against the reference search; it reports whether it built one.
func checkDefinition(t *testing.T, text, metric string) bool {
	def, err := tws.ParseDefinition("fuzz.tws", []byte(text))
	if err != nil {
		if strings.Contains(err.Error(), "\n") {
			t.Fatalf("an error of more than one line: %q", err)
		}
		return false
	}
	kd, err := ksolve.Parse("fuzz.tws", []byte(text))
	if err != nil {
		t.Fatalf("the package reads it, ksolve does not: %v", err)
	}
	m, _ := ksolve.ParseMetric(metric)
	kp, err := ksolve.NewPuzzle(kd, m, "")
	if err != nil {
		if _, _, perr := tws.Plan(def, tws.BuildOptions{Metric: metric}); perr == nil {
			t.Fatalf("Plan takes what NewPuzzle refuses (%v)", err)
		}
		return false
	}
	indexed, _, err := tws.Plan(def, tws.BuildOptions{Metric: metric})
	if err != nil || indexed > 1<<20 {
		return false
	}
	ref := search(kp, 20000)
	if ref == nil {
		return false
	}
	pz, err := tws.Build(context.Background(), def, tws.BuildOptions{Metric: metric, Workers: 1})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	if got, want := pz.Distribution(), ref.distribution(); !slices.Equal(got, want) {
		t.Fatalf("distribution %v, want %v", got, want)
	}
	var file bytes.Buffer
	if _, err := pz.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	opened, err := tws.Open("fuzz.gdt", bytes.NewReader(file.Bytes()), int64(file.Len()), tws.OpenOptions{})
	if err != nil {
		t.Fatalf("the table written does not open: %v", err)
	}
	qtm := metric == "qtm"
	for _, s := range ref.order {
		line := kd.FormatLine(ksolve.State(s))
		pos, err := pz.ParseState(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if pos.Line() != line {
			t.Fatalf("state %q read back as %q", line, pos.Line())
		}
		sol, err := pos.Solve()
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if sol.Cost() != ref.dist[s] || !pos.Apply(sol).IsSolved() {
			t.Fatalf("%s: %q costs %d, want %d", line, sol, sol.Cost(), ref.dist[s])
		}
		if d, err := pos.Distance(); err != nil || d != ref.dist[s] {
			t.Fatalf("%s: distance %d (%v), want %d", line, d, err, ref.dist[s])
		}
		// The solution, written, reads back as moves that solve it.
		if back, err := pos.Moved(sol.String()); err != nil || !back.IsSolved() {
			t.Fatalf("%s: solution %q read back: %v", line, sol, err)
		}
		// The sequence that makes the position reads back as it.
		mk, err := pos.Moves()
		if err != nil {
			t.Fatal(err)
		}
		if made, err := pz.ParseMoves(mk.String()); err != nil || made.Line() != line {
			t.Fatalf("%s: sequence %q makes %q (%v)", line, mk, made.Line(), err)
		}
		v, err := pos.Verify(sol.String())
		if err != nil || !v.IsOptimal() || v.Optimal != ref.dist[s] {
			t.Fatalf("%s: verify %q: %+v %v", line, sol, v, err)
		}
		if o, err := opened.ParseState(line); err != nil {
			t.Fatal(err)
		} else if osol, err := o.Solve(); err != nil || osol.String() != sol.String() {
			t.Fatalf("%s: the opened table answers %q (%v), the built %q", line, osol, err, sol)
		}
		if qtm {
			continue // the reference's first, count and list are of single moves
		}
		if want := strings.Join(ref.first(s), " "); sol.String() != want {
			t.Fatalf("%s: solution %q, want %q", line, sol, want)
		}
		n, err := pos.Count()
		if err != nil || n != ref.ways[s] {
			t.Fatalf("%s: count %d (%v), want %d", line, n, err, ref.ways[s])
		}
		if n <= 20 {
			all, truncated, err := pos.All(0)
			if err != nil || truncated {
				t.Fatal(err, truncated)
			}
			var got, want []string
			for _, a := range all {
				got = append(got, a.String())
			}
			for _, a := range ref.all(s) {
				want = append(want, strings.Join(a, " "))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s: all %q, want %q", line, got, want)
			}
		}
	}
	return true
}

// rings is a definition of rings of the given sizes, each with one marked
// piece, and two reflections of them all: its states lie on one path of
// the product of the sizes, less one, moves.
func rings(sizes ...int) string {
	var b strings.Builder
	b.WriteString("Name Rings\n")
	for k, n := range sizes {
		fmt.Fprintf(&b, "Set P%d %d 1\n", k, n)
	}
	b.WriteString("Solved\n")
	for k, n := range sizes {
		fmt.Fprintf(&b, "P%d\n1%s\n", k, strings.Repeat(" 2", n-1))
	}
	b.WriteString("End\n")
	for m, shift := range []int{0, 1} {
		fmt.Fprintf(&b, "Move %c\n", 'A'+m)
		for k, n := range sizes {
			fmt.Fprintf(&b, "P%d\n", k)
			for i := range n {
				fmt.Fprintf(&b, "%d ", ((shift-i)%n+n)%n+1)
			}
			b.WriteString("\n")
		}
		b.WriteString("End\n")
	}
	return b.String()
}

// A puzzle whose largest distance is more than a table holds (41,988 of
// 16,303) is refused after the search, in one line; one just under it builds.
func TestLargestDistance(t *testing.T) {
	if raceShort() {
		t.Skip("41,988 levels of one state each: the race detector's cost a level, with nothing concurrent to see")
	}
	def, err := tws.ParseDefinition("rings.tws", []byte(rings(211, 199)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = tws.Build(context.Background(), def, tws.BuildOptions{})
	if err == nil || !strings.Contains(err.Error(), "41989 distances, more than a table holds (16304)") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("%v", err)
	}
	def, err = tws.ParseDefinition("rings.tws", []byte(rings(149, 109))) // 16,241 states
	if err != nil {
		t.Fatal(err)
	}
	pz, err := tws.Build(context.Background(), def, tws.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d := len(pz.Distribution()) - 1; d != 149*109-1 {
		t.Fatalf("largest distance %d", d)
	}
	far, err := pz.ParseState("P0 " + strings.Repeat("2 ", 74) + "1" + strings.Repeat(" 2", 74) + " P1 " + strings.Repeat("2 ", 54) + "1" + strings.Repeat(" 2", 54))
	if err != nil {
		t.Fatal(err)
	}
	sol, err := far.Solve()
	if err != nil || !far.Apply(sol).IsSolved() {
		t.Fatalf("%v", err)
	}
	if d, _ := far.Distance(); sol.Len() != d || d < 10000 {
		t.Fatalf("a solution of %d moves, distance %d", sol.Len(), d)
	}
	if v, err := far.Verify(sol.String()); err != nil || !v.IsOptimal() {
		t.Fatalf("verify: %+v %v", v, err)
	}
}
