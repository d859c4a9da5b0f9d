package rotgame

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
)

// Answering from many goroutines at once, starting with the table not yet
// decoded, gives exactly the sequential answers (answer and count). Run
// under go test -race by make test.
func TestConcurrentFirstUse(t *testing.T) {
	n := 200
	if testing.Short() || raceEnabled {
		n = 30
	}
	rng := rand.New(rand.NewPCG(42, 42))
	boards := make([]Position, n)
	for i := range boards {
		boards[i] = Random(rng)
	}
	answer := func(g Position) string {
		a, err := g.Solve()
		c, err2 := g.Count()
		return fmt.Sprint(a, err, c, err2)
	}
	// First the concurrent answers, so that several goroutines race to
	// decode the table; then the sequential ones to compare.
	got := make([]string, len(boards))
	workers := 4 * runtime.NumCPU()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(boards); i += workers {
				// Each goroutine walks the boards in its own order.
				got[i] = answer(boards[i])
			}
		})
	}
	wg.Wait()
	for i, g := range boards {
		if want := answer(g); got[i] != want {
			t.Errorf("%v: concurrent answer %q, sequential %q", g, got[i], want)
		}
	}
}
