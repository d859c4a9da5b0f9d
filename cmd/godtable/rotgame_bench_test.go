package main

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/godtable/godtable/lookup"
)

// BenchmarkRotGame_Stream streams judge-format boards through the command,
// as "godtable solve rotgame < boards" does; the metric ns/board is the cost
// of one case, parse and output included.
func BenchmarkRotGame_Stream(b *testing.B) {
	const n = 20000
	rng := rand.New(rand.NewPCG(1, 2))
	var in strings.Builder
	for range n {
		in.WriteString(lookup.RandomRotGame(rng).String())
		in.WriteByte('\n')
	}
	in.WriteString("0\n")
	input := in.String()
	for b.Loop() {
		if code := run([]string{"solve", "rotgame"}, strings.NewReader(input), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/board")
}
