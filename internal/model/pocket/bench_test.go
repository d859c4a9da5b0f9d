package pocket

import (
	"math/rand/v2"
	"testing"

	"github.com/godtable/godtable/internal/model/puzzle"
)

func benchInputs() ([]string, []Cubie) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := make([]string, 4096)
	c := make([]Cubie, 4096)
	for i := range s {
		c[i] = randomCubie(rng)
		s[i] = c[i].Facelets()
	}
	return s, c
}

func BenchmarkParse(b *testing.B) {
	in, _ := benchInputs()
	i := 0
	for b.Loop() {
		if _, err := Parse(in[i&4095]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkRank(b *testing.B) {
	_, cs := benchInputs()
	i := 0
	var sink uint32
	for b.Loop() {
		sink += cs[i&4095].Rank()
		i++
	}
	_ = sink
}

// BenchmarkFoldBuild measures building the fold's index, which the first
// answer from a folded table pays.
func BenchmarkFoldBuild(b *testing.B) {
	for b.Loop() {
		buildFold()
	}
}

// BenchmarkFoldIndex measures the entry of a rank, on random ranks.
func BenchmarkFoldIndex(b *testing.B) {
	f := theFold()
	_, cs := benchInputs()
	rs := make([]uint32, len(cs))
	for i, c := range cs {
		rs[i] = c.Rank()
	}
	i := 0
	var sink uint32
	for b.Loop() {
		sink += f.index(rs[i&4095])
		i++
	}
	_ = sink
}

// BenchmarkMoveTables measures building the coordinate move tables, which
// the first answer pays.
func BenchmarkMoveTables(b *testing.B) {
	for b.Loop() {
		buildTables()
	}
}

// BenchmarkWalkTables measures keying the permutation move table for the
// fold (walkTables.next), which Walk pays once, with the move
// tables and the fold's index.
func BenchmarkWalkTables(b *testing.B) {
	mt, f := MoveTables(), theFold()
	for b.Loop() {
		newWalkTables(mt, f)
	}
}

// BenchmarkOwnWalk is the specialised walk (Walk) alone, through the folded
// distance table, from random positions to the goal: no walker and no
// goroutine, so that under valgrind --tool=cachegrind, with GOGC=off and
// -test.cpu 1, the counts of -test.benchtime 20001x less those of 1x are
// 20,000 walks' and nothing else, the same from run to run.
func BenchmarkOwnWalk(b *testing.B) {
	for _, def := range []*puzzle.Def{HTM(), QTM()} {
		b.Run(def.Name, func(b *testing.B) {
			lv := embeddedLevels(b, def)
			own := NewWalk(def == QTM(), lv)
			_, cs := benchInputs()
			rs, vs := make([]uint32, len(cs)), make([]uint8, len(cs))
			for i, c := range cs {
				rs[i] = c.Rank()
				vs[i] = lv.At(uint64(rs[i]))
			}
			i := 0
			for b.Loop() {
				if _, _, ok := own.Solve(rs[i&4095], vs[i&4095]); !ok {
					b.Fatal("no walk")
				}
				i++
			}
		})
	}
}

// BenchmarkEndgame measures working out each metric's endgame, which
// Walk pays once, with its other tables.
func BenchmarkEndgame(b *testing.B) {
	MoveTables()
	for _, def := range []*puzzle.Def{HTM(), QTM()} {
		b.Run(def.Name, func(b *testing.B) {
			for b.Loop() {
				newEndgame(def == QTM())
			}
		})
	}
}
