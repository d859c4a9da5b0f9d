package msquare

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
)

// Answering from many goroutines at once, starting with the table not yet
// decoded, gives exactly the sequential answers (solution and count). Run
// under go test -race by make test.
func TestConcurrentFirstUse(t *testing.T) {
	n := 200
	if testing.Short() || raceEnabled {
		n = 30
	}
	rng := rand.New(rand.NewPCG(42, 42))
	qs := make([]Position, n)
	for i := range qs {
		qs[i] = Random(rng)
	}
	answer := func(q Position) string {
		s, err := q.Solve()
		c, err2 := q.Count()
		return fmt.Sprint(s, err) + fmt.Sprint(c, err2)
	}
	// First the concurrent answers, so that several goroutines race to
	// decode the table; then the sequential ones to compare.
	got := make([]string, len(qs))
	workers := 4 * runtime.NumCPU()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(qs); i += workers {
				// Each goroutine walks the states in its own order.
				got[i] = answer(qs[i])
			}
		})
	}
	wg.Wait()
	for i, q := range qs {
		if want := answer(q); got[i] != want {
			t.Errorf("%v: concurrent answer %q, sequential %q", q, got[i], want)
		}
	}
}
