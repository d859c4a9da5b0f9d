package rotgrid

import (
	"errors"
	"testing"
)

func mustParse(t *testing.T, s string) Grid {
	t.Helper()
	g, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return g
}

// SPEC's worked example fixes what clockwise means: from 4 9 2 / 3 5 7 /
// 8 1 6, BL clockwise twice, then TL clockwise.
func TestSpecExample(t *testing.T) {
	g := mustParse(t, "4 9 2 3 5 7 8 1 6")
	want := []struct {
		m    Move
		grid string
	}{
		{BL, "492837156"},
		{BL, "492187536"},
		{TL, "142897536"},
	}
	tb := MoveTables()
	r := g.Rank()
	for i, w := range want {
		g = g.Apply(w.m)
		r = tb.Apply(r, w.m)
		if got := g.String(); got != w.grid {
			t.Fatalf("after move %d (%v): grid %s, want %s", i+1, w.m, got, w.grid)
		}
		if got := FromRank(r).String(); got != w.grid {
			t.Fatalf("after move %d (%v): rank move gives %s, want %s", i+1, w.m, got, w.grid)
		}
	}
}

// Every rank is a different grid holding each tile once, and ranks back to
// itself: Rank and FromRank are inverse bijections between [0, NStates) and
// the 9! grids.
func TestRankBijection(t *testing.T) {
	if r := Solved.Rank(); r != 0 {
		t.Fatalf("solved grid has rank %d, want 0", r)
	}
	for r := uint32(0); r < NStates; r++ {
		g := FromRank(r)
		var seen [10]bool
		for _, x := range g {
			if x < 1 || x > 9 || seen[x] {
				t.Fatalf("FromRank(%d) = %v is not a permutation of 1..9", r, g)
			}
			seen[x] = true
		}
		if back := g.Rank(); back != r {
			t.Fatalf("FromRank(%d) = %v ranks to %d", r, g, back)
		}
	}
}

// The rank moves agree with the grid moves on every grid and move.
func TestMoveTablesExhaustive(t *testing.T) {
	tb := MoveTables()
	for r := uint32(0); r < NStates; r++ {
		g := FromRank(r)
		for m := Move(0); m < NMoves; m++ {
			if got, want := tb.Apply(r, m), g.Apply(m).Rank(); got != want {
				t.Fatalf("grid %v move %v: rank move gives %v, grid move %v", g, m, FromRank(got), FromRank(want))
			}
		}
	}
}

// Each move is undone by its inverse, and four quarter turns of a block are
// no turn; each turn moves exactly the four cells of its block.
func TestMoveAlgebra(t *testing.T) {
	g := mustParse(t, "492357816")
	for m := Move(0); m < NMoves; m++ {
		if got := g.Apply(m).Apply(m.Inverse()); got != g {
			t.Errorf("%v then %v: %v, want %v", m, m.Inverse(), got, g)
		}
		x := g
		for i := 0; i < 4; i++ {
			x = x.Apply(m)
		}
		if x != g {
			t.Errorf("%v four times: %v, want %v", m, x, g)
		}
		if m.Inverse().Inverse() != m || m.Inverse().Block() != m.Block() || m.Inverse().Clockwise() == m.Clockwise() {
			t.Errorf("%v: inverse %v is not the same block turned the other way", m, m.Inverse())
		}
		moved := 0
		in := map[int]bool{}
		for _, c := range blockCycle[m.Block()] {
			in[int(c)] = true
		}
		h := g.Apply(m)
		for c := range h {
			if h[c] != g[c] {
				moved++
				if !in[c] {
					t.Errorf("%v moves cell %d, outside its block", m, c)
				}
			}
		}
		if moved != 4 {
			t.Errorf("%v moves %d cells, want 4", m, moved)
		}
	}
}

func TestParse(t *testing.T) {
	good := []string{"492357816", "4 9 2 3 5 7 8 1 6", "492 357 816", " 4\t9 2\n357 81 6 ", "4 92357 816"}
	for _, s := range good {
		if g := mustParse(t, s); g.String() != "492357816" {
			t.Errorf("Parse(%q) = %v", s, g)
		}
	}
	bad := []struct {
		in   string
		kind error
		msg  string
	}{
		{"", ErrCount, "want 9 numbers, got 0"},
		{"49235781", ErrCount, "want 9 numbers, got 8"},
		{"4 9 2 3 5 7 8 1", ErrCount, "want 9 numbers, got 8"},
		{"4923578169", ErrCount, "want 9 numbers, got 10"},
		{"492357811", ErrRepeat, "1 appears twice (numbers 8 and 9), so 6 is missing"},
		{"444357816", ErrRepeat, "4 appears twice (numbers 1 and 2), so 2 and 9 are missing"},
		{"442357111", ErrRepeat, "4 appears twice (numbers 1 and 2), so 6, 8 and 9 are missing"},
		{"092357816", ErrRange, "number 1 is 0: want the numbers 1..9"},
		{"1 2 3 4 5 6 7 8 10", ErrRange, `"10" is not one of the numbers 1..9`},
		{"hello", ErrNotNumber, `"hello" is not a number: want the nine numbers 1..9, row by row`},
		{"4,9,2,3,5,7,8,1,6", ErrNotNumber, `"4,9,2,3,5,7,8,1,..." is not a number: want the nine numbers 1..9, row by row`},
		{"492357816 xxxxxxxxxxxxxxxxxxxxxxxx", ErrNotNumber, `"xxxxxxxxxxxxxxxx..." is not a number: want the nine numbers 1..9, row by row`},
		{"49235781６", ErrNotNumber, `"49235781６" is not a number: want the nine numbers 1..9, row by row`},
	}
	for _, b := range bad {
		_, err := Parse(b.in)
		if err == nil {
			t.Errorf("Parse(%q): no error", b.in)
			continue
		}
		if !errors.Is(err, b.kind) || err.Error() != b.msg {
			t.Errorf("Parse(%q): %v (%v), want %v (%v)", b.in, err, errors.Unwrap(err), b.msg, b.kind)
		}
	}
}

// Every grid's String parses back to the same grid.
func TestStringRoundTrip(t *testing.T) {
	for r := uint32(0); r < NStates; r += 97 {
		g := FromRank(r)
		if back := mustParse(t, g.String()); back != g {
			t.Fatalf("%v parses back as %v", g, back)
		}
	}
}

// BenchmarkMoveTables builds the move tables, which a first answer waits
// for.
func BenchmarkMoveTables(b *testing.B) {
	for b.Loop() {
		buildTables()
	}
}
