// Package walk answers from a distance table by walking downhill: from a
// state, take a step to a state one nearer the goal, until the goal. Every
// answer it gives is optimal by construction, whatever the puzzle.
//
// A step is a move of the puzzle's notation. Usually it is one table move;
// it may be several (in the quarter-turn metric a half turn is two quarter
// turns of the table graph), and it may have alternative paths (R2 is R R or
// R' R'). A step descends when, along one of its paths, every table move goes
// one nearer the goal.
//
// Steps are tried in their given order, so the walk returns the first
// optimal solution in that order: the lexicographically smallest, when the
// order is the alphabet's.
package walk

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/puzzle"
)

// MaxSteps bounds the length of any answer.
const MaxSteps = 64

// ErrUnreachable: the state cannot reach the goal.
var ErrUnreachable = errors.New("state cannot reach the goal")

// ErrInconsistent: the table has no downhill step where it must have one.
// An intact table never gives it; it stops the walk rather than answering
// wrong.
var ErrInconsistent = errors.New("table is inconsistent with the puzzle")

// Step is a move of the notation.
type Step struct {
	Name string
	// Group: two steps of the same group (>= 0) never follow each other (two
	// turns of one face are one turn).
	Group int
	// Paths are alternative sequences of table moves, all reaching the same
	// state.
	Paths [][]int
}

// Walker walks one table with one list of steps. It is safe for concurrent
// use; what it changes after it is made (the next-step table, see Prepare) it
// publishes atomically, whole.
type Walker struct {
	*walker
	lv *table.Levels // the levels it reads: the table's, or one answer's (see Reading)
}

// walker is what the walkers of one table share, whatever levels they read
// through.
type walker struct {
	groups bool // whether the group rule can forbid a descending step
	def    *puzzle.Def
	lv     *table.Levels // the table's levels, as New was given them
	steps  []Step
	goal   uint64
	simple []int // simple[i] is step i's only table move, when every step is one move
	undo   []int // undo[i] is the step undoing simple step i, or -1
	// identity: step i is table move i, for every step.
	identity bool

	// next is the next-step table, once derived (see Prepare); solves
	// counts the walks before it, to decide when deriving it pays.
	nextStep atomic.Pointer[[]byte]
	nextOnce sync.Once
	solves   atomic.Uint32
	// nextAfter is the walk after which the next-step table is derived in
	// the background: NextAfter unless SetNextAfter changed it (0: never).
	nextAfter atomic.Uint32

	// nextCoords are the coordinate tables the walk through the next-step
	// table uses: the definition's, made on demand if it makes them so
	// (puzzle.Accel.MakeCoords); set before the next-step table is
	// published.
	nextCoords *puzzle.Coords
	// first, if set, is a faster way to the walk's first step from a rank,
	// for deriving the next-step table (see DeriveWith).
	first atomic.Pointer[func(r uint32, v uint8) int]
}

// NextAfter is the number of walks after which a walker derives its
// next-step table in the background (see Prepare): enough that a program
// solving a handful of positions never pays for it.
const NextAfter = 4096

// noStep marks a rank with no next step in the next-step table (the goal, an
// unreachable state).
const noStep = 15

// New makes a walker. groups says whether the walk must enforce the steps'
// group rule: it need not when no two steps of one group can both descend in a
// row (in the half-turn metric, R then R2 is never optimal, being R'), and
// the walk is faster without it.
func New(def *puzzle.Def, lv *table.Levels, steps []Step, groups bool) *Walker {
	w := &Walker{walker: &walker{def: def, lv: lv, steps: steps, goal: def.Rank(def.Goal), groups: groups}, lv: lv}
	w.nextAfter.Store(NextAfter)
	simple := make([]int, len(steps))
	for i, s := range steps {
		if len(s.Paths) != 1 || len(s.Paths[0]) != 1 || groups {
			simple = nil
			break
		}
		simple[i] = s.Paths[0][0]
	}
	w.simple = simple
	w.identity = simple != nil
	for i, m := range simple {
		w.identity = w.identity && i == m
	}
	if simple != nil {
		w.undo = make([]int, len(simple))
		for i, m := range simple {
			w.undo[i] = -1
			for j, x := range simple {
				if inv := def.Inverse[m]; inv >= 0 && x == inv {
					w.undo[i] = j
				}
			}
		}
	}
	return w
}

// Reading returns the walker reading its table through lv, levels of the
// same table (table.Levels.Checked, for one answer, whose reads of a table
// in place then fail apart from every other answer's), sharing all else
// with w: its steps, its next-step table and its count of walks.
func (w *Walker) Reading(lv *table.Levels) *Walker {
	if lv == w.lv {
		return w
	}
	return &Walker{walker: w.walker, lv: lv}
}

// SetNextAfter sets after how many walks the walker derives its next-step
// table in the background (0: never, unless Prepare is called). Walks
// already made count: if there have been n already, it starts now. It is
// safe for concurrent use.
func (w *Walker) SetNextAfter(n uint32) {
	w.nextAfter.Store(n)
	if n > 0 && w.solves.Load() >= n && len(w.steps) < noStep {
		go w.Prepare()
	}
}

// Def returns the definition of the walker's table.
func (w *Walker) Def() *puzzle.Def { return w.def }

// Steps returns the walker's steps.
func (w *Walker) Steps() []Step { return w.steps }

// Levels returns the walker's table.
func (w *Walker) Levels() *table.Levels { return w.lv }

// descend follows step i from s, whose level is v: it returns the state
// reached and its level, and whether every table move went one nearer.
func (w *Walker) descend(s puzzle.State, v uint8, i int) (puzzle.State, uint8, bool) {
	for _, path := range w.steps[i].Paths {
		if t, tv, ok := w.descendPath(s, v, path); ok {
			return t, tv, true
		}
	}
	return s, v, false
}

// descendPath follows the table moves of path from s, at level v, while each
// goes one nearer: it returns the state reached and its level, and whether
// every move went one nearer.
func (w *Walker) descendPath(s puzzle.State, v uint8, path []int) (puzzle.State, uint8, bool) {
	for _, m := range path {
		s = w.def.Apply(s, m)
		nv := w.lv.At(w.def.Rank(s))
		if nv != w.lv.Below(v) {
			return s, v, false
		}
		v = nv
	}
	return s, v, true
}

// Solve appends to dst the first optimal solution from s, as step indices.
// It walks the next-step table once there is one; the NextAfter-th call
// starts deriving it in the background.
func (w *Walker) Solve(s puzzle.State, dst []uint8) ([]uint8, error) {
	r := uint64(s)
	if !w.def.Accel.StateIsRank {
		r = w.def.Rank(s)
	}
	if next := w.nextStep.Load(); next != nil {
		// The next-step table knows the unreachable states too.
		if w.simple != nil {
			return w.solveNext(*next, s, r, dst)
		}
		return w.solveNextSteps(*next, s, r, dst)
	}
	v := w.lv.At(r)
	if !w.lv.ReachableLevel(v) {
		return dst, ErrUnreachable
	}
	w.Tally()
	return w.solveByTable(s, r, v, dst)
}

// Tally counts a walk answered from the walker's table by other means (a
// puzzle's own walk over it), as Solve counts its own: the NextAfter-th
// starts deriving the next-step table in the background. It is safe for
// concurrent use.
func (w *Walker) Tally() {
	if len(w.steps) < noStep && w.solves.Add(1) == w.nextAfter.Load() {
		go w.Prepare()
	}
}

// solveByTable walks the distance table from s, of rank r and level v.
func (w *Walker) solveByTable(s puzzle.State, r uint64, v uint8, dst []uint8) ([]uint8, error) {
	if w.simple != nil {
		return w.solveSimple(s, r, v, dst)
	}
	return w.solveSteps(s, r, v, dst)
}

// SolveByTable is Solve without the next-step table: it always walks the
// distance table. Tests and benchmarks compare the two.
func (w *Walker) SolveByTable(s puzzle.State, dst []uint8) ([]uint8, error) {
	r := w.def.Rank(s)
	v := w.lv.At(r)
	if !w.lv.ReachableLevel(v) {
		return dst, ErrUnreachable
	}
	return w.solveByTable(s, r, v, dst)
}

// SolveReference is the walk as it is defined, with no acceleration: from
// the state, take the first step, in step order, that is not of the last
// step's group, goes one nearer the goal along every table move of one of
// its paths, and lets the walk go on (see continues); until the goal.
//
// Every other way the walker answers is an acceleration of this loop:
// Solve's next-step table, SolveByTable's coordinate tables and single-move
// steps, leaving out the group rule where no two steps of a group can both
// descend in a row, SolveAny's lower bound. The tests prove each gives
// this loop's answer on every state of every table.
func (w *Walker) SolveReference(s puzzle.State, dst []uint8) ([]uint8, error) {
	r := w.def.Rank(s)
	if !w.lv.Reachable(r) {
		return dst, ErrUnreachable
	}
	return w.walkSteps(s, r, w.lv.At(r), dst, true)
}

// solveSteps is Solve for steps of several table moves or with the group
// rule: the reference loop, with the group rule as the walker keeps it.
func (w *Walker) solveSteps(s puzzle.State, r uint64, v uint8, dst []uint8) ([]uint8, error) {
	return w.walkSteps(s, r, v, dst, w.groups)
}

// walkSteps is the reference loop, keeping the group rule when groups is
// true. (A flag rather than a function, so that the loop makes no indirect
// call per step.)
func (w *Walker) walkSteps(s puzzle.State, r uint64, v uint8, dst []uint8, groups bool) ([]uint8, error) {
	last := -1
	for n := 0; r != w.goal; n++ {
		if n > w.lv.MaxDistance() {
			return dst, ErrInconsistent
		}
		i, t, tv := w.chooseBy(s, v, last, groups)
		if i < 0 {
			return dst, ErrInconsistent
		}
		s, v, r, last = t, tv, w.def.Rank(t), groupIf(groups, w.steps[i].Group)
		dst = append(dst, uint8(i))
	}
	return dst, nil
}

// choose returns the step the walk takes from s, at level v, after a step
// of group last (-1 for none), and the state and level it reaches; -1 if no
// step descends.
func (w *Walker) choose(s puzzle.State, v uint8, last int) (int, puzzle.State, uint8) {
	return w.chooseBy(s, v, last, w.groups)
}

// chooseBy is choose keeping the group rule when groups is true.
func (w *Walker) chooseBy(s puzzle.State, v uint8, last int, groups bool) (int, puzzle.State, uint8) {
	for i := range w.steps {
		g := groupIf(groups, w.steps[i].Group)
		if g >= 0 && g == last {
			continue
		}
		if t, tv, ok := w.descend(s, v, i); ok && w.continues(t, tv, g) {
			return i, t, tv
		}
	}
	return -1, s, v
}

// solveSimple is Solve for steps that are single table moves.
func (w *Walker) solveSimple(s puzzle.State, r uint64, v uint8, dst []uint8) ([]uint8, error) {
	if c := w.def.Accel.Coords; c != nil && w.def.Accel.StateIsRank {
		return w.solveCoords(c, r, v, dst)
	}
	apply, rank, lv, isRank := w.def.Apply, w.def.Rank, w.lv, w.def.Accel.StateIsRank
	l := layoutOf(lv)
	for n := 0; r != w.goal; n++ {
		if n > lv.MaxDistance() {
			return dst, ErrInconsistent
		}
		want := lv.Below(v)
		i := -1
		// One move at a time, stopping at the first that descends. The
		// reads of the moves tried do not depend on each other, so the
		// processor overlaps their cache misses anyway.
		for k, m := range w.simple {
			t := apply(s, m)
			tr := uint64(t)
			if !isRank {
				tr = rank(t)
			}
			if l.at(tr) == want {
				i, s, r = k, t, tr
				break
			}
		}
		if i < 0 {
			return dst, ErrInconsistent
		}
		v = want
		dst = append(dst, uint8(i))
	}
	return dst, nil
}

// solveCoords is solveSimple through coordinate move tables: each move tried
// is two table reads, with no call (what makes the walk fast for the big
// tables, whose reads are the rest of the cost).
func (w *Walker) solveCoords(c *puzzle.Coords, r uint64, v uint8, dst []uint8) ([]uint8, error) {
	lv := w.lv
	l := layoutOf(lv)
	moves := uint64(len(w.def.Moves))
	for n := 0; r != w.goal; n++ {
		if n > lv.MaxDistance() {
			return dst, ErrInconsistent
		}
		want := lv.Below(v)
		majors, minors := c.Rows(r, moves)
		i := -1
		if i, r = l.firstAt(w.simple, majors, minors, c.Minor, want); i < 0 {
			return dst, ErrInconsistent
		}
		v = want
		dst = append(dst, uint8(i))
	}
	return dst, nil
}

// layout is a table's reader in locals, so that each read is a few
// instructions on registers.
type layout struct{ table.Reader }

func layoutOf(lv *table.Levels) layout { return layout{lv.Reader()} }

func (l *layout) at(t uint64) uint8 { return l.Reader.At(t) }

// firstAt returns the first of the simple steps that leads to a rank at
// level want, and that rank (-1 if none), where majors and minors are the
// rows of the coordinate move tables of the rank stepped from. It tries one
// move at a time and stops at the first that descends; the reads of the
// moves tried do not depend on each other, so the processor overlaps their
// cache misses anyway. It is small enough to be inlined.
func (l *layout) firstAt(simple []int, majors, minors []uint16, nMinor uint64, want uint8) (int, uint64) {
	for k, m := range simple {
		t := uint64(majors[m])*nMinor + uint64(minors[m])
		if l.at(t) == want {
			return k, t
		}
	}
	return -1, 0
}

// Distance returns the length of an optimal solution from s in the table's
// metric: the number of table moves, which is the steps' total Cost (a half
// turn of the quarter-turn metric is one step and two table moves). Count,
// All and SolveAny spend this budget step by step at each step's Cost, so it
// must be measured in the same unit.
func (w *Walker) Distance(s puzzle.State) (int, error) {
	var buf [MaxSteps]uint8
	sol, err := w.Solve(s, buf[:0])
	d := 0
	for _, i := range sol {
		d += w.Cost(int(i))
	}
	return d, err
}

// Replay applies a solution's steps to s (taking each step's first path).
func (w *Walker) Replay(s puzzle.State, sol []uint8) puzzle.State {
	for _, i := range sol {
		for _, m := range w.steps[i].Paths[0] {
			s = w.def.Apply(s, m)
		}
	}
	return s
}

// IsGoal reports whether s is the goal.
func (w *Walker) IsGoal(s puzzle.State) bool { return w.def.Rank(s) == w.goal }

// Cost returns the number of table moves of a step (its cost in the table's
// metric).
func (w *Walker) Cost(i int) int { return len(w.steps[i].Paths[0]) }

// CheckSteps reports whether sol is a legal sequence of steps (no two of one
// group in a row) and returns the state it reaches from s.
func (w *Walker) CheckSteps(s puzzle.State, sol []uint8) (puzzle.State, error) {
	last := -1
	for k, i := range sol {
		if int(i) >= len(w.steps) {
			return s, fmt.Errorf("step %d: no such move", k+1)
		}
		g := w.steps[i].Group
		if g >= 0 && g == last {
			return s, fmt.Errorf("moves %d and %d turn the same face", k, k+1)
		}
		last = g
		for _, m := range w.steps[i].Paths[0] {
			s = w.def.Apply(s, m)
		}
	}
	return s, nil
}

// groupIf returns g when the group rule is kept, else -1 (no rule).
func groupIf(groups bool, g int) int {
	if !groups {
		return -1
	}
	return g
}

// group returns step i's group if the walk enforces groups, else -1.
func (w *Walker) group(i int) int {
	if !w.groups {
		return -1
	}
	return w.steps[i].Group
}

// continues reports whether the walk can go on from t, at level tv, after a
// step of group g: t is the goal, or some step of another group descends.
//
// With the group rule a descending step can lead into a dead end: in the
// quarter-turn metric, R may descend where the path goes on only with R
// again (the optimal move being R2). One step of lookahead is enough: if a
// step of another group descends from t, an optimal path from t starts with
// it, and written with one turn per face that path goes on the same way.
func (w *Walker) continues(t puzzle.State, tv uint8, g int) bool {
	if g < 0 || w.IsGoal(t) {
		return true
	}
	for j := range w.steps {
		if w.steps[j].Group == g {
			continue
		}
		if _, _, ok := w.descend(t, tv, j); ok {
			return true
		}
	}
	return false
}

// Follows reports whether the solution's steps take s to the goal with every
// table move one nearer: then the solution is optimal, its total Cost the
// distance. It reads a table entry or so per move, where Solve searches at
// each step. Like Solve, after NextAfter calls it derives the next-step
// table in the background; once there is one, a step that is the walk's own
// is known to descend from that table alone, one read (nearly every step of
// a solution the walk wrote), and only other steps read the distance table.
func (w *Walker) Follows(s puzzle.State, sol []uint8) bool {
	if next := w.nextStep.Load(); next != nil {
		if c := w.nextCoords; c != nil && w.identity && c.Class == nil && w.def.Accel.StateIsRank {
			return w.followsNext(*next, c, uint64(s), sol)
		}
	} else {
		w.Tally()
	}
	return w.followsTable(s, sol)
}

// followsNext is Follows through the next-step table and the coordinate
// move tables, from rank r: it goes step by step while each is the walk's
// own, and hands the rest to the distance table at the first that is not.
func (w *Walker) followsNext(next []byte, c *puzzle.Coords, r uint64, sol []uint8) bool {
	moves := uint64(len(w.def.Moves))
	major, minor := r/c.Minor, r%c.Minor
	for n, i := range sol {
		if k := next[r>>1] >> (r & 1 * 4) & 15; k != i || uint64(k) >= moves {
			// Not the walk's step (or no step: the goal, or a state
			// the table cannot reach): the distance table judges it.
			return w.followsTable(puzzle.State(r), sol[n:])
		}
		major, minor = uint64(c.Major[major*moves+uint64(i)]), uint64(c.MinorMoves[minor*moves+uint64(i)])
		r = major*c.Minor + minor
	}
	return r == w.goal
}

// followsTable is Follows through the distance table.
func (w *Walker) followsTable(s puzzle.State, sol []uint8) bool {
	r := w.def.Rank(s)
	if !w.lv.Reachable(r) {
		return false
	}
	v := w.lv.At(r)
	for _, i := range sol {
		if int(i) >= len(w.steps) {
			return false
		}
		var ok bool
		if s, v, ok = w.descend(s, v, int(i)); !ok {
			return false
		}
	}
	return w.IsGoal(s)
}
