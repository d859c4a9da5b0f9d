package views

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/support/proof"
)

// Parse reads both written forms, and what Hex and Draw write reads back.
func TestParseForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		v := Blocks(rng.Uint64() & rng.Uint64()).Views()
		for _, s := range []string{v.Hex(), strings.ToUpper(v.Hex()), "  " + v.Hex() + "\n", v.Draw(), "\n" + v.Draw() + "\n\n"} {
			got, err := Parse(s)
			if err != nil || got != v {
				t.Fatalf("%v: Parse(%q) = %v, %v", v, s, got, err)
			}
		}
		b := Blocks(rng.Uint64())
		if got, err := ParseBlocks(b.Hex()); err != nil || got != b {
			t.Fatalf("%v: ParseBlocks gives %v, %v", b, got, err)
		}
	}
}

// Input errors are this package's type, with their class and the
// message the command prints.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		in     string
		blocks bool
		class  error
		msg    string
	}{
		{"zz", false, ErrCharacter, "bad hex digit 'z' at column 1"},
		{"fe88e8f9b49", false, ErrLength, "want 12 hex digits, got 11"},
		{"Top:\nx x x x\n", false, ErrShape, "want 4 rows of cells, got 1"},
		{"Top:\nx x x x y\n", false, ErrCharacter, "line 2: bad character 'y' at column 9 (want x or .)"},
		{"x x x x x x x x x x x x\nx x x x x x x x x x x x\nx x x x x x x x x x x x\nx x x x x x x x x x x\n", false, ErrShape, "line 4: want 12 cells, got 11"},
		{"8e0800807008100", true, ErrLength, "want 16 hex digits, got 15"},
		{" 8e0800807008100g", true, ErrCharacter, "bad hex digit 'g' at column 17"},
	} {
		var err error
		if c.blocks {
			_, err = ParseBlocks(c.in)
		} else {
			_, err = Parse(c.in)
		}
		var pe *Error
		if !errors.As(err, &pe) || !errors.Is(err, c.class) || pe.Msg != c.msg || err.Error() != c.msg {
			t.Errorf("%q: %v (%T), want a *Error of class %v: %s", c.in, err, err, c.class, c.msg)
		}
	}
}

// Verify's verdicts on every kind of claim, as the command writes them.
func TestVerify(t *testing.T) {
	solvable, _ := Parse("fe88e8f9b499")
	impossible, _ := Parse("670b14728ad9")
	best, _ := solvable.Solve()
	for _, c := range []struct {
		v    Views
		in   string
		want string
	}{
		{solvable, "12 8e08008070081008", "optimal: length 12"},
		{solvable, "8e08008070081008", "optimal: length 12"},
		{solvable, "  12\t8E08008070081008 ", "optimal: length 12"},
		{impossible, "impossible", "optimal: impossible"},
		{impossible, "IMPOSSIBLE", "optimal: impossible"},
		{solvable, "11 8e08008070081008", "illegal: says 11 blocks, the set has 12 (optimal 12)"},
		{solvable, "impossible", "illegal: the views are solvable, with 12 blocks (optimal 12)"},
		{impossible, "8e08008070081008", "illegal: no block set has these views (impossible)"},
		{solvable, "ffffffffffffffff", "illegal: the blocks' top, front and side views differ (they show ffffffffffff) (optimal 12)"},
		{solvable, "", "illegal: want impossible, or the block count and 16 hex digits (optimal 12)"},
		{solvable, "1 2 3", "illegal: want impossible, or the block count and 16 hex digits (optimal 12)"},
		{solvable, "-1 8e08008070081008", `illegal: bad block count "-1": want impossible, or the block count and 16 hex digits (optimal 12)`},
		{solvable, "123456789012345678901234 8e08008070081008", `illegal: bad block count "12345678901234567890...": want impossible, or the block count and 16 hex digits (optimal 12)`},
		{solvable, "12 8e0800807008100", "illegal: want 16 hex digits, got 15 (optimal 12)"},
	} {
		if got := c.v.Verify(c.in).String(); got != c.want {
			t.Errorf("%v: Verify(%q) = %q, want %q", c.v, c.in, got, c.want)
		}
	}
	// Each combination of differing views is named, in the order top,
	// front, side: blocks that differ from the answer by one or two blocks
	// give views that differ from solvable's in every combination.
	seen := map[int]bool{}
	for i := range 64 {
		for j := i; j < 64; j++ {
			b := best ^ 1<<i ^ 1<<j
			got := b.Views()
			mask, names := 0, []string(nil)
			for k, w := range []struct {
				name      string
				got, want uint16
			}{{"top", got.Top, solvable.Top}, {"front", got.Front, solvable.Front}, {"side", got.Side, solvable.Side}} {
				if w.got != w.want {
					mask |= 1 << k
					names = append(names, w.name)
				}
			}
			var want string
			switch len(names) {
			case 0:
				continue
			case 1:
				want = names[0] + " view differs"
			case 2:
				want = names[0] + " and " + names[1] + " views differ"
			case 3:
				want = "top, front and side views differ"
			}
			seen[mask] = true
			want = "the blocks' " + want + " (they show " + got.Hex() + ")"
			if v := solvable.Verify(b.Hex()); v.Legal || v.Problem != want {
				t.Fatalf("%v: %+v, want the problem %q", b, v, want)
			}
		}
	}
	if len(seen) != 7 {
		t.Errorf("combinations of differing views met: %v, want all 7", seen)
	}
}

// VerifyBlocks agrees with Solve: the answer is valid and minimal, a set
// with an extra block of its maximal set is valid and not minimal.
func TestVerifyBlocks(t *testing.T) {
	for k := range 2000 {
		v := BatteryCase(k)
		best, ok := v.Solve()
		r := v.VerifyBlocks(best)
		if !ok {
			if r.Solvable || r.Valid || r.Minimal || r.Min != 0 {
				t.Fatalf("case %d: impossible, verdict %+v", k, r)
			}
			continue
		}
		if !r.Solvable || !r.Valid || !r.Minimal || r.Min != best.Count() || r.Got != v {
			t.Fatalf("case %d: its answer %v gives %+v", k, best, r)
		}
	}
}

// No exported function panics, whatever it is given.
func TestNoPanics(t *testing.T) {
	strs := proof.OddStrings("top", "Top:\n\n\n", "impossible", "12 impossible")
	try := func(name string, f func()) { t.Helper(); proof.NoPanic(t, name, f) }
	try("views", func() {
		Battery(-5, -1)
		Battery(3, 100)
		BatteryCase(-1)
		BatteryCase(math.MaxInt32)
		var v Views
		v.Solve()
		v.VerifyBlocks(Blocks(math.MaxUint64))
		_ = Blocks(math.MaxUint64).Has(-1)
		_ = Blocks(math.MaxUint64).Has(64)
		_ = Blocks(math.MaxUint64).Layer(-1)
		_ = Blocks(math.MaxUint64).Layer(4)
	})
	for _, s := range strs {
		try(fmt.Sprintf("strings %q", s), func() {
			Parse(s)
			ParseBlocks(s)
			(Views{}).Verify(s)
		})
	}
}
