package lookup

import (
	"strings"
	"testing"
)

// BenchmarkRotGame_Solve solves random boards (the table already decoded).
func BenchmarkRotGame_Solve(b *testing.B) {
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

// BenchmarkRotGame_ParseSolve reads a judge line and writes the judge's
// answer: the whole work of one case.
func BenchmarkRotGame_ParseSolve(b *testing.B) {
	boards := randomBoards(1<<12, 10)
	lines := make([]string, len(boards))
	for i, g := range boards {
		lines[i] = g.String()
	}
	var out []byte
	i := 0
	for b.Loop() {
		g, err := ParseRotGame(lines[i&(len(lines)-1)])
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

// BenchmarkRotGame_Count counts the optimal sequences of random boards.
func BenchmarkRotGame_Count(b *testing.B) {
	boards := randomBoards(1<<12, 11)
	i := 0
	for b.Loop() {
		if _, err := boards[i&(len(boards)-1)].Count(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkRotGame_SolveParallel solves random boards on every CPU: the
// library's throughput, boards per second being 1e9 / (ns/op).
func BenchmarkRotGame_SolveParallel(b *testing.B) {
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
