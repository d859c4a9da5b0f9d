package msquare

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	good := []struct {
		in   string
		want [Cells]uint8
	}{
		{"1 2 3 4 5 6 7 8", [Cells]uint8{1, 2, 3, 4, 5, 6, 7, 8}},
		{"2 6 8 4 5 7 3 1", [Cells]uint8{2, 6, 8, 4, 5, 7, 3, 1}},
		{"  2\t6 8 4  5 7 3 1 \r", [Cells]uint8{2, 6, 8, 4, 5, 7, 3, 1}},
		{"26845731", [Cells]uint8{2, 6, 8, 4, 5, 7, 3, 1}},
		{"02 6 8 4 5 7 3 +1", [Cells]uint8{2, 6, 8, 4, 5, 7, 3, 1}},
	}
	for _, c := range good {
		b, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if b.Cells() != c.want {
			t.Errorf("Parse(%q) = %v, want %v", c.in, b.Cells(), c.want)
		}
	}
	bad := []struct {
		in   string
		kind error
		msg  string
	}{
		{"", ErrCount, "want 8 numbers, got none"},
		{"   ", ErrCount, "want 8 numbers, got none"},
		{"1 2 3 4 5 6 7", ErrCount, "want 8 numbers, got 7"},
		{"1 2 3 4 5 6 7 8 9", ErrCount, "want 8 numbers, got 9"},
		{"1 2 3 4 5 6 7 8 1", ErrCount, "want 8 numbers, got 9"},
		{"1234567", ErrCount, "want 8 numbers, got 7 digits written together"},
		{"123456789", ErrCount, "want 8 numbers, got 9 digits written together"},
		{"1 2 3 four 5 6 7 8", ErrNumber, `"four" is not a number (want 8 numbers 1..8)`},
		{"1,2,3,4,5,6,7,8", ErrNumber, `"1,2,3,4,5,6,7,8" is not a number (want 8 numbers 1..8)`},
		{"1 2 3 4 5 6 7 9", ErrRange, "number 8 is 9, want 1..8"},
		{"0 2 3 4 5 6 7 8", ErrRange, "number 1 is 0, want 1..8"},
		{"1 2 -3 4 5 6 7 8", ErrRange, "number 3 is -3, want 1..8"},
		{"1 2 3 4 5 6 7 99999999999999999999", ErrRange, "number 8 is 9999999999999999..., want 1..8"},
		{"1 2 3 4 5 6 2 8", ErrDuplicate, "2 appears twice (numbers 2 and 7); want each of 1..8 once"},
		{"11111111", ErrDuplicate, "1 appears twice (numbers 1 and 2); want each of 1..8 once"},
	}
	for _, c := range bad {
		_, err := Parse(c.in)
		if err == nil {
			t.Errorf("Parse(%q): no error", c.in)
			continue
		}
		if !errors.Is(err, c.kind) || err.Error() != c.msg {
			t.Errorf("Parse(%q): %q (%v), want %q (%v)", c.in, err, errors.Unwrap(err), c.msg, c.kind)
		}
	}
}

// String writes what Parse reads, for every board.
func TestStringRoundTrip(t *testing.T) {
	for r := uint32(0); r < NStates; r++ {
		b := Unrank(r)
		got, err := Parse(b.String())
		if err != nil || got != b {
			t.Fatalf("Parse(%q) = %v, %v", b.String(), got, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1 2 3 4 5 6 7 8", "26845731", "2684 5731", "12 3 4 5 6 7 8", "1 2 3 4 5 6 7 8 1", "1\v2\f3 4 5 6 7 8", "1 2 3", "x", "8 8 8 8 8 8 8 8", "-1 0 +3 4 5 6 7 8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := Parse(s)
		// The fast path reads what the slow one does.
		slow, slowErr := parseSlow(s)
		if b != slow || (err == nil) != (slowErr == nil) {
			t.Fatalf("Parse(%q) = %v, %v; the slow way %v, %v", s, b, err, slow, slowErr)
		}
		if err != nil {
			return
		}
		// A parsed board is a permutation, and prints back to itself.
		if got, err := Parse(b.String()); err != nil || got != b {
			t.Fatalf("Parse(%q) = %v; its String %q parses to %v, %v", s, b, b.String(), got, err)
		}
		if r := b.Rank(); r >= NStates || Unrank(r) != b {
			t.Fatalf("Parse(%q) = %v of rank %d", s, b, r)
		}
	})
}
