package cube3

import (
	"math/rand/v2"
	"testing"
)

// The edge-only conjugation agrees with the stickers' on random positions,
// every symmetry maps face turns to face turns, and conjugation respects
// products.
func TestSymmetriesAct(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for k := 0; k < 100; k++ {
		c, d := randomCubie(rng), randomCubie(rng)
		for s := range udSyms {
			g := &udSyms[s]
			cc := g.conj(c)
			ep, eo := g.conjEdges(&c)
			if ep != cc.EP || eo != cc.EO {
				t.Fatalf("symmetry %d: edges differ", s)
			}
			if g.conj(c.Mul(d)) != cc.Mul(g.conj(d)) {
				t.Fatalf("symmetry %d does not respect products", s)
			}
			if udSyms[symInverse[s]].conj(cc) != c {
				t.Fatalf("symmetry %d: inverse does not undo", s)
			}
		}
	}
	for s := range udSyms {
		for m := 0; m < NMoves; m++ {
			img := udSyms[s].conj(moveCubie[m])
			found := false
			for n := 0; n < NMoves; n++ {
				found = found || moveCubie[n] == img
			}
			if !found {
				t.Fatalf("symmetry %d maps %s to no face turn", s, Move(m))
			}
		}
	}
	// The axes' move maps are bijections.
	for a := range axisMove {
		var seen [NMoves]bool
		for _, m := range axisMove[a] {
			seen[m] = true
		}
		for m, ok := range seen {
			if !ok {
				t.Fatalf("axis %d: no move maps to %s", a, Move(m))
			}
		}
	}
}

func TestCoordinates(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	mt := newMoveTables()
	for k := 0; k < 300; k++ {
		c := randomCubie(rng)
		for m := 0; m < NMoves; m++ {
			d := c.Apply(Move(m))
			if mt.twist[int(twistOf(&c))*NMoves+m] != twistOf(&d) ||
				mt.flip[int(flipOf(&c))*NMoves+m] != flipOf(&d) ||
				mt.sliceSorted[int(sliceSortedOf(&c))*NMoves+m] != sliceSortedOf(&d) ||
				mt.cperm[int(cpermOf(&c))*NMoves+m] != cpermOf(&d) ||
				mt.slice[int(sliceSortedOf(&c)/24)*NMoves+m] != sliceSortedOf(&d)/24 {
				t.Fatalf("move %s: a move table disagrees with the cubies", Move(m))
			}
		}
	}
	for v := 0; v < nSliceSorted; v++ {
		c := Solved
		setSliceSorted(&c, v)
		if int(sliceSortedOf(&c)) != v {
			t.Fatalf("slice coordinate %d reads back as %d", v, sliceSortedOf(&c))
		}
	}
}
