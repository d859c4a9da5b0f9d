package pocket

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/godtable/godtable/internal/proof"
)

// Goroutines answering at once, from a program's first answer on (when
// run alone, as make test runs it under the race detector: the move tables
// and the fold's index are then being built in the background while the
// first answers read the cold way), answer as one goroutine does alone.
func TestConcurrentFirstAnswers(t *testing.T) {
	cubes := make([]Cube, 2000)
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range cubes {
		cubes[i] = Random(rng)
	}
	answer := func(i int) string {
		m := metrics[i%2]
		s, err1 := cubes[i].Solve(m)
		if i%50 != 0 {
			return fmt.Sprint(s, err1)
		}
		n, err2 := cubes[i].Count(m)
		return fmt.Sprint(s, err1, n, err2)
	}
	if i, got, want := proof.Concurrently(len(cubes), answer); i >= 0 {
		t.Errorf("%s: concurrent answer %q, alone %q", cubes[i].Facelets(), got, want)
	}
}
