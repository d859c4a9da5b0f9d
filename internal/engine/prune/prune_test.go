package prune_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/engine/prune"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
)

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
	m, _ := ksolve.ParseMetric(metric)
	p, err := ksolve.NewPuzzle(d, m, restrict)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// distances are the exact distances of every index of x from goal, by a
// breadth-first search of the index's own (255: not reached): independent
// of the table builds it checks.
func distances(x *permindex.Index, goal uint64) []uint8 {
	d := make([]uint8, x.Size())
	for i := range d {
		d[i] = 255
	}
	d[goal] = 0
	frontier := []uint64{goal}
	out := make([]uint64, x.Degree())
	for level := uint8(1); len(frontier) > 0; level++ {
		var next []uint64
		for _, i := range frontier {
			x.Neighbors(i, out)
			for _, j := range out {
				if d[j] == 255 {
					d[j] = level
					next = append(next, j)
				}
			}
		}
		frontier = next
	}
	return d
}

var admissible = []struct {
	path, metric, moves string
	short               bool
}{
	{"../../../lookup/tws/testdata/pocket.tws", "htm", "", false},
	{"../../../lookup/tws/testdata/pocket.tws", "qtm", "", false},
	{"../../../lookup/tws/testdata/pyraminx.tws", "htm", "", false},
	{"../../../lookup/tws/testdata/twisty.tws", "qtm", "", true},
	{"../../../lookup/tws/testdata/ties.tws", "htm", "", true},
	{"../../../lookup/tws/testdata/loop3.tws", "htm", "", true},
	{"../../../lookup/tws/testdata/loop3_cols.tws", "htm", "", true},
	{"../../../lookup/tws/testdata/cube2_unoriented.tws", "htm", "U,R2,F", true},
	{"../../../lookup/tws/testdata/cube2_colours.tws", "htm", "", true},
}

// TestAdmissibleOnEveryState checks every pruning table of several sizes
// against the whole puzzle's exact distances, state by state: its
// projection's distance (from the table, and from a search of its own) is
// never more, and the table's stored levels are its distances mod 3.
func TestAdmissibleOnEveryState(t *testing.T) {
	for _, c := range admissible {
		if testing.Short() && !c.short {
			continue
		}
		t.Run(filepath.Base(c.path)+"/"+c.metric+"/"+c.moves, func(t *testing.T) {
			p := puzzleOf(t, c.path, c.metric, c.moves)
			x, err := permindex.New(p)
			if err != nil {
				t.Fatal(err)
			}
			goal, _ := x.Index(p.Def.Solved)
			exact := distances(x, goal)
			n := x.Size()
			truncated := 0
			for _, size := range []uint64{(n + 3) / 4, n / 16, n / 128} {
				prs, err := prune.Choose(p, size)
				if errors.Is(err, prune.ErrTooSmall) {
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				// The tables as Choose's builds make them, and, at
				// one size, cut short wherever they may be.
				enoughs := []func([]uint64, uint64) bool{nil}
				if size == n/16 {
					enoughs = append(enoughs, cutEarly)
				}
				for _, enough := range enoughs {
					total := uint64(0)
					for _, pr := range prs {
						tb, err := prune.Build(context.Background(), p, pr, deftable.BuildOptions{Workers: 1, Enough: enough})
						if err != nil {
							t.Fatal(err)
						}
						total += tb.Bytes()
						checkTable(t, p, x, exact, tb)
						if tb.Beyond() > 0 {
							truncated++
						}
					}
					if total > size {
						t.Fatalf("size %d: tables of %d bytes", size, total)
					}
				}
			}
			if p.Def.Distinct() && truncated == 0 {
				t.Fatal("no table was truncated")
			}
		})
	}
}

// cutEarly ends a table's search once the last level holds a quarter of
// the indices left, so that the tests' small tables are truncated too.
func cutEarly(counts []uint64, unseen uint64) bool { return counts[len(counts)-1] >= unseen/4 }

func checkTable(t *testing.T, p *ksolve.Puzzle, x *permindex.Index, exact []uint8, tb *prune.Table) {
	t.Helper()
	px := tb.Index()
	pgoal, _ := px.Index(tb.Projector.Def.Solved)
	pd := distances(px, pgoal)
	lv := tb.Levels()
	far := tb.Beyond()
	for i, d := range pd {
		if d == 255 {
			continue
		}
		v := lv.At(uint64(i))
		if far > 0 && !lv.ReachableLevel(v) {
			// Truncated: only what is past its last level has none.
			if int(d) < far {
				t.Fatalf("%s: index %d at distance %d has none, the table reading %d past its last level", tb.Projection.Describe(p.Def), i, d, far)
			}
			continue
		}
		if v != d%3 {
			t.Fatalf("%s: index %d: level %d, distance %d", tb.Projection.Describe(p.Def), i, v, d)
		}
	}
	var ps ksolve.State
	for i, d := range exact {
		if d == 255 {
			continue
		}
		s := x.State(uint64(i))
		ps = tb.Projector.Project(ps, s)
		j, ok := px.Index(ps)
		if !ok || pd[j] == 255 {
			t.Fatalf("%s: state %d's projection is not reachable", tb.Projection.Describe(p.Def), i)
		}
		if pd[j] > d {
			t.Fatalf("%s: state %d: projection's distance %d, the state's %d", tb.Projection.Describe(p.Def), i, pd[j], d)
		}
		if i%97 != 0 {
			continue
		}
		// The bound the search starts from: the projection's distance,
		// or the table's reading past its last level, never more.
		want := int(pd[j])
		if far > 0 {
			want = min(want, far)
		}
		if got, err := tb.Distance(s); err != nil || got != want || got > int(d) {
			t.Fatalf("%s: state %d: Distance %d, %v; want %d (its distance %d)", tb.Projection.Describe(p.Def), i, got, err, want, d)
		}
	}
}

// buildFile builds a pruning file of p of size bytes and returns its bytes.
func buildFile(t *testing.T, p *ksolve.Puzzle, size uint64) []byte {
	t.Helper()
	f, err := prune.BuildFile(context.Background(), p, size, prune.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := f.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestFileRoundTrip reads back what WriteTo wrote: the same projections and
// the same levels.
func TestFileRoundTrip(t *testing.T) {
	p := puzzleOf(t, "../../../lookup/tws/testdata/pyraminx.tws", "qtm", "")
	data := buildFile(t, p, 4000)
	f, err := prune.OpenAt("x.gdt", bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	want, err := prune.Choose(p, 4000)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Tables) != len(want) || len(want) < 2 {
		t.Fatalf("%d tables read, %d chosen", len(f.Tables), len(want))
	}
	for k, tb := range f.Tables {
		if tb.Projection.String() != want[k].String() {
			t.Fatalf("table %d: %s, want %s", k, tb.Projection, want[k])
		}
		built, err := prune.Build(context.Background(), p, want[k], deftable.BuildOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(tb.Levels().Packed(), built.Levels().Packed()) {
			t.Fatalf("table %d: levels differ", k)
		}
	}
	var again bytes.Buffer
	if _, err := f.WriteTo(&again); err != nil || !bytes.Equal(again.Bytes(), data) {
		t.Fatalf("written again: %v, same bytes %v", err, bytes.Equal(again.Bytes(), data))
	}
}

// TestFileDamage refuses a file damaged anywhere, with a *table.Error: a
// byte of the head, of any table, a table cut short; and a file whose
// head's projections were swapped (each table then belongs to another).
func TestFileDamage(t *testing.T) {
	p := puzzleOf(t, "../../../lookup/tws/testdata/pyraminx.tws", "htm", "")
	data := buildFile(t, p, 4000)
	open := func(b []byte) error {
		_, err := prune.OpenAt("x.gdt", bytes.NewReader(b), int64(len(b)))
		return err
	}
	step := max(1, len(data)/300)
	for at := 0; at < len(data); at += step {
		bad := bytes.Clone(data)
		bad[at] ^= 0x20
		err := open(bad)
		var te *table.Error
		if !errors.As(err, &te) {
			t.Fatalf("byte %d flipped: %v, want a *table.Error", at, err)
		}
	}
	if err := open(data[:len(data)-1]); err == nil {
		t.Fatal("a file cut short opened")
	}
	// Swap the two tables' projections in the head, checksum made good.
	f, err := prune.OpenAt("x.gdt", bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Tables) < 2 {
		t.Skip("one table")
	}
	f.Tables[0].Projection, f.Tables[1].Projection = f.Tables[1].Projection, f.Tables[0].Projection
	var b bytes.Buffer
	if _, err := f.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	swapped := b.Bytes()
	if err := open(swapped); !errors.Is(err, table.ErrMismatch) {
		t.Fatalf("projections swapped: %v, want %v", err, table.ErrMismatch)
	}
}
