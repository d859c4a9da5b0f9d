package deftable

import (
	"context"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// BenchmarkBuild builds the tables of the samples beside the repository
// (see samples_test.go): states searched per second per core (indices, the
// reachable and the others), and the bytes a build holds per indexed state
// (the two-bit table and the move tables).
//
//	go test -run '^$' -bench Build -count 5 ./internal/engine/deftable
func BenchmarkBuild(b *testing.B) {
	for _, name := range []string{"lo33", "pocket7", "2x2x2", "skewb"} {
		b.Run(name, func(b *testing.B) {
			d, _ := sampleB(b, name)
			p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
			if err != nil {
				b.Fatal(err)
			}
			indexed, memory, err := Plan(p, false)
			if err != nil {
				b.Fatal(err)
			}
			var cpu time.Duration
			for b.Loop() {
				start := time.Now()
				if _, err := Build(context.Background(), p, BuildOptions{Workers: 1}); err != nil {
					b.Fatal(err)
				}
				cpu += time.Since(start)
			}
			b.ReportMetric(float64(indexed)*float64(b.N)/cpu.Seconds(), "states/s/core")
			b.ReportMetric(float64(memory-indexed/4)/float64(indexed), "bytes/state")
		})
	}
}

// BenchmarkBuildWorkers builds the 2x2x2 and the skewb on two workers:
// states searched per second of wall time, which a search whose workers
// took each other's cache lines would lose.
//
//	go test -run '^$' -bench BuildWorkers -count 5 ./internal/engine/deftable
func BenchmarkBuildWorkers(b *testing.B) {
	for _, name := range []string{"2x2x2", "skewb"} {
		b.Run(name, func(b *testing.B) {
			d, _ := sampleB(b, name)
			p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
			if err != nil {
				b.Fatal(err)
			}
			indexed, _, err := Plan(p, false)
			if err != nil {
				b.Fatal(err)
			}
			start := time.Now()
			for b.Loop() {
				if _, err := Build(context.Background(), p, BuildOptions{Workers: 2}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(indexed)*float64(b.N)/time.Since(start).Seconds(), "states/s")
		})
	}
}
