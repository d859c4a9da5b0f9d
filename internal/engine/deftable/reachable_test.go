package deftable

import (
	"context"
	"math/big"
	"os"
	"path/filepath"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// The count of the states the moves reach, from the moves alone
// (ksolve.Puzzle.Reachable), is exact and the search's total for every
// definition here, alike pieces and ignored orientations included: the
// published distributions of the samples beside the repository, and the
// searches of the test definitions, in both metrics.
func TestReachableCount(t *testing.T) {
	check := func(name string, p *ksolve.Puzzle, total uint64) {
		t.Helper()
		n, exact := p.Reachable()
		got := new(big.Int).SetUint64(total)
		// Every one is counted exactly, alike pieces and ignored
		// orientations included (the solved state's stabiliser).
		if !exact || n.Cmp(got) != 0 {
			t.Errorf("%s (%v): the moves reach %v states (exact %v), the search %d", name, p.Metric, n, exact, total)
		}
		t.Logf("%s (%v): %v from the moves (exact %v), %d by the search", name, p.Metric, n, exact, total)
	}
	for _, name := range []string{"2x2x2", "dino", "lo33", "lo33_cols", "pocket7", "skewb", "ufo"} {
		d, dist := sample(t, name)
		p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
		if err != nil {
			t.Fatal(err)
		}
		total := uint64(0)
		for _, c := range dist {
			total += c
		}
		check(name, p, total)
	}
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "*.tws"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test definitions: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := ksolve.Parse(filepath.Base(f), src)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []ksolve.Metric{ksolve.HTM, ksolve.QTM} {
			p, err := ksolve.NewPuzzle(d, m, "")
			if err != nil {
				t.Fatal(err)
			}
			tb, err := Build(context.Background(), p, BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			check(filepath.Base(f), p, tb.Reachable())
		}
	}
}

// A search whose total is not the count of the states the moves reach
// fails the build, in one line that gives both.
func TestBuildChecksTheCount(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "pocket.tws"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ksolve.Parse("pocket.tws", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
	if err != nil {
		t.Fatal(err)
	}
	defer func(f func(*ksolve.Puzzle) (*big.Int, bool)) { reachable = f }(reachable)
	reachable = func(p *ksolve.Puzzle) (*big.Int, bool) { return big.NewInt(3674161), true }
	_, err = Build(context.Background(), p, BuildOptions{})
	if err == nil || err.Error() != "Pocket: the search reached 3674160 states, but the moves reach 3674161 (the order of the group they generate): the index or the search is wrong" {
		t.Fatalf("Build: %v", err)
	}
	reachable = func(p *ksolve.Puzzle) (*big.Int, bool) { return big.NewInt(3674161), false }
	if _, err := Build(context.Background(), p, BuildOptions{}); err != nil {
		t.Fatalf("a bound, not a count, failed the build: %v", err)
	}
	// A bound the search passes fails it.
	reachable = func(p *ksolve.Puzzle) (*big.Int, bool) { return big.NewInt(3674159), false }
	_, err = Build(context.Background(), p, BuildOptions{})
	if err == nil || err.Error() != "Pocket: the search reached 3674160 states, but the moves reach at most 3674159 (the order of the group they generate): the index or the search is wrong" {
		t.Fatalf("Build past the bound: %v", err)
	}
}

// The cube's domino group and its <U,F> and <R,U> subgroups, whose builds
// docs/MEASUREMENTS.md records: the index the build takes, which is the states
// the moves reach, and their count from the group, which the build is
// checked against.
func TestLargeBuildsPlanned(t *testing.T) {
	for _, c := range []struct {
		file, moves      string
		indexed, reached uint64
	}{
		{"domino.tws", "", 19508428800, 19508428800},
		{"3x3x3.tws", "U,F", 73483200, 73483200},
		{"3x3x3.tws", "R,U", 73483200, 73483200},
	} {
		src, err := os.ReadFile(filepath.Join("..", "..", "model", "ksolve", "testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		d, err := ksolve.Parse(c.file, src)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ksolve.NewPuzzle(d, ksolve.HTM, c.moves)
		if err != nil {
			t.Fatal(err)
		}
		indexed, _, err := Plan(p, false)
		n, exact := p.Reachable()
		if err != nil || indexed != c.indexed || !exact || !n.IsUint64() || n.Uint64() != c.reached {
			t.Errorf("%s %s: indexed %d (%v), reachable %v (exact %v); want %d, %d", c.file, c.moves, indexed, err, n, exact, c.indexed, c.reached)
		}
	}
}
