package rotgame

// A placement is the set of cells holding one number, as a 24-bit mask (bit i
// for cell i). The operations act on it with one table lookup per byte: the
// cells of each byte land in fixed places whatever the other bytes hold.

// CentreMask is the placement filling the centre: the goal.
const CentreMask uint32 = 1<<6 | 1<<7 | 1<<8 | 1<<11 | 1<<12 | 1<<15 | 1<<16 | 1<<17

// AllCells is the mask of every cell.
const AllCells uint32 = 1<<NCells - 1

// moveBytes[m][k][v] is where operation m puts the cells of byte k of a
// placement, when that byte is v.
var moveBytes = func() (t [8][3][256]uint32) {
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
				t[m][k][v] = out
			}
		}
	}
	return t
}()

// Move returns the placement after operation m.
func Move(p uint32, m int) uint32 {
	t := &moveBytes[m]
	return t[0][p&0xff] | t[1][p>>8&0xff] | t[2][p>>16&0xff]
}
