package msquare_test

import (
	"math/rand/v2"
	"testing"

	"github.com/godtable/godtable/lookup/msquare"
)

// targets are uniformly drawn targets, the same every run.
func targets(n int) []msquare.Position {
	rng := rand.New(rand.NewPCG(1, 2))
	qs := make([]msquare.Position, n)
	for i := range qs {
		qs[i] = msquare.Random(rng)
	}
	return qs
}

// prepare derives the next-step table before a benchmark, as a
// program that answers many targets has it after its first few thousand.
func prepare(b *testing.B) {
	if err := msquare.Prepare(); err != nil {
		b.Fatal(err)
	}
}

// One answer to the judge's question from a parsed target.
func BenchmarkSolve(b *testing.B) {
	qs := targets(4096)
	prepare(b)
	i := 0
	for b.Loop() {
		if _, err := qs[i%len(qs)].Solve(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// One answer as the command gives it: the judge's input line read, solved,
// and written in the judge's format.
func BenchmarkJudge(b *testing.B) {
	qs := targets(4096)
	prepare(b)
	lines := make([]string, len(qs))
	for i, q := range qs {
		lines[i] = q.String()
	}
	var out []byte
	i := 0
	for b.Loop() {
		q, err := msquare.Parse(lines[i%len(lines)])
		if err != nil {
			b.Fatal(err)
		}
		s, err := q.Solve()
		if err != nil {
			b.Fatal(err)
		}
		out = msquare.AppendAnswer(out[:0], s)
		i++
	}
}

// One answer between two random states.
func BenchmarkSolveFrom(b *testing.B) {
	qs := targets(4097)
	prepare(b)
	i := 0
	for b.Loop() {
		if _, err := qs[i%4096].SolveFrom(qs[i%4096+1]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// Counting every shortest sequence of a target.
func BenchmarkCount(b *testing.B) {
	qs := targets(4096)
	i := 0
	for b.Loop() {
		if _, err := qs[i%len(qs)].Count(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
