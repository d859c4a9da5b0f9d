package notation

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// testVocab is R U F with quarter and half turns, and a wide turn "r" that
// stands for two moves, to check that a token may expand to several.
func testVocab() *Vocabulary {
	names := []string{"R", "R'", "R2", "U", "U'", "U2", "F", "F'", "F2"}
	inv := []int{1, 0, 2, 4, 3, 5, 7, 6, 8}
	v := New(names, inv, "R U F, each plain or with ' 2 2' 3")
	for f, base := range []string{"R", "U", "F"} {
		v.Turns(base, []int{3 * f}, []int{3*f + 1}, []int{3*f + 2})
	}
	v.Spell("r", 0, 3)
	return v
}

// quarterVocab has quarter turns only, so that X2 is X X.
func quarterVocab() *Vocabulary {
	v := New([]string{"A", "A'", "B", "B'"}, []int{1, 0, 3, 2}, "A B")
	v.Turns("A", []int{0}, []int{1}, nil)
	v.Turns("B", []int{2}, []int{3}, nil)
	return v
}

func TestParseConstructs(t *testing.T) {
	v := testVocab()
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"   \n\t ", ""},
		{"R", "R"},
		{"R U' F2", "R U' F2"},
		{"R2' R3 R’ U2’", "R2 R' R' U2"},
		{"R\tU\nF\r\nR", "R U F R"},
		{"R\u00a0U", "R U"},
		{"R U // a comment R\nF", "R U F"},
		{"R//comment", "R"},
		{"// only a comment", ""},
		{"(R U)", "R U"},
		{"(R U)3", "R U R U R U"},
		{"(R U)'", "U' R'"},
		{"(R U)’", "U' R'"},
		{"(R U2)2'", "U2 R' U2 R'"},
		{"(R U)0", ""},
		{"(R U)1", "R U"},
		{"()", ""},
		{"()5", ""},
		{"[R, U]", "R U R' U'"},
		{"[R,U]", "R U R' U'"},
		{"[R: U]", "R U R'"},
		{"[R U: F]", "R U F U' R'"},
		{"[R, U]'", "U R U' R'"},
		{"[R: U]2", "R U R' R U R'"},
		{"[F: [R, U]]", "F R U R' U' F'"},
		{"[[R: U], F]", "R U R' F R U' R' F'"},
		{"([R, U] F)2'", "F' U R U' R' F' U R U' R'"},
		{"[, R]", "R R'"},
		{"[R, ]", "R R'"},
		{"r U", "R U U"},
		{"(r)'", "U' R'"},
	} {
		got, err := v.Parse(c.in, nil)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if s := v.Format(got); s != c.want {
			t.Errorf("%q = %q, want %q", c.in, s, c.want)
		}
	}
}

func TestQuarterOnlyHalfTurns(t *testing.T) {
	v := quarterVocab()
	for in, want := range map[string]string{
		"A2":      "A A",
		"A2'":     "A' A'",
		"A3":      "A'",
		"B’":      "B'",
		"(A B)2'": "B' A' B' A'",
	} {
		got, err := v.Parse(in, nil)
		if err != nil || v.Format(got) != want {
			t.Errorf("%q = %q, %v; want %q", in, v.Format(got), err, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	v := testVocab()
	const want = "want R U F, each plain or with ' 2 2' 3"
	for _, c := range []struct {
		in   string
		kind error
		tok  string
		pos  int
		msg  string
	}{
		{"R U L'", ErrMove, "L'", 5, `bad move "L'" at character 5 (` + want + `)`},
		{"RU", ErrMove, "RU", 1, `bad move "RU" at character 1 (separate moves with spaces: "R U")`},
		{"R U2'F'", ErrMove, "U2'F'", 3, `bad move "U2'F'" at character 3 (separate moves with spaces: "U2' F'")`},
		{"RQ", ErrMove, "RQ", 1, `bad move "RQ" at character 1 (` + want + `)`},
		{"R\nU\n  x", ErrMove, "x", 7, `bad move "x" at character 7 (` + want + `)`},
		{"R’ Ü", ErrMove, "Ü", 4, `bad move "Ü" at character 4 (` + want + `)`},
		{"R4", ErrMove, "R4", 1, `bad move "R4" at character 1 (` + want + `)`},
		{"(R U) 2", ErrMove, "2", 7, `bad move "2" at character 7 (` + want + `)`},
		{"(R U)2x", ErrMove, "2x", 6, `bad suffix "2x" at character 6 (want a repetition count, a prime or both)`},
		{"(R)'2", ErrMove, "'2", 4, `bad suffix "'2" at character 4 (want a repetition count, a prime or both)`},
		{"(R)+2", ErrMove, "+2", 4, `bad suffix "+2" at character 4 (want a repetition count, a prime or both)`},
		{"R)", ErrSyntax, ")", 2, `unexpected ")" at character 2 (no "(" or "[" to close)`},
		{"R ]", ErrSyntax, "]", 3, `unexpected "]" at character 3 (no "(" or "[" to close)`},
		{"R, U", ErrSyntax, ",", 2, `unexpected "," at character 2 (only inside [ ])`},
		{"R: U", ErrSyntax, ":", 2, `unexpected ":" at character 2 (only inside [ ])`},
		{"(R U", ErrSyntax, "(", 1, `unclosed "(" at character 1 (want ")")`},
		{"R (U]", ErrSyntax, "]", 5, `unexpected "]" at character 5 (want ")" for "(" at character 3)`},
		{"(R, U)", ErrSyntax, ",", 3, `unexpected "," at character 3 (want ")" for "(" at character 1)`},
		{"[R U]", ErrSyntax, "]", 5, `unexpected "]" at character 5 (want "," or ":" for "[" at character 1)`},
		{"[R U", ErrSyntax, "[", 1, `unclosed "[" at character 1 (want "," or ":", then "]")`},
		{"[R, U", ErrSyntax, "[", 1, `unclosed "[" at character 1 (want "]")`},
		{"[R, U, F]", ErrSyntax, ",", 6, `unexpected "," at character 6 (want "]" for "[" at character 1)`},
		{"[R: U)", ErrSyntax, ")", 6, `unexpected ")" at character 6 (want "]" for "[" at character 1)`},
		{"(((R)99)99)99", ErrTooLong, "99", 12, `too many moves at "99" at character 12 (at most 65536)`},
		{"(R)65537", ErrTooLong, "65537", 4, `too many moves at "65537" at character 4 (at most 65536)`},
		{"(R)99999999999999999999999", ErrTooLong, "99999999999999999999999", 4, `too many moves at "9999999999999999..." at character 4 (at most 65536)`},
		{strings.Repeat("(", 40) + "R" + strings.Repeat(")", 40), ErrTooLong, "(", 33, `too deeply nested "(" at character 33 (at most 32 brackets deep)`},
		{"xxxxxxxxxxxxxxxxxxxxxxxx", ErrMove, "xxxxxxxxxxxxxxxxxxxxxxxx", 1, `bad move "xxxxxxxxxxxxxxxx..." at character 1 (` + want + `)`},
	} {
		got, err := v.Parse(c.in, []int{7})
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: err %v, want an *Error", c.in, err)
			continue
		}
		if !errors.Is(err, c.kind) || !errors.Is(err, ErrSequence) || e.Token != c.tok || e.Pos != c.pos || e.Msg != c.msg {
			t.Errorf("%q: %q (token %q at %d, class %v), want %q (token %q at %d, class %v)", c.in, e.Msg, e.Token, e.Pos, e.Kind, c.msg, c.tok, c.pos, c.kind)
		}
		if !slices.Equal(got, []int{7}) {
			t.Errorf("%q: dst became %v on error", c.in, got)
		}
	}
}

func TestExactlyMaxMoves(t *testing.T) {
	v := testVocab()
	got, err := v.Parse("((R U)256)128", nil)
	if err != nil || len(got) != MaxMoves {
		t.Fatalf("%d moves, %v; want %d", len(got), err, MaxMoves)
	}
	if _, err := v.Parse("((R U)256)128 F", nil); !errors.Is(err, ErrTooLong) {
		t.Fatalf("one past the bound: %v", err)
	}
	// A part may not grow past the bound even if a 0 would drop it.
	if _, err := v.Parse("((R)65536 R)0", nil); !errors.Is(err, ErrTooLong) {
		t.Fatalf("intermediate past the bound: %v", err)
	}
	// The bound is per parse, not on what dst held before.
	dst := make([]int, 5000)
	got, err = v.Parse("(R)65536", dst)
	if err != nil || len(got) != 5000+MaxMoves {
		t.Fatalf("appending: %d, %v", len(got), err)
	}
}

func TestAppendsToDst(t *testing.T) {
	v := testVocab()
	got, err := v.Parse("U [R: F]", []int{8})
	if err != nil || v.Format(got) != "F2 U R F R'" {
		t.Fatalf("%q, %v", v.Format(got), err)
	}
}

// FuzzParse: any input either parses or gives an *Error with a position
// inside the input (never a panic), and the printed expansion parses back to
// the same moves.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"R U R' U'", "(R U)3'", "[R, [U: F2]]2", "R // c\nU", "(((R)99)99)99", "[R U", "R’ U2’ F3", "r (r)'"} {
		f.Add(s)
	}
	v := testVocab()
	f.Fuzz(func(t *testing.T, s string) {
		got, err := v.Parse(s, nil)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrSequence) {
				t.Fatalf("%q: error %v of the wrong type", s, err)
			}
			if n := len([]rune(s)); e.Pos < 1 || e.Pos > n || strings.Contains(e.Msg, "\n") {
				t.Fatalf("%q: position %d of %d, message %q", s, e.Pos, n, e.Msg)
			}
			return
		}
		if len(got) > MaxMoves {
			t.Fatalf("%q: %d moves", s, len(got))
		}
		back, err := v.Parse(v.Format(got), nil)
		if err != nil || !slices.Equal(back, got) {
			t.Fatalf("%q: printed %q parses to %v, %v; want %v", s, v.Format(got), back, err, got)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	v := testVocab()
	for _, c := range []struct{ name, in string }{
		{"Plain", "R U2 F' R2 U F2 R' U' F R U2"},
		{"Nested", "[F: [R, U]2] (R U R' U')3 // comment"},
	} {
		b.Run(c.name, func(b *testing.B) {
			var buf []int
			b.ReportAllocs()
			for b.Loop() {
				var err error
				buf, err = v.Parse(c.in, buf[:0])
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
