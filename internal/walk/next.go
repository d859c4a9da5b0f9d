package walk

import (
	"runtime"
	"sync"

	"github.com/godtable/godtable/internal/puzzle"
)

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

// deriveNext computes the next-step table from the distance table, on all
// CPUs: each derives the steps of its own range of ranks.
func (w *Walker) deriveNext() []byte {
	size := w.def.Size
	next := make([]byte, (size+1)/2)
	// Ranges of whole major coordinates (whole rows of the move tables),
	// an even number of ranks each, so that no two share a byte.
	unit := uint32(2)
	if c := w.def.Coords; c != nil {
		unit = 2 * c.Minor
	}
	parts := uint32(runtime.GOMAXPROCS(0))
	per := (size/parts + unit - 1) / unit * unit
	var wg sync.WaitGroup
	for lo := uint32(0); lo < size; lo += per {
		hi := min(lo+per, size)
		wg.Go(func() { w.deriveRange(next, lo, hi) })
	}
	wg.Wait()
	return next
}

// deriveRange fills in the next-step table for ranks [lo, hi), where lo is
// even and, with coordinate tables, a multiple of their Minor.
func (w *Walker) deriveRange(next []byte, lo, hi uint32) {
	def, lv := w.def, w.lv
	data, shift, low, width, mask := lv.Layout()
	// Below(v) of an unreachable state matches no state, and the goal's
	// neighbours are not below it: both get noStep without a test.
	if c := def.Coords; c != nil && def.StateIsRank {
		// Ranks in order, a major coordinate at a time: its row of the
		// move table, and the rows of the distance table that its moves
		// lead to, stay in the cache for all its minors.
		moves, minors := uint32(len(def.Moves)), c.Minor
		for major := lo / minors; major*minors < hi; major++ {
			class := uint32(0)
			if c.Class != nil {
				class = uint32(c.Class[major])
			}
			row := c.Major[major*moves : major*moves+moves]
			for minor := uint32(0); minor < minors; minor++ {
				r := major*minors + minor
				want := lv.Below(data[r>>shift] >> ((r & low) * width) & mask)
				mrow := c.MinorMoves[(class*minors+minor)*moves : (class*minors+minor)*moves+moves]
				k := uint8(noStep)
				for i, m := range w.simple {
					t := uint32(row[m])*minors + uint32(mrow[m])
					if data[t>>shift]>>((t&low)*width)&mask == want {
						k = uint8(i)
						break
					}
				}
				next[r>>1] |= k << (r & 1 * 4)
			}
		}
		return
	}
	for r := lo; r < hi; r++ {
		want := lv.Below(lv.At(r))
		s := def.Unrank(r)
		k := uint8(noStep)
		for i, m := range w.simple {
			if lv.At(def.Rank(def.Apply(s, m))) == want {
				k = uint8(i)
				break
			}
		}
		next[r>>1] |= k << (r & 1 * 4)
	}
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
