package pocket

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/tier"
	"github.com/godtable/godtable/tables/all"
)

// embeddedLevels decodes the embedded table of def.
func embeddedLevels(tb testing.TB, def *puzzle.Def) *table.Levels {
	tb.Helper()
	data, err := all.File(def.Name)
	if err != nil {
		tb.Fatal(err)
	}
	lv, err := table.Decode(def, data)
	if err != nil {
		tb.Fatal(err)
	}
	return lv
}

// The class representatives written out for the cold reads are the fold's.
func TestClassRepsAreTheFolds(t *testing.T) {
	if got := theFold().rep; got != classReps {
		t.Fatalf("fold's representatives %v, written out %v", got, classReps)
	}
}

// everyRank calls f on every rank (under -short, on tier.Ranks' sample),
// on all CPUs, and fails on the first error f reports.
func everyRank(t *testing.T, f func(r uint32) string) {
	t.Helper()
	ranks := tier.Ranks(NStates)
	workers := runtime.GOMAXPROCS(0)
	fails := make([]string, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for k := w; k < len(ranks); k += workers {
				if msg := f(ranks[k]); msg != "" {
					fails[w] = msg
					return
				}
			}
		})
	}
	wg.Wait()
	for _, msg := range fails {
		if msg != "" {
			t.Fatal(msg)
		}
	}
}

// On every position, a move applied from the corners lands where the move
// tables say.
func TestColdApply(t *testing.T) {
	mt := MoveTables()
	everyRank(t, func(r uint32) string {
		for m := range Move(9) {
			if got, want := coldApply(r, m), mt.Apply(r, m); got != want {
				return fmt.Sprintf("rank %d move %v: cold %d, tables %d", r, m, got, want)
			}
		}
		return ""
	})
}

// On every position, in both metrics, the cold entry holds the distance
// that the fold's index reads: the cold walk reads what the walk through
// the index reads, step for step.
func TestColdEntry(t *testing.T) {
	// at reads an entry's level.
	type at func(e uint32) uint8
	var levels []at
	for _, def := range []*puzzle.Def{HTM(), QTM()} {
		data := embeddedLevels(t, def).Packed()
		levels = append(levels, func(e uint32) uint8 { return table.Mod3At(data, e) })
	}
	f := theFold()
	everyRank(t, func(r uint32) string {
		cold, index := coldEntry(r), f.index(r)
		for _, level := range levels {
			if a, b := level(cold), level(index); a != b {
				return fmt.Sprintf("rank %d: cold entry %d at level %d, the index's %d at %d", r, cold, a, index, b)
			}
		}
		return ""
	})
}
