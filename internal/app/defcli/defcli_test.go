package defcli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/app/cli"
)

// load loads the puzzle at path with the default options.
func load(t *testing.T, path string) (*Puzzle, error) {
	t.Helper()
	p := New(path)
	return p, p.Load(&cli.Options{})
}

// oneLine fails the test unless err is one line naming what.
func oneLine(t *testing.T, err error, what ...string) {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("error of more than one line: %q", msg)
	}
	for _, w := range what {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not say %q", msg, w)
		}
	}
}

// withMemory runs the test as on a machine with avail bytes available.
func withMemory(t *testing.T, avail uint64) {
	old := availableMemory
	availableMemory = func() (uint64, bool) { return avail, true }
	t.Cleanup(func() { availableMemory = old })
}

// A puzzle of one reachable state (a set whose pieces are alike and whose
// orientations are ignored: the index has no coordinate) has a
// distribution of that one state at distance 0, and the solved state's
// answer is the empty solution.
func TestOneState(t *testing.T) {
	p, err := load(t, filepath.Join("testdata", "one.tws"))
	if err != nil {
		t.Fatal(err)
	}
	dist, err := p.Stats(&cli.Options{})
	if err != nil || !slices.Equal(dist, []int{1}) {
		t.Fatalf("distribution %v (%v), want [1]", dist, err)
	}
	for _, c := range []struct {
		in       string
		scramble bool
	}{
		{"P\n1 1 1\n? ? ?\nEnd\n", false},
		{"P 1 1 1", false},
		{"A", true},
		{"A A'", true},
	} {
		var a cli.Answer
		a.Reset(c.in)
		if err := p.Solve(c.in, &cli.Options{Scramble: c.scramble}, &a); err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if string(a.Text) != "\n" {
			t.Errorf("%q: answer %q, want an empty line", c.in, a.Text)
		}
	}
}

// A device that never ends is refused after a definition's most bytes,
// with one line naming it, rather than read until memory runs out.
func TestEndlessFile(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	_, err := load(t, "/dev/zero")
	oneLine(t, err, "/dev/zero", "too long for a definition")
	if !errors.Is(err, ErrLoad) {
		t.Errorf("%v is not ErrLoad", err)
	}
}

// A regular file longer than a definition may be, without a table's first
// bytes, is refused before it is read.
func TestLongDefinition(t *testing.T) {
	path := filepath.Join(t.TempDir(), "long.tws")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	// A sparse file: its size costs neither disk nor time.
	if err := f.Truncate(1 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = load(t, path)
	oneLine(t, err, path, "too long for a definition")
}

// A table larger than half the memory available is read in place: it
// opens and answers as the table read whole, reading only the blocks its
// answers need; one whose header is damaged is refused in one line as a
// damaged table, whatever its size.
func TestTableOverMemory(t *testing.T) {
	const twisty = "../testdata/defs/twisty.gdt"
	whole, err := load(t, twisty)
	if err != nil {
		t.Fatal(err)
	}
	withMemory(t, 1000) // the file is 859 bytes
	paged, err := load(t, twisty)
	if err != nil {
		t.Fatal(err)
	}
	if whole.pz.BlocksRead() != 0 || paged.pz.BlocksRead() != 0 {
		t.Fatal("blocks read before any answer, or a table read whole read blocks")
	}
	for _, in := range []string{"A", "A B", "C D' A2", "B B A"} {
		var w, g cli.Answer
		o := &cli.Options{Scramble: true}
		err1 := whole.Solve(in, o, &w)
		err2 := paged.Solve(in, o, &g)
		if err1 != nil || err2 != nil || fmt.Sprint(w) != fmt.Sprint(g) {
			t.Fatalf("%q: %v (%v), want %v (%v)", in, g, err2, w, err1)
		}
	}
	if paged.pz.BlocksRead() == 0 {
		t.Error("the table read in place read no block")
	}

	path := filepath.Join(t.TempDir(), "big.gdt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("GODTDEF1"); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(64 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	withMemory(t, 16<<20)
	_, err = load(t, path)
	oneLine(t, err, path, "corrupt table")
}

// twist is a definition with a small index and large move tables: 20 alike
// pieces, one of which a 20-cycle twists and another move flips, make 2^20
// orientations, all reachable, and a move of order 40, so that each of the
// 40 moves of the half-turn metric has a row of 2^20 entries.
const twist = `Name Twist
Set O 20 2
Solved
O
1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
End
Move A
O
2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 1
1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
End
Move B
O
1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
End
`

// The in-memory build is bounded by what it allocates, move tables
// included, not by its index alone: 2^20 states are well under
// MaxInMemory, but their move tables take about 161 MB.
func TestInMemoryCapCountsMoveTables(t *testing.T) {
	path := filepath.Join(t.TempDir(), "twist.tws")
	if err := os.WriteFile(path, []byte(twist), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := load(t, path)
	oneLine(t, err, path, "161 MB", fmt.Sprintf("at most %d MB", MaxInMemoryBytes>>20), "godtable gen")
}

// An in-memory build first checks that the machine has the memory it
// needs, and says how much it needs and how much there is.
func TestInMemoryBuildChecksMemory(t *testing.T) {
	path := filepath.Join("testdata", "twisty.tws")
	if _, err := load(t, path); err != nil {
		t.Fatal(err)
	}
	// Its 432 indices and move tables take a few kilobytes.
	withMemory(t, 1<<10)
	_, err := load(t, path)
	oneLine(t, err, path, "needs about 1 MB", "0 MB available")
}
