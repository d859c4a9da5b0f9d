package lookup_test

import (
	"math/rand/v2"
	"testing"

	"github.com/godtable/godtable/lookup"
)

// magicSquareTargets are uniformly drawn targets, the same every run.
func magicSquareTargets(n int) []lookup.MagicSquare {
	rng := rand.New(rand.NewPCG(1, 2))
	qs := make([]lookup.MagicSquare, n)
	for i := range qs {
		qs[i] = lookup.RandomMagicSquare(rng)
	}
	return qs
}

// prepareMagicSquare derives the next-step table before a benchmark, as a
// program that answers many targets has it after its first few thousand.
func prepareMagicSquare(b *testing.B) {
	if err := lookup.PrepareMagicSquare(); err != nil {
		b.Fatal(err)
	}
}

// One answer to the judge's question from a parsed target.
func BenchmarkMagicSquare_Solve(b *testing.B) {
	qs := magicSquareTargets(4096)
	prepareMagicSquare(b)
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
func BenchmarkMagicSquare_Judge(b *testing.B) {
	qs := magicSquareTargets(4096)
	prepareMagicSquare(b)
	lines := make([]string, len(qs))
	for i, q := range qs {
		lines[i] = q.String()
	}
	var out []byte
	i := 0
	for b.Loop() {
		q, err := lookup.ParseMagicSquare(lines[i%len(lines)])
		if err != nil {
			b.Fatal(err)
		}
		s, err := q.Solve()
		if err != nil {
			b.Fatal(err)
		}
		out = lookup.AppendMagicSquareAnswer(out[:0], s)
		i++
	}
}

// One answer between two random states.
func BenchmarkMagicSquare_SolveFrom(b *testing.B) {
	qs := magicSquareTargets(4097)
	prepareMagicSquare(b)
	i := 0
	for b.Loop() {
		if _, err := qs[i%4096].SolveFrom(qs[i%4096+1]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// Counting every shortest sequence of a target.
func BenchmarkMagicSquare_Count(b *testing.B) {
	qs := magicSquareTargets(4096)
	i := 0
	for b.Loop() {
		if _, err := qs[i%len(qs)].Count(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
