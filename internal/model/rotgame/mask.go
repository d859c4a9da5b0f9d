package rotgame

import (
	"sync"
	"sync/atomic"
)

// A placement is the set of cells holding one number, as a 24-bit mask (bit i
// for cell i). The operations act on it with one table lookup per byte: the
// cells of each byte land in fixed places whatever the other bytes hold.

// CentreMask is the placement filling the centre: the goal.
const CentreMask uint32 = 1<<6 | 1<<7 | 1<<8 | 1<<11 | 1<<12 | 1<<15 | 1<<16 | 1<<17

// AllCells is the mask of every cell.
const AllCells uint32 = 1<<NCells - 1

// byteTables are the operations' and the rank's lookup tables (56 KB),
// built on first use rather than when the program starts: every program
// that links the rotation game, as the command does, would otherwise pay
// about a millisecond at start whatever it answers.
type byteTables struct {
	// move[m][k][v] is where operation m puts the cells of byte k of a
	// placement, when that byte is v.
	move [8][3][256]uint32
	// rankLow and rankHigh give a placement's rank (see Rank).
	rankLow, rankHigh [1 << 12]uint32
}

var (
	builtTables atomic.Pointer[byteTables]
	buildOnce   sync.Once
)

// tabs returns the lookup tables: one load once they are built, small
// enough to inline into Move and Rank.
func tabs() *byteTables {
	if t := builtTables.Load(); t != nil {
		return t
	}
	return buildTabs()
}

// buildTabs builds the lookup tables once.
func buildTabs() *byteTables {
	buildOnce.Do(func() {
		t := new(byteTables)
		t.fillMoves()
		t.fillRanks()
		builtTables.Store(t)
	})
	return builtTables.Load()
}

// fillMoves fills in the operations' table.
func (t *byteTables) fillMoves() {
	for m, l := range Lines {
		// dest[c] is the cell that the content of cell c moves to.
		var dest [NCells]uint8
		for c := range dest {
			dest[c] = uint8(c)
		}
		for i := 1; i < 7; i++ {
			dest[l[i]] = l[i-1]
		}
		dest[l[0]] = l[6]
		for k := 0; k < 3; k++ {
			for v := 0; v < 256; v++ {
				var out uint32
				for bit := 0; bit < 8; bit++ {
					if v>>bit&1 != 0 {
						out |= 1 << dest[8*k+bit]
					}
				}
				t.move[m][k][v] = out
			}
		}
	}
}

// Move returns the placement after operation m.
func Move(p uint32, m int) uint32 { return tabs().apply(p, m) }

// apply returns the placement after operation m: Move once the tables are
// in hand, for the walks' inner loops.
func (t *byteTables) apply(p uint32, m int) uint32 {
	b := &t.move[m]
	return b[0][p&0xff] | b[1][p>>8&0xff] | b[2][p>>16&0xff]
}
