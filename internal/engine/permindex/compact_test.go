package permindex

import (
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// splitSix is a set of six distinct pieces that, with move tables of at
// most 200 entries (splitTable), is indexed as which slots hold pieces 1-3
// (20 ways) and the arrangement of each half (6 each): its moves are a
// 3-cycle and a 5-cycle, both even, so the parity of the six, which is the
// sum of the three coordinates' parities, halves the index; the
// orientations the 3-cycle twists are tied to nothing.
const splitSix = `Name SplitSix
Set P 6 1
Set O 3 3
Solved
End
Move A
P
2 3 1 4 5 6
O
2 3 1
1 1 1
End
Move B
P
1 3 4 5 6 2
End
`

const splitTable = 200

// checkIndex proves x an index of p's states by a search over whole
// states: every reachable state has an index below Size, its own, from
// which State gives the state back; every index's neighbours are the
// indices of the states the moves make; and the search over the index
// alone finds the states' distribution. It returns the number of states.
func checkIndex(t *testing.T, p *ksolve.Puzzle, x *Index) uint64 {
	t.Helper()
	d := p.Def
	seen := map[string]bool{string(d.Solved): true}
	taken := map[uint64]bool{}
	frontier := []ksolve.State{d.Solved}
	var counts []uint64
	out := make([]uint64, x.Degree())
	for len(frontier) > 0 {
		counts = append(counts, uint64(len(frontier)))
		var next []ksolve.State
		for _, s := range frontier {
			i, ok := x.Index(s)
			if !ok || i >= x.Size() || taken[i] {
				t.Fatalf("state %v: index %d, %v (size %d, or taken)", s, i, ok, x.Size())
			}
			taken[i] = true
			if back := x.State(i); string(back) != string(s) {
				t.Fatalf("index %d: state %v, want %v", i, back, s)
			}
			x.Neighbors(i, out)
			for gi, g := range p.Gens {
				n := d.Apply(nil, s, p.Moves[g].Perm)
				if j, ok := x.Index(n); !ok || j != out[gi] || x.Apply(i, gi) != j {
					t.Fatalf("index %d, move %s: neighbour %d, want %d (%v)", i, p.Moves[g].Name, out[gi], j, ok)
				}
				if !seen[string(n)] {
					seen[string(n)] = true
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	// The search's kernel, a block at a time, gives every index the
	// neighbours Neighbors gives it, reachable or not.
	k := x.Kernel()
	G := x.Degree()
	words := make([]uint64, 32*G)
	for w := uint64(0); w*32 < x.Size(); w++ {
		m := uint64(0x5555555555555555)
		if n := x.Size() - w*32; n < 32 {
			m &= 1<<(2*n) - 1
		}
		k.Neighbors(w, m, words)
		j := 0
		for mm := m; mm != 0; mm &= mm - 1 {
			i := w*32 + uint64(bits.TrailingZeros64(mm))/2
			x.Neighbors(i, out)
			if !slices.Equal(words[j*G:(j+1)*G], out) {
				t.Fatalf("index %d: the kernel's neighbours %v, Neighbors' %v", i, words[j*G:(j+1)*G], out)
			}
			j++
		}
	}
	if got := distances(t, p, x); !slices.Equal(got, counts) {
		t.Fatalf("search over the index: %v, want %v", got, counts)
	}
	total := uint64(0)
	for _, c := range counts {
		total += c
	}
	return total
}

// Every small definition's index, with coordinates joined and without, is
// proved by checkIndex; joined, it numbers exactly the reachable states.
func TestJoinedIndexProved(t *testing.T) {
	type def struct {
		name, src string
		split     bool
	}
	defs := []def{{"splitSix", splitSix, true}, {"oneState", oneState, false}}
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "*.tws"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if b := filepath.Base(f); b == "pocket.tws" || b == "pyraminx.tws" && testing.Short() {
			continue // millions of states: the deftable tests prove its table
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		defs = append(defs, def{name: filepath.Base(f), src: string(src)})
	}
	for _, c := range defs {
		t.Run(c.name, func(t *testing.T) {
			if c.split {
				old := maxTable
				maxTable = splitTable
				t.Cleanup(func() { maxTable = old })
			}
			p := puzzleOf(t, c.src)
			var sizes [2]uint64
			for i, join := range []bool{false, true} {
				joining = join
				x, err := New(p)
				joining = true
				if err != nil {
					t.Fatal(err)
				}
				reached := checkIndex(t, p, x)
				sizes[i] = x.Size()
				if join && x.Size() != reached {
					t.Errorf("joined: %d indices for %d states", x.Size(), reached)
				}
			}
			if sizes[1] > sizes[0] {
				t.Errorf("joined %d indices, raw %d", sizes[1], sizes[0])
			}
		})
	}
}

// A part split into which slots hold which half and each half's
// arrangement keeps the parity its moves keep: the sum of the three
// coordinates' parities, derived into the last arrangement's.
func TestSplitParity(t *testing.T) {
	rawOnly(t)
	old := maxTable
	maxTable = splitTable
	t.Cleanup(func() { maxTable = old })
	p := puzzleOf(t, splitSix)
	x, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	kinds := []kind{}
	for _, c := range x.coords {
		kinds = append(kinds, c.kind)
	}
	if !slices.Equal(kinds, []kind{kComb, kArr, kArr, kPerm}) || len(x.invs) != 2 || !x.coords[2].pivot || len(x.invs[0].others) != 2 {
		t.Fatalf("coordinates %v, invariants %+v: want P's comb and two arrangements, the second halved by the other two, and O's arrangement", kinds, x.invs)
	}
	// 360 even arrangements of P; O's 3 even arrangements, each with the
	// one turn A gives it: O's orientations follow from where its pieces
	// are (part.gauge), and have no coordinate.
	if n := checkIndex(t, p, x); n != 360*3 || x.Size() != n {
		t.Errorf("%d states, %d indices; want %d, %d", n, x.Size(), 360*3, 360*3)
	}
}

// fiveFlips is five pieces that only flip, by moves that keep two sums of
// flips: A1+B+C and A2+B+D, plus a sixth, E, on its own. With joints of at
// most 4 values, no pair of coordinates shows a tie: A1 and A2 join, B and
// C, D and E, untied, and the two sums are characters' ties of three
// joints, both of them read by A's joint, whose value then keeps two bits
// fewer, and which moves last.
const fiveFlips = `Name FiveFlips
Set A1 1 2
Set A2 1 2
Set B 1 2
Set C 1 2
Set D 1 2
Set E 1 2
Solved
End
Move M
A1
1
1
A2
1
1
B
1
1
End
Move N
A1
1
1
C
1
1
End
Move O
A2
1
1
D
1
1
End
Move P
B
1
1
C
1
1
D
1
1
End
Move Q
E
1
1
End
`

// Ties of three or more joints found by their characters: the index is
// the reachable states, proved by checkIndex, with two bits of one joint's
// value derived.
func TestCharacterTies(t *testing.T) {
	old := maxJoint
	maxJoint = 4
	t.Cleanup(func() { maxJoint = old })
	p := puzzleOf(t, fiveFlips)
	x, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	var shape []uint64
	for _, c := range x.coords {
		shape = append(shape, c.full)
	}
	// A's joint takes both bits; its invariants read the last coordinate,
	// so it moves last, where the search's blocks allow it (pivotLast).
	if !slices.Equal(shape, []uint64{4, 4, 4}) || !x.coords[2].pivot || x.coords[2].pbits != 2 || len(x.invs) != 2 || !x.blocksHold() {
		t.Fatalf("coordinates of %v values, last with %d bits derived, invariants %+v: want three joints of 4, the last with 2 derived",
			shape, x.coords[2].pbits, x.invs)
	}
	if n := checkIndex(t, p, x); n != 16 || x.Size() != 16 {
		t.Errorf("%d states, %d indices; want 16, 16", n, x.Size())
	}
}
