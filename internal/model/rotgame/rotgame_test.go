package rotgame

import (
	"errors"
	"math/bits"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/support/proof"
)

// nextPlacement returns the next mask with the same number of bits, in
// increasing order (Gosper's hack): the placements in colex order.
func nextPlacement(p uint32) uint32 {
	c := p & -p
	r := p + c
	return ((r ^ p) >> 2 / c) | r
}

// Every placement, enumerated in increasing order, has as rank its index,
// and Unrank gives it back: Rank is a bijection onto [0, NPlacements).
func TestRankEveryPlacement(t *testing.T) {
	n := uint32(0)
	for p := uint32(0xff); p <= AllCells; p = nextPlacement(p) {
		if r := Rank(p); r != n {
			t.Fatalf("Rank(%06x) = %d, want %d", p, r, n)
		}
		if q := Unrank(n); q != p {
			t.Fatalf("Unrank(%d) = %06x, want %06x", n, q, p)
		}
		n++
	}
	if n != NPlacements {
		t.Fatalf("%d placements, want %d", n, NPlacements)
	}
}

func maskBoard(p uint32) Board {
	var b Board
	for i := range b {
		b[i] = 2
		if p>>i&1 != 0 {
			b[i] = 1
		}
	}
	return b
}

// The mask operations agree with the cell operations on every placement, and
// each operation's inverse undoes it.
func TestMoveEveryPlacement(t *testing.T) {
	for p := uint32(0xff); p <= AllCells; p = nextPlacement(p) {
		b := maskBoard(p)
		for m := range Lines {
			q := Move(p, m)
			if want := b.Apply(m).Masks()[0]; q != want {
				t.Fatalf("Move(%06x, %c) = %06x, want %06x", p, MoveNames[m], q, want)
			}
			if back := Move(q, Inverse[m]); back != p {
				t.Fatalf("%c then %c: %06x, want %06x", MoveNames[m], MoveNames[Inverse[m]], back, p)
			}
		}
	}
}

// Each operation is a cycle of its seven cells: seven of them restore any
// board, fewer restore none that has a line of distinct contents.
func TestMoveCycle(t *testing.T) {
	var b Board
	for i := range b {
		b[i] = uint8(i)
	}
	for m, l := range Lines {
		x := b.Apply(m)
		if x[l[0]] != b[l[1]] || x[l[6]] != b[l[0]] {
			t.Errorf("%c does not shift its line as listed", MoveNames[m])
		}
		for k := 2; k <= 7; k++ {
			x = x.Apply(m)
			if (x == b) != (k == 7) {
				t.Errorf("%c applied %d times: back to the start is %v", MoveNames[m], k, x == b)
			}
		}
	}
}

// The seed's walk-through: from its first sample, A then C leaves eight 2s in
// the centre.
func TestSeedExample(t *testing.T) {
	b, err := Parse("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3")
	if err != nil {
		t.Fatal(err)
	}
	if c := b.CentreNumber(); c != 0 {
		t.Fatalf("centre %d before any operation", c)
	}
	if c := b.Apply(0).Apply(2); c.CentreNumber() != 2 {
		t.Fatalf("after AC: %v, centre %d, want 2", c, c.CentreNumber())
	}
}

// The table's distances, from the one search in gen, against a plain
// breadth-first search of its own: over all 2^24 masks, by cell operations.
func TestDistancesIndependent(t *testing.T) {
	dist := proof.Distances(Def())
	mine := make([]int8, 1<<NCells)
	for i := range mine {
		mine[i] = -1
	}
	mine[CentreMask] = 0
	frontier := []uint32{CentreMask}
	for d := int8(1); len(frontier) > 0; d++ {
		var next []uint32
		for _, p := range frontier {
			b := maskBoard(p)
			for m := range Lines {
				q := b.Apply(m).Masks()[0]
				if mine[q] < 0 {
					mine[q] = d
					next = append(next, q)
				}
			}
		}
		frontier = next
	}
	n := 0
	for p := uint32(0xff); p <= AllCells; p = nextPlacement(p) {
		if int(mine[p]) != int(dist[Rank(p)]) {
			t.Fatalf("placement %06x: distance %d, gen says %d", p, mine[p], dist[Rank(p)])
		}
		n++
	}
	if n != NPlacements {
		t.Fatal("placements miscounted")
	}
}

func TestParse(t *testing.T) {
	const sample = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
	b, err := Parse(sample)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != sample {
		t.Fatalf("String() = %q", b.String())
	}
	for _, in := range []string{"  " + sample + "\r", "\t1 1 1 1 3 2 3 2 3 1 3 2\t2 3 1 2 2 2 3 1 2 1 3 3 ", "111132323132231222312133", " 111132323132231222312133\t"} {
		c, err := Parse(in)
		if err != nil || c != b {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, c, err, b)
		}
	}
	if m := b.Masks(); FromMasks(m) != b || m[0]|m[1]|m[2] != AllCells || bits.OnesCount32(m[1]) != 8 {
		t.Errorf("masks %06x do not give the board back", m)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		kind error
		msg  string
	}{
		{"", ErrCount, "want 24 numbers, got 0"},
		{"1 1 1", ErrCount, "want 24 numbers, got 3"},
		{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3 3", ErrCount, "want 24 numbers, got 25"},
		{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 x", ErrNumber, `"x" is not a number`},
		{"one two", ErrNumber, `"one" is not a number`},
		{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3.0", ErrNumber, `"3.0" is not a number`},
		{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 -", ErrNumber, `"-" is not a number`},
		{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 4", ErrValue, "cell 23 holds 4, want 1, 2 or 3"},
		{"0 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", ErrValue, "cell 0 holds 0, want 1, 2 or 3"},
		{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 -3", ErrValue, "cell 23 holds -3, want 1, 2 or 3"},
		{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 03", ErrValue, "cell 23 holds 03, want 1, 2 or 3"},
		{"111132323132231222312134", ErrValue, "cell 23 holds 4, want 1, 2 or 3"},
		{"1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3", ErrBalance, "want eight each of 1, 2 and 3, got 9, 7 and 8"},
		{"111111111222222233333333", ErrBalance, "want eight each of 1, 2 and 3, got 9, 7 and 8"},
		{"1111111112222222333333333", ErrCount, "want 24 numbers, got 25 digits written together"},
		{"0", ErrCount, "want 24 numbers, got 1"},
	} {
		_, err := Parse(c.in)
		if err == nil || !errors.Is(err, c.kind) || err.Error() != c.msg {
			t.Errorf("Parse(%q) = %v; want %q (%v)", c.in, err, c.msg, c.kind)
		}
	}
}

// The definition names the operations in alphabet order and pairs each with
// its reverse, as the table's mod 3 encoding needs.
func TestDef(t *testing.T) {
	d := Def()
	if !d.Undirected() || d.Size != NPlacements || !slices.Equal(d.Moves, []string{"A", "B", "C", "D", "E", "F", "G", "H"}) {
		t.Fatalf("definition %+v", d)
	}
	for m, l := range Lines {
		inv := Lines[Inverse[m]]
		for i := range l {
			if l[i] != inv[6-i] {
				t.Errorf("%c and %c are not the same line reversed", MoveNames[m], MoveNames[Inverse[m]])
			}
		}
	}
}

// The lower bound never exceeds a placement's distance.
func TestLowerBound(t *testing.T) {
	dist := proof.Distances(Def())
	for r := uint32(0); r < NPlacements; r++ {
		p := Unrank(r)
		if lb := LowerBound(p); lb > int(dist[r]) {
			t.Fatalf("placement %06x: bound %d, distance %d", p, lb, dist[r])
		}
	}
}
