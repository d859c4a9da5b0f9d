package app

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/godtable/godtable/internal/support/proof"
)

// Every puzzle answers from many goroutines at once, starting with its
// tables not yet decoded, exactly as it answers one input at a time: the
// solution, and for the table puzzles the count and the capped list too. Run
// under go test -race by make test.
func TestConcurrentAllPuzzles(t *testing.T) {
	n := 100
	if testing.Short() || raceEnabled {
		n = 20
	}
	rng := rand.New(rand.NewPCG(42, 42))
	type input struct {
		p  puzzle
		in string
		o  options
	}
	var inputs []input
	for _, p := range puzzles() {
		if p.Features().Search {
			// A random state takes minutes of search; the searching
			// puzzles prove their workers agree in their own tests.
			continue
		}
		modes := []options{{Metric: "htm", Order: "net"}}
		if p.Features().Table {
			modes = append(modes, options{Metric: "htm", Order: "net", Count: true}, options{Metric: "htm", Order: "net", All: true, Limit: 3})
		}
		if p.Features().Metric {
			for _, o := range modes[:len(modes):len(modes)] {
				o.Metric = "qtm"
				modes = append(modes, o)
			}
		}
		for range n {
			state, _, _, err := p.Scramble(rng, &options{Metric: "htm", Order: "net"})
			if err != nil {
				t.Fatalf("%s: %v", p.Name(), err)
			}
			for _, o := range modes {
				inputs = append(inputs, input{p, state, o})
			}
		}
	}
	answer := func(i int) string {
		var a answer
		c := inputs[i]
		a.Reset(c.in)
		err := c.p.Solve(c.in, &c.o, &a)
		return fmt.Sprintf("%s %q %v %v", a.Text, err, a.Fields, c.o)
	}
	if i, got, want := proof.Concurrently(len(inputs), answer); i >= 0 {
		t.Errorf("%s %q: concurrent answer %q, sequential %q", inputs[i].p.Name(), inputs[i].in, got, want)
	}
}
