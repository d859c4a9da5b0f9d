package lookup

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/rotgrid"
	"github.com/godtable/godtable/internal/tablefile"
	"github.com/godtable/godtable/internal/walk"
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
		cube := RandomPocket(rng)
		for _, m := range metrics {
			cases = append(cases, puzzleCase{"pocket " + cube.Facelets(), func() string {
				s, err := cube.Solve(m)
				c, err2 := cube.Count(m)
				return str(s, err) + fmt.Sprint(c, err2)
			}})
		}
		grid := RandomRotGrid(rng)
		cases = append(cases, puzzleCase{"rotgrid " + grid.String(), func() string {
			s, err := grid.Solve()
			c, err2 := grid.Count()
			return str(s, err) + fmt.Sprint(c, err2)
		}})
		v := ViewsBatteryCase(rng.IntN(1000000))
		cases = append(cases, puzzleCase{"views " + v.Hex(), func() string {
			b, ok := SolveViews(v)
			return fmt.Sprint(b.Hex(), ok)
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

// Many goroutines solving grids while their walker derives its next-step
// table in the background (it starts after walk.NextAfter solves) get the
// distance table's answers before, during and after. Run under go test
// -race by make test.
func TestConcurrentNextStepTable(t *testing.T) {
	def := rotgrid.Def()
	data, err := tablefile.Open(def.Name)
	if err != nil {
		t.Fatal(err)
	}
	w, err := newWalker(def, data, rotGridSteps(), false)
	if err != nil {
		t.Fatal(err)
	}
	workers := 4 * runtime.NumCPU()
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			var a, b [walk.MaxSteps]uint8
			// Every goroutine goes on until the table is in use, and a
			// thousand walks after.
			after := 0
			for n := uint32(k); after < 1000; n += uint32(workers) {
				if w.Prepared() {
					after++
				} else if n > 1<<24 {
					errs[k] = fmt.Errorf("no next-step table after %d walks", n)
					return
				}
				s := puzzle.State(n * 7919 % def.Size)
				got, err1 := w.Solve(s, a[:0])
				want, err2 := w.SolveByTable(s, b[:0])
				if !slices.Equal(got, want) || err1 != err2 {
					errs[k] = fmt.Errorf("rank %d: %v (%v), distance table %v (%v)", s, got, err1, want, err2)
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}
