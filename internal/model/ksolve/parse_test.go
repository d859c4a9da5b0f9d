package ksolve

import (
	"errors"
	"strings"
	"testing"
)

const good = `# a comment
Name Tiny
Set A 3 2
Set B 2 1
Solved
A
1 2 3
0 0 0
End
Move X
A
2 3 1
1 0 0
End
Move Y
B
2 1
End
MoveSequence Z X Y
MoveAlias W X,Y
`

func TestParseGood(t *testing.T) {
	d, err := Parse("tiny.tws", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range d.Moves {
		names = append(names, m.Name)
	}
	// X has order 6 (a 3-cycle with a twist of 1 each time round), Y order
	// 2, Z = X Y order 6; powers named as twsearch names them.
	want := "X X2 X3 X2' X' Y Z Z2 Z3 Z2' Z' W W2 W3 W2' W'"
	if got := strings.Join(names, " "); got != want {
		t.Fatalf("moves %q, want %q", got, want)
	}
	// The move's orientation row is per piece: X brings piece 2 to slot 1
	// and gives piece 1 (which lands in slot 3) a twist, so slot 3's
	// orientation is 1.
	x := d.Moves[0].Perm
	if got := x[:6]; string(got) != string([]uint8{1, 2, 0, 0, 0, 1}) {
		t.Fatalf("X as a state %v", got)
	}
	p, err := NewPuzzle(d, HTM, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Moves) != 11 { // the alias is not a move of the search
		t.Fatalf("%d search moves, want 11", len(p.Moves))
	}
	q, err := NewPuzzle(d, QTM, "X2,Y")
	if err != nil {
		t.Fatal(err)
	}
	var qn []string
	for i, m := range q.Moves {
		qn = append(qn, m.Name+":"+string(rune('0'+q.Cost[i])))
	}
	if got := strings.Join(qn, " "); got != "X2:1 X2':1 Y:1" {
		t.Fatalf("restricted moves %q", got)
	}
}

// Each bad definition gets one line naming the file, the line and the
// problem.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"Name A\nSet S 3 1\nSolved\nS\n1 2\nEnd\nMove M\nS\n2 1 3\nEnd\n", "x.tws:5: Solved: set S: row of 2 numbers, want 3"},
		{"Set S 3 1\nSolved\nEnd\nMove M\nS\n2 2 3\nEnd\n", "x.tws:6: move M: set S: not a permutation (2 stands twice)"},
		{"Set S 3 2\nSolved\nEnd\nMove M\nS\n2 1 3\n0 2 0\nEnd\n", "x.tws:7: move M: set S: orientation 2 is not below the set's 2"},
		{"Set S 3 1\nSet S 2 1\n", "x.tws:2: set S defined twice"},
		{"Set S 3 1\nSolved\nEnd\nMove M\nS\n2 1 3\nEnd\nMove M\nS\n1 3 2\nEnd\n", "x.tws:8: move M already defined (line 4)"},
		{"Set S 3 1\nSolved\nEnd\nMove M\nS\n1 2 3\nEnd\n", "x.tws:4: move M does nothing"},
		{"Set S 0 1\n", "x.tws:1: set S has no pieces"},
		{"Set S 3 1\nSolved\nEnd\nMoveTransformation S\n", "x.tws:4: MoveTransformation is not supported"},
		{"Set S 3 1\nIllegal S 1 2\nSolved\nEnd\n", "x.tws:2: Illegal before Solved"},
		{"Set S 3 1\nSolved\nEnd\nIllegal T 1 2\n", "x.tws:4: Illegal: unknown set \"T\""},
		{"Set S 3 1\nSolved\nEnd\nIllegal S 4 2\n", "x.tws:4: Illegal: position \"4\" of set S: want a number from 1 to 3"},
		{"Set S 3 1\nSolved\nEnd\nIllegal S 0 2\n", "x.tws:4: Illegal: position \"0\" of set S"},
		{"Set S 3 1\nSolved\nEnd\nIllegal S 1 4\n", "x.tws:4: Illegal: value \"4\" is not a piece of set S (want 1 to 3)"},
		{"Set S 3 1\nSolved\nS\n1 1 2\nEnd\nIllegal S 1 3\n", "x.tws:6: Illegal: value \"3\" is not a piece of set S (want 1, 2)"},
		{"Set S 3 1\nSolved\nEnd\nIllegal S 1\n", "x.tws:4: want \"Illegal SET POSITION VALUE ...\""},
		{"Set S 3 1\nSolved\nEnd\nMove M\nS\n2 1 3\nEnd\nIllegal S 2 3\nIllegal S 2 1 2\n", "x.tws:9: Solved is illegal: set S position 2 holds 2"},
		{"Set S 3 1\nSolved\nEnd\nFrob\n", "x.tws:4: unknown keyword \"Frob\""},
		{"Set S 3 1\nSolved\nEnd\nMove M\nS\n2 1 3\n", "x.tws:4: move M: no End"},
		{"Set S 3 1\n\x00\x01\x02", "x.tws:2: binary data: not a definition file"},
		{"Set S 3 1\nSolved\nEnd\n", "x.tws: no moves"},
		{"Set S 3 1\nSolved\nEnd\nMove M\nS\n2 1 3\nEnd\nMoveSequence Q M N\n", "x.tws:8: Q: unknown move \"N\""},
		{"Set S 3 2\nSolved\nS\n1 1 2\n0 ? 0\nEnd\nMove M\nS\n2 1 3\nEnd\n", "x.tws:4: Solved: set S: identical pieces must all have \"?\" orientations or none"},
	} {
		_, err := Parse("x.tws", []byte(c.src))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || !errors.Is(err, ErrDefinition) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q:\n got %v\nwant %s...", c.src, err, c.want)
		}
	}
}

// The parser never panics, and whatever it accepts is consistent: every move
// a permutation of each set, every orientation below its set's modulus.
func FuzzParse(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte("Set S 3 2\nSolved\nS\n1 1 2\n? ? 0\nEnd\nMove M\nS\n2 1 3\nEnd\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 4096 {
			return
		}
		d, err := Parse("f.tws", src)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		for _, m := range d.Moves {
			for _, set := range d.Sets {
				seen := make([]bool, set.Size)
				for i := 0; i < set.Size; i++ {
					v := m.Perm[set.Off+i]
					if int(v) >= set.Size || seen[v] {
						t.Fatalf("move %s is not a permutation of %s", m.Name, set.Name)
					}
					seen[v] = true
					if int(m.Perm[set.Off+set.Size+i]) >= set.Mod {
						t.Fatalf("move %s: orientation out of range", m.Name)
					}
				}
			}
		}
		for _, pz := range []Metric{HTM, QTM} {
			NewPuzzle(d, pz, "")
		}
		// A state block written is read back as the same state.
		s, err := d.ParseState(d.FormatState(d.Solved))
		if err != nil || string(s) != string(d.Solved) {
			t.Fatalf("solved state not read back: %v", err)
		}
	})
}

func FuzzParseState(f *testing.F) {
	d, err := Parse("tiny.tws", []byte(good))
	if err != nil {
		f.Fatal(err)
	}
	f.Add("A 2 3 1 1 0 0 B 2 1")
	f.Add("Solved\nA\n3 1 2\nEnd")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := d.ParseState(text)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		back, err := d.ParseState(d.FormatLine(s))
		if err != nil || string(back) != string(s) {
			t.Fatalf("%q: not read back (%v)", text, err)
		}
	})
}
