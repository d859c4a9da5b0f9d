package walk

import (
	"runtime"
	"sync"

	"github.com/godtable/godtable/internal/model/puzzle"
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

// Prepare derives the next-step table now, if the walker can use one (fewer
// than 15 steps) and has not derived it yet; concurrent walks go on
// meanwhile. It is safe for concurrent use.
func (w *Walker) Prepare() {
	if len(w.steps) >= noStep {
		return
	}
	w.nextOnce.Do(func() {
		w.nextCoords = w.def.Accel.Coords
		if makeCoords := w.def.Accel.MakeCoords; w.nextCoords == nil && makeCoords != nil && w.def.Accel.StateIsRank {
			w.nextCoords = makeCoords()
		}
		// Through levels of its own: a table read in place with a
		// damaged block gives no next-step table, whose steps from the
		// block's states and their neighbours would be wrong, and fails
		// no answer that reads the block alongside.
		lv := w.walker.lv.Checked()
		next := w.Reading(lv).deriveNext()
		if lv.Err() != nil {
			return
		}
		w.nextStep.Store(&next)
	})
}

// DeriveWith gives the walker a faster way to the step its walk takes first
// from each state, for deriving the next-step table: first(r, v) must be
// the step the reference walk takes from the state of rank r, at stored
// level v, with no step before it, or -1 where none descends (a puzzle's
// own walk over the table gives it; its every-state proofs compare the
// next-step table with the reference walk). It is for a definition whose
// states are their ranks, fewer than 2^32 (a next-step table takes half a
// byte a rank, so a larger one is never derived), and is safe for concurrent use: a derivation
// already under way takes it up for the ranges it has not started (either
// way gives the same table).
func (w *Walker) DeriveWith(first func(r uint32, v uint8) int) {
	if w.def.Accel.StateIsRank {
		w.first.Store(&first)
	}
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
	unit := uint64(2)
	if c := w.nextCoords; c != nil {
		unit = 2 * c.Minor
	}
	parts := uint64(runtime.GOMAXPROCS(0))
	per := (size/parts + unit - 1) / unit * unit
	var wg sync.WaitGroup
	for lo := uint64(0); lo < size; lo += per {
		hi := min(lo+per, size)
		wg.Go(func() { w.deriveRange(next, lo, hi) })
	}
	wg.Wait()
	return next
}

// deriveRange fills in the next-step table for ranks [lo, hi), where lo is
// even and, with coordinate tables, a multiple of their Minor.
func (w *Walker) deriveRange(next []byte, lo, hi uint64) {
	if first := w.first.Load(); first != nil {
		for r := lo; r < hi; r++ {
			k := uint8(noStep)
			if v := w.lv.At(r); r != w.goal && w.lv.ReachableLevel(v) {
				if i := (*first)(uint32(r), v); i >= 0 {
					k = uint8(i)
				}
			}
			next[r>>1] |= k << (r & 1 * 4)
		}
		return
	}
	if w.simple == nil {
		w.deriveRangeSteps(next, lo, hi)
		return
	}
	def, lv := w.def, w.lv
	l := layoutOf(lv)
	// Below(v) of an unreachable state matches no state, and the goal's
	// neighbours are not below it: both get noStep without a test.
	if c := w.nextCoords; c != nil && def.Accel.StateIsRank {
		// Ranks in order, a major coordinate at a time: its row of the
		// move table, and the rows of the distance table that its moves
		// lead to, stay in the cache for all its minors.
		moves, minors := uint64(len(def.Moves)), c.Minor
		for major := lo / minors; major*minors < hi; major++ {
			for r := major * minors; r < (major+1)*minors; r++ {
				majorRow, minorRow := c.Rows(r, moves)
				k, _ := l.firstAt(w.simple, majorRow, minorRow, minors, lv.Below(l.at(r)))
				if k < 0 {
					k = noStep
				}
				next[r>>1] |= uint8(k) << (r & 1 * 4)
			}
		}
		return
	}
	for r := lo; r < hi; r++ {
		want := lv.Below(l.at(r))
		s := def.Unrank(r)
		k := uint8(noStep)
		for i, m := range w.simple {
			if l.at(def.Rank(def.Apply(s, m))) == want {
				k = uint8(i)
				break
			}
		}
		next[r>>1] |= k << (r & 1 * 4)
	}
}

// deriveRangeSteps is deriveRange for steps of several table moves or with
// the group rule. A rank's entry is the first step that descends and lets the
// walk go on, whatever the step before: the walk takes it unless the step
// before was of its group, and then chooses as it does without the table.
func (w *Walker) deriveRangeSteps(next []byte, lo, hi uint64) {
	for r := lo; r < hi; r++ {
		k := uint8(noStep)
		if v := w.lv.At(r); r != w.goal && w.lv.ReachableLevel(v) {
			if i, _, _ := w.choose(w.def.Unrank(r), v, -1); i >= 0 {
				k = uint8(i)
			}
		}
		next[r>>1] |= k << (r & 1 * 4)
	}
}

// solveNextSteps is solveSteps through the next-step table. The table's step
// is the first that descends and goes on; the walk without the table takes
// the first such step not of the last step's group, which is the table's
// unless the table's is of that group: then it chooses as without the table.
func (w *Walker) solveNextSteps(next []byte, s puzzle.State, r uint64, dst []uint8) ([]uint8, error) {
	if r != w.goal && next[r>>1]>>(r&1*4)&15 == noStep {
		return dst, ErrUnreachable
	}
	last := -1
	for n := 0; r != w.goal; n++ {
		k := int(next[r>>1] >> (r & 1 * 4) & 15)
		if n > w.lv.MaxDistance() || k >= len(w.steps) {
			return dst, ErrInconsistent
		}
		if g := w.group(k); g >= 0 && g == last {
			var t puzzle.State
			k, t, _ = w.choose(s, w.lv.At(r), last)
			if k < 0 {
				return dst, ErrInconsistent
			}
			s = t
		} else {
			for _, m := range w.steps[k].Paths[0] {
				s = w.def.Apply(s, m)
			}
		}
		r, last = w.def.Rank(s), w.group(k)
		dst = append(dst, uint8(k))
	}
	return dst, nil
}

// solveNext is Solve through the next-step table.
func (w *Walker) solveNext(next []byte, s puzzle.State, r uint64, dst []uint8) ([]uint8, error) {
	if r != w.goal && next[r>>1]>>(r&1*4)&15 == noStep {
		// An intact distance table has a descending step from every
		// reachable state but the goal.
		return dst, ErrUnreachable
	}
	if c := w.nextCoords; c != nil && w.def.Accel.StateIsRank {
		if w.identity && c.Class == nil {
			return nextByCoords(next, c.Major, c.MinorMoves, c.Minor, uint64(len(w.def.Moves)), r, w.goal, w.lv.MaxDistance(), dst)
		}
	}
	limit := w.lv.MaxDistance()
	for n := 0; r != w.goal; n++ {
		k := next[r>>1] >> (r & 1 * 4) & 15
		if n > limit || int(k) >= len(w.simple) {
			return dst, ErrInconsistent
		}
		s = w.def.Apply(s, w.simple[k])
		r = w.def.Rank(s)
		dst = append(dst, k)
	}
	return dst, nil
}

// nextByCoords walks the next-step table through coordinate move tables with
// one class, for steps that are the moves in order: the
// step read is the move to apply. The loop is kept apart so that everything
// it uses stays in registers; it keeps the two coordinates apart, so that no
// step divides.
func nextByCoords(next []byte, majors, minorMoves []uint16, minors, moves, r, goal uint64, limit int, dst []uint8) ([]uint8, error) {
	major, minor := r/minors, r%minors
	for n := 0; r != goal; n++ {
		k := next[r>>1] >> (r & 1 * 4) & 15
		if n > limit || uint64(k) >= moves {
			return dst, ErrInconsistent
		}
		major, minor = uint64(majors[major*moves+uint64(k)]), uint64(minorMoves[minor*moves+uint64(k)])
		r = major*minors + minor
		dst = append(dst, k)
	}
	return dst, nil
}
