package pocket

import (
	"math/rand/v2"
	"testing"
)

func benchInputs() ([]string, []Cubie) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := make([]string, 4096)
	c := make([]Cubie, 4096)
	for i := range s {
		c[i] = randomCubie(rng)
		s[i] = c[i].Facelets()
	}
	return s, c
}

func BenchmarkParse(b *testing.B) {
	in, _ := benchInputs()
	i := 0
	for b.Loop() {
		if _, err := Parse(in[i&4095]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkRank(b *testing.B) {
	_, cs := benchInputs()
	i := 0
	var sink uint32
	for b.Loop() {
		sink += cs[i&4095].Rank()
		i++
	}
	_ = sink
}
