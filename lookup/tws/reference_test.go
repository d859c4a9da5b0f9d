package tws_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// reference is a breadth-first search over whole states kept in a map,
// sharing no code with the index, the table or the walk: for each state its
// distance, its number of optimal solutions and its first optimal solution
// in move order (half-turn metric, every move a step).
type reference struct {
	p     *ksolve.Puzzle
	dist  map[string]int
	ways  map[string]uint64
	order []string // states in the order the search met them
}

func newReference(t testing.TB, file string, metric ksolve.Metric) *reference {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	d, err := ksolve.Parse(filepath.Base(file), src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ksolve.NewPuzzle(d, metric, "")
	if err != nil {
		t.Fatal(err)
	}
	return search(p, 0)
}

// search is the reference search of p's states; nil if there are more
// than limit (when limit > 0).
func search(p *ksolve.Puzzle, limit int) *reference {
	d := p.Def
	r := &reference{p: p, dist: map[string]int{}, ways: map[string]uint64{}}
	goal := string(d.Solved)
	r.dist[goal], r.ways[goal] = 0, 1
	r.order = append(r.order, goal)
	layer := []string{goal}
	for k := 1; len(layer) > 0; k++ {
		var next []string
		for _, s := range layer {
			for _, g := range p.Gens {
				u := string(d.Apply(nil, ksolve.State(s), p.Moves[g].Perm))
				du, seen := r.dist[u]
				if !seen {
					r.dist[u] = k
					du = k
					next = append(next, u)
					r.order = append(r.order, u)
					if limit > 0 && len(r.order) > limit {
						return nil
					}
				}
				if du == k {
					r.ways[u] += r.ways[s]
				}
			}
		}
		layer = next
	}
	return r
}

// apply returns s after move i of the puzzle.
func (r *reference) apply(s string, i int) string {
	return string(r.p.Def.Apply(nil, ksolve.State(s), r.p.Moves[i].Perm))
}

// first is the first optimal solution from s in move order (HTM): at each
// state the first move that goes one nearer.
func (r *reference) first(s string) []string {
	var sol []string
	for d := r.dist[s]; d > 0; d-- {
		for i, m := range r.p.Moves {
			if u := r.apply(s, i); r.dist[u] == d-1 {
				sol = append(sol, m.Name)
				s = u
				break
			}
		}
	}
	return sol
}

// all lists every optimal solution from s in move order (HTM).
func (r *reference) all(s string) [][]string {
	if r.dist[s] == 0 {
		return [][]string{nil}
	}
	var out [][]string
	for i, m := range r.p.Moves {
		if u := r.apply(s, i); r.dist[u] == r.dist[s]-1 {
			for _, rest := range r.all(u) {
				out = append(out, append([]string{m.Name}, rest...))
			}
		}
	}
	return out
}

// distribution is the number of states at each distance.
func (r *reference) distribution() []int {
	var out []int
	for _, d := range r.dist {
		for d >= len(out) {
			out = append(out, 0)
		}
		out[d]++
	}
	return out
}
