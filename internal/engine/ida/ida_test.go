package ida_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/engine/ida"
	"github.com/godtable/godtable/internal/engine/prune"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// puzzleOf reads a definition and makes its puzzle.
func puzzleOf(t testing.TB, path, metric, restrict string) *ksolve.Puzzle {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := ksolve.Parse(filepath.Base(path), src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ksolve.ParseMetric(metric)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ksolve.NewPuzzle(d, m, restrict)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// tablesOf chooses and builds the pruning tables of p that fit size bytes.
func tablesOf(t testing.TB, p *ksolve.Puzzle, size uint64) []*prune.Table {
	t.Helper()
	return tablesCut(t, p, size, nil)
}

// cutEarly ends a table's search once the last level holds a quarter of
// the indices left, so that small tables are truncated too.
func cutEarly(counts []uint64, unseen uint64) bool { return counts[len(counts)-1] >= unseen/4 }

// tablesCut is tablesOf with each table's search ended by enough, where
// the table may be truncated (prune.Build).
func tablesCut(t testing.TB, p *ksolve.Puzzle, size uint64, enough func([]uint64, uint64) bool) []*prune.Table {
	t.Helper()
	prs, err := prune.Choose(p, size)
	if err != nil {
		t.Fatal(err)
	}
	var tables []*prune.Table
	for _, pr := range prs {
		tb, err := prune.Build(context.Background(), p, pr, deftable.BuildOptions{Workers: 1, Enough: enough})
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, tb)
	}
	return tables
}

func completeOf(t testing.TB, p *ksolve.Puzzle) *deftable.Table {
	t.Helper()
	full, err := deftable.Build(context.Background(), p, deftable.BuildOptions{Workers: 1, NoSymmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	return full
}

type sample struct {
	path, metric, moves string
	states              int
}

var samples = []sample{
	{"../../../lookup/tws/testdata/pocket.tws", "htm", "", 300},
	{"../../../lookup/tws/testdata/pocket.tws", "qtm", "", 200},
	{"../../../lookup/tws/testdata/pyraminx.tws", "htm", "", 300},
	{"../../../lookup/tws/testdata/pyraminx.tws", "qtm", "", 300},
	{"../../../lookup/tws/testdata/twisty.tws", "htm", "", 300},
	{"../../../lookup/tws/testdata/ties.tws", "htm", "", 300},
	{"../../../lookup/tws/testdata/loop3_cols.tws", "htm", "", 300},
	{"../../../lookup/tws/testdata/loop3.tws", "qtm", "", 300},
	{"../../../lookup/tws/testdata/cube2_unoriented.tws", "htm", "U,R2,F", 200},
	{"../../../lookup/tws/testdata/cube2_unoriented.tws", "qtm", "", 200},
	{"../../../lookup/tws/testdata/cube2_colours.tws", "htm", "", 200},
	{"../../../internal/model/ksolve/testdata/cube2.tws", "htm", "U,R,F", 100},
}

// answers is one state's answers: the solution, the count and the list.
func answers(t testing.TB, solve func() (string, error), count func() (uint64, error), all func() ([]string, error)) string {
	t.Helper()
	sol, err := solve()
	if err != nil {
		t.Fatal(err)
	}
	n, err := count()
	if err != nil {
		t.Fatal(err)
	}
	list, err := all()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%q %d %q", sol, n, list)
}

// TestSameAnswersAsCompleteTable compares the search guided by pruning
// tables of several sizes with the walk of the complete table: the same
// first solution, byte for byte, the same count and the same list, on
// random states and the farthest ones, on one worker and several. At
// one size the tables are truncated too (cutEarly), wherever they may be.
//
// GODTABLE_DEFS names a directory of larger samples to add (lo33.tws,
// pocket7.tws, skewb.tws, 2x2x2.tws, dino.tws, ufo.tws: those it holds),
// whose complete tables take seconds to minutes to build.
func TestSameAnswersAsCompleteTable(t *testing.T) {
	ctx := context.Background()
	all := samples
	if dir := os.Getenv("GODTABLE_DEFS"); dir != "" {
		for _, name := range []string{"lo33.tws", "pocket7.tws", "skewb.tws", "2x2x2.tws", "dino.tws", "ufo.tws"} {
			path := filepath.Join(dir, name)
			if _, err := os.Stat(path); err == nil {
				all = append(all, sample{path, "htm", "", 100})
			}
		}
		if path := filepath.Join(dir, "pocket7.tws"); fileExists(path) {
			all = append(all, sample{path, "qtm", "", 100})
		}
	}
	for _, sm := range all {
		t.Run(filepath.Base(sm.path)+"/"+sm.metric+"/"+sm.moves, func(t *testing.T) {
			p := puzzleOf(t, sm.path, sm.metric, sm.moves)
			full := completeOf(t, p)
			n := full.Index.Size()
			states := sm.states
			if testing.Short() {
				states /= 5
			}
			probe := append(probeStates(t, full, 1, states, 5), p.Def.Solved.Clone())
			type build struct {
				size   uint64
				enough func([]uint64, uint64) bool
			}
			truncated := 0
			for _, b := range []build{{(n + 3) / 4, nil}, {n / 16, nil}, {n / 256, nil}, {n / 16, cutEarly}} {
				size := b.size
				prs, err := prune.Choose(p, size)
				if err != nil {
					t.Logf("size %d: %v", size, err)
					continue
				}
				tables := tablesCut(t, p, size, b.enough)
				for _, tb := range tables {
					if b.enough != nil && tb.Beyond() > 0 {
						truncated++
					}
				}
				s, err := ida.New(p, tables)
				if err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, pr := range prs {
					names = append(names, pr.Describe(p.Def))
				}
				t.Logf("size %d: %v", size, names)
				for k, st := range probe {
					want := answers(t,
						func() (string, error) { s, err := full.Solve(st); return s.String(), err },
						func() (uint64, error) { return full.Count(st) },
						func() ([]string, error) {
							sols, _, err := full.All(st, 0)
							return strs(sols, err)
						})
					for _, workers := range []int{1, 3} {
						o := ida.Options{Workers: workers, MaxDepth: -1}
						got := answers(t,
							func() (string, error) { s, err := s.Solve(ctx, st, o); return s.String(), err },
							func() (uint64, error) { return s.Count(ctx, st, o) },
							func() ([]string, error) {
								sols, _, err := s.All(ctx, st, 0, o)
								return strs(sols, err)
							})
						if got != want {
							t.Fatalf("size %d (truncated %v), state %d, %d workers: got %s, want %s\n%s", size, b.enough != nil, k, workers, got, want, p.Def.FormatLine(st))
						}
					}
				}
			}
			if p.Def.Distinct() && truncated == 0 {
				t.Fatal("no table truncated")
			}
		})
	}
}

// probeStates returns n random states of full's (from seed) and its far
// farthest.
func probeStates(t *testing.T, full *deftable.Table, seed uint64, n, far int) []ksolve.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, full.Index.Size()))
	var probe []ksolve.State
	for range n {
		probe = append(probe, full.Random(rng))
	}
	farthest, err := full.Antipodes(far)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range farthest {
		probe = append(probe, full.Index.State(i))
	}
	return probe
}

func strs[S fmt.Stringer](sols []S, err error) ([]string, error) {
	var out []string
	for _, s := range sols {
		out = append(out, s.String())
	}
	return slices.Clip(out), err
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
