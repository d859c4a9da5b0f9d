package walk_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/catalog"
	"github.com/godtable/godtable/internal/model/puzzle"
)

// BenchmarkSolve walks random pocket cube positions (half-turn metric),
// through the next-step table (next) and through the distance table
// (by-table).
func BenchmarkSolve(b *testing.B) {
	def := catalog.Def("pocket-htm")
	w := walker(b, def)
	rng := rand.New(rand.NewPCG(1, 2))
	states := make([]puzzle.State, 4096)
	for i := range states {
		states[i] = def.Unrank(uint64(rng.IntN(int(def.Size))))
	}
	var buf [walk.MaxSteps]uint8
	for _, byTable := range []bool{true, false} {
		name, solve := "by-table", w.SolveByTable
		if !byTable {
			w.Prepare()
			name, solve = "next", w.Solve
		}
		b.Run(name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				if _, err := solve(states[i%len(states)], buf[:0]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkNextTableSize compresses the pocket cube's next-step table
// (half-turn metric) as a table file's payload is compressed, and reports
// its size: what embedding it instead of deriving it would cost.
func BenchmarkNextTableSize(b *testing.B) {
	w := walker(b, catalog.Def("pocket-htm"))
	w.Prepare()
	next := w.NextTable()
	size := 0
	for b.Loop() {
		z, err := table.Compress(next)
		if err != nil {
			b.Fatal(err)
		}
		size = len(z)
	}
	b.ReportMetric(float64(len(next)), "raw-bytes")
	b.ReportMetric(float64(size), "compressed-bytes")
}

// BenchmarkDependentRead follows a random cycle through a table of the given
// size, each read's address given by the read before: the cost of one
// dependent read at that size, which bounds a walk's step.
func BenchmarkDependentRead(b *testing.B) {
	for _, size := range []int{64 << 10, 1 << 20, 4 << 20} {
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			// One uint32 per slot, spread a cache line apart so that every
			// read is a line of its own.
			const stride = 16
			n := size / 4 / stride
			order := rand.New(rand.NewPCG(3, 4)).Perm(n)
			chain := make([]uint32, size/4)
			for i := range order {
				chain[order[i]*stride] = uint32(order[(i+1)%n] * stride)
			}
			p := uint32(0)
			for b.Loop() {
				p = chain[p]
			}
			if p == 1 {
				b.Log(p) // keeps the chase from being optimised away
			}
		})
	}
}
