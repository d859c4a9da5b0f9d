package cube3

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func mustScramble(t *testing.T, s string) Cube {
	t.Helper()
	c, err := Scramble(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSolveShortScrambles(t *testing.T) {
	tb := Uninformed()
	for _, c := range []struct {
		scramble string
		htm, qtm int
	}{
		{"", 0, 0},
		{"R U F", 3, 3},
		{"R2 U' F2", 3, 5},
		{"M2", 2, 4},
		{"x y R Uw", 2, 2},
		{"R L", 2, 2},
	} {
		cube := mustScramble(t, c.scramble)
		for _, m := range []Metric{HTM, QTM} {
			s, err := tb.Solve(cube, m)
			if err != nil {
				t.Fatal(err)
			}
			want := c.htm
			if m == QTM {
				want = c.qtm
			}
			if s.Cost() != want || !cube.Apply(s).IsSolved() {
				t.Errorf("%q %s: %q cost %d, want %d", c.scramble, m, s, s.Cost(), want)
			}
		}
	}
}

func TestCountAllVerify(t *testing.T) {
	tb := Uninformed().WithWorkers(2)
	cube := mustScramble(t, "R L U2")
	n, err := tb.Count(cube, HTM)
	if err != nil || n != 2 {
		t.Fatalf("count %d, %v; want 2 (U2 R' L' and U2 L' R')", n, err)
	}
	all, trunc, err := tb.All(cube, HTM, 0)
	if err != nil || trunc || len(all) != 2 || all[0].String() != "U2 R' L'" || all[1].String() != "U2 L' R'" {
		t.Fatalf("all: %v %v %v", all, trunc, err)
	}
	if one, trunc, _ := tb.All(cube, HTM, 1); len(one) != 1 || !trunc {
		t.Fatalf("--limit 1: %v %v", one, trunc)
	}
	// A slice is two face turns; a rotation costs nothing.
	if v, err := tb.Verify(mustScramble(t, "R L'"), "M' x", HTM); err != nil || !v.IsOptimal() || v.Length != 2 {
		t.Errorf("verify M' x: %+v %v", v, err)
	}
	for _, c := range []struct {
		solution string
		legal    bool
		length   int
		optimal  int
	}{
		{"U2 R' L'", true, 3, 3},
		{"U2 R' L' R R'", true, 5, 3},
		{"U2 R'", false, 2, 3},
		{"U2 Q", false, 0, 3},
	} {
		v, err := tb.Verify(cube, c.solution, HTM)
		if err != nil || v.Legal != c.legal || v.Length != c.length || v.Optimal != c.optimal {
			t.Errorf("verify %q: %+v %v", c.solution, v, err)
		}
	}
}

// A search out of time answers with a lower bound it proved, never a
// guess.
func TestTimeout(t *testing.T) {
	tb := Uninformed().WithTimeout(50 * time.Millisecond)
	cube := mustScramble(t, "R U F L D B R' U' F' L' D' B'")
	_, err := tb.Solve(cube, HTM)
	var te *TimeoutError
	if !errors.As(err, &te) || !errors.Is(err, ErrTimeout) {
		t.Fatalf("want a timeout, got %v", err)
	}
	if te.LowerBound < 1 || te.LowerBound > 12 || !strings.Contains(err.Error(), "no solution of") {
		t.Fatalf("lower bound %d: %v", te.LowerBound, err)
	}
}

func TestParseErrors(t *testing.T) {
	solved := Solved.Facelets()
	if c, err := Parse(solved); err != nil || !c.IsSolved() {
		t.Fatal(err)
	}
	if c, err := ParseURFDLB("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"); err != nil || !c.IsSolved() {
		t.Fatal(err)
	}
	cube := mustScramble(t, "R U2 F' L D2 B")
	if c, err := ParseURFDLB(cube.URFDLB()); err != nil || c != cube {
		t.Fatal("URFDLB round trip")
	}
	var e *Error
	for _, c := range []struct {
		in   string
		want error
	}{
		{solved[1:], ErrLength},
		{strings.Replace(solved, "U", "X", 1), ErrColours},
		{"R U Q", ErrMove},
	} {
		var err error
		if c.want == ErrMove {
			_, err = Scramble(c.in)
		} else {
			_, err = Parse(c.in)
		}
		if !errors.Is(err, c.want) || !errors.As(err, &e) {
			t.Errorf("%q: %v, want %v", c.in, err, c.want)
		}
	}
}

func TestRandomIsValid(t *testing.T) {
	for k := 0; k < 200; k++ {
		c := Random(nil)
		if d, err := Parse(c.Facelets()); err != nil || d != c {
			t.Fatalf("a random cube does not read back: %v", err)
		}
	}
}
