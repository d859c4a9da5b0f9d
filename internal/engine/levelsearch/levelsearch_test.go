package levelsearch

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"
)

// ckptRun is a search played on a clock: the time each level takes and the
// time each checkpoint takes to write, for CheckpointDue to decide on.
type ckptRun struct {
	name   string
	levels []float64 // seconds per level, checkpoints aside
	write  float64   // seconds a checkpoint takes to write
	size   uint64    // a checkpoint's bytes, for the first one's guess
	after  time.Duration
	most   float64 // the largest share of the search spent writing
}

// play runs the search as Run does: after each level, CheckpointDue
// decides, a checkpoint's writing adds to the clock, and the time since
// the last one counts from the end of its writing.
// first is the first checkpoint's writing time, firstEnd when it ended.
func (r ckptRun) play(t *testing.T) (total, writing, first, firstEnd time.Duration, kept int) {
	t.Helper()
	sec := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	now, lastSave, lastWrite := time.Duration(0), time.Duration(0), time.Duration(0)
	if r.after > 0 {
		lastWrite = FirstWriteGuess(r.size) // as Run guesses it
	}
	for i, l := range r.levels {
		now += sec(l)
		if i == len(r.levels)-1 {
			break // the last level finds nothing: no checkpoint after it
		}
		if !CheckpointDue(r.after, now, now-lastSave, lastWrite) {
			continue
		}
		if now < r.after {
			t.Errorf("%s: a checkpoint at %v, before %v", r.name, now, r.after)
		}
		kept++
		now += sec(r.write)
		writing += sec(r.write)
		if kept == 1 {
			first, firstEnd = sec(r.write), now
		}
		lastSave, lastWrite = now, sec(r.write)
	}
	return now, writing, first, firstEnd, kept
}

// Checkpoints take at most a tenth of a search's time, whatever its levels
// (many short ones, a few long ones, many of the same length) and however
// long a checkpoint takes to write (on a disk slower than the first one's
// guess, that one may cost more); the first comes only once CheckpointAfter has passed and
// nine times its guessed writing time, and a long search keeps some: a
// few, their times growing geometrically. (After every level once CheckpointAfter had
// passed, as before, the runs of many short levels spent most of their time
// writing checkpoints.)
func TestCheckpointDue(t *testing.T) {
	bfsLevels := []float64{0.001, 0.002, 0.01, 0.03, 0.1, 0.3, 0.6, 0.9, 1, 1.5, 3, 8, 20, 60, 150, 300, 400, 250, 60, 8, 2, 1, 1}
	even := make([]float64, 60)
	for i := range even {
		even[i] = 1
	}
	short := make([]float64, 40)
	for i := range short {
		short[i] = 0.2
	}
	dino := []float64{0.01, 0.02, 0.05, 0.1, 0.3, 0.6, 1, 2, 3, 4, 4, 3, 1, 0.5}
	runs := []ckptRun{
		// Four billion indices: a gigabyte a checkpoint, at 250 MB/s or
		// at 50 MB/s.
		{"4G indices, fast disk", bfsLevels, 4, 1 << 30, 3 * time.Second, 0.1},
		{"4G indices, slow disk", bfsLevels, 20, 1 << 30, 3 * time.Second, 0.1},
		// 3.4 billion (mastermorphix, 860 MB), a search of 10 s: written
		// after its first 3 s, the checkpoint took 3.5 s, a third of it;
		// 2.2 billion (3p1, 554 MB), a search of 36 s, at about 5 s a
		// checkpoint.
		{"mastermorphix", []float64{0.01, 0.02, 0.05, 0.2, 0.5, 1, 2, 3, 2, 1, 0.2}, 3.5, 860 << 20, 3 * time.Second, 0.1},
		{"3p1", []float64{0.01, 0.02, 0.05, 0.2, 0.5, 1, 2, 4, 8, 10, 7, 2, 0.5}, 5, 554 << 20, 3 * time.Second, 0.1},
		// Many levels of the same length (a puzzle whose levels grow
		// slowly), written fast or as slowly as a level.
		{"even levels", even, 0.3, 75 << 20, 3 * time.Second, 0.1},
		{"even levels, slow writes", even, 1, 75 << 20, 3 * time.Second, 0.1},
		{"short levels", short, 0.2, 50 << 20, 3 * time.Second, 0.1},
		{"short levels, no wait", short, 0.05, 12 << 20, 0, 0.1},
		// A dino-sized table (120 MB), levels a few seconds at most, on
		// this machine's disk (0.17 s a checkpoint) and at 100 MB/s.
		{"dino", dino, 0.17, 120 << 20, 3 * time.Second, 0.1},
		{"dino, slow disk", dino, 1.2, 120 << 20, 3 * time.Second, 0.1},
	}
	for _, r := range runs {
		total, writing, first, firstEnd, kept := r.play(t)
		share := writing.Seconds() / total.Seconds()
		t.Logf("%s: %d checkpoints, %v of %v writing (%.1f%%)", r.name, kept, writing, total, 100*share)
		// Every checkpoint after the first was paid for by nine times its
		// writing time of search before it.
		if later, span := writing-first, total-firstEnd; kept > 1 && later > span/10 {
			t.Errorf("%s: the checkpoints after the first took %v of the %v after it, want at most a tenth", r.name, later, span)
		}
		if share > r.most {
			t.Errorf("%s: checkpoints took %.1f%% of the search (%v of %v), want at most %.0f%%", r.name, 100*share, writing, total, 100*r.most)
		}
		// A search well past its wait, and past nine times its first
		// checkpoint's guessed writing, keeps one at least...
		if wait := max(r.after, 9*FirstWriteGuess(r.size)); total > 2*wait+time.Second && kept == 0 {
			t.Errorf("%s: no checkpoint in %v", r.name, total)
		}
		// ... and not many: each at least 4/3 the time of the one before.
		if limit := 2 + math.Log(total.Seconds()/max(r.after, time.Second).Seconds())/math.Log(4.0/3); float64(kept) > limit {
			t.Errorf("%s: %d checkpoints in %v, want at most %.0f", r.name, kept, total, limit)
		}
	}
}

// The rule itself, at its edges: nothing before CheckpointAfter; then the
// wait since the last checkpoint is at least a quarter of the time so far
// and nine times the last one's writing.
func TestCheckpointDueEdges(t *testing.T) {
	s := time.Second
	for _, c := range []struct {
		after, elapsed, since, write time.Duration
		want                         bool
	}{
		{3 * s, 2 * s, 2 * s, 0, false},                            // too early
		{3 * s, 3 * s, 3 * s, 0, true},                             // the first, as soon as it may
		{3 * s, 100 * s, 24 * s, 0, false},                         // under a quarter of the time so far
		{3 * s, 100 * s, 25 * s, 0, true},                          // a quarter
		{3 * s, 100 * s, 30 * s, 4 * s, false},                     // a quarter, but under 9 writes
		{3 * s, 100 * s, 36 * s, 4 * s, true},                      // both
		{0, 10 * time.Millisecond, 10 * time.Millisecond, 0, true}, // --checkpoint-after 0s
	} {
		if got := CheckpointDue(c.after, c.elapsed, c.since, c.write); got != c.want {
			t.Errorf("CheckpointDue(after %v, elapsed %v, since the last %v, writing %v) = %v, want %v",
				c.after, c.elapsed, c.since, c.write, got, c.want)
		}
	}
}

// fake is a search of levels of the given sizes; it records the levels
// after which it was saved.
type fake struct {
	sizes  []uint64
	saved  []int
	at     int
	cancel func()
	stopAt int
}

func (f *fake) Step(ctx context.Context, d int) (uint64, error) {
	if d != f.at {
		return 0, fmt.Errorf("stepped from %d, at %d", d, f.at)
	}
	if d+1 >= len(f.sizes) {
		return 0, nil
	}
	f.at++
	if f.at == f.stopAt && f.cancel != nil {
		f.cancel()
	}
	return f.sizes[d+1], nil
}

func (f *fake) Save() error { f.saved = append(f.saved, f.at); return nil }

// Run steps from the level given to the last, saves when the rule says so
// and never after the step that found nothing, and stops between levels
// once the context is done, saying where.
func TestRun(t *testing.T) {
	every := func(_, _, _, _ time.Duration) bool { return true }
	f := &fake{sizes: []uint64{1, 5, 9, 3}, at: 1}
	last, err := Run(context.Background(), f, 1, Options{Checkpoint: true, Due: every})
	if err != nil || last != 3 {
		t.Fatalf("Run: last %d, %v; want 3", last, err)
	}
	if fmt.Sprint(f.saved) != "[2 3]" {
		t.Fatalf("saved after %v, want [2 3]", f.saved)
	}
	f = &fake{sizes: []uint64{1, 5, 9, 3}}
	if _, err := Run(context.Background(), f, 0, Options{Due: every}); err != nil || f.saved != nil {
		t.Fatalf("without checkpoints: saved %v, %v", f.saved, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	f = &fake{sizes: []uint64{1, 5, 9, 3, 2}, cancel: cancel, stopAt: 2}
	last, err = Run(ctx, f, 0, Options{Checkpoint: true, Due: every})
	if !errors.Is(err, context.Canceled) || last != 2 || fmt.Sprint(f.saved) != "[1 2]" {
		t.Fatalf("cancelled at 2: last %d, saved %v, %v", last, f.saved, err)
	}
}
