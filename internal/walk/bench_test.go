package walk_test

import (
	"math/rand/v2"
	"testing"

	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/registry"
	"github.com/godtable/godtable/internal/walk"
)

// BenchmarkSolve walks random pocket cube positions (half-turn metric),
// through the next-step table (next) and through the distance table
// (by-table).
func BenchmarkSolve(b *testing.B) {
	def := registry.Def("pocket-htm")
	w := walker(b, def)
	rng := rand.New(rand.NewPCG(1, 2))
	states := make([]puzzle.State, 4096)
	for i := range states {
		states[i] = def.Unrank(uint32(rng.IntN(int(def.Size))))
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
