package ksolve

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// head is a definition's sets and solved state; the cases add moves.
const head = "Set S 3 1\nSolved\nEnd\n"

// Every name is given once, whatever gave it first: a sequence or alias
// named like a later Move (the sequence would answer as the other move), two
// sequences or aliases of one name, a power's name, a set's.
func TestNamesAreOneNamespace(t *testing.T) {
	const m = "Move M\nS\n2 1 3\nEnd\n"
	const n = "Move N\nS\n1 3 2\nEnd\n"
	for _, c := range []struct{ src, want string }{
		{head + "MoveSequence Z N\nMove Z\nS\n2 1 3\nEnd\n" + n, "x.tws:5: move Z already defined (line 4, as a MoveSequence)"},
		{head + m + n + "MoveSequence Z M N\nMoveSequence Z N M\n", "x.tws:13: move Z already defined (line 12)"},
		{head + m + n + "MoveAlias Z M\nMoveAlias Z N\n", "x.tws:13: move Z already defined (line 12)"},
		{head + m + n + "MoveAlias Z M\nMoveSequence Z N\n", "x.tws:13: move Z already defined (line 12, as a MoveAlias)"},
		{head + "MoveAlias N M\n" + m + n, "x.tws:9: move N already defined (line 4, as a MoveAlias)"},
		{head + "MoveSequence S M\n" + m, "x.tws:4: move S already defined (line 1, as a set)"},
		{head + "Move S\nS\n2 1 3\nEnd\n", "x.tws:4: move S already defined (line 1, as a set)"},
		// M3 is a 3-cycle: its powers are M3 and M3', and M3' is taken.
		{head + "MoveSequence M3' N\n" + n + "Move M3\nS\n2 3 1\nEnd\n", "x.tws:9: move M3's power M3' is already defined (line 4, as a MoveSequence)"},
		{head + "Move C\nS\n2 3 1\nEnd\nMoveSequence C' N\n" + n, "x.tws:8: move C' already defined (line 4, as a power of C)"},
	} {
		_, err := Parse("x.tws", []byte(c.src))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || !errors.Is(err, ErrDefinition) {
			t.Errorf("%q:\n got %v\nwant %s...", c.src, err, c.want)
		}
	}
}

// A name the program writes must read back: no bracket, separator or
// comment of the move notation, no white space the reader keeps in a word,
// no control character; a set name not a comment of a state block.
func TestNamesReadBack(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"A//B", "holds //"},
		{"[A]", `holds '['`},
		{"(C)", `holds '('`},
		{"A,B", `holds ','`},
		{"A:B", `holds ':'`},
		{"A\u00a0B", "holds the white space U+00A0"},
		{"A\x7fB", "holds the control character U+007F"},
		{"A\u009bB", "holds the control character U+009B"},
		{"#A", "starts with #"},
	} {
		for _, src := range []string{
			head + "Move " + c.name + "\nS\n2 1 3\nEnd\n",
			head + "Move M\nS\n2 1 3\nEnd\nMoveSequence " + c.name + " M\n",
			head + "Move M\nS\n2 1 3\nEnd\nMoveAlias " + c.name + " M\n",
			"Set " + c.name + " 3 1\nSolved\nEnd\n",
		} {
			_, err := Parse("x.tws", []byte(src))
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%q:\n got %v\nwant %q in it", src, err, c.want)
			}
		}
	}
	// The puzzle's name is printed too.
	if _, err := Parse("x.tws", []byte("Name A\u009b2J\n"+head)); err == nil || !strings.Contains(err.Error(), "control character U+009B") {
		t.Errorf("a name with an escape: %v", err)
	}
	// Names of other scripts and apostrophes are fine.
	if _, err := Parse("x.tws", []byte("Set Ecken 3 1\nSolved\nEnd\nMove Λ’\nEcken\n2 1 3\nEnd\n")); err != nil {
		t.Error(err)
	}
}

// A byte-order mark at the start is not part of the first word.
func TestByteOrderMark(t *testing.T) {
	d, err := Parse("x.tws", []byte("\ufeffName Tiny\n"+head+"Move M\nS\n2 1 3\nEnd\n"))
	if err != nil || d.Name != "Tiny" {
		t.Fatalf("%v", err)
	}
	if !strings.HasPrefix(d.Text, "\ufeff") {
		t.Error("the text kept is not the file as read")
	}
}

// wide is a definition of many sets, each of two pieces, and moves that
// swap each: the largest a file just under MaxSize may be.
func wide(sets, moves int) []byte {
	var b strings.Builder
	b.WriteString("Name Wide\n")
	for i := range sets {
		fmt.Fprintf(&b, "Set S%d 2 1\n", i)
	}
	b.WriteString("Solved\nEnd\n")
	for m := range moves {
		fmt.Fprintf(&b, "Move M%d\nS%d\n2 1\nEnd\n", m, m%sets)
	}
	return []byte(b.String())
}

// A definition of 200,000 sets, just under MaxSize, is read (the parser is
// linear in its input: BenchmarkParseWide measures it); one of more moves
// than MaxMoves is refused at the first move over.
func TestParseWide(t *testing.T) {
	src := wide(200_000, 2)
	if len(src) > MaxSize {
		t.Fatalf("%d bytes", len(src))
	}
	d, err := Parse("wide.tws", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Sets) != 200_000 || len(d.Moves) != 2 {
		t.Fatalf("%d sets, %d moves", len(d.Sets), len(d.Moves))
	}
	if _, err := d.ParseState("S199999 2 1"); err != nil {
		t.Fatal(err)
	}
	_, err = Parse("wide.tws", wide(10, MaxMoves+1))
	if err == nil || !strings.Contains(err.Error(), "too many moves") {
		t.Fatalf("%d moves: %v", MaxMoves+1, err)
	}
	var b strings.Builder
	b.WriteString(head + "Move M\nS\n2 1 3\nEnd\n")
	for i := range 100_000 {
		fmt.Fprintf(&b, "MoveSequence Q%d Q%d\n", i, i+1)
	}
	_, err = Parse("seq.tws", []byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "too many moves") {
		t.Fatalf("100,000 sequences: %v", err)
	}
}

// BenchmarkParseWide reads the widest definition under MaxSize: 200,000
// sets.
func BenchmarkParseWide(b *testing.B) {
	src := wide(200_000, 2)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse("wide.tws", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseSequences reads 100,000 sequences, each naming the next:
// refused at the first move over MaxMoves, not after resolving them all.
func BenchmarkParseSequences(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(head + "Move M\nS\n2 1 3\nEnd\n")
	for i := range 100_000 {
		fmt.Fprintf(&sb, "MoveSequence Q%d Q%d\n", i, i+1)
	}
	src := []byte(sb.String())
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse("seq.tws", src); err == nil {
			b.Fatal("accepted")
		}
	}
}

// ring is a ring of 255 slots with one marked piece, and turns of it of the
// given orders.
func ring(orders ...int) []byte {
	const n = 255
	var b strings.Builder
	b.WriteString("Name Ring\nSet P 255 1\nSolved\nP\n1")
	b.WriteString(strings.Repeat(" 2", n-1))
	b.WriteString("\nEnd\n")
	for k, o := range orders {
		fmt.Fprintf(&b, "Move M%d\nP\n", k)
		for i := range n {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprint(&b, (i+n/o)%n+1)
		}
		b.WriteString("\nEnd\n")
	}
	return []byte(b.String())
}

// A definition may give more than 250 moves, powers included (twsearch
// takes them); the search takes up to MaxSearchMoves, and a puzzle of more
// is refused with the way to restrict them.
func TestManyMoves(t *testing.T) {
	d, err := Parse("ring.tws", ring(255, 3)) // 254 + 2 powers
	if err != nil {
		t.Fatal(err)
	}
	if p, err := NewPuzzle(d, HTM, ""); err != nil || len(p.Moves) != MaxSearchMoves {
		t.Fatalf("%v", err)
	}
	d, err = Parse("ring.tws", ring(255, 5)) // 254 + 4 powers
	if err != nil {
		t.Fatal(err)
	}
	_, err = NewPuzzle(d, HTM, "")
	if err == nil || err.Error() != "Ring: 258 moves to search with, powers included (at most 256): restrict them with --moves" {
		t.Fatalf("258 moves: %v", err)
	}
	if p, err := NewPuzzle(d, HTM, "M05,M1"); err != nil || len(p.Moves) != 50+4 {
		t.Fatalf("restricted: %v", err)
	}
}
