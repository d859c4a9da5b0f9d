package deftable

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// A build on disk writes the very bytes of the build in memory, facts and
// all, with the search's levels in many chunks and in one, in both
// metrics; its figures add up to the table's.
func TestBuildOnDiskAsInMemory(t *testing.T) {
	for _, c := range []struct {
		file   string
		metric ksolve.Metric
		words  uint64
	}{
		{"pocket.tws", ksolve.HTM, 20000},
		{"pocket.tws", ksolve.QTM, 1 << 20},
		{"ties.tws", ksolve.HTM, 10},
		{"pyraminx.tws", ksolve.HTM, 5000},
		{"loop3_cols.tws", ksolve.QTM, 7},
	} {
		src, err := os.ReadFile(filepath.Join("..", "..", "..", "lookup", "tws", "testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		d, err := ksolve.Parse(c.file, src)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ksolve.NewPuzzle(d, c.metric, "")
		if err != nil {
			t.Fatal(err)
		}
		const facts = "program=test\n"
		mem, err := Build(context.Background(), p, BuildOptions{Facts: facts})
		if err != nil {
			t.Fatal(err)
		}
		var want, got bytes.Buffer
		if _, err := mem.WriteTo(&want); err != nil {
			t.Fatal(err)
		}
		work := filepath.Join(t.TempDir(), "work")
		b, err := BuildOnDisk(context.Background(), p, DiskOptions{Work: work, Facts: facts, chunkWords: c.words}, &got)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("%s %v, chunks of %d words: the table on disk differs from the one in memory (%d bytes, want %d)",
				c.file, c.metric, c.words, got.Len(), want.Len())
		}
		states := uint64(0)
		for _, l := range b.Levels {
			states += l.States
		}
		if states+1 != b.Reached || b.Reached != mem.Reachable() || b.Indexed != mem.Index.Size() {
			t.Fatalf("%s: the levels' figures hold %d states, reached %d, the table %d", c.file, states+1, b.Reached, mem.Reachable())
		}
		if err := b.RemoveWork(); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(work); !os.IsNotExist(err) {
			t.Fatalf("%s: the work directory is left: %v", c.file, err)
		}
	}
}

// BenchmarkBuildOnDisk builds the definition GODTABLE_BENCH_DEF names
// (ufo.tws, say) on disk in GODTABLE_BENCH_MEM bytes (default 64 MiB), in
// a work directory under GODTABLE_BENCH_WORK (default the test's own), and
// reports the bytes it moved and the share of neighbours that crossed
// chunks.
func BenchmarkBuildOnDisk(b *testing.B) {
	file := os.Getenv("GODTABLE_BENCH_DEF")
	if file == "" {
		b.Skip("GODTABLE_BENCH_DEF names no definition")
	}
	src, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	d, err := ksolve.Parse(filepath.Base(file), src)
	if err != nil {
		b.Fatal(err)
	}
	p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
	if err != nil {
		b.Fatal(err)
	}
	mem := uint64(64 << 20)
	if s := os.Getenv("GODTABLE_BENCH_MEM"); s != "" {
		if mem, err = strconv.ParseUint(s, 10, 64); err != nil {
			b.Fatal(err)
		}
	}
	dir := os.Getenv("GODTABLE_BENCH_WORK")
	if dir == "" {
		dir = b.TempDir()
	}
	for b.Loop() {
		work := filepath.Join(dir, "work")
		res, err := BuildOnDisk(context.Background(), p, DiskOptions{Work: work, Memory: mem}, io.Discard)
		if err != nil {
			b.Fatal(err)
		}
		var moved int64
		var cross, all uint64
		for _, l := range res.Levels {
			moved += l.Written + l.Read
			cross += l.Crossing
			all += l.Expanded
		}
		b.ReportMetric(float64(moved)/(1<<20), "MB-moved")
		b.ReportMetric(100*float64(cross)/float64(all), "%-crossing")
		if err := res.RemoveWork(); err != nil {
			b.Fatal(err)
		}
	}
}
