package cube3

import (
	"math/rand/v2"
	"testing"
	"time"
)

// The two-phase search solves every cube it is given, in at most
// TwoPhaseMaxLength moves, never turning a face twice in a row, and gives
// the same sequence each time; random cubes are drawn uniformly.
func TestTwoPhaseSolves(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	n := 60
	if testing.Short() {
		n = 15
	}
	flipped := Solved
	flipped.EO = [12]uint8{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	cubes := []Cubie{Solved, Solved.Apply(0), flipped}
	for range n {
		cubes = append(cubes, randomState(rng))
	}
	start := time.Now()
	total := 0
	for _, c := range cubes {
		sol := TwoPhase(c)
		if len(sol) > TwoPhaseMaxLength || !c.ApplyMoves(sol).IsSolved() {
			t.Fatalf("%s: %v (%d moves) does not solve it within %d", c.Facelets(), sol, len(sol), TwoPhaseMaxLength)
		}
		for i := 1; i < len(sol); i++ {
			if sol[i].Face() == sol[i-1].Face() {
				t.Fatalf("%s: %v turns a face twice in a row", c.Facelets(), sol)
			}
		}
		if again := TwoPhase(c); string(movesBytes(again)) != string(movesBytes(sol)) {
			t.Fatalf("%s: %v, then %v", c.Facelets(), sol, again)
		}
		if gen := Generator(c); Solved.ApplyMoves(gen) != c {
			t.Fatalf("%s: the generator %v makes %s", c.Facelets(), gen, Solved.ApplyMoves(gen).Facelets())
		}
		total += len(sol)
	}
	t.Logf("%d cubes, %.1f moves on average, %v", len(cubes), float64(total)/float64(len(cubes)), time.Since(start))
}

func movesBytes(ms []Move) []byte {
	b := make([]byte, len(ms))
	for i, m := range ms {
		b[i] = byte(m)
	}
	return b
}

// Each table of the two phases is the exact distance of its pair of
// coordinates: every entry one move from an entry one nearer, or the goal,
// and none two apart, by the phase's moves.
func TestTwoPhaseTablesExact(t *testing.T) {
	tp := twoPhaseTables()
	all := make([]Move, NMoves)
	for m := range all {
		all[m] = Move(m)
	}
	base := int(solvedSlice) - int(solvedSlice)%24
	order := make([]uint16, nSlicePerm*NMoves)
	for o := 0; o < nSlicePerm; o++ {
		for m := range all {
			order[o*NMoves+m] = tp.mt.sliceSorted[(base+o)*NMoves+m] % 24
		}
	}
	for _, c := range []struct {
		name   string
		d      []uint8
		nb     int
		moves  []Move
		ta, tb []uint16
	}{
		{"twist-slice", tp.twistSlice, nSlice, all, tp.mt.twist, tp.mt.slice},
		{"flip-slice", tp.flipSlice, nSlice, all, tp.mt.flip, tp.mt.slice},
		{"cperm-order", tp.cpermSlice, nSlicePerm, phase2Moves, tp.mt.cperm, order},
		{"ud8-order", tp.ud8Slice, nSlicePerm, phase2Moves, tp.ud8, order},
	} {
		goals := 0
		for i, v := range c.d {
			if v == unvisited {
				t.Fatalf("%s: entry %d never reached", c.name, i)
			}
			a, b := i/c.nb, i%c.nb
			nearer := false
			for _, m := range c.moves {
				w := c.d[int(c.ta[a*NMoves+int(m)])*c.nb+int(c.tb[b*NMoves+int(m)])]
				if int(w) < int(v)-1 || int(w) > int(v)+1 {
					t.Fatalf("%s: entry %d is %d, a neighbour %d", c.name, i, v, w)
				}
				nearer = nearer || w == v-1
			}
			if v == 0 {
				goals++
			} else if !nearer {
				t.Fatalf("%s: entry %d is %d with no neighbour nearer", c.name, i, v)
			}
		}
		if goals != 1 {
			t.Fatalf("%s: %d goals", c.name, goals)
		}
	}
}

// BenchmarkTwoPhase finds the sequences of random cubes, its tables made
// before the clock starts.
func BenchmarkTwoPhase(b *testing.B) {
	twoPhaseTables()
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		TwoPhase(randomState(rng))
	}
}
