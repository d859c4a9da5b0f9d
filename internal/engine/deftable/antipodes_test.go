package deftable

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// plainAntipodes is the plain scan Antipodes must agree with: every index
// in order, each reachable one's distance from its walk, and those at the
// largest.
func plainAntipodes(t *testing.T, tb *Table) []uint64 {
	t.Helper()
	most := len(tb.lv.Counts) - 1
	var far []uint64
	for i := range tb.Index.Size() {
		if !tb.lv.Reachable(i) {
			continue
		}
		d, err := tb.Distance(tb.Index.State(i))
		if err != nil {
			t.Fatal(err)
		}
		if d > most {
			t.Fatalf("index %d at distance %d, past the largest, %d", i, d, most)
		}
		if d == most {
			far = append(far, i)
		}
	}
	if uint64(len(far)) != tb.lv.Counts[most] {
		t.Fatalf("the plain scan finds %d at distance %d, the counts say %d", len(far), most, tb.lv.Counts[most])
	}
	return far
}

// Antipodes gives the first n states at the largest distance in index
// order, as a plain scan of every state's walk does, for every n, on
// tables of states and of classes, in one chunk and in many (each
// chunk's share, and the end of the look after the first chunks that
// settle n, then matter), and progress ends with every state looked at
// when all are asked for; a table read in place gives the same.
func TestAntipodesAsPlainScan(t *testing.T) {
	tws := filepath.Join("..", "..", "..", "lookup", "tws", "testdata")
	cases := []struct {
		file       string
		metric     ksolve.Metric
		noSymmetry bool
		long       bool // left to the full suite: -short keeps one case of each kind
	}{
		{filepath.Join(tws, "loop3.tws"), ksolve.HTM, true, false},
		{filepath.Join(tws, "ties.tws"), ksolve.HTM, true, false},
		{filepath.Join(tws, "pyraminx.tws"), ksolve.HTM, true, true},
		{filepath.Join(tws, "pyraminx.tws"), ksolve.QTM, true, true},
		{filepath.Join(tws, "cube2_colours.tws"), ksolve.HTM, false, true},
		{filepath.Join(tws, "cube2_unoriented.tws"), ksolve.HTM, false, true},
		{filepath.Join(tws, "cube2_ur.tws"), ksolve.QTM, false, false},
	}
	for _, c := range cases {
		t.Run(filepath.Base(c.file)+"/"+c.metric.String(), func(t *testing.T) {
			if c.long && testing.Short() {
				t.Skip("-short")
			}
			p := symmetricPuzzle(t, c.file, c.metric, "")
			tb, err := Build(context.Background(), p, BuildOptions{Workers: 2, NoSymmetry: c.noSymmetry})
			if err != nil {
				t.Fatal(err)
			}
			if (tb.Symmetries() > 1) == c.noSymmetry {
				t.Fatalf("%d symmetries: not the table the case is for", tb.Symmetries())
			}
			want := plainAntipodes(t, tb)
			if c.noSymmetry {
				// Read in place, a block at a time, through a cache of
				// two blocks: the same antipodes.
				var file bytes.Buffer
				if _, err := tb.WriteTo(&file); err != nil {
					t.Fatal(err)
				}
				paged, err := OpenPagedAt("t.gdt", bytes.NewReader(file.Bytes()), int64(file.Len()), 2)
				if err != nil {
					t.Fatal(err)
				}
				if paged.Levels().Paged() == nil {
					t.Fatal("the table is not read in place")
				}
				if got, err := paged.Antipodes(len(want) + 1); err != nil || !slices.Equal(got, want) {
					t.Fatalf("read in place: %v, %v; want %v", got, err, want)
				}
			}
			defer func(w uint64) { antipodeChunkWords = w }(antipodeChunkWords)
			for _, chunk := range []uint64{1 << 15, 1, 3} {
				antipodeChunkWords = chunk
				for _, n := range []int{0, 1, 2, len(want) / 2, len(want) - 1, len(want), len(want) + 3} {
					var done, total uint64
					got, err := tb.AntipodesProgress(n, func(d, all uint64) {
						if d < done {
							t.Fatalf("progress went back from %d to %d", done, d)
						}
						done, total = d, all
					})
					if err != nil {
						t.Fatal(err)
					}
					if w := want[:max(0, min(n, len(want)))]; !slices.Equal(got, w) && !(len(got) == 0 && len(w) == 0) {
						t.Fatalf("chunks of %d words, n %d: %v, want %v", chunk, n, got, w)
					}
					if n > len(want) && (done != total || total != tb.Index.Size()) {
						t.Fatalf("n %d: progress ends at %d of %d, want every one of %d", n, done, total, tb.Index.Size())
					}
				}
			}
		})
	}
}
