package rotgame

import (
	"strings"
	"testing"
)

// BenchmarkSolve solves random boards (the table already decoded).
func BenchmarkSolve(b *testing.B) {
	boards := randomBoards(1<<12, 9)
	if _, err := boards[0].Solve(); err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		if _, err := boards[i&(len(boards)-1)].Solve(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkParseSolve reads a judge line and writes the judge's
// answer: the whole work of one case.
func BenchmarkParseSolve(b *testing.B) {
	boards := randomBoards(1<<12, 10)
	lines := make([]string, len(boards))
	for i, g := range boards {
		lines[i] = g.String()
	}
	var out []byte
	i := 0
	for b.Loop() {
		g, err := Parse(lines[i&(len(lines)-1)])
		if err != nil {
			b.Fatal(err)
		}
		a, err := g.Solve()
		if err != nil {
			b.Fatal(err)
		}
		out = a.AppendJudge(out[:0])
		i++
	}
	_ = strings.TrimSpace(string(out))
}

// BenchmarkCount counts the optimal sequences of random boards.
func BenchmarkCount(b *testing.B) {
	boards := randomBoards(1<<12, 11)
	i := 0
	for b.Loop() {
		if _, err := boards[i&(len(boards)-1)].Count(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkSolveParallel solves random boards on every CPU: the
// library's throughput, boards per second being 1e9 / (ns/op).
func BenchmarkSolveParallel(b *testing.B) {
	boards := randomBoards(1<<12, 12)
	if _, err := boards[0].Solve(); err != nil {
		b.Fatal(err)
	}
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			if _, err := boards[i&(len(boards)-1)].Solve(); err != nil {
				b.Error(err)
				return
			}
			i++
		}
	})
}
