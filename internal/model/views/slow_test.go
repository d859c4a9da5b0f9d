package views

import (
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

// work returns the search's work on the views in the low 48 bits of n
// (in steps of the quick search, about 45 ns each here; 0 for impossible
// views): a count, not a time, so that the search for slow inputs finds the
// same inputs on every machine.
func work(n uint64) int {
	t, f, s := FromBits48(n).spread()
	cand, ok := candidates(t, f, s)
	if !ok {
		return 0
	}
	_, w := solveWork(t, f, s, cand)
	return w
}

// slowest hill-climbs for the input that makes Solve work hardest: from
// the views of random block sets, each of every density, it flips one or
// two of the 48 input bits at a time and keeps the change when the work
// does not drop. It returns the worst input met and its work.
func slowest(seed uint64, restarts, steps int) (worst uint64, most int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	for r := range restarts {
		// Dense block sets give the hard inputs: at least half the bits.
		b := rng.Uint64()
		for range r % 4 {
			b |= rng.Uint64()
		}
		n := Blocks(b).Views().Bits48()
		w := work(n)
		for range steps {
			m := n ^ 1<<rng.IntN(48)
			if rng.IntN(2) == 0 {
				m ^= 1 << rng.IntN(48)
			}
			if mw := work(m); mw >= w {
				n, w = m, mw
			}
		}
		if w > most {
			worst, most = n, w
		}
	}
	return worst, most
}

// slowInputs are the worst inputs the search for slow inputs has found, for
// the quick search alone (the first five; ffbbffffdfff was found first,
// 5f5fffffffff takes it 1,148,731 steps) and then for each version of the
// careful search.
var slowInputs = []string{
	"ffbbffffdfff", "5f5fffffffff", "cffcffffffff", "affaffffffff", "3f3fffffffff",
	"effef7fffdff", "feeffeff7fff", "ffaebbffffff", "fdfdfdffbfff",
	"dfffdfffff9f", "bfffbffff9ff", "fffdf3fefbff", "ffdfff3eff7f",
	"fffbfff6fffb", "feffffbfff6f", "ffef77ffff7f", "fffffcefff6f",
	"fffe39ff9bff", "effaffdfefff", "fffbffb5ffff", "fffbffb6ffff",
	"fffe3effffff", "fffe9ffeffff", "fffe3fefffff", "fffef3efffff", "fffefffff97f",
	"fffefdffffd7", "ffefffbfff7f", "fffeffdfffd7", "fffefdfeffdf", "fffefffdfff7",
	"fdfafffffbff",
}

// The slow inputs are answered within a bounded amount of work, and with
// the answer the quick search gives when it is let run to the end.
func TestSlowInputs(t *testing.T) {
	most := 0
	defer func() { t.Logf("at most %d steps of work", most) }()
	for _, h := range slowInputs {
		v, err := ParseHex(h)
		if err != nil {
			t.Fatal(err)
		}
		tt, f, s := v.spread()
		cand, ok := candidates(tt, f, s)
		if !ok {
			t.Fatalf("%s: impossible", h)
		}
		got, w := solveWork(tt, f, s, cand)
		want, _ := solveCheap(tt, f, s, cand)
		if got != want {
			t.Errorf("%s: %v, the quick search alone %v", h, Blocks(got), Blocks(want))
		}
		most = max(most, w)
		if w > 20000 {
			t.Errorf("%s: %d steps of work", h, w)
		}
	}
}

// The careful search gives the quick search's answers, the smallest
// written set among the minimal ones, on random inputs of every density
// and on their neighbours one bit away, where the hard inputs are found.
func TestCarefulSameAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := range n {
		b := rng.Uint64()
		for range i % 4 {
			b |= rng.Uint64()
		}
		x := Blocks(b).Views().Bits48()
		if i%2 == 1 {
			x ^= 1 << rng.IntN(48)
		}
		tt, f, s := FromBits48(x).spread()
		cand, ok := candidates(tt, f, s)
		if !ok {
			continue
		}
		want, cheap := solveCheap(tt, f, s, cand)
		if cheap > 200000 {
			continue // too slow to check this way; TestSlowInputs has such
		}
		if got, _ := solveCareful(tt, f, s, cand, cand); got != want {
			t.Fatalf("%012x: careful search %v, quick search %v", x, Blocks(got), Blocks(want))
		}
	}
}

var (
	slowestOnce  sync.Once
	slowestInput Views
	slowestWork  int
)

// BenchmarkSlowestInput runs the search for slow inputs (64 climbs of 1,500
// steps each, about fifteen seconds, once per process) and times Solve on
// the worst input it finds; it logs that input and reports its work, in
// steps of the quick search. One op is one Solve.
//
//	go test -run '^$' -bench SlowestInput -benchtime 100x ./internal/model/views
func BenchmarkSlowestInput(b *testing.B) {
	slowestOnce.Do(func() {
		start := time.Now()
		n, w := slowest(1, 64, 1500)
		slowestInput, slowestWork = FromBits48(n), w
		b.Logf("worst input %v: %d steps of work (found in %v)", slowestInput, w, time.Since(start).Round(time.Second))
	})
	for b.Loop() {
		Solve(slowestInput)
	}
	b.ReportMetric(float64(slowestWork), "steps")
}

// BenchmarkSlowInputs times Solve on each of slowInputs.
func BenchmarkSlowInputs(b *testing.B) {
	for _, h := range slowInputs {
		v, _ := ParseHex(h)
		b.Run(h, func(b *testing.B) {
			for b.Loop() {
				Solve(v)
			}
		})
	}
}

// The careful search changes no answer of the battery: every solvable case
// gets the set the quick search alone gives.
func TestBatteryAnswersUnchanged(t *testing.T) {
	BatteryEach(BatterySize, 0, func(r Result) {
		tt, f, s := r.Views.spread()
		cand, _ := candidates(tt, f, s)
		if want, _ := solveCheap(tt, f, s, cand); uint64(r.Blocks) != want {
			t.Fatalf("case %06d: %v, the quick search alone %v", r.K, r.Blocks, Blocks(want))
		}
	})
}
