package symindex

import (
	"math/bits"
	"testing"

	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// The parity sums the moves keep (found from the moves alone) are those
// every reachable state keeps (found by walking the states), and the
// index divides out a tie exactly where one of those sums reads B and
// B's own index holds states of both its parities: otherwise every
// class of A keeps all of B.
func TestParityTiesAsTheStates(t *testing.T) {
	for _, c := range samples() {
		if c.within {
			continue // no parity of B's
		}
		t.Run(c.name, func(t *testing.T) {
			if c.long && testing.Short() {
				t.Skip("long")
			}
			p := c.puzzle(t)
			full, err := permindex.New(p)
			if err != nil {
				t.Fatal(err)
			}
			if full.Size() > maxEnumerated() {
				t.Skipf("%d states", full.Size())
			}
			x, err := New(p, p.Symmetries(), c.inA)
			if err != nil {
				t.Fatal(err)
			}
			units, ofA := parityUnits(p, x.inA)
			if len(units) > 16 {
				t.Skipf("%d orbits", len(units))
			}
			reached := reachedParities(t, p, full, units)
			byMoves := map[uint64]bool{}
			for _, v := range span(movesKept(p, units)) {
				byMoves[v] = true
			}
			var aMask uint64
			for j, a := range ofA {
				if a {
					aMask |= 1 << j
				}
			}
			splitsB := false
			for v := uint64(0); v < 1<<len(units); v++ {
				byStates := true
				for par := range reached {
					byStates = byStates && bits.OnesCount64(v&par)%2 == 0
				}
				if byStates != byMoves[v] {
					t.Fatalf("sum %b: kept by the states %v, by the moves %v", v, byStates, byMoves[v])
				}
				if byStates && v&^aMask != 0 && bothParities(x, units, v&^aMask) {
					splitsB = true
				}
			}
			whole := uint64(x.ClassesOfA()) * x.StatesOfB()
			if splitsB != (x.ParityTies() > 0) {
				t.Fatalf("a tie splits B: %v, but the index follows %d", splitsB, x.ParityTies())
			}
			if splitsB && 2*x.Size() > whole || !splitsB && x.Size() != whole {
				t.Fatalf("%d indices for %d classes of A and %d states of B (ties %d)", x.Size(), x.ClassesOfA(), x.StatesOfB(), x.ParityTies())
			}
			t.Logf("%d orbits with a parity, %d ties followed: %d indices of %d", len(units), x.ParityTies(), x.Size(), whole)
		})
	}
}

// reachedParities walks every state the moves reach and returns the
// parity vectors (bit j unit j's) they show.
func reachedParities(t *testing.T, p *ksolve.Puzzle, full *permindex.Index, units []parityUnit) map[uint64]bool {
	t.Helper()
	out := map[uint64]bool{}
	eachReached(t, p, full, func(_ uint64, st ksolve.State) {
		var par uint64
		for j := range units {
			par |= uint64(units[j].parity(st)) << j
		}
		out[par] = true
	})
	return out
}

// movesKept is kept over each generator's parities on the units.
func movesKept(p *ksolve.Puzzle, units []parityUnit) []uint64 {
	var rows []uint64
	for _, m := range p.Gens {
		perm := p.Moves[m].Perm
		var r uint64
		for j, u := range units {
			r |= uint64(inversionParity(len(u.slots), func(i int) uint8 { return perm[u.slots[i]] })) << j
		}
		rows = append(rows, r)
	}
	return kept(rows, len(units))
}

// span is every sum of the vectors.
func span(basis []uint64) []uint64 {
	out := []uint64{0}
	for _, b := range basis {
		for _, v := range out {
			out = append(out, v^b)
		}
	}
	return out
}

// bothParities says whether B's index holds states of both parities of
// the sum of units bSide.
func bothParities(x *Index, units []parityUnit, bSide uint64) bool {
	seen := [2]bool{}
	for b := range x.StatesOfB() {
		st := x.b.State(b)
		par := 0
		for j := range units {
			if bSide>>j&1 == 1 {
				par ^= int(units[j].parity(st))
			}
		}
		seen[par] = true
	}
	return seen[0] && seen[1]
}

// kept finds, over random rows, every sum whose overlap with each row is
// even, and no other.
func TestKeptIsTheNullSpace(t *testing.T) {
	rows := [][]uint64{{}, {0b1011}, {0b11, 0b110, 0b101}, {0b1111, 0b1111}, {0b10000, 0b01111, 0b10101}, {0b111111, 0b100001, 0b010010, 0b001100}}
	for _, rs := range rows {
		const n = 6
		basis := kept(rs, n)
		got := map[uint64]bool{}
		for _, v := range span(basis) {
			if got[v] {
				t.Fatalf("rows %b: the basis %b is not independent", rs, basis)
			}
			got[v] = true
		}
		for v := uint64(0); v < 1<<n; v++ {
			want := true
			for _, r := range rs {
				want = want && bits.OnesCount64(v&r)%2 == 0
			}
			if got[v] != want {
				t.Fatalf("rows %b: sum %b kept %v, want %v", rs, v, got[v], want)
			}
		}
	}
}

// Estimate, from the parts' sizes and the moves alone, is at most the
// index's size and within a small factor of it: it counts A's classes as
// its states over the symmetries, and halves B for each parity tie with A,
// where the index counts the classes and the signature's states.
func TestEstimateCountsTies(t *testing.T) {
	for _, c := range samples() {
		if c.inA != nil || c.within {
			continue // Estimate takes A as New chooses it
		}
		t.Run(c.name, func(t *testing.T) {
			if c.long && testing.Short() {
				t.Skip("long")
			}
			estimateAgrees(t, c.puzzle(t))
		})
	}
	t.Run("domino", func(t *testing.T) {
		p := sample{twsearch: "3x3x3", moves: "U,D,R2,L2,F2,B2"}.puzzle(t)
		if x := estimateAgrees(t, p); x == nil || x.tie == nil {
			t.Fatal("the domino group's index has no parity tie")
		}
	})
}

// estimateAgrees checks Estimate against New's index of p, and returns
// that index (nil where New, and so Estimate, fail).
func estimateAgrees(t *testing.T, p *ksolve.Puzzle) *Index {
	t.Helper()
	syms := p.Symmetries()
	x, err := New(p, syms, nil)
	est, _, _, eerr := Estimate(p, len(syms))
	if err != nil || eerr != nil {
		if (err == nil) != (eerr == nil) {
			t.Fatalf("New: %v; Estimate: %v", err, eerr)
		}
		return nil
	}
	t.Logf("estimate %d, index %d (%.3f), ties %v", est, x.Size(), float64(x.Size())/float64(est), x.tie != nil)
	if est > x.Size() || x.Size() >= estimateFrom && float64(x.Size()) > maxEstimateRatio*float64(est) {
		t.Fatalf("estimate %d, index %d", est, x.Size())
	}
	return x
}

// Estimate is used for puzzles of many states (deftable.ChooseClassIndex);
// in a small one most states of A may be their own images under a
// symmetry, and A's classes many more than its states over the
// symmetries.
const (
	estimateFrom     = 10000
	maxEstimateRatio = 1.25
)
