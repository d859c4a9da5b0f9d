package rotgrid

import (
	"math/rand/v2"
	"testing"
)

// benchGrids returns uniformly drawn grids, the table already decoded and
// its next-step table derived (as a program has it after its first few
// thousand grids).
func benchGrids(b *testing.B) []Grid {
	b.Helper()
	w, err := distTable.Walker()
	if err != nil {
		b.Fatal(err)
	}
	w.Prepare()
	rng := rand.New(rand.NewPCG(11, 12))
	grids := make([]Grid, 1<<12)
	for i := range grids {
		grids[i] = Random(rng)
	}
	return grids
}

// One optimal solution per grid, from the rank.
func BenchmarkSolve(b *testing.B) {
	grids := benchGrids(b)
	i := 0
	for b.Loop() {
		if _, err := grids[i&(len(grids)-1)].Solve(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// The whole answer to one input line: parse, solve, write.
func BenchmarkParseSolveWrite(b *testing.B) {
	grids := benchGrids(b)
	lines := make([]string, len(grids))
	for i, g := range grids {
		lines[i] = g.String()
	}
	var buf []byte
	i := 0
	for b.Loop() {
		g, err := Parse(lines[i&(len(lines)-1)])
		if err != nil {
			b.Fatal(err)
		}
		s, err := g.Solve()
		if err != nil {
			b.Fatal(err)
		}
		buf = s.Append(buf[:0])
		i++
	}
}

func BenchmarkVerify(b *testing.B) {
	grids := benchGrids(b)
	sols := make([]string, len(grids))
	for i, g := range grids {
		s, _ := g.Solve()
		sols[i] = s.String()
	}
	i := 0
	for b.Loop() {
		k := i & (len(grids) - 1)
		if v, err := grids[k].Verify(sols[k]); err != nil || !v.IsOptimal() {
			b.Fatal(v, err)
		}
		i++
	}
}

func BenchmarkCount(b *testing.B) {
	grids := benchGrids(b)
	i := 0
	for b.Loop() {
		if _, err := grids[i&(len(grids)-1)].Count(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
