package table

// Levels is a decoded table: for every rank, the stored level (the distance
// mod 3 for Mod3, the distance itself for Full8). It is read-only and safe for
// concurrent use.
type Levels struct {
	Header
	data  []byte
	shift uint8 // log2 of states per byte
	bits  uint8 // bits per state
	mask  uint8
	below [256]uint8 // below[v] is the level of a state one step nearer than a state at level v
}

func newLevels(h *Header, packed []byte) *Levels {
	l := &Levels{Header: *h, data: packed, shift: 0, bits: 8, mask: 0xff}
	if h.Encoding == Mod3 {
		l.shift, l.bits, l.mask = 2, 2, 3
	}
	for v := range l.below {
		switch {
		case h.Encoding == Mod3 && v < 3:
			l.below[v] = uint8((v + 2) % 3)
		case h.Encoding == Full8 && v > 0 && v < Unreachable:
			l.below[v] = uint8(v - 1)
		default:
			// Nothing is one step nearer than the goal or an unreachable
			// state; a value no state holds makes every test fail.
			l.below[v] = 0xfe
		}
	}
	return l
}

// At returns the stored level of rank r.
func (l *Levels) At(r uint32) uint8 {
	return l.data[r>>l.shift] >> ((uint8(r) & (1<<l.shift - 1)) * l.bits) & l.mask
}

// Below returns the level that a state one step nearer the goal than a state
// at level v has. A neighbour n of a state s is one step nearer exactly when
// At(n) == Below(At(s)).
func (l *Levels) Below(v uint8) uint8 { return l.below[v] }

// Reachable reports whether rank r was reached from the goal.
func (l *Levels) Reachable(r uint32) bool {
	v := l.At(r)
	if l.Encoding == Mod3 {
		return v != 3
	}
	return v != Unreachable
}

// MaxDistance is the largest distance in the table.
func (l *Levels) MaxDistance() int { return len(l.Counts) - 1 }

// Mod3Levels and ByteLevels read the packed levels of one encoding with the
// layout fixed at compile time; a walk generic over them has no per-read
// decisions left.
type (
	// Mod3Levels reads a Mod3 table: four states to a byte.
	Mod3Levels []byte
	// ByteLevels reads a Full8 table: one state to a byte.
	ByteLevels struct{ data []byte }
)

// At returns the level of rank r.
func (d Mod3Levels) At(r uint32) uint8 { return d[r>>2] >> ((r & 3) << 1) & 3 }

// At returns the level of rank r.
func (d ByteLevels) At(r uint32) uint8 { return d.data[r] }

// Mod3 returns the packed levels of a Mod3 table (nil for another encoding).
func (l *Levels) Mod3() Mod3Levels {
	if l.Encoding != Mod3 {
		return nil
	}
	return Mod3Levels(l.data)
}

// Bytes returns the levels of a Full8 table (empty for another encoding).
func (l *Levels) Bytes() ByteLevels {
	if l.Encoding != Full8 {
		return ByteLevels{}
	}
	return ByteLevels{l.data}
}
