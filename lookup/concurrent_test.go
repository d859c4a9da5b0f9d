package lookup

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
)

// puzzleCase is one input of any puzzle and a function answering it.
type puzzleCase struct {
	name   string
	answer func() string
}

// concurrentCases draws inputs of every puzzle; each answer is the full
// answer (solution and count), as a string.
func concurrentCases(n int) []puzzleCase {
	rng := rand.New(rand.NewPCG(42, 42))
	var cases []puzzleCase
	str := func(s fmt.Stringer, err error) string { return fmt.Sprint(s, err) }
	for i := 0; i < n; i++ {
		sq := RandomMagicSquare(rng)
		cases = append(cases, puzzleCase{"msquare " + sq.String(), func() string {
			s, err := sq.Solve()
			c, err2 := sq.Count()
			return str(s, err) + fmt.Sprint(c, err2)
		}})
		game := RandomRotGame(rng)
		cases = append(cases, puzzleCase{"rotgame " + game.String(), func() string {
			a, err := game.Solve()
			c, err2 := game.Count()
			return fmt.Sprint(a, err, c, err2)
		}})
	}
	return cases
}

// Solving every puzzle from many goroutines at once, starting with the
// tables not yet decoded, gives exactly the sequential answers. Run under
// go test -race by make test.
func TestConcurrentAllPuzzles(t *testing.T) {
	n := 200
	if testing.Short() || raceEnabled {
		n = 30
	}
	cases := concurrentCases(n)
	// First the concurrent answers, so that several goroutines race to
	// decode each table; then the sequential ones to compare.
	got := make([]string, len(cases))
	workers := 4 * runtime.NumCPU()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(cases); i += workers {
				// Each goroutine walks the cases in its own order.
				got[i] = cases[i].answer()
			}
		})
	}
	wg.Wait()
	for i, c := range cases {
		if want := c.answer(); got[i] != want {
			t.Errorf("%s: concurrent answer %q, sequential %q", c.name, got[i], want)
		}
	}
}
