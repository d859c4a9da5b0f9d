package classes

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/format/table"
)

// torus is the graph of an n by n torus: a state is x*n+y, the moves add
// or take one from x or from y (mod n), and its symmetries are the
// square's eight, about the goal 0: each maps (x, y) to (±x, ±y) or
// (±y, ±x), and a move along one axis to a move along its image.
type torus struct{ n, step uint64 }

func (t torus) Size() uint64 { return t.n * t.n }

// Apply moves state i by move g: 0 x+step, 1 x-step, 2 y+step, 3 y-step
// (a step of 1 when step is 0).
func (t torus) Apply(i uint64, g int) uint64 {
	x, y := i/t.n, i%t.n
	k := max(t.step, 1)
	switch g {
	case 0:
		x = (x + k) % t.n
	case 1:
		x = (x + t.n - k) % t.n
	case 2:
		y = (y + k) % t.n
	case 3:
		y = (y + t.n - k) % t.n
	}
	return x*t.n + y
}

// Width is one word: a state decoded is its number.
func (t torus) Width() int { return 1 }

// Decode writes state i as it is.
func (t torus) Decode(i uint64, d []uint64) { d[0] = i }

// Step moves the state d holds by move g.
func (t torus) Step(d []uint64, g int, to []uint64) uint64 {
	to[0] = t.Apply(d[0], g)
	return to[0]
}

// Steps is Step on each of a batch.
func (t torus) Steps(d []uint64, gens []int, to, out []uint64) {
	for s := range out {
		out[s] = t.Step(d[s:s+1], gens[s], to[s:s+1])
	}
}

// symmetries returns the square's symmetries as maps of states and of
// moves, the identity first.
func (t torus) symmetries() (conj []func(uint64) uint64, gens [][]int) {
	neg := func(v uint64) uint64 { return (t.n - v) % t.n }
	for _, swap := range []bool{false, true} {
		for _, sx := range []bool{false, true} {
			for _, sy := range []bool{false, true} {
				conj = append(conj, func(i uint64) uint64 {
					x, y := i/t.n, i%t.n
					if sx {
						x = neg(x)
					}
					if sy {
						y = neg(y)
					}
					if swap {
						x, y = y, x
					}
					return x*t.n + y
				})
				g := []int{0, 1, 2, 3}
				if sx {
					g[0], g[1] = 1, 0
				}
				if sy {
					g[2], g[3] = 3, 2
				}
				if swap {
					g[0], g[1], g[2], g[3] = g[0]+2, g[1]+2, g[2]-2, g[3]-2
				}
				gens = append(gens, g)
			}
		}
	}
	return conj, gens
}

// levels searches the torus from 0: its levels as bfs.Levels keeps them,
// and each state's distance.
func (t torus) levels() ([]uint64, []int) {
	size := t.Size()
	dist := make([]int, size)
	for i := range dist {
		dist[i] = -1
	}
	dist[0] = 0
	queue := []uint64{0}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for g := range 4 {
			if j := t.Apply(i, g); dist[j] < 0 {
				dist[j] = dist[i] + 1
				queue = append(queue, j)
			}
		}
	}
	words := make([]uint64, (size+31)/32)
	for i, d := range dist {
		v := uint64(3) // unreached
		if d >= 0 {
			v = uint64(d % 3)
		}
		words[i/32] |= v << (uint(i) % 32 * 2)
	}
	return words, dist
}

// Search and Reduce find the classes a brute force finds (each state's
// least conjugate, each class counted once, at the distance a plain search
// of the states gives), on any number of workers, Search with the number
// of states given or not; their table bytes hold each representative's
// level and mark the representatives, and are the same bytes.
func TestClassesConcurrent(t *testing.T) {
	for _, n := range []uint64{1, 2, 5, 6, 33, 64} {
		g := torus{n: n}
		conj, gens := g.symmetries()
		words, dist := g.levels()
		size := g.Size()
		rep := make([]bool, size)
		var classCounts, stateCounts []uint64
		for i := range size {
			least := i
			for _, c := range conj {
				least = min(least, c(i))
			}
			d := dist[i]
			for len(stateCounts) <= d {
				stateCounts = append(stateCounts, 0)
				classCounts = append(classCounts, 0)
			}
			stateCounts[d]++
			if least == i {
				rep[i] = true
				classCounts[d]++
			}
		}
		var first []byte
		for _, workers := range []int{1, 2, 7} {
			for _, how := range []string{"Reduce", "Search", "Search told the states"} {
				var r *Reduction
				var err error
				switch how {
				case "Reduce":
					r, err = Reduce(context.Background(), g, 0, slices.Clone(words), gens, workers)
				case "Search":
					r, err = Search(context.Background(), g, 0, gens, SearchOptions{Workers: workers})
				default:
					r, err = Search(context.Background(), g, 0, gens, SearchOptions{Workers: workers, States: size})
				}
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(r.ClassCounts, classCounts) || !slices.Equal(r.StateCounts, stateCounts) {
					t.Fatalf("n=%d, %s on %d workers: classes %v states %v, want %v and %v", n, how, workers, r.ClassCounts, r.StateCounts, classCounts, stateCounts)
				}
				for i := range size {
					if r.IsRep(i) != rep[i] {
						t.Fatalf("n=%d, %s: state %d a representative: %v, want %v", n, how, i, r.IsRep(i), rep[i])
					}
				}
				packed := r.Packed()
				levels, reps := table.ClassLayout(size, r.Classes)
				if uint64(len(packed)) != levels+reps {
					t.Fatalf("n=%d: %d packed bytes, want %d", n, len(packed), levels+reps)
				}
				m := table.NewClassMap(packed[levels:])
				e := uint64(0)
				for i := range size {
					got, ok := m.Entry(i)
					if ok != rep[i] || ok && got != e {
						t.Fatalf("n=%d: state %d: entry %d, %v; want %d, %v", n, i, got, ok, e, rep[i])
					}
					if ok {
						if lv := packed[e/4] >> (e % 4 * 2) & 3; int(lv) != dist[i]%3 {
							t.Fatalf("n=%d: entry %d holds level %d, state %d is %d away", n, e, lv, i, dist[i])
						}
						e++
					}
				}
				if first == nil {
					first = packed
				} else if !slices.Equal(first, packed) {
					t.Fatalf("n=%d: %s on %d workers made other bytes than Reduce on one", n, how, workers)
				}
			}
		}
	}
}

// A state the moves do not reach has no class: on a torus of even side
// whose moves go two at a time, the states with an odd coordinate.
func TestUnreached(t *testing.T) {
	g := torus{n: 8, step: 2}
	_, gens := g.symmetries()
	words, dist := g.levels()
	reduced, err := Reduce(context.Background(), g, 0, words, gens, 2)
	if err != nil {
		t.Fatal(err)
	}
	searched, err := Search(context.Background(), g, 0, gens, SearchOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for how, r := range map[string]*Reduction{"Reduce": reduced, "Search": searched} {
		states := uint64(0)
		for _, c := range r.StateCounts {
			states += c
		}
		if states != 16 {
			t.Errorf("%s: %d states in the classes, want 16 (both coordinates even)", how, states)
		}
		for i := range g.Size() {
			if r.IsRep(i) && dist[i] < 0 {
				t.Errorf("%s: unreached state (%d, %d) represents a class", how, i/8, i%8)
			}
		}
	}
}

// A search told more or fewer states than the moves reach fails, rather
// than give a table of part of them or of a wrong count.
func TestSearchStates(t *testing.T) {
	g := torus{n: 9}
	_, gens := g.symmetries()
	for _, states := range []uint64{g.Size() - 1, g.Size() + 1} {
		if _, err := Search(context.Background(), g, 0, gens, SearchOptions{Workers: 2, States: states}); err == nil {
			t.Errorf("told %d states of %d: no error", states, g.Size())
		}
	}
}

// A search stopped after a distance resumes from its checkpoint and ends
// with the same classes, byte for byte; a checkpoint of another search,
// or a damaged one, is passed over.
func TestSearchCheckpoint(t *testing.T) {
	g := torus{n: 64}
	_, gens := g.symmetries()
	want, err := Search(context.Background(), g, 0, gens, SearchOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ckpt")
	id := [32]byte{1}
	for _, workers := range []int{1, 3} {
		os.Remove(path)
		ctx, stop := context.WithCancel(context.Background())
		_, err := Search(ctx, g, 0, gens, SearchOptions{Workers: workers, Checkpoint: path, ID: id,
			Progress: func(d int, _, _ uint64) {
				if d == 20 {
					stop()
				}
			}})
		stop()
		if err == nil {
			t.Fatal("a stopped search: no error")
		}
		got, err := Search(context.Background(), g, 0, gens, SearchOptions{Workers: workers, Checkpoint: path, ID: id})
		if err != nil {
			t.Fatal(err)
		}
		if got.Resumed < 2 || got.Resumed > 21 {
			t.Errorf("%d workers: resumed at %d distances, want 2 to 21", workers, got.Resumed)
		}
		if !slices.Equal(got.Packed(), want.Packed()) || !slices.Equal(got.StateCounts, want.StateCounts) || !slices.Equal(got.ClassCounts, want.ClassCounts) {
			t.Errorf("%d workers: resumed search differs from a whole one", workers)
		}
	}
	// A checkpoint of another search, or a damaged one, is passed over:
	// the search starts afresh.
	afresh := func(what string, id [32]byte) {
		t.Helper()
		got, err := Search(context.Background(), g, 0, gens, SearchOptions{Workers: 1, Checkpoint: path, ID: id})
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if got.Resumed != 0 || !slices.Equal(got.Packed(), want.Packed()) {
			t.Errorf("%s: resumed at %d distances", what, got.Resumed)
		}
	}
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	afresh("another ID", [32]byte{2})
	for _, at := range []int{9, 60, len(good) / 2, len(good) - 1} {
		b := slices.Clone(good)
		b[at] ^= 1
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		afresh(fmt.Sprintf("a byte changed at %d", at), id)
	}
	if err := os.WriteFile(path, good[:len(good)/3], 0o644); err != nil {
		t.Fatal(err)
	}
	afresh("cut short", id)
}

// Map's entries, representatives (All) and count agree with a plain count of
// the bits, on random bits of every density.
func TestMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 7, 8, 9, 63, 64, 65, 1000} {
		for _, density := range []float64{0, 0.04, 0.5, 1} {
			b := make([]byte, n)
			for i := range b {
				for k := range 8 {
					if rng.Float64() < density {
						b[i] |= 1 << k
					}
				}
			}
			m := table.NewClassMap(b)
			e := uint64(0)
			for i := range uint64(n * 8) {
				set := b[i/8]&(1<<(i%8)) != 0
				got, ok := m.Entry(i)
				if ok != set || ok && got != e {
					t.Fatalf("n=%d: bit %d: entry %d %v, want %d %v", n, i, got, ok, e, set)
				}
				if set {
					e++
				}
			}
			pop := 0
			for _, x := range b {
				pop += bits.OnesCount8(x)
			}
			if m.Count() != uint64(pop) || e != uint64(pop) {
				t.Fatalf("n=%d: Count %d, want %d", n, m.Count(), pop)
			}
			// All yields every entry with its representative, in order.
			k, last := uint64(0), int64(-1)
			for e, rep := range m.All() {
				if e != k || b[rep/8]&(1<<(rep%8)) == 0 || int64(rep) <= last {
					t.Fatalf("n=%d: All yields entry %d at %d", n, e, rep)
				}
				if got, ok := m.Entry(rep); !ok || got != e {
					t.Fatalf("n=%d: All yields entry %d at %d, whose entry is %d", n, e, rep, got)
				}
				k, last = k+1, int64(rep)
			}
			if k != uint64(pop) {
				t.Fatalf("n=%d: All yields %d entries, want %d", n, k, pop)
			}
			if _, ok := m.Entry(uint64(n*8) + 64); ok {
				t.Fatalf("n=%d: an entry past the bits", n)
			}
		}
	}
}

// The marks only spare the search orbits it has moved before: a search
// whose marks lose bits after every distance (a random half, or all), as
// workers' unlocked writes may lose each other's, finds the same classes,
// states and representatives, on one worker or several.
func TestSearchLosesMarks(t *testing.T) {
	for _, n := range []uint64{5, 33, 64} {
		g := torus{n: n}
		_, gens := g.symmetries()
		want, err := Search(context.Background(), g, 0, gens, SearchOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, lose := range []string{"half", "all"} {
			seed := uint64(0)
			forgetMarks = func(marks []uint64) {
				seed++
				for i := range marks {
					if lose == "all" {
						marks[i] = 0
					} else {
						marks[i] &= (seed + uint64(i)) * 0x9e3779b97f4a7c15
					}
				}
			}
			for _, workers := range []int{1, 2, 7} {
				got, err := Search(context.Background(), g, 0, gens, SearchOptions{Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got.ClassCounts, want.ClassCounts) || !slices.Equal(got.StateCounts, want.StateCounts) || !slices.Equal(got.Packed(), want.Packed()) {
					t.Fatalf("n=%d, %s of the marks lost, %d workers: classes %v states %v, want %v and %v", n, lose, workers, got.ClassCounts, got.StateCounts, want.ClassCounts, want.StateCounts)
				}
			}
			forgetMarks = nil
		}
	}
}
