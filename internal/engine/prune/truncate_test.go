package prune_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/engine/prune"
)

// TestTruncationLeavesFew builds the 3x3x3's largest table as a file of
// 128 MiB chooses it, by the rule its builds go by and to the end, and
// compares them entry by entry: the rule cuts it short, where an entry
// holds a level it is the whole table's, where it holds none the whole
// table's distance is at least the one it reads (Beyond), and that reading
// is short of the distance on few entries.
func TestTruncationLeavesFew(t *testing.T) {
	if testing.Short() {
		t.Skip("two builds of a table of 42 million entries")
	}
	p := puzzleOf(t, "../../model/ksolve/testdata/3x3x3.tws", "htm", "")
	prs, err := prune.Choose(p, 128<<20)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cut, err := prune.Build(ctx, p, prs[0], deftable.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	whole, err := prune.Build(ctx, p, prs[0], deftable.BuildOptions{Enough: func([]uint64, uint64) bool { return false }})
	if err != nil {
		t.Fatal(err)
	}
	far := cut.Beyond()
	if far == 0 || whole.Beyond() != 0 {
		t.Fatalf("%s: truncated at %d, the whole table at %d", prs[0].Describe(p.Def), far, whole.Beyond())
	}
	if far > whole.Levels().MaxDistance() {
		t.Fatalf("read past the last level as %d, the whole table's farthest at %d", far, whole.Levels().MaxDistance())
	}
	// The whole table's distances, level by level from its mod-3 levels:
	// its entries at each distance are counted in its header.
	wl, cl := whole.Levels(), cut.Levels()
	short := uint64(0)
	n := cut.Index().Size()
	for i := range n {
		v, c := wl.At(i), cl.At(i)
		if cl.ReachableLevel(c) {
			if c != v {
				t.Fatalf("index %d: level %d, the whole table's %d", i, c, v)
			}
			continue
		}
		// No level: the whole table's distance is far or more, and
		// its level tells which of far, far+1, far+2.
		if v != uint8(far%3) {
			short++
		}
	}
	if len(wl.Counts) > far+3 {
		t.Fatalf("the whole table reaches %d, three past %d: its levels cannot tell which entries read short", wl.MaxDistance(), far)
	}
	beyond := uint64(0)
	for _, c := range wl.Counts[far+1:] {
		beyond += c
	}
	if short != beyond {
		t.Fatalf("%d entries read short, the whole table has %d past %d", short, beyond, far)
	}
	if short*10 > n {
		t.Fatalf("%d of %d entries read short of their distance", short, n)
	}
	t.Logf("%s: %d entries, read as %d past level %d; %d of them farther", prs[0].Describe(p.Def), n, far, far-1, short)
}

// TestTruncatedFile writes and reads back a file of truncated tables: the
// same levels and the same Beyond, the same bytes written again, and the
// same file from a build that takes them from its work directory. A file
// of format 2, which has no flags, reads as whole tables.
func TestTruncatedFile(t *testing.T) {
	p := puzzleOf(t, "../../../lookup/tws/testdata/pyraminx.tws", "htm", "")
	opt := prune.BuildOptions{BuildOptions: deftable.BuildOptions{Enough: cutEarly}}
	built, err := prune.BuildFile(context.Background(), p, 4000, opt)
	if err != nil {
		t.Fatal(err)
	}
	var data bytes.Buffer
	if _, err := built.WriteTo(&data); err != nil {
		t.Fatal(err)
	}
	f, err := prune.OpenAt("x.gdt", bytes.NewReader(data.Bytes()), int64(data.Len()))
	if err != nil {
		t.Fatal(err)
	}
	truncated := 0
	for k, tb := range f.Tables {
		if tb.Beyond() != built.Tables[k].Beyond() || !bytes.Equal(tb.Levels().Packed(), built.Tables[k].Levels().Packed()) {
			t.Fatalf("table %d: read back with Beyond %d, built with %d", k+1, tb.Beyond(), built.Tables[k].Beyond())
		}
		if tb.Beyond() > 0 {
			truncated++
		}
	}
	if truncated == 0 {
		t.Fatal("no table truncated")
	}
	var again bytes.Buffer
	if _, err := f.WriteTo(&again); err != nil || !bytes.Equal(again.Bytes(), data.Bytes()) {
		t.Fatalf("written again: %v, same bytes %v", err, bytes.Equal(again.Bytes(), data.Bytes()))
	}

	opt.Work = t.TempDir()
	for round := range 2 {
		kept := 0
		opt.Kept = func(int, int, string, uint64) { kept++ }
		f, err := prune.BuildFile(context.Background(), p, 4000, opt)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := f.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), data.Bytes()) || (round == 1) != (kept == len(f.Tables)) {
			t.Fatalf("round %d with a work directory: same file %v, %d tables kept", round, bytes.Equal(b.Bytes(), data.Bytes()), kept)
		}
	}

	whole, err := prune.BuildFile(context.Background(), p, 4000, prune.BuildOptions{BuildOptions: deftable.BuildOptions{Enough: func([]uint64, uint64) bool { return false }}})
	if err != nil {
		t.Fatal(err)
	}
	var old bytes.Buffer
	if _, err := prune.WriteFormat2(whole, &old); err != nil {
		t.Fatal(err)
	}
	f2, err := prune.OpenAt("old.gdt", bytes.NewReader(old.Bytes()), int64(old.Len()))
	if err != nil {
		t.Fatal(err)
	}
	for k, tb := range f2.Tables {
		if tb.Beyond() != 0 || !bytes.Equal(tb.Levels().Packed(), whole.Tables[k].Levels().Packed()) {
			t.Fatalf("format 2, table %d: Beyond %d, same levels %v", k+1, tb.Beyond(), bytes.Equal(tb.Levels().Packed(), whole.Tables[k].Levels().Packed()))
		}
	}
}
