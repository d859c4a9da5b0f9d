package msquare

import (
	"slices"
	"testing"
)

// grid is the board as the statement draws it: two rows of four, left to
// right.
type grid [2][4]uint8

func toGrid(c [Cells]uint8) grid {
	return grid{{c[0], c[1], c[2], c[3]}, {c[7], c[6], c[5], c[4]}}
}

func fromGrid(g grid) [Cells]uint8 {
	return [Cells]uint8{g[0][0], g[0][1], g[0][2], g[0][3], g[1][3], g[1][2], g[1][1], g[1][0]}
}

// The operations as the statement words them, on the drawn grid: a second
// definition, independent of the packed one.
func gridA(g grid) grid { return grid{g[1], g[0]} }

func gridB(g grid) grid {
	var h grid
	for r := range g {
		h[r] = [4]uint8{g[r][3], g[r][0], g[r][1], g[r][2]}
	}
	return h
}

func gridC(g grid) grid {
	h := g
	// Clockwise round the centre: top-left -> top-right -> bottom-right ->
	// bottom-left -> top-left.
	h[0][2] = g[0][1]
	h[1][2] = g[0][2]
	h[1][1] = g[1][2]
	h[0][1] = g[1][1]
	return h
}

var gridMoves = [3]func(grid) grid{gridA, gridB, gridC}

// The statement's three pictures of the operations on the base state.
func TestMovesOnBase(t *testing.T) {
	want := [3]grid{
		{{8, 7, 6, 5}, {1, 2, 3, 4}},
		{{4, 1, 2, 3}, {5, 8, 7, 6}},
		{{1, 7, 2, 4}, {8, 6, 3, 5}},
	}
	for m, w := range want {
		if got := toGrid(Base.Apply(Move(m)).Cells()); got != w {
			t.Errorf("%s on the base: got %v, want %v", Move(m), got, w)
		}
		if got := gridMoves[m](toGrid(Base.Cells())); got != w {
			t.Errorf("grid %s on the base: got %v, want %v", Move(m), got, w)
		}
	}
}

// The packed operations agree with the drawn ones on every board.
func TestMovesAllBoards(t *testing.T) {
	for r := uint32(0); r < NStates; r++ {
		b := Unrank(r)
		for m := range gridMoves {
			want := fromGrid(gridMoves[m](toGrid(b.Cells())))
			if got := b.Apply(Move(m)).Cells(); got != want {
				t.Fatalf("%s on %v: got %v, want %v", Move(m), b, got, want)
			}
		}
	}
}

// A is its own inverse; B and C come back only after four applications, so
// none of A, B, C undoes them: the graph is directed, as the definition
// says.
func TestMoveOrders(t *testing.T) {
	order := [3]int{2, 4, 4}
	def := Def()
	for m := range order {
		for r := uint32(0); r < NStates; r += 97 {
			b := Unrank(r)
			x := b
			n := 0
			for {
				x = x.Apply(Move(m))
				n++
				if x == b {
					break
				}
			}
			if n != order[m] {
				t.Fatalf("%s on %v: back after %d, want %d", Move(m), b, n, order[m])
			}
		}
		for u := range order {
			undoes := true
			for r := uint32(0); r < NStates && undoes; r++ {
				b := Unrank(r)
				undoes = b.Apply(Move(m)).Apply(Move(u)) == b
			}
			if undoes != (def.Inverse[m] == u) {
				t.Errorf("%s undoes %s: %v, but Inverse[%d] = %d", Move(u), Move(m), undoes, m, def.Inverse[m])
			}
		}
	}
	if def.Undirected() {
		t.Error("the definition says the graph is undirected")
	}
}

// Rank is the position in lexicographic order: enumerating the permutations
// in that order gives ranks 0, 1, 2, ..., and Unrank undoes Rank.
func TestRankLexicographic(t *testing.T) {
	p := [Cells]uint8{1, 2, 3, 4, 5, 6, 7, 8}
	r := uint32(0)
	for {
		b := FromCells(p)
		if got := b.Rank(); got != r {
			t.Fatalf("rank of %v = %d, want %d", p, got, r)
		}
		if got := Unrank(r); got != b {
			t.Fatalf("Unrank(%d) = %v, want %v", r, got, b)
		}
		r++
		if !nextPerm(p[:]) {
			break
		}
	}
	if r != NStates {
		t.Fatalf("%d permutations, want %d", r, NStates)
	}
}

// nextPerm steps p to the next permutation in lexicographic order, or
// reports that p was the last.
func nextPerm(p []uint8) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return true
}

// Renaming numbers commutes with every operation, and renames the target to
// the base state: together, by induction on the length, a sequence takes
// from to to exactly when it takes Relabel(from, to) to the base state.
func TestRelabel(t *testing.T) {
	for _, tr := range []uint32{0, 1, 12345, 40319, 27182} {
		to := Unrank(tr)
		if got := Relabel(to, to); got != Base {
			t.Fatalf("Relabel(%v, itself) = %v, want the base state", to, got)
		}
		for r := uint32(0); r < NStates; r++ {
			from := Unrank(r)
			x := Relabel(from, to)
			for m := Move(0); m < 3; m++ {
				if got, want := x.Apply(m), Relabel(from.Apply(m), to); got != want {
					t.Fatalf("%s after renaming %v for %v: %v, renaming after: %v", m, from, to, got, want)
				}
			}
		}
	}
	// The renaming that takes T to the base state, applied to the base,
	// is T's inverse permutation.
	to := FromCells([Cells]uint8{2, 6, 8, 4, 5, 7, 3, 1})
	if got, want := Relabel(Base, to), FromCells([Cells]uint8{8, 1, 7, 4, 5, 2, 6, 3}); got != want {
		t.Errorf("Relabel(base, %v) = %v, want %v", to, got, want)
	}
}

func TestBase(t *testing.T) {
	if want := FromCells([Cells]uint8{1, 2, 3, 4, 5, 6, 7, 8}); Base != want {
		t.Errorf("Base = %o, want %o", Base, want)
	}
	if Base.Rank() != 0 {
		t.Errorf("Base has rank %d", Base.Rank())
	}
}

// The move table is the packed operations, ranked, for every board.
func TestMoveTable(t *testing.T) {
	mt := Moves()
	def := Def()
	for r := uint32(0); r < NStates; r++ {
		b := Unrank(r)
		for m := Move(0); m < 3; m++ {
			want := b.Apply(m).Rank()
			if got := mt.Apply(r, m); got != want {
				t.Fatalf("move table: %s from %v (rank %d) gives %d, want %d", m, b, r, got, want)
			}
			if got := def.Rank(def.Apply(def.Unrank(uint64(r)), int(m))); got != uint64(want) {
				t.Fatalf("definition: %s from rank %d gives %d, want %d", m, r, got, want)
			}
		}
	}
	if def.Rank(def.Goal) != uint64(Base.Rank()) {
		t.Errorf("goal is rank %d, want the base state's %d", def.Rank(def.Goal), Base.Rank())
	}
}
