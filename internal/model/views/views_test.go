package views

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// viewsOf computes the views of a block set cell by cell, straight from the
// geometry in the package documentation, to check the bit tricks.
func viewsOf(b Blocks) Views {
	var v Views
	for l := range 4 {
		for r := range 4 {
			for c := range 4 {
				if b>>(16*l+4*r+c)&1 == 0 {
					continue
				}
				v.Top |= 1 << (4*r + c)
				v.Front |= 1 << (4*l + c)
				v.Side |= 1 << (4*l + 3 - r)
			}
		}
	}
	return v
}

func TestGeometry(t *testing.T) {
	for i := range 64 {
		b := Blocks(1) << i
		if got, want := b.Views(), viewsOf(b); got != want {
			t.Errorf("block %d: views %v, want %v", i, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		b := Blocks(rng.Uint64() & rng.Uint64())
		if got, want := b.Views(), viewsOf(b); got != want {
			t.Fatalf("%v: views %v, want %v", b, got, want)
		}
	}
	// The written forms put cell 0 and block 0 in the most significant bit.
	if got := (Views{Top: 1}).Hex(); got != "800000000000" {
		t.Errorf("top cell 0 = %s", got)
	}
	if got := (Views{Side: 1 << 15}).Hex(); got != "000000000001" {
		t.Errorf("side cell 15 = %s", got)
	}
	if got := Blocks(1).Hex(); got != "8000000000000000" {
		t.Errorf("block 0 = %s", got)
	}
	if got := (Blocks(1) << 63).Hex(); got != "0000000000000001" {
		t.Errorf("block 63 = %s", got)
	}
}

func TestRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		n := rng.Uint64() >> 16
		v := FromBits48(n)
		if v.Bits48() != n {
			t.Fatalf("Bits48(FromBits48(%x)) = %x", n, v.Bits48())
		}
		if got, err := ParseHex(v.Hex()); err != nil || got != v {
			t.Fatalf("ParseHex(%q) = %v, %v", v.Hex(), got, err)
		}
		if got, err := ParseHex(" \t" + strings.ToUpper(v.Hex()) + "\n"); err != nil || got != v {
			t.Fatalf("ParseHex(upper %q) = %v, %v", v.Hex(), got, err)
		}
		if got, err := ParseDrawing(v.Draw()); err != nil || got != v {
			t.Fatalf("ParseDrawing(%q) = %v, %v", v.Draw(), got, err)
		}
		b := Blocks(rng.Uint64())
		if got, err := ParseBlocks(b.Hex()); err != nil || got != b {
			t.Fatalf("ParseBlocks(%q) = %v, %v", b.Hex(), got, err)
		}
		if got, err := ParseBlocksDrawing(b.Draw()); err != nil || got != b {
			t.Fatalf("ParseBlocksDrawing(%q) = %v, %v", b.Draw(), got, err)
		}
	}
}

func TestDrawingForms(t *testing.T) {
	v, err := ParseHex("fe88e8f9b499")
	if err != nil {
		t.Fatal(err)
	}
	want := `Top:        Front:      Side:
x x x x     x x x .     x . x x
x x x .     x . . .     . x . .
x . . .     x x x x     x . . x
x . . .     x . . x     x . . x
`
	if got := v.Draw(); got != want {
		t.Errorf("Draw:\n%s\nwant:\n%s", got, want)
	}
	// Without the header, without blanks between cells, with blank lines
	// around and upper-case x.
	for _, text := range []string{
		"\nxxxx xxx. x.xx\nxxx. x... .x..\nx... xxxx x..x\nx... x..x x..x\n\n",
		"XXXXXXX.X.XX\nXXX.X....X..\nX...XXXXX..X\nX...X..XX..X",
		"Top:      Front:    Side:\r\nx x x x   x x x .   x . x x\r\nx x x .   x . . .   . x . .\r\n" +
			"x . . .   x x x x   x . . x\r\nx . . .   x . . x   x . . x\r\n",
	} {
		if got, err := ParseDrawing(text); err != nil || got != v {
			t.Errorf("ParseDrawing(%q) = %v, %v; want %v", text, got, err, v)
		}
	}
	b := Blocks(1 | 1<<21 | 1<<42 | 1<<63)
	wantB := `Layer 0:    Layer 1:    Layer 2:    Layer 3:
x . . .     . . . .     . . . .     . . . .
. . . .     . x . .     . . . .     . . . .
. . . .     . . . .     . . x .     . . . .
. . . .     . . . .     . . . .     . . . x
`
	if got := b.Draw(); got != wantB {
		t.Errorf("Blocks.Draw:\n%s\nwant:\n%s", got, wantB)
	}
}

func TestBadInput(t *testing.T) {
	for _, c := range []struct{ in, err string }{
		{"", "want 12 hex digits, got 0"},
		{"   ", "want 12 hex digits, got 0"},
		{"fe88e8f9b49", "want 12 hex digits, got 11"},
		{"fe88e8f9b4990", "want 12 hex digits, got 13"},
		{"fe88g8f9b499", "bad hex digit 'g' at column 5"},
		{"  fe88e8f9b49x", "bad hex digit 'x' at column 14"},
		{"0xfe88e8f9b4", "bad hex digit 'x' at column 2"},
		{"fe88 e8f9b499", "bad hex digit ' ' at column 5"},
		{"fe88e8f9b4é9", "bad hex digit 'é' at column 11"},
	} {
		if _, err := ParseHex(c.in); err == nil || err.Error() != c.err {
			t.Errorf("ParseHex(%q) error %v, want %q", c.in, err, c.err)
		}
	}
	for _, c := range []struct{ in, err string }{
		{"8e08008070081", "want 16 hex digits, got 13"},
		{"8e08008070081z08", "bad hex digit 'z' at column 14"},
	} {
		if _, err := ParseBlocks(c.in); err == nil || err.Error() != c.err {
			t.Errorf("ParseBlocks(%q) error %v, want %q", c.in, err, c.err)
		}
	}
	for _, c := range []struct{ in, err string }{
		{"", "want 4 rows of cells, got 0"},
		{"Top: Front: Side:\nxxxx xxxx xxxx\nxxxx xxxx xxxx\nxxxx xxxx xxxx", "want 4 rows of cells, got 3"},
		{"xxxx xxxx xxxx\nxxxx xxxx xxxx\n\nxxxx xxxx xxxx\nxxxx xxxx xxxx", "want 4 rows of cells, got 5"},
		{"xxxx xxxx xxxx\nxxxx xxx xxxx\nxxxx xxxx xxxx\nxxxx xxxx xxxx", "line 2: want 12 cells, got 11"},
		{"xxxx xxxx xxxx\nxxxx xxxx xxxx\nxxxx xxxx xxxx\nxxxx xxxx xxxx x", "line 4: want 12 cells, got 13"},
		{"xxxx xxxx xxxx\nxxxx xoxx xxxx\nxxxx xxxx xxxx\nxxxx xxxx xxxx", "line 2: bad character 'o' at column 7 (want x or .)"},
		{"Side: Top: Front:\nxxxx xxxx xxxx\nxxxx xxxx xxxx\nxxxx xxxx xxxx\nxxxx xxxx xxxx", "line 1: bad character 'S' at column 1 (want x or .)"},
	} {
		if _, err := ParseDrawing(c.in); err == nil || err.Error() != c.err {
			t.Errorf("ParseDrawing(%q) error %v, want %q", c.in, err, c.err)
		}
	}
	if _, err := ParseBlocksDrawing("Layer 0: Layer 1: Layer 2: Layer 3:\nxxxx xxxx xxxx xxxx\nxxxx\nxxxx xxxx xxxx xxxx\nxxxx xxxx xxxx xxxx"); err == nil || err.Error() != "line 3: want 16 cells, got 4" {
		t.Errorf("ParseBlocksDrawing error %v", err)
	}
}

// bruteForce returns the answer Solve must give, by trying every subset of
// the maximal block set (only for small ones), and how many sets have the
// fewest blocks.
func bruteForce(v Views, maximal Blocks) (best Blocks, ties int) {
	var idx []int
	for i := range 64 {
		if maximal.Has(i) {
			idx = append(idx, i)
		}
	}
	found := false
	for m := uint32(0); m < 1<<len(idx); m++ {
		var b Blocks
		for j, i := range idx {
			if m>>j&1 != 0 {
				b |= 1 << i
			}
		}
		if viewsOf(b) != v {
			continue
		}
		switch {
		case !found || b.Count() < best.Count():
			best, ties, found = b, 1, true
		case b.Count() == best.Count():
			ties++
			// The smallest written form wins among the fewest blocks.
			if bits.Reverse64(uint64(b)) < bits.Reverse64(uint64(best)) {
				best = b
			}
		}
	}
	return best, ties
}

// TestSolveSmall checks Solve, minimum and tie-break, against exhaustive
// search on views of random small block sets.
func TestSolveSmall(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tried, tied := 0, 0
	for tried < 400 {
		var b Blocks
		for range 2 + rng.IntN(10) {
			b |= 1 << rng.IntN(64)
		}
		v := b.Views()
		maximal, ok := Maximal(v)
		if !ok {
			t.Fatalf("%v: views %v of a real block set called impossible", b, v)
		}
		if maximal.Count() > 16 || maximal.Count() < 6 {
			continue
		}
		tried++
		want, ties := bruteForce(v, maximal)
		if ties > 1 {
			tied++
		}
		got, ok := Solve(v)
		if !ok || got != want {
			t.Fatalf("Solve(%v) = %v (%d), %v; want %v (%d)", v, got, got.Count(), ok, want, want.Count())
		}
	}
	// The tie-break must have been exercised, not just the count.
	if tied < tried/4 {
		t.Errorf("only %d of %d cases had several minimal sets", tied, tried)
	}
	t.Logf("%d cases, %d with several minimal sets", tried, tied)
}

func TestSeedExamples(t *testing.T) {
	for _, c := range []struct {
		k      int
		hex    string
		blocks int // 0: impossible
	}{
		{0, "670b14728ad9", 0},
		{1, "04fc711301f3", 0},
		{157, "fe88e8f9b499", 12},
		{347177, "cffdffffaffb", 18},
	} {
		v := BatteryCase(c.k)
		if v.Hex() != c.hex {
			t.Errorf("case %06d: %v, want %s", c.k, v, c.hex)
		}
		b, ok := Solve(v)
		if ok != (c.blocks > 0) || b.Count() != c.blocks {
			t.Errorf("case %06d: Solve = %v (%d blocks), %v; want %d blocks", c.k, b, b.Count(), ok, c.blocks)
		}
		if ok && b.Views() != v {
			t.Errorf("case %06d: %v has views %v", c.k, b, b.Views())
		}
	}

	// The 2x2 example: a 2x2x2 cube shows these views, but 4 blocks do.
	v, err := ParseDrawing(`
Top:        Front:      Side:
. . . .     . . . .     . . . .
. x x .     . x x .     . x x .
. x x .     . x x .     . x x .
. . . .     . . . .     . . . .
`)
	if err != nil {
		t.Fatal(err)
	}
	if m, ok := Maximal(v); !ok || m.Count() != 8 {
		t.Errorf("2x2 example: maximal set %v (%d), %v; want the 8-block cube", m, m.Count(), ok)
	}
	if b, ok := Solve(v); !ok || b.Count() != 4 || b.Views() != v {
		t.Errorf("2x2 example: Solve = %v (%d blocks), %v; want 4 blocks", b, b.Count(), ok)
	}

	// The seed's impossible example: top and front disagree on the column.
	v, err = ParseDrawing(`
. . . .  . . . .  . . . .
. . . .  . . x .  . . . .
. x . .  . . . .  . x . .
. . . .  . . . .  . . . .
`)
	if err != nil {
		t.Fatal(err)
	}
	if b, ok := Solve(v); ok {
		t.Errorf("mismatched example: Solve = %v, want impossible", b)
	}
}

func TestVerify(t *testing.T) {
	v, _ := ParseHex("fe88e8f9b499")
	best, _ := Solve(v)
	if r := Verify(v, best); !r.Solvable || !r.Valid || !r.Minimal || r.Min != 12 || r.Got != v {
		t.Errorf("Verify(best) = %+v", r)
	}
	maximal, _ := Maximal(v)
	if r := Verify(v, maximal); !r.Valid || r.Minimal || r.Min != 12 {
		t.Errorf("Verify(maximal) = %+v", r)
	}
	if r := Verify(v, best&^(best&-best)); r.Valid || r.Minimal || r.Min != 12 {
		t.Errorf("Verify(best minus a block) = %+v", r)
	}
	w, _ := ParseHex("670b14728ad9")
	if r := Verify(w, maximal); r.Solvable || r.Valid || r.Minimal || r.Min != 0 {
		t.Errorf("Verify(impossible) = %+v", r)
	}
}

// TestBattery runs the whole published battery and checks every answer:
// its views, and its count against the independent method.
func TestBattery(t *testing.T) {
	if c, s, b := Battery(1000000, 0); c != 1000000 || s != 5360 || b != 69519 {
		t.Fatalf("Battery = cases %d solvable %d blocks %d, want 1000000 5360 69519", c, s, b)
	}
	// A short run, on more goroutines than chunks, against plain Solve calls.
	var want [3]int
	for k := range 5000 {
		want[0]++
		if b, ok := Solve(BatteryCase(k)); ok {
			want[1]++
			want[2] += b.Count()
		}
	}
	if c, s, b := Battery(5000, 3); [3]int{c, s, b} != want {
		t.Errorf("Battery(5000) = %d %d %d, want %v", c, s, b, want)
	}
	for _, n := range []int{0, -5} {
		if c, s, b := Battery(n, 0); c != 0 || s != 0 || b != 0 {
			t.Errorf("Battery(%d) = %d %d %d, want nothing", n, c, s, b)
		}
	}

	w := new(byLayers)
	last, fewest, most := -1, 64, 0
	c, s, b := BatteryEach(1000000, 0, func(r Result) {
		if r.K <= last {
			t.Fatalf("case %d after case %d", r.K, last)
		}
		last = r.K
		if r.Views != BatteryCase(r.K) {
			t.Fatalf("case %06d: views %v, want %v", r.K, r.Views, BatteryCase(r.K))
		}
		if got := viewsOf(r.Blocks); got != r.Views {
			t.Fatalf("case %06d: %v has views %v, want %v", r.K, r.Blocks, got, r.Views)
		}
		m, ok := w.min(r.Views)
		if !ok || m != r.Blocks.Count() {
			t.Fatalf("case %06d: %d blocks, the layer method finds %d (%v)", r.K, r.Blocks.Count(), m, ok)
		}
		fewest, most = min(fewest, m), max(most, m)
	})
	if c != 1000000 || s != 5360 || b != 69519 {
		t.Fatalf("BatteryEach = %d %d %d", c, s, b)
	}
	if fewest != 6 || most != 18 {
		t.Errorf("blocks per case from %d to %d, want 6 to 18", fewest, most)
	}
}

// TestImpossible checks the other side of the battery: for a sample of
// impossible cases the layer method agrees that there is no solution.
func TestImpossible(t *testing.T) {
	w := new(byLayers)
	for k := range 20000 {
		v := BatteryCase(k)
		_, ok := Solve(v)
		if _, ok2 := w.min(v); ok != ok2 {
			t.Fatalf("case %06d: Solve says %v, the layer method %v", k, ok, ok2)
		}
	}
}

// TestSolveRandom checks Solve against the layer method beyond the battery:
// views of random block sets of every density, the dense ones included.
func TestSolveRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	w := new(byLayers)
	for i := range 1000 {
		var b Blocks
		for range 1 + i%48 {
			b |= 1 << rng.IntN(64)
		}
		v := b.Views()
		got, ok := Solve(v)
		if !ok || got.Views() != v {
			t.Fatalf("Solve(%v) = %v, %v", v, got, ok)
		}
		if m, ok := w.min(v); !ok || m != got.Count() {
			t.Fatalf("Solve(%v): %d blocks, the layer method finds %d (%v)", v, got.Count(), m, ok)
		}
		if got.Count() > b.Count() {
			t.Fatalf("Solve(%v): %d blocks, but %v has these views with %d", v, got.Count(), b, b.Count())
		}
	}
}
