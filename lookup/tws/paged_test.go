package tws_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/tws"
)

// A table read in place, with a cache of four of its eight blocks so that
// blocks are evicted and read again, answers every answer mode exactly as the table
// held whole, reading blocks only as its answers need them.
func TestPagedAnswersAsWhole(t *testing.T) {
	whole := build(t, "testdata/pocket.tws", "htm")
	var file bytes.Buffer
	if _, err := whole.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	data := file.Bytes()
	paged, err := tws.OpenPagedAt("pocket.gdt", bytes.NewReader(data), int64(len(data)), 4)
	if err != nil {
		t.Fatal(err)
	}
	if n := paged.BlocksRead(); n != 0 {
		t.Fatalf("%d blocks read at open", n)
	}
	if paged.Reachable() != whole.Reachable() || paged.ID() != whole.ID() {
		t.Fatal("the paged table is another table")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 100 {
		p := whole.Random(rng)
		q, err := paged.ParseState(p.String())
		if err != nil {
			t.Fatal(err)
		}
		s1, err1 := p.Solve()
		s2, err2 := q.Solve()
		c1, _ := p.Count()
		c2, err3 := q.Count()
		a1, m1, _ := p.All(20)
		a2, m2, err4 := q.All(20)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil || s1.String() != s2.String() || c1 != c2 || m1 != m2 || len(a1) != len(a2) {
			t.Fatalf("position %d: solve %q %q, count %d %d, all %d %d (%v %v %v %v)", k, s1, s2, c1, c2, len(a1), len(a2), err1, err2, err3, err4)
		}
		for i := range a1 {
			if a1[i].String() != a2[i].String() {
				t.Fatalf("position %d: solution %d: %q, want %q", k, i, a2[i], a1[i])
			}
		}
		v1, _ := p.Verify(s1.String())
		v2, err := q.Verify(s1.String())
		if err != nil || v1 != v2 {
			t.Fatalf("position %d: verify %v, want %v (%v)", k, v2, v1, err)
		}
	}
	reads := paged.BlocksRead()
	if reads == 0 {
		t.Fatal("no block read")
	}
	t.Logf("100 positions, 4 answer modes: %d blocks read", reads)
	// Written again: a table read in place is not rewritten.
	if _, err := paged.WriteTo(&bytes.Buffer{}); err == nil {
		t.Error("a table read in place was written")
	}
}

// A damaged block of a table read in place fails the answers that read it
// with a TableError for a corrupt table, never a wrong answer; the
// table opens, for its header and block index are intact.
func TestPagedDamagedBlock(t *testing.T) {
	whole := build(t, "testdata/pocket.tws", "htm")
	var file bytes.Buffer
	if _, err := whole.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	data := bytes.Clone(file.Bytes())
	data[len(data)-100] ^= 0x55 // in the last block
	paged, err := tws.OpenPagedAt("pocket.gdt", bytes.NewReader(data), int64(len(data)), 2)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	failed := 0
	for range 200 {
		p := whole.Random(rng)
		q, err := paged.ParseState(p.String())
		if err != nil {
			t.Fatal(err)
		}
		want, _ := p.Solve()
		got, err := q.Solve()
		var te *tws.TableError
		switch {
		case err != nil && errors.As(err, &te) && errors.Is(err, lookup.ErrCorruptTable):
			failed++
		case err != nil:
			t.Fatalf("%v: not a corrupt table's error", err)
		case failed > 0:
			t.Fatalf("an answer (%q) after the table failed", got)
		case got.String() != want.String():
			t.Fatalf("answer %q, want %q", got, want)
		}
	}
	if failed == 0 {
		t.Fatal("no answer read the damaged block")
	}
}

// BenchmarkPagedSolve solves random positions from the table file named by
// GODTABLE_BENCH_GDT, read in place with the command's cache, and reports
// the blocks each answer read: the cost of an answer from a table larger
// than the memory. It runs only when the variable names a file.
func BenchmarkPagedSolve(b *testing.B) {
	path := os.Getenv("GODTABLE_BENCH_GDT")
	if path == "" {
		b.Skip("GODTABLE_BENCH_GDT names no table")
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		b.Fatal(err)
	}
	pz, err := tws.OpenPagedAt(path, f, fi.Size(), 512)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	positions := make([]tws.Position, 1000)
	for i := range positions {
		positions[i] = pz.Random(rng)
	}
	before := pz.BlocksRead()
	b.ResetTimer()
	for i := range b.N {
		if _, err := positions[i%len(positions)].Solve(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(pz.BlocksRead()-before)/float64(b.N), "blocks/answer")
}
