package solver_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/godtable/godtable/internal/engine/solver"
	"github.com/godtable/godtable/internal/engine/tablebuild"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/catalog"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/tables/all"
)

// pancakes is a puzzle none of the built-in ones resembles, defined here at
// run time: a stack of six pancakes, where move Fk flips the top k. A state
// is the stack's permutation in base 8 (pancake i's size in digit i, top
// first); its rank is the permutation's Lehmer code.
func pancakes() *puzzle.Def {
	const n = 6
	unpack := func(s puzzle.State) (p [n]int) {
		for i := range p {
			p[i] = int(s>>(3*i)) & 7
		}
		return p
	}
	pack := func(p [n]int) puzzle.State {
		var s puzzle.State
		for i, v := range p {
			s |= puzzle.State(v) << (3 * i)
		}
		return s
	}
	var moves []string
	var inverse []int
	for k := 2; k <= n; k++ {
		moves = append(moves, "F"+strconv.Itoa(k))
		inverse = append(inverse, k-2) // a flip undoes itself
	}
	var goal [n]int
	for i := range goal {
		goal[i] = i
	}
	return &puzzle.Def{
		Name:    "pancakes-6",
		Size:    720,
		Goal:    pack(goal),
		Moves:   moves,
		Inverse: inverse,
		Rank: func(s puzzle.State) uint64 {
			p := unpack(s)
			r := uint64(0)
			for i := range p {
				smaller := 0
				for _, v := range p[i+1:] {
					if v < p[i] {
						smaller++
					}
				}
				r = r*uint64(n-i) + uint64(smaller)
			}
			return r
		},
		Unrank: func(r uint64) puzzle.State {
			var digits [n]int
			for i := n - 1; i >= 0; i-- {
				digits[i] = int(r % uint64(n-i))
				r /= uint64(n - i)
			}
			left := []int{0, 1, 2, 3, 4, 5}
			var p [n]int
			for i, d := range digits {
				p[i] = left[d]
				left = slices.Delete(left, d, d+1)
			}
			return pack(p)
		},
		Apply: func(s puzzle.State, m int) puzzle.State {
			p := unpack(s)
			slices.Reverse(p[:m+2])
			return pack(p)
		},
	}
}

// A definition built at run time goes through the same search, table format
// and walk as the built-in ones: its table is built in memory, given to
// the solver as its source, decoded and walked, and every answer mode is checked on every state
// against a search of the test's own (the published distribution of six
// pancakes, OEIS A058986, is 1, 5, 20, 79, 199, 281, 133, 2).
func TestDefBuiltAtRunTime(t *testing.T) {
	def := pancakes()
	data, err := tablebuild.Build(def)
	if err != nil {
		t.Fatal(err)
	}
	d := func() *puzzle.Def { return def }
	tb := solver.New(d, solver.SimpleSteps(d), false, " ", bytes.NewReader(data))
	dist, err := tb.Distribution()
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 5, 20, 79, 199, 281, 133, 2}; !slices.Equal(dist, want) {
		t.Fatalf("distribution %v, want %v", dist, want)
	}
	// The test's own search: distances from the goal, and the number of
	// shortest paths to it, by dynamic program over the layers.
	depth := map[puzzle.State]int{def.Goal: 0}
	ways := map[puzzle.State]uint64{def.Goal: 1}
	layer := []puzzle.State{def.Goal}
	for d := 1; len(layer) > 0; d++ {
		var next []puzzle.State
		for _, s := range layer {
			for m := range def.Moves {
				u := def.Apply(s, m)
				if _, seen := depth[u]; !seen {
					depth[u] = d
					next = append(next, u)
				}
				if depth[u] == d {
					ways[u] += ways[s]
				}
			}
		}
		layer = next
	}
	if len(depth) != 720 {
		t.Fatalf("%d states reached", len(depth))
	}
	for r := range def.Size {
		s := def.Unrank(r)
		sol, err := tb.Solve(s)
		if err != nil {
			t.Fatal(err)
		}
		// The solution is as long as the search says and solves.
		u := s
		for _, m := range sol.Steps() {
			u = def.Apply(u, int(m))
		}
		if u != def.Goal || sol.Len() != depth[s] {
			t.Fatalf("rank %d: %q (%d moves, distance %d) does not solve optimally", r, sol, sol.Len(), depth[s])
		}
		// The first optimal move in move order is taken.
		if sol.Len() > 0 {
			first := -1
			for m := range def.Moves {
				if depth[def.Apply(s, m)] == depth[s]-1 {
					first = m
					break
				}
			}
			if int(sol.Steps()[0]) != first {
				t.Fatalf("rank %d: first move %d, want %d", r, sol.Steps()[0], first)
			}
		}
		n, err := tb.Count(s)
		if err != nil || n != ways[s] {
			t.Fatalf("rank %d: count %d (%v), want %d", r, n, err, ways[s])
		}
		all, truncated, err := tb.All(s, 0)
		if err != nil || truncated || uint64(len(all)) != ways[s] || all[0].String() != sol.String() {
			t.Fatalf("rank %d: %d solutions listed (%v, truncated %v), want %d starting %q", r, len(all), err, truncated, ways[s], sol)
		}
	}
}

// Every table of the catalog, opened from a file with its definition alone,
// answers as the embedded one given to New does: the same distribution
// and, on random states, the same solutions.
func TestOpenFromFile(t *testing.T) {
	for _, def := range catalog.Defs() {
		t.Run(def.Name, func(t *testing.T) {
			data, err := all.File(def.Name)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), def.Name+".gdt")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			opened, err := solver.Open(def, f)
			if err != nil {
				t.Fatal(err)
			}
			d := func() *puzzle.Def { return def }
			embedded := solver.New(d, solver.SimpleSteps(d), false, " ", bytes.NewReader(data))
			got, err1 := opened.Distribution()
			want, err2 := embedded.Distribution()
			if err1 != nil || err2 != nil || !slices.Equal(got, want) {
				t.Fatalf("distribution %v (%v), embedded %v (%v)", got, err1, want, err2)
			}
			rng := rand.New(rand.NewPCG(3, uint64(def.Size)))
			for range 500 {
				s := def.Unrank(rng.Uint64N(def.Size))
				a, err1 := opened.Solve(s)
				b, err2 := embedded.Solve(s)
				if a.String() != b.String() || !errors.Is(err1, err2) {
					t.Fatalf("state %d: opened %q (%v), embedded %q (%v)", s, a, err1, b, err2)
				}
			}
		})
	}
}

// A damaged table is refused by Open with a *table.Error, as the embedded
// one would be; a reader that fails gives its own error.
func TestOpenRefuses(t *testing.T) {
	def := catalog.Def("rotgrid")
	data, err := all.File(def.Name)
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Clone(data)
	bad[len(bad)/2] ^= 0x40
	var te *table.Error
	if _, err := solver.Open(def, bytes.NewReader(bad)); !errors.As(err, &te) {
		t.Fatalf("damaged table: %v, want a *table.Error", err)
	}
	if _, err := solver.Open(catalog.Def("msquare"), bytes.NewReader(data)); !errors.Is(err, table.ErrMismatch) {
		t.Fatalf("another puzzle's table: %v, want ErrMismatch", err)
	}
}
