package rotgrid

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/godtable/godtable/internal/engine/tablebuild"
	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/puzzle"
)

// The other encoding considered: the grid packed as nine 4-bit cells, each
// move a few shifts and masks, and the rank the Lehmer code computed with
// popcounts. It is kept here to measure against the coordinates (see
// BenchmarkApplyRank and BenchmarkWalk), and checked so that the comparison
// is with a correct implementation.

type packed uint64

func pack(g Grid) packed {
	var p packed
	for c, t := range g {
		p |= packed(t-1) << (4 * c)
	}
	return p
}

func (p packed) grid() Grid {
	var g Grid
	for c := range g {
		g[c] = uint8(p>>(4*c)&15) + 1
	}
	return g
}

// packedMask[b] covers the four cells of block b.
var packedMask = func() (m [4]packed) {
	for b, cyc := range blockCycle {
		for _, c := range cyc {
			m[b] |= 15 << (4 * c)
		}
	}
	return m
}()

func (p packed) apply(m Move) packed {
	c := &blockCycle[m.Block()]
	a0, a1 := p>>(4*c[0])&15, p>>(4*c[1])&15
	a2, a3 := p>>(4*c[2])&15, p>>(4*c[3])&15
	p &^= packedMask[m.Block()]
	if m.Clockwise() {
		return p | a0<<(4*c[1]) | a1<<(4*c[2]) | a2<<(4*c[3]) | a3<<(4*c[0])
	}
	return p | a1<<(4*c[0]) | a2<<(4*c[1]) | a3<<(4*c[2]) | a0<<(4*c[3])
}

func (p packed) rank() uint32 {
	var r, seen uint32
	for i := uint32(0); i < 9; i++ {
		v := uint32(p>>(4*i)) & 15
		r = r*(9-i) + v - uint32(bits.OnesCount32(seen&(1<<v-1)))
		seen |= 1 << v
	}
	return r
}

func unrankPacked(r uint32) packed {
	var digit [9]uint32
	for i := 8; i >= 0; i-- {
		digit[i] = r % uint32(9-i)
		r /= uint32(9 - i)
	}
	var p packed
	taken := uint32(0)
	for i, d := range digit {
		v := nthClear(taken, d)
		taken |= 1 << v
		p |= packed(v) << (4 * i)
	}
	return p
}

func packedDef() *puzzle.Def {
	d := *Def()
	d.Name = "rotgrid-packed"
	d.Goal = puzzle.State(pack(Solved))
	d.Unrank = func(r uint64) puzzle.State { return puzzle.State(unrankPacked(uint32(r))) }
	d.Rank = func(s puzzle.State) uint64 { return uint64(packed(s).rank()) }
	d.Apply = func(s puzzle.State, m int) puzzle.State { return puzzle.State(packed(s).apply(Move(m))) }
	d.Accel.StateIsRank = false // packed cells are not ranks
	return &d
}

func TestPackedAgrees(t *testing.T) {
	for r := uint32(0); r < NStates; r += 7 {
		g := FromRank(r)
		p := pack(g)
		if p.grid() != g || unrankPacked(p.rank()) != p {
			t.Fatalf("%v: packed %x does not round-trip", g, p)
		}
		for m := Move(0); m < NMoves; m++ {
			if p.apply(m).grid() != g.Apply(m) {
				t.Fatalf("%v %v: packed gives %v, want %v", g, m, p.apply(m).grid(), g.Apply(m))
			}
		}
	}
}

// The cost of one neighbour in the walk: a move and the rank of the result.
func BenchmarkApplyRank(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	ranks := make([]uint32, 1<<12)
	for i := range ranks {
		ranks[i] = uint32(rng.IntN(NStates))
	}
	b.Run("coordinates", func(b *testing.B) {
		t := MoveTables()
		var sum uint32
		i := 0
		for b.Loop() {
			sum += t.Apply(ranks[i&(len(ranks)-1)], Move(i&7))
			i++
		}
		_ = sum
	})
	b.Run("packed", func(b *testing.B) {
		ps := make([]packed, len(ranks))
		for i, r := range ranks {
			ps[i] = pack(FromRank(r))
		}
		var sum uint32
		i := 0
		for b.Loop() {
			sum += ps[i&(len(ps)-1)].apply(Move(i & 7)).rank()
			i++
		}
		_ = sum
	})
}

// A whole walk through a table, per grid, for each encoding.
func BenchmarkWalk(b *testing.B) {
	steps := make([]walk.Step, NMoves)
	for m := range steps {
		steps[m] = walk.Step{Name: MoveNames[m], Group: -1, Paths: [][]int{{m}}}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	grids := make([]Grid, 1<<12)
	for i := range grids {
		grids[i] = FromRank(uint32(rng.IntN(NStates)))
	}
	for _, c := range []struct {
		name string
		def  *puzzle.Def
		enc  func(Grid) puzzle.State
	}{
		{"coordinates", Def(), func(g Grid) puzzle.State { return puzzle.State(g.Rank()) }},
		{"packed", packedDef(), func(g Grid) puzzle.State { return puzzle.State(pack(g)) }},
	} {
		data, err := tablebuild.Build(c.def)
		if err != nil {
			b.Fatal(err)
		}
		lv, err := table.Decode(c.def, data)
		if err != nil {
			b.Fatal(err)
		}
		w := walk.New(c.def, lv, steps, false)
		states := make([]puzzle.State, len(grids))
		for i, g := range grids {
			states[i] = c.enc(g)
		}
		b.Run(c.name, func(b *testing.B) {
			var buf [walk.MaxSteps]uint8
			i := 0
			for b.Loop() {
				if _, err := w.Solve(states[i&(len(states)-1)], buf[:0]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
