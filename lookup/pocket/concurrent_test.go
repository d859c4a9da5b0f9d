package pocket

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/engine/solver"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/proof"
	"github.com/godtable/godtable/lookup"
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

// The hand-over from the cube's own walk to the next-step table, which is
// derived through it on both cores while goroutines solve and count: the
// answers are those of one goroutine after. (Fresh tables, told to derive
// after 50 walks, so that the derivation runs among these walks and the
// package's own tables stay as the other tests expect them.)
func TestConcurrentHandOver(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	cubes := make([]Cube, 3000)
	for i := range cubes {
		cubes[i] = Random(rng)
	}
	for _, m := range metrics {
		fresh := tables[m].From(strings.NewReader(embeddedFile(m)))
		if err := solver.Configure([]lookup.Option{lookup.WithNextAfter(50)}, fresh); err != nil {
			t.Fatal(err)
		}
		answer := func(i int) string {
			s, err := fresh.Solve(puzzle.State(cubes[i].rank))
			if i%50 != 0 {
				return fmt.Sprint(s, err)
			}
			n, err2 := fresh.Count(puzzle.State(cubes[i].rank))
			return fmt.Sprint(s, err, n, err2)
		}
		if i, got, want := proof.Concurrently(len(cubes), answer); i >= 0 {
			t.Errorf("%v, %s: concurrent answer %q, alone %q", m, cubes[i].Facelets(), got, want)
		}
		fw, _ := fresh.Walker()
		for deadline := time.Now().Add(time.Minute); !fw.Prepared(); time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%v: no next-step table a minute after %d walks", m, 2*len(cubes))
			}
		}
	}
}
