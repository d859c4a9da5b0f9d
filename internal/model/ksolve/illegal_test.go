package ksolve

import (
	"strings"
	"testing"
)

const illegalDef = `Set S 4 1
Set C 2 2
Solved
S
1 2 3 3
End
Move U
S
2 3 4 1
End
Move T
C
2 1
1 0
End
Illegal S 1 3
Illegal S 2 3 1
Illegal C 2 1
`

// A state is illegal exactly when some slot an Illegal line names holds
// one of the pieces the line gives (several on one line, or on several
// lines for one slot); the error names the slot and the piece.
func TestLegal(t *testing.T) {
	d, err := Parse("x.tws", []byte(illegalDef))
	if err != nil {
		t.Fatal(err)
	}
	if !d.HasIllegal() || !d.Legal(d.Solved) {
		t.Fatalf("has %v, solved legal %v", d.HasIllegal(), d.Legal(d.Solved))
	}
	for _, c := range []struct{ state, why string }{
		{"S 1 2 3 3", ""},
		{"S 3 1 2 3", "set S position 1 holds 3, which an Illegal line forbids"},
		{"S 2 1 3 3", "set S position 2 holds 1, which an Illegal line forbids"},
		{"S 2 3 1 3", "set S position 2 holds 3, which an Illegal line forbids"},
		{"S 2 3 3 1", "set S position 2 holds 3, which an Illegal line forbids"},
		{"S 1 2 3 3 C 2 1", "set C position 2 holds 1, which an Illegal line forbids"},
	} {
		s, err := d.ParseState(c.state)
		switch {
		case c.why == "" && err != nil:
			t.Errorf("%s: %v", c.state, err)
		case c.why != "" && (err == nil || err.Error() != "illegal state: "+c.why):
			t.Errorf("%s: %v, want illegal state: %s", c.state, err, c.why)
		}
		if err == nil && d.IllegalAt(s) != "" {
			t.Errorf("%s: read, yet %s", c.state, d.IllegalAt(s))
		}
	}
	// The moves themselves stay as the file gives them: U from the solved
	// state makes an illegal state, which a search skips.
	u := d.Apply(nil, d.Solved, d.Moves[0].Perm)
	if d.Legal(u) {
		t.Fatalf("U of the solved state is legal: %s", d.FormatLine(u))
	}
	if _, err := NewPuzzle(d, QTM, ""); err == nil || !strings.Contains(err.Error(), "qtm") {
		t.Fatalf("qtm: %v", err)
	}
}

// Two definitions forbidding the same states have one key, however their
// lines are split and ordered; another state forbidden makes another key.
func TestIllegalKey(t *testing.T) {
	base := illegalDef[:strings.Index(illegalDef, "Illegal")]
	keyOf := func(lines string) string {
		t.Helper()
		d, err := Parse("x.tws", []byte(base+lines))
		if err != nil {
			t.Fatal(err)
		}
		return d.IllegalKey()
	}
	a := keyOf("Illegal S 1 3\nIllegal S 2 3 1\nIllegal C 2 1\n")
	b := keyOf("Illegal C 2 1\nIllegal S 2 1\nIllegal S 1 3\nIllegal S 2 3\n")
	c := keyOf("Illegal S 1 3\nIllegal S 2 3\nIllegal C 2 1\n")
	if a == "" || a != b || a == c || keyOf("") != "" {
		t.Fatalf("keys %q %q %q", a, b, c)
	}
}
