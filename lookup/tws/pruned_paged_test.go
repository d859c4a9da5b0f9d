package tws_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/engine/prune"
	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/tws"
)

// cubePruned is the 3x3x3's pruning file of 1 MiB (its largest table six
// blocks), written.
func cubePruned(t *testing.T) []byte {
	t.Helper()
	src, err := os.ReadFile("../../internal/model/ksolve/testdata/3x3x3.tws")
	if err != nil {
		t.Fatal(err)
	}
	def, err := tws.ParseDefinition("3x3x3.tws", src)
	if err != nil {
		t.Fatal(err)
	}
	built, err := tws.BuildPruned(context.Background(), def, tws.BuildOptions{Metric: "htm"}, 1<<20, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := built.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// scrambles are n random face turn sequences of 0 to 6 moves.
func scrambles(n int) []string {
	rng := rand.New(rand.NewPCG(21, 22))
	faces := []string{"U", "D", "L", "R", "F", "B"}
	var out []string
	for range n {
		var seq []string
		for range rng.IntN(7) {
			seq = append(seq, faces[rng.IntN(6)]+[]string{"", "2", "'"}[rng.IntN(3)])
		}
		out = append(out, strings.Join(seq, " "))
	}
	return out
}

// A pruning file read in place answers as it does read whole, reading
// blocks as its searches need them; a damaged block fails the searches
// that read it, with an error naming the block, and every other answer
// is the intact file's: never a different one.
func TestPrunedInPlace(t *testing.T) {
	data := cubePruned(t)
	whole, err := tws.OpenPrunedAt("c.gdt", bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	paged, err := tws.OpenPruned("c.gdt", bytes.NewReader(data), int64(len(data)), tws.OpenOptions{InPlace: true, CacheBlocks: 5})
	if err != nil {
		t.Fatal(err)
	}
	if whole.BlocksRead() != 0 || paged.BlocksRead() != 0 {
		t.Fatalf("blocks read before any answer: %d whole, %d in place", whole.BlocksRead(), paged.BlocksRead())
	}
	// The largest table's middle block damaged.
	pf, err := prune.OpenInPlace("c.gdt", bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	lv := pf.Tables[0].Levels()
	if len(lv.Blocks) < 4 {
		t.Fatalf("the largest table has %d blocks; the test wants several", len(lv.Blocks))
	}
	block := len(lv.Blocks) / 2
	at, size := lv.BlockSpan(block)
	bad := bytes.Clone(data)
	bad[at+size/2] ^= 0x5a
	damaged, err := tws.OpenPruned("bad.gdt", bytes.NewReader(bad), int64(len(bad)), tws.OpenOptions{InPlace: true, CacheBlocks: 5})
	if err != nil {
		t.Fatalf("opening a file with a damaged block in place: %v", err)
	}
	so := tws.SearchOptions{MaxDepth: -1, Workers: 2}
	failed, answered := 0, 0
	for _, seq := range scrambles(60) {
		wp, _ := whole.ParseMoves(seq)
		want, err := wp.Solve(so)
		if err != nil {
			t.Fatalf("%q: %v", seq, err)
		}
		pp, _ := paged.ParseMoves(seq)
		if got, err := pp.Solve(so); err != nil || got.String() != want.String() {
			t.Fatalf("%q in place: %q, %v; want %q", seq, got, err, want)
		}
		dp, _ := damaged.ParseMoves(seq)
		got, err := dp.Solve(so)
		var te *lookup.TableError
		switch {
		case err == nil && got.String() == want.String():
			answered++
		case errors.As(err, &te) && te.Block == block+1 && te.Offset == at && strings.Contains(err.Error(), "bad.gdt"):
			failed++
		default:
			t.Fatalf("%q with block %d damaged: %q, %v; want %q or block %d's error", seq, block+1, got, err, want, block+1)
		}
	}
	if paged.BlocksRead() == 0 {
		t.Fatal("the answers in place read no block")
	}
	if failed == 0 || answered == 0 {
		t.Fatalf("with a damaged block: %d answers failed, %d answered; want some of each", failed, answered)
	}
}
