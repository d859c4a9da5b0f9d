package rotgrid

import (
	"math/bits"
	"sync"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// Tables are the coordinate move tables, about 290 KB in all, laid out as
// the walk's puzzle.Coords reads them, which are these arrays themselves:
// X[x*NMoves+m] is the X coordinate after move m (Coords.Major), Set[x] the
// five free cells of X as an index among the 126 possible sets
// (Coords.Class), and Z[(s*NZ+z)*NMoves+m] the Z coordinate after move m
// for the set s (Coords.MinorMoves). TestMoveTablesExhaustive checks every
// entry against Grid.Apply, which defines the moves.
type Tables struct {
	X   [NX * NMoves]uint16
	Set [NX]uint8
	Z   [NSets * NZ * NMoves]uint16
}

// MoveTables are the move tables, built on first use.
var MoveTables = sync.OnceValue(buildTables)

// buildTables builds the move tables (BenchmarkMoveTables).
func buildTables() *Tables {
	t := new(Tables)
	// Number the five-cell sets in increasing order of their masks.
	var setIndex [1 << 9]uint8
	var setMask [NSets]uint16
	n := 0
	for m := 0; m < 1<<9; m++ {
		if bits.OnesCount(uint(m)) == 5 {
			setIndex[m], setMask[n] = uint8(n), uint16(m)
			n++
		}
	}
	// The coordinates after a move are taken apart and put together as
	// xCoord, zCoord and FromRank do, on the cells alone: where the move
	// takes each cell's tile, read once off Grid.Apply (which defines the
	// moves) on the solved grid. Unranking, moving and ranking every grid
	// instead took six times as long, which a one-shot answer waits for.
	var to [NMoves][9]uint8 // to[m][c]: the cell that move m takes cell c's tile to
	for m := TL; m < NMoves; m++ {
		for c, tile := range Solved.Apply(m) {
			to[m][tile-1] = uint8(c)
		}
	}
	// X: the cells of the tiles 1..4 in turn, each as its index among the
	// cells not yet taken. xOf[cells in base 9] is X, so that a move's X is
	// the moved cells looked up.
	var cellsOf [NX][4]uint8
	var xOf [9 * 9 * 9 * 9]uint16
	for x := uint32(0); x < NX; x++ {
		var cells [4]uint8
		taken := unlehmer(x, 9, cells[:])
		t.Set[x] = setIndex[^taken&(1<<9-1)]
		cellsOf[x] = cells
		xOf[int(cells[0])*729+int(cells[1])*81+int(cells[2])*9+int(cells[3])] = uint16(x)
	}
	for x := range cellsOf {
		c := &cellsOf[x]
		for m := range to {
			tm := &to[m]
			t.X[x*NMoves+m] = xOf[int(tm[c[0]])*729+int(tm[c[1]])*81+int(tm[c[2]])*9+int(tm[c[3]])]
		}
	}
	t.fillZ(&setMask, &to)
	return t
}

// fillZ fills in the moves of Z: the tiles 5..9 met in cell order, each as
// its index among the tiles not yet met, for each set of their cells
// (setMask) and each move (to[m][c]: the cell move m takes cell c's tile
// to). Where they go depends on their cells, not on which of the tiles 1..4
// is where: for a set of cells and a move, the order they are met in after
// it is a fixed reordering of the order before, and few reorderings occur,
// so each is worked out once for all 120 orders (reordered[p], p the
// reordering's own rank).
func (t *Tables) fillZ(setMask *[NSets]uint16, to *[NMoves][9]uint8) {
	var order [NZ][5]uint8 // the tiles (0..4) met in turn, for each Z
	for z := range order {
		unlehmer(uint32(z), 5, order[z][:])
	}
	var reordered [NZ]*[NZ]uint8
	for s, mask := range setMask {
		var rows [NMoves]*[NZ]uint8
		var cells [5]uint8
		k := 0
		for c := range 9 {
			if mask&(1<<c) != 0 {
				cells[k] = uint8(c)
				k++
			}
		}
		for m := TL; m < NMoves; m++ {
			// The j-th cell met after the move holds the tile of the
			// perm[j]-th met before.
			var after uint16
			var from [9]uint8
			for i, c := range cells {
				c2 := to[m][c]
				after |= 1 << c2
				from[c2] = uint8(i)
			}
			var perm [5]uint8
			j := 0
			for c := range 9 {
				if after&(1<<c) != 0 {
					perm[j] = from[c]
					j++
				}
			}
			p := lehmer(perm[:], 5)
			row := reordered[p]
			if row == nil {
				row = new([NZ]uint8)
				for z := range order {
					var met [5]uint8
					for j, i := range perm {
						met[j] = order[z][i]
					}
					row[z] = uint8(lehmer(met[:], 5))
				}
				reordered[p] = row
			}
			rows[m] = row
		}
		for z := range NZ {
			for m, row := range rows {
				t.Z[(s*NZ+z)*NMoves+m] = uint16(row[z])
			}
		}
	}
}

// Apply returns the rank after move m.
func (t *Tables) Apply(r uint32, m Move) uint32 {
	x, z := r/NZ, r%NZ
	return uint32(t.X[x*NMoves+uint32(m)])*NZ + uint32(t.Z[(uint32(t.Set[x])*NZ+z)*NMoves+uint32(m)])
}

// Def is the table definition "rotgrid": the 362,880 ranks, goal 0,
// the eight moves in notation order, each undone by the same block turned
// the other way (so the table keeps distances mod 3).
var Def = sync.OnceValue(func() *puzzle.Def {
	t := MoveTables()
	names := make([]string, NMoves)
	inverse := make([]int, NMoves)
	for m := Move(0); m < NMoves; m++ {
		names[m] = m.String()
		inverse[m] = int(m.Inverse())
	}
	coords := &puzzle.Coords{Minor: NZ, Class: t.Set[:], Major: t.X[:], MinorMoves: t.Z[:]}
	return &puzzle.Def{
		Name:    "rotgrid",
		Size:    NStates,
		Goal:    puzzle.State(Solved.Rank()),
		Moves:   names,
		Inverse: inverse,
		Unrank:  func(r uint64) puzzle.State { return puzzle.State(r) },
		Rank:    func(s puzzle.State) uint64 { return uint64(s) },
		Apply:   func(s puzzle.State, m int) puzzle.State { return puzzle.State(t.Apply(uint32(s), Move(m))) },
		Accel:   puzzle.Accel{StateIsRank: true, Coords: coords},
	}
})
