package permindex

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// The parities counted up rank by rank are those of the permutations the
// ranks stand for.
func TestLehmerParities(t *testing.T) {
	for n := 1; n <= 8; n++ {
		counts := make([]int, n)
		for i := range counts {
			counts[i] = 1
		}
		ms := newMultiset(counts)
		par := lehmerParities(n)
		a := make([]uint8, n)
		for r := uint64(0); r < ms.size; r++ {
			ms.unrank(r, a)
			if got := uint8(par[r/64] >> (r % 64) & 1); got != parityOf(a) {
				t.Fatalf("n %d rank %d: parity %d, want %d", n, r, got, parityOf(a))
			}
		}
	}
}

// A puzzle beyond the index is refused before anything is built, with the
// memory its table would need.
func TestTooLarge(t *testing.T) {
	for _, src := range []string{
		"Set S 17 1\nSolved\nEnd\nMove M\nS\n2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 1\nEnd\n",
		// Four sets, each with a cycle and a swap of its own: nothing is
		// tied, and the index is (8! × 3^8)^4.
		"Set S 8 3\nSet T 8 3\nSet U 8 3\nSet V 8 3\nSolved\nEnd\n" +
			"Move M\nS\n2 3 4 5 6 7 8 1\n1 0 0 0 0 0 0 0\nEnd\nMove N\nS\n2 1 3 4 5 6 7 8\nEnd\n" +
			"Move O\nT\n2 3 4 5 6 7 8 1\n1 0 0 0 0 0 0 0\nEnd\nMove P\nT\n2 1 3 4 5 6 7 8\nEnd\n" +
			"Move Q\nU\n2 3 4 5 6 7 8 1\n1 0 0 0 0 0 0 0\nEnd\nMove R\nU\n2 1 3 4 5 6 7 8\nEnd\n" +
			"Move X\nV\n2 3 4 5 6 7 8 1\n1 0 0 0 0 0 0 0\nEnd\nMove Y\nV\n2 1 3 4 5 6 7 8\nEnd\n",
	} {
		d, err := ksolve.Parse("big.tws", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := Plan(p); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), " GB ") {
			t.Errorf("%q: %v", src, err)
		}
	}
}

// New after Plan takes the index Plan worked out only for a puzzle of the
// same sets, solved state and generators, and makes the same index as New
// alone; another puzzle's New plans its own.
func TestNewTakesThePlan(t *testing.T) {
	a := puzzleOf(t, splitSix)
	b := puzzleOf(t, oneState)
	fresh, err := New(puzzleOf(t, splitSix))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Plan(a); err != nil {
		t.Fatal(err)
	}
	other, err := New(b)
	if err != nil {
		t.Fatal(err)
	}
	if other.Size() != 1 || other.Puzzle() != b {
		t.Fatalf("another puzzle's New after Plan: size %d (want 1)", other.Size())
	}
	size, tables, err := Plan(a)
	if err != nil {
		t.Fatal(err)
	}
	// Plan asked again answers from the plan kept, without planning.
	kept := planned.x
	if s2, t2, err := Plan(puzzleOf(t, splitSix)); err != nil || s2 != size || t2 != tables || planned.x != kept {
		t.Fatalf("Plan again: %d, %d, %v, planned again %v; want %d, %d", s2, t2, err, planned.x != kept, size, tables)
	}
	again := puzzleOf(t, splitSix) // parsed again: another pointer, the same puzzle
	x, err := New(again)
	if err != nil {
		t.Fatal(err)
	}
	if x.Puzzle() != again {
		t.Fatal("the planned index kept the puzzle it was planned for")
	}
	if planned.x != nil {
		t.Fatal("New left the plan for another New to take")
	}
	if x.Size() != fresh.Size() {
		t.Fatalf("size %d after Plan, %d without", x.Size(), fresh.Size())
	}
	checkIndex(t, again, x)
	out1, out2 := make([]uint64, x.Degree()), make([]uint64, x.Degree())
	for i := range x.Size() {
		x.Neighbors(i, out1)
		fresh.Neighbors(i, out2)
		if !slices.Equal(out1, out2) {
			t.Fatalf("index %d: neighbours %v after Plan, %v without", i, out1, out2)
		}
	}
}

// What a move of an index costs, decoded and encoded again: the walk and
// the reduction to symmetry classes make one at every step. On the 2x2x2
// of testdata/cube2.tws (88,179,840 states).
//
//	go test -run '^$' -bench Apply -count 5 ./internal/engine/permindex
func BenchmarkApply(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "..", "model", "ksolve", "testdata", "cube2.tws"))
	if err != nil {
		b.Fatal(err)
	}
	d, err := ksolve.Parse("cube2.tws", src)
	if err != nil {
		b.Fatal(err)
	}
	p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
	if err != nil {
		b.Fatal(err)
	}
	x, err := New(p)
	if err != nil {
		b.Fatal(err)
	}
	r := uint64(12345)
	for i := 0; b.Loop(); i++ {
		r = x.Apply(r, i%x.Degree())
	}
}

// eachSmallIndex calls f with the index of each of the small test
// definitions (lookup/tws/testdata, but for the two of millions of
// states).
func eachSmallIndex(t *testing.T, f func(file string, x *Index)) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "*.tws"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		if b := filepath.Base(file); b == "pocket.tws" || b == "pyraminx.tws" {
			continue // millions of states
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		x, err := New(puzzleOf(t, string(src)))
		if err != nil {
			t.Fatal(err)
		}
		f(file, x)
	}
}

// Step on a decoded index is Apply, and leaves the decoding of the index
// it gives: on every index of the small test definitions, with one
// permutation (direct) and with several coordinates, each move, twice
// over.
func TestStepIsApply(t *testing.T) {
	kinds := map[bool]int{} // definitions with a direct index, and not
	eachSmallIndex(t, func(f string, x *Index) {
		kinds[x.direct()]++
		w := x.Width()
		d, to, to2, back := make([]uint64, w), make([]uint64, w), make([]uint64, w), make([]uint64, w)
		for i := range min(x.Size(), 200000) {
			x.Decode(i, d)
			for g := range x.Degree() {
				j := x.Step(d, g, to)
				if want := x.Apply(i, g); j != want {
					t.Fatalf("%s: index %d, move %d: Step %d, Apply %d", filepath.Base(f), i, g, j, want)
				}
				x.Decode(j, back)
				if !slices.Equal(to, back) {
					t.Fatalf("%s: index %d, move %d: Step left %v, Decode gives %v", filepath.Base(f), i, g, to, back)
				}
				if k, want := x.Step(to, g, to2), x.Apply(j, g); k != want {
					t.Fatalf("%s: index %d, moves %d twice: Step %d, Apply %d", filepath.Base(f), i, g, k, want)
				}
			}
		}
	})
	if kinds[true] == 0 || kinds[false] == 0 {
		t.Fatalf("definitions with one permutation and with several coordinates: %d and %d", kinds[true], kinds[false])
	}
}

// Steps on a batch of decoded indices is Step on each: on the small test
// definitions, batches of 1 to 40 indices spread over each index, each
// with its own generator.
func TestStepsIsStep(t *testing.T) {
	eachSmallIndex(t, func(f string, x *Index) {
		w := x.Width()
		for n := 1; n <= 40; n += 13 {
			d, to, want := make([]uint64, n*w), make([]uint64, n*w), make([]uint64, w)
			gens, out := make([]int, n), make([]uint64, n)
			for round := range uint64(50) {
				for s := range n {
					x.Decode((round*7919+uint64(s)*104729)%x.Size(), d[s*w:(s+1)*w])
					gens[s] = (s + int(round)) % x.Degree()
				}
				x.Steps(d, gens, to, out)
				for s := range n {
					if j := x.Step(d[s*w:(s+1)*w], gens[s], want); out[s] != j || !slices.Equal(to[s*w:(s+1)*w], want) {
						t.Fatalf("%s: batch of %d, index %d: Steps gives %d %v, Step %d %v", filepath.Base(f), n, s, out[s], to[s*w:(s+1)*w], j, want)
					}
				}
			}
		}
	})
}

// threeCycles is n pieces turned by the 3-cycles of each three in a row:
// the even arrangements, n!/2 states. Nine are one permutation, with no
// table (direct); twelve are which slots hold which six and each six's
// arrangement, read with them, as the dino cube's edges, whose tables
// are larger than a processor's cache.
func threeCycles(n int) string {
	var b strings.Builder
	line := func(p []int) {
		for i, v := range p {
			if i > 0 {
				b.WriteString(" ")
			}
			fmt.Fprint(&b, v+1)
		}
		b.WriteString("\n")
	}
	id := make([]int, n)
	for i := range id {
		id[i] = i
	}
	fmt.Fprintf(&b, "Name Cycles%d\nSet P %d 1\nSolved\nP\n", n, n)
	line(id)
	b.WriteString("End\n")
	for m := 0; m+3 <= n; m++ {
		p := slices.Clone(id)
		p[m], p[m+1], p[m+2] = m+1, m+2, m
		fmt.Fprintf(&b, "Move M%d\nP\n", m)
		line(p)
		b.WriteString("End\n")
	}
	return b.String()
}

// BenchmarkStep moves a decoded index, as a reduction to classes does:
// one permutation of nine (direct), twelve split in two halves, and the
// 2x2x2's coordinates.
func BenchmarkStep(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "..", "model", "ksolve", "testdata", "cube2.tws"))
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, src string }{{"direct", threeCycles(9)}, {"split", threeCycles(12)}, {"cube2", string(src)}} {
		b.Run(c.name, func(b *testing.B) {
			x, err := New(puzzleOf(b, c.src))
			if err != nil {
				b.Fatal(err)
			}
			if x.direct() != (c.name == "direct") {
				b.Fatalf("%s: one permutation: %v", c.name, x.direct())
			}
			d, to := make([]uint64, x.Width()), make([]uint64, x.Width())
			x.Decode(12345, d)
			sum := uint64(0)
			for i := 0; b.Loop(); i++ {
				sum += x.Step(d, i%x.Degree(), to)
				d, to = to, d
			}
			if sum == 0 {
				b.Fatal("no index")
			}
		})
	}
}

// A split set's arrangements moved through the two tables Factor makes
// are moved as through their move tables: on every index of splitSix (a
// set of six split in halves of three), each move, by Step and in
// batches by Steps.
func TestFactor(t *testing.T) {
	rawOnly(t)
	old := maxTable
	maxTable = splitTable
	t.Cleanup(func() { maxTable = old })
	x, err := New(puzzleOf(t, splitSix))
	if err != nil {
		t.Fatal(err)
	}
	W, G := x.Width(), x.Degree()
	all := make([]uint64, x.Size()*uint64(W))
	for i := range x.Size() {
		x.Decode(i, all[i*uint64(W):])
	}
	want := make([][]uint64, G) // each move's neighbour of each index, through the move tables
	for g := range G {
		want[g] = make([]uint64, x.Size())
		for i := range x.Size() {
			want[g][i] = x.Apply(i, g)
		}
	}
	x.Factor()
	factored := 0
	for _, c := range x.coords {
		if c.sigma != nil {
			factored++
		}
	}
	if factored != 2 {
		t.Fatalf("%d coordinates factored, want the two arrangements", factored)
	}
	to := make([]uint64, len(all))
	gens, out := make([]int, x.Size()), make([]uint64, x.Size())
	back := make([]uint64, W)
	for g := range G {
		for i := range gens {
			gens[i] = g
		}
		x.Steps(all, gens, to, out)
		for i := range x.Size() {
			if j := x.Step(all[i*uint64(W):(i+1)*uint64(W)], g, back); j != want[g][i] || out[i] != j {
				t.Fatalf("index %d, move %d: Step %d, Steps %d, the move tables %d", i, g, j, out[i], want[g][i])
			}
			if !slices.Equal(back, to[i*uint64(W):(i+1)*uint64(W)]) {
				t.Fatalf("index %d, move %d: Step left %v, Steps %v", i, g, back, to[i*uint64(W):(i+1)*uint64(W)])
			}
		}
	}
	// NewFactored builds no move table for the two arrangements, and
	// its Apply and Neighbors, through the factored tables, agree with
	// the move tables on every index; its Kernel, which builds them
	// then, reaches every neighbour too.
	y, err := NewFactored(puzzleOf(t, splitSix))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range y.coords {
		if c.sigma != nil && (c.t16 != nil || c.t32 != nil) {
			t.Fatal("NewFactored built a move table Factor replaces")
		}
	}
	nb := make([]uint64, G)
	for i := range y.Size() {
		y.Neighbors(i, nb)
		for g := range G {
			if a := y.Apply(i, g); a != want[g][i] || nb[g] != a {
				t.Fatalf("NewFactored: index %d, move %d: Apply %d, Neighbors %d, the move tables %d", i, g, a, nb[g], want[g][i])
			}
		}
	}
	k := y.Kernel()
	out16 := make([]uint64, 32*G)
	for w := range (y.Size() + 31) / 32 {
		m := uint64(0)
		for j := range min(32, y.Size()-w*32) {
			m |= 1 << (2 * j)
		}
		k.Neighbors(w, m, out16)
		for j := range min(32, y.Size()-w*32) {
			i := w*32 + j
			for g := range G {
				if got := out16[j*uint64(G)+uint64(g)]; got != want[g][i] {
					t.Fatalf("NewFactored's Kernel: index %d, move %d: %d, want %d", i, g, got, want[g][i])
				}
			}
		}
	}
}

// An arrangement's move table filled from its factored tables is the one
// worked out row by row: on splitSix, each arrangement coordinate's
// table both ways, entry by entry.
func TestArrangementTableFromFactors(t *testing.T) {
	rawOnly(t)
	old := maxTable
	maxTable = splitTable
	t.Cleanup(func() { maxTable = old; factorRows = true })
	x, err := New(puzzleOf(t, splitSix))
	if err != nil {
		t.Fatal(err)
	}
	arrangements := 0
	for k := range x.raw {
		c := &x.raw[k]
		if c.kind != kArr {
			continue
		}
		arrangements++
		factorRows = true
		c.t16, c.t32 = nil, nil
		if !x.fromFactors(k) {
			t.Fatalf("coordinate %d: not filled from its factors", k)
		}
		f16, f32 := c.t16, c.t32
		factorRows = false
		c.t16, c.t32 = nil, nil
		x.buildTable(k)
		if !slices.Equal(f16, c.t16) || !slices.Equal(f32, c.t32) || len(f16)+len(f32) == 0 {
			t.Fatalf("coordinate %d: the table from its factors differs from the one worked out row by row", k)
		}
	}
	if arrangements == 0 {
		t.Fatal("no arrangement coordinate")
	}
}
