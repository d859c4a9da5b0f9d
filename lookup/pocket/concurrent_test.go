package pocket

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
)

// Solving from many goroutines at once, starting with the tables not yet
// decoded, gives exactly the sequential answers (solution, count and list,
// in both metrics). Run under go test -race by make test.
func TestConcurrentAnswers(t *testing.T) {
	n := 200
	if testing.Short() || raceEnabled {
		n = 30
	}
	rng := rand.New(rand.NewPCG(42, 42))
	cubes := make([]Cube, n)
	for i := range cubes {
		cubes[i] = Random(rng)
	}
	answer := func(i int) string {
		c, m := cubes[i/2], metrics[i%2]
		s, err := c.Solve(m)
		n, err2 := c.Count(m)
		all, truncated, err3 := c.All(m, 5)
		return fmt.Sprint(s, err, n, err2, all, truncated, err3)
	}
	got := make([]string, 2*n)
	workers := 4 * runtime.NumCPU()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(got); i += workers {
				got[i] = answer(i)
			}
		})
	}
	wg.Wait()
	for i := range got {
		if want := answer(i); got[i] != want {
			t.Errorf("%s %v: concurrent answer %q, sequential %q", cubes[i/2], metrics[i%2], got[i], want)
		}
	}
}
