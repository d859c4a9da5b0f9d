package deftable

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// samples is where the project's shared puzzle definitions are, beside the
// repository (twsearch's samples and a few more, each with its published
// distance distribution).
var samples = filepath.Join("..", "..", "..", "..", "shared", "defs")

func sample(t *testing.T, name string) (*ksolve.Def, []uint64) {
	return sampleB(t, name)
}

func sampleB(t testing.TB, name string) (*ksolve.Def, []uint64) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(samples, name+".tws"))
	if os.IsNotExist(err) && os.Getenv("CI") == "" {
		t.Skipf("no %s beside the repository", samples)
	}
	if err != nil {
		t.Fatal(err)
	}
	d, err := ksolve.Parse(name+".tws", src)
	if err != nil {
		t.Fatal(err)
	}
	return d, distribution(t, name)
}

func distribution(t testing.TB, name string) []uint64 {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(samples, name+".dist.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var out []uint64
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
		f := strings.Fields(line)
		n, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	// twsearch writes a last line of 0 states for some puzzles.
	for len(out) > 0 && out[len(out)-1] == 0 {
		out = out[:len(out)-1]
	}
	return out
}

// The index of each sample is the size docs/MEASUREMENTS.md gives, and so is its
// ratio to the reachable states.
func TestSampleIndexSizes(t *testing.T) {
	for _, c := range []struct {
		name    string
		indexed uint64
	}{
		{"lo33", 181440}, {"lo33_cols", 1680}, {"pocket7", 3674160},
		{"2x2x2", 88179840}, {"skewb", 37791360}, {"dino", 239500800}, {"ufo", 479001600},
	} {
		d, dist := sample(t, c.name)
		p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
		if err != nil {
			t.Fatal(err)
		}
		indexed, _, err := Plan(p, false)
		if err != nil {
			t.Fatal(err)
		}
		reachable := uint64(0)
		for _, n := range dist {
			reachable += n
		}
		if indexed != c.indexed {
			t.Errorf("%s: indexed %d, want %d (%.2f times the %d reachable)", c.name, indexed, c.indexed, float64(indexed)/float64(reachable), reachable)
		}
	}
}

// The small samples' tables have their published distributions (twsearch's
// and an independent search's), in both metrics where one is published.
func TestSampleDistributions(t *testing.T) {
	for _, c := range []struct {
		name, dist string
		metric     ksolve.Metric
	}{
		{"lo33", "lo33", ksolve.HTM}, {"lo33_cols", "lo33_cols", ksolve.HTM},
		{"pocket7", "pocket7", ksolve.HTM}, {"pocket7", "pocket7.qtm", ksolve.QTM},
	} {
		d, _ := sample(t, c.name)
		want := distribution(t, c.dist)
		p, err := ksolve.NewPuzzle(d, c.metric, "")
		if err != nil {
			t.Fatal(err)
		}
		tb, err := Build(context.Background(), p, BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var got []uint64
		for _, n := range tb.Counts() {
			got = append(got, uint64(n))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s (%v): %v, want %v", c.name, c.metric, got, want)
		}
	}
}
