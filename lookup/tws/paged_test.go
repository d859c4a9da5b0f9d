package tws_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
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
	paged, err := tws.Open("pocket.gdt", bytes.NewReader(data), int64(len(data)), tws.OpenOptions{InPlace: true, CacheBlocks: 4})
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

// pocketTable is the pocket cube's table and its file, built once for
// the tests that damage it.
var pocketTable struct {
	sync.Mutex
	whole *tws.Puzzle
	data  []byte
}

// pagedPocket returns the pocket cube's table, held whole, and its file.
func pagedPocket(t *testing.T) (*tws.Puzzle, []byte) {
	t.Helper()
	pocketTable.Lock()
	defer pocketTable.Unlock()
	if pocketTable.whole == nil {
		whole := build(t, "testdata/pocket.tws", "htm")
		var file bytes.Buffer
		if _, err := whole.WriteTo(&file); err != nil {
			t.Fatal(err)
		}
		pocketTable.whole, pocketTable.data = whole, file.Bytes()
	}
	return pocketTable.whole, pocketTable.data
}

// damageBlock returns the table file with a byte in the middle of the
// block that span gives flipped, read in place with a cache of that many
// blocks.
func damageBlock(t *testing.T, data []byte, span [2]int64, cache int) *tws.Puzzle {
	t.Helper()
	bad := bytes.Clone(data)
	bad[span[0]+span[1]/2] ^= 0x55
	paged, err := tws.Open("pocket.gdt", bytes.NewReader(bad), int64(len(bad)), tws.OpenOptions{InPlace: true, CacheBlocks: cache})
	if err != nil {
		t.Fatal(err)
	}
	return paged
}

// blockSpans returns where each block of a table file is.
func blockSpans(t *testing.T, data []byte) [][2]int64 {
	t.Helper()
	paged, err := tws.Open("pocket.gdt", bytes.NewReader(data), int64(len(data)), tws.OpenOptions{InPlace: true, CacheBlocks: 2})
	if err != nil {
		t.Fatal(err)
	}
	spans := tws.BlockSpans(paged)
	if len(spans) < 4 {
		t.Fatalf("%d blocks: too few to damage one of several", len(spans))
	}
	return spans
}

// checkBlockError fails the test unless err is the error of damaged block
// b (counting from 0) at span of pocket.gdt: a TableError of a corrupt
// table that names the file, the block and its byte, and says what to do.
func checkBlockError(t *testing.T, err error, b int, span [2]int64) {
	t.Helper()
	var te *lookup.TableError
	prefix := fmt.Sprintf("pocket.gdt: block %d is damaged (checksum mismatch: ", b+1)
	suffix := fmt.Sprintf(", at byte %d); run godtable check pocket.gdt", span[0])
	if !errors.As(err, &te) || !errors.Is(err, lookup.ErrCorruptTable) || te.Block != b+1 || te.Offset != span[0] ||
		!strings.HasPrefix(err.Error(), prefix) || !strings.HasSuffix(err.Error(), suffix) {
		t.Fatalf("%v: not block %d's error (want %q...%q)", err, b+1, prefix, suffix)
	}
}

// A damaged block of a table read in place fails the answers that read
// it, each time they are asked, with a TableError naming the file and the
// block, and no other answer: the answers before, between and after the
// failures are the table's, and an answer given once is given again.
func TestPagedDamagedBlock(t *testing.T) {
	whole, data := pagedPocket(t)
	spans := blockSpans(t, data)
	// The last block, the shortest: a walk on so small a table reads
	// most of its blocks, and this one only now and then.
	b := len(spans) - 1
	paged := damageBlock(t, data, spans[b], 0)
	rng := rand.New(rand.NewPCG(3, 4))
	failed, answeredAfter := 0, 0
	var first string
	for range 300 {
		p := whole.Random(rng)
		q, err := paged.ParseState(p.String())
		if err != nil {
			t.Fatal(err)
		}
		want, _ := p.Solve()
		got, err := q.Solve()
		switch {
		case err != nil:
			checkBlockError(t, err, b, spans[b])
			failed++
			// Asked again, the block is read and refused again.
			if _, again := q.Solve(); again == nil || again.Error() != err.Error() {
				t.Fatalf("asked again: %v, want %v", again, err)
			}
		case got.String() != want.String():
			t.Fatalf("answer %q, want %q", got, want)
		case failed > 0:
			answeredAfter++
		}
		if first == "" && err == nil {
			first = p.String()
		}
	}
	if failed == 0 || answeredAfter == 0 {
		t.Fatalf("%d answers failed, %d answered after the first failure: want some of each", failed, answeredAfter)
	}
	// The first position answered is answered again, the same.
	p, _ := whole.ParseState(first)
	q, _ := paged.ParseState(first)
	want, _ := p.Solve()
	if got, err := q.Solve(); err != nil || got.String() != want.String() {
		t.Fatalf("the first position answered, asked again: %q, %v; want %q", got, err, want)
	}
	t.Logf("block %d of %d damaged: %d of 300 answers failed", b+1, len(spans), failed)
}

// Whichever block of a table read in place is damaged, every answer it
// gives, in every answer mode and from several goroutines at once, is the
// intact table's, and every one it does not give is that block's error:
// the damage never changes an answer. Each block fails some answers, so
// that none of its reads goes unchecked.
func TestPagedDamageChangesNoAnswer(t *testing.T) {
	whole, data := pagedPocket(t)
	spans := blockSpans(t, data)
	n := 120
	if testing.Short() {
		n = 24
	}
	rng := rand.New(rand.NewPCG(7, 8))
	type want struct {
		state, solve string
		count        uint64
		all          []string
		more         bool
	}
	wants := make([]want, n)
	moves := []string{"R", "U", "F", "R'", "U2", "F'"}
	for k := range wants {
		p := whole.Random(rng)
		if k%2 == 0 {
			// A position a few moves from the goal, whose walk reads
			// few levels, and so not every block.
			seq := ""
			for range 1 + k%5 {
				seq += moves[rng.IntN(len(moves))] + " "
			}
			var err error
			if p, err = whole.ParseMoves(seq); err != nil {
				t.Fatal(err)
			}
		}
		s, err1 := p.Solve()
		c, err2 := p.Count()
		all, more, err3 := p.All(12)
		if err := errors.Join(err1, err2, err3); err != nil {
			t.Fatal(err)
		}
		wants[k] = want{state: p.String(), solve: s.String(), count: c, more: more}
		for _, a := range all {
			wants[k].all = append(wants[k].all, a.String())
		}
	}
	for b, span := range spans {
		// A cache of half the blocks, so that blocks are evicted
		// between the reads of the damaged one.
		paged := damageBlock(t, data, span, len(spans)/2)
		const workers = 3
		var failed [workers]int
		var wg sync.WaitGroup
		errs := make(chan error, workers)
		for g := range workers {
			wg.Go(func() {
				for k := g; k < n; k += workers {
					w := wants[k]
					q, err := paged.ParseState(w.state)
					if err != nil {
						errs <- err
						return
					}
					check := func(mode string, err error, same bool) bool {
						if err != nil {
							var te *lookup.TableError
							if !errors.As(err, &te) || te.Block != b+1 || te.Offset != span[0] {
								errs <- fmt.Errorf("block %d damaged: %s %q: %v", b+1, mode, w.state, err)
								return false
							}
							failed[g]++
							return true
						}
						if !same {
							errs <- fmt.Errorf("block %d damaged: %s %q: another answer than the intact table's", b+1, mode, w.state)
						}
						return same
					}
					s, err := q.Solve()
					if !check("solve", err, err == nil && s.String() == w.solve) {
						return
					}
					c, err := q.Count()
					if !check("count", err, c == w.count) {
						return
					}
					all, more, err := q.All(12)
					same := more == w.more && len(all) == len(w.all)
					for i := 0; same && i < len(all); i++ {
						same = all[i].String() == w.all[i]
					}
					if !check("all", err, same) {
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		// A block the sample's walks did not read (the short last
		// one) is read by more walks, until one fails.
		for k := 0; failed[0]+failed[1]+failed[2] == 0; k++ {
			if k == 3000 {
				t.Fatalf("block %d damaged: no answer read it", b+1)
			}
			p := whole.Random(rng)
			q, _ := paged.ParseState(p.String())
			want, _ := p.Solve()
			got, err := q.Solve()
			if err != nil {
				checkBlockError(t, err, b, span)
				failed[0]++
			} else if got.String() != want.String() {
				t.Fatalf("block %d damaged: solve %q: %q, want %q", b+1, p.Line(), got, want)
			}
		}
	}
}

// A draw from a table read in place with a damaged block is the intact
// table's draw, or the block's error: never a state drawn otherwise.
func TestPagedDamagedDraw(t *testing.T) {
	whole, data := pagedPocket(t)
	spans := blockSpans(t, data)
	for b, span := range spans {
		paged := damageBlock(t, data, span, 0)
		r1, r2 := rand.New(rand.NewPCG(uint64(b), 9)), rand.New(rand.NewPCG(uint64(b), 9))
		for range 50 {
			want := whole.Random(r1)
			got, err := paged.Draw(r2)
			if err != nil {
				checkBlockError(t, err, b, span)
				break
			}
			if got.String() != want.String() {
				t.Fatalf("block %d damaged: drew %q, want %q", b+1, got.Line(), want.Line())
			}
		}
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
	pz, err := tws.Open(path, f, fi.Size(), tws.OpenOptions{InPlace: true, CacheBlocks: 512})
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

// Goroutines answering at once from a table read in place with a damaged
// block each get the intact table's answer or the block's error, and the
// same ones as answering alone: one's failure is not another's.
func TestPagedDamagedBlockConcurrent(t *testing.T) {
	whole, data := pagedPocket(t)
	spans := blockSpans(t, data)
	b := len(spans) - 1
	paged := damageBlock(t, data, spans[b], 0)
	rng := rand.New(rand.NewPCG(15, 16))
	positions := make([]string, 60)
	alone := make([]string, len(positions))
	failed := 0
	for k := range positions {
		p := whole.Random(rng)
		positions[k] = p.String()
		q, _ := paged.ParseState(positions[k])
		sol, err := q.Solve()
		if want, _ := p.Solve(); err == nil && sol.String() != want.String() {
			t.Fatalf("%q: %q, want %q", p.Line(), sol, want)
		}
		alone[k] = sol.String()
		if err != nil {
			checkBlockError(t, err, b, spans[b])
			alone[k] = err.Error()
			failed++
		}
	}
	if failed == 0 || failed == len(positions) {
		t.Fatalf("%d of %d answers failed: want some", failed, len(positions))
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for g := range 4 {
		wg.Go(func() {
			for i := range positions {
				k := (i + g*len(positions)/4) % len(positions)
				q, _ := paged.ParseState(positions[k])
				sol, err := q.Solve()
				got := sol.String()
				if err != nil {
					got = err.Error()
				}
				if got != alone[k] {
					errs <- fmt.Errorf("goroutine %d, position %d: %q, alone %q", g, k, got, alone[k])
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}
