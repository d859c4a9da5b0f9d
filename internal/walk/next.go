package walk

import "github.com/godtable/godtable/internal/puzzle"

// The next-step table keeps, for every rank, the step the walk takes from it:
// half a byte per state. Walking it is one read per step, where walking the
// distance table reads the neighbours one after another until one descends,
// and a mispredicted branch ends every step. Deriving it reads every state's
// neighbours once (tens of milliseconds for millions of states), so a walker
// does it only when asked (Prepare) or after NextAfter walks, in the
// background; until then it walks the distance table. Both give the same
// answer for every state: the table records the step the distance walk
// takes (a test compares them on every state).

// Prepare derives the next-step table now, if the walker can use one (every
// step a single table move, no group rule, fewer than 15 steps) and has not
// derived it yet; concurrent walks go on meanwhile. It is safe for concurrent
// use.
func (w *Walker) Prepare() {
	if w.simple == nil || len(w.simple) >= noStep {
		return
	}
	w.nextOnce.Do(func() {
		next := w.deriveNext()
		w.nextStep.Store(&next)
	})
}

// Prepared reports whether the next-step table is in use.
func (w *Walker) Prepared() bool { return w.nextStep.Load() != nil }

// deriveNext computes the next-step table from the distance table.
func (w *Walker) deriveNext() []byte {
	def, lv := w.def, w.lv
	next := make([]byte, (def.Size+1)/2)
	data, shift, low, width, mask := lv.Layout()
	moves := uint32(len(def.Moves))
	c := def.Coords
	if !def.StateIsRank {
		c = nil
	}
	for r := uint32(0); r < def.Size; r++ {
		k := uint8(noStep)
		if v := lv.At(r); r != w.goal && lv.Reachable(r) {
			want := lv.Below(v)
			// Ranks in order keep a coordinate table's major row, and the
			// neighbours' rows, in the cache for many ranks running.
			var s puzzle.State
			if c == nil {
				s = def.Unrank(r)
			}
			for i, m := range w.simple {
				var t uint32
				if c != nil {
					t = c.Apply(r, m, int(moves))
				} else {
					t = def.Rank(def.Apply(s, m))
				}
				if data[t>>shift]>>((t&low)*width)&mask == want {
					k = uint8(i)
					break
				}
			}
		}
		next[r>>1] |= k << (r & 1 * 4)
	}
	return next
}

// solveNext is Solve through the next-step table.
func (w *Walker) solveNext(next []byte, s puzzle.State, r uint32, dst []uint8) ([]uint8, error) {
	if r != w.goal && next[r>>1]>>(r&1*4)&15 == noStep {
		// An intact distance table has a descending step from every
		// reachable state but the goal.
		return dst, ErrUnreachable
	}
	if c := w.def.Coords; c != nil && w.def.StateIsRank {
		if w.identity && c.Class == nil {
			return nextByCoords(next, c.Major, c.MinorMoves, c.Minor, uint32(len(w.def.Moves)), r, w.goal, w.lv.MaxDistance(), dst)
		}
	}
	max := w.lv.MaxDistance()
	for n := 0; r != w.goal; n++ {
		k := next[r>>1] >> (r & 1 * 4) & 15
		if n > max || int(k) >= len(w.simple) {
			return dst, ErrInconsistent
		}
		s = w.def.Apply(s, w.simple[k])
		r = w.def.Rank(s)
		dst = append(dst, k)
	}
	return dst, nil
}

// nextByCoords walks the next-step table through coordinate move tables with
// one class, for steps that are the moves in order (the pocket cube): the
// step read is the move to apply. The loop is kept apart so that everything
// it uses stays in registers; it keeps the two coordinates apart, so that no
// step divides.
func nextByCoords(next []byte, majors, minorMoves []uint16, minors, moves, r, goal uint32, max int, dst []uint8) ([]uint8, error) {
	major, minor := r/minors, r%minors
	for n := 0; r != goal; n++ {
		k := next[r>>1] >> (r & 1 * 4) & 15
		if n > max || uint32(k) >= moves {
			return dst, ErrInconsistent
		}
		major, minor = uint32(majors[major*moves+uint32(k)]), uint32(minorMoves[minor*moves+uint32(k)])
		r = major*minors + minor
		dst = append(dst, k)
	}
	return dst, nil
}
