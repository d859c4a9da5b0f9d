package deftable

import (
	"context"
	"math/bits"
	"runtime"
	"sync"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// A definition's Illegal lines forbid some states: a move from a legal
// state to an illegal one does not exist. The index numbers the states of
// the group the moves generate, illegal ones included, so the search runs
// on the index's graph with the illegal states cut out: an illegal index
// is its own only neighbour, and a neighbour that is illegal reads as the
// index itself. Both ways of a level see the same graph (a move and its
// inverse join two legal states or neither), the illegal indices stay
// unseen, and the table keeps them as it keeps every index no move
// reaches: unreachable, which the walk never steps onto.

// legalGraph is an index's graph with the illegal states cut out.
type legalGraph struct {
	x *permindex.Index
	// illegal has bit i set for each illegal index i.
	illegal []uint64
}

// searchGraph is the graph the search of p's table runs on: the index's,
// or for a definition with Illegal lines, the index's with the illegal
// states cut out (a bit an index, worked out here on workers goroutines).
func searchGraph(ctx context.Context, p *ksolve.Puzzle, x *permindex.Index, workers int) (bfs.Graph, error) {
	if !p.Def.HasIllegal() {
		return x, nil
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	size := x.Size()
	g := &legalGraph{x: x, illegal: make([]uint64, (size+63)/64)}
	words := uint64(len(g.illegal))
	per := max((words+uint64(workers)-1)/uint64(workers), 1)
	var wg sync.WaitGroup
	for lo := uint64(0); lo < words; lo += per {
		wg.Go(func() {
			// Each goroutine writes its own words of the bits.
			for w := lo; w < min(lo+per, words) && ctx.Err() == nil; w++ {
				var b uint64
				for i := 64 * w; i < min(64*w+64, size); i++ {
					if !p.Def.Legal(x.State(i)) {
						b |= 1 << (i % 64)
					}
				}
				g.illegal[w] = b
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return g, nil
}

// LegalMemory is the memory searchGraph takes for p's index of size
// states: a bit a state where p's definition gives Illegal lines.
func LegalMemory(p *ksolve.Puzzle, size uint64) uint64 {
	if !p.Def.HasIllegal() {
		return 0
	}
	return (size + 63) / 64 * 8
}

func (g *legalGraph) bad(i uint64) bool { return g.illegal[i/64]>>(i%64)&1 != 0 }

// Size is the index's.
func (g *legalGraph) Size() uint64 { return g.x.Size() }

// Degree is the index's.
func (g *legalGraph) Degree() int { return g.x.Degree() }

// Kernel wraps the index's. It is no bfs.Finder: a backward level reads
// the neighbours it gives.
func (g *legalGraph) Kernel() bfs.Kernel { return &legalKernel{g: g, k: g.x.Kernel()} }

type legalKernel struct {
	g *legalGraph
	k bfs.Kernel
}

// Neighbors gives the index kernel's neighbours, each illegal one replaced
// by the index whose neighbour it is, and every neighbour of an illegal
// index by itself.
func (k *legalKernel) Neighbors(w, m uint64, out []uint64) {
	k.k.Neighbors(w, m, out)
	deg := k.g.x.Degree()
	for n := 0; m != 0; m &= m - 1 {
		i := 32*w + uint64(bits.TrailingZeros64(m))/2
		nb := out[n : n+deg]
		cut := k.g.bad(i)
		for j, v := range nb {
			if cut || k.g.bad(v) {
				nb[j] = i
			}
		}
		n += deg
	}
}
