package pocket

import (
	"testing"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// Counting the optimal solutions of positions spread over the whole cube, in
// each metric (the next-step tables derived first, as in a long stream).
func BenchmarkPocketCount(b *testing.B) {
	for _, m := range metrics {
		w, err := tables[m].Walker()
		if err != nil {
			b.Fatal(err)
		}
		w.Prepare()
		b.Run(m.String(), func(b *testing.B) {
			r := uint32(0)
			for b.Loop() {
				r = (r + 1000003) % 3674160
				if _, err := w.Count([]puzzle.State{puzzle.State(r)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
