package pocket

import (
	"sync"

	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/puzzle"
)

// The walk over a folded table, specialised. Each position the walk reaches
// costs a fold index (see fold.go) rather than a table read, so the walk
// reads as few as it can and reads each cheaply:
//
//   - In the half-turn metric the walk skips the face just turned, and
//     reads the three turns of a face together (their reads do not wait for
//     each other), taking the first that descends.
//   - In the quarter-turn metric a half turn is read directly (not as two
//     quarter turns), and only where both its face's quarter turns descend;
//     the look ahead that the reference walk makes after every step is made
//     only where a half turn descends and does not reach the goal (see
//     qtmWalk); what it reads there serves the next step.
//   - In both, a move's permutation and its place in the fold are one read
//     (walkTables.next), and the walk keeps a position's permutation and
//     twist apart rather than as a rank, which would take a division on
//     every step.
//   - In both, the last four or five moves are not walked but looked up
//     (see endgame).
//
// None changes which move the walk takes: the moves are tried in the same
// order, only moves that cannot descend are skipped, a look ahead is
// skipped only where its outcome is known, and the endgame holds what the
// walk would do (TestEndgame). The tests compare
// the answer with the walk package's reference loop on every position in
// both metrics.

// walkTables are the tables the specialised walk reads: the twist move
// table, the fold's index, and the permutation move table with each move's
// permutation keyed for the fold (next).
//
// Both move tables are kept as rows of three faces' three turns, so that a
// position's rows are one bounds check each and a face's turns are row[f]:
// taking rows out of flat tables as slices cost some forty instructions a
// step in checks and masks.
type walkTables struct {
	fold  *foldIndex
	moves *Tables
	// next[p][f][k] is what the walk reads of the permutation that turn k
	// of face f (move 3f+k) leads to from permutation p: its twist
	// addition, class and symmetry in the fold, and the permutation
	// itself, each where it is read with a shift or a mask (see the next*
	// constants). One read where the move table, then the
	// fold's classSym and add, took two, the second waiting on the first:
	// 363 KB, built after the fold's index (TestWalkTablesKeepEntries
	// checks every word).
	next []moveRow[uint64]
	// twist[halves(t)] is the twist move table's row of twist t, each
	// twist it leads to as its halves: the walk keeps twists so (see
	// halves).
	twist []moveRow[uint16]
}

// A moveRow is a coordinate's row of a move table: the turns of each face.
type moveRow[T uint16 | uint64] [3][3]T

// at returns the entry of move m.
func (r *moveRow[T]) at(m Move) T { return r[m/3][m%3] }

// Fields of a walkTables.next word. Its low 32 bits are the twist
// addition, a field per position (see fieldShift), with the class in bits
// 15..21, which the rank leaves out and no field's sum reaches: the walk
// adds the word as it is. Then the permutation, and at the top the
// symmetry, so that one shift gives its row of foldIndex.moved. Each step
// waits on these fields (the next step's rows on the permutation, each
// read on the symmetry's row), so each is one or two operations away.
const (
	nextClass = 15 // bits 15..21: the class
	nextPerm  = 32 // bits 32..44: the permutation
	nextSym   = 58 // bits 58..63: the symmetry
	// nextRow shifts a word down to its symmetry's row of foldIndex.moved.
	nextRow = nextSym - movedRowBits
)

// rows returns the walk's rows of permutation p and twist halves t.
func (w *walkTables) rows(p, t uint32) (perm *moveRow[uint64], twist *moveRow[uint16]) {
	return &w.next[p], &w.twist[t]
}

// split returns the permutation and the twist halves of rank r, the
// halves read from the fold's table rather than worked out with two more
// divisions: deriving the next-step table takes a step from every rank.
func (w *walkTables) split(r uint32) (p, t uint32) {
	p = r / NTwist
	return p, uint32(w.fold.halves[r-p*NTwist])
}

// entryAfter returns the entry of the position that a move leads to, from
// the move's words of the two rows.
func (f *foldIndex) entryAfter(next uint64, t uint16) uint32 {
	x := f.movedTwist(uint32(next>>nextRow), uint32(t)) + uint32(next)
	return (uint32(next)>>nextClass&(1<<7-1))*NFoldTwist + f.rank(x)
}

// permAfter returns the permutation of a walkTables.next word.
func permAfter(next uint64) uint32 { return uint32(next>>nextPerm) & (1<<13 - 1) }

var theWalkTables = sync.OnceValue(func() *walkTables { return newWalkTables(MoveTables(), theFold()) })

// newWalkTables keys the permutation move table mt.Perm for the fold f.
func newWalkTables(mt *Tables, f *foldIndex) *walkTables {
	w := &walkTables{fold: f, moves: mt, next: make([]moveRow[uint64], NPerm), twist: make([]moveRow[uint16], nHalves)}
	// The words of all permutations, keyed once; then laid out in rows.
	var keyed [NPerm]uint64
	for q := range keyed {
		cs := uint64(f.classSym[q])
		keyed[q] = uint64(f.add[q]) | cs>>6<<nextClass | uint64(q)<<nextPerm | cs&63<<nextSym
	}
	for p := range w.next {
		row, dst := mt.PermRow(uint32(p)), &w.next[p]
		for g := range dst {
			dst[g] = [3]uint64{keyed[row[3*g]], keyed[row[3*g+1]], keyed[row[3*g+2]]}
		}
	}
	for t, h := range f.halves {
		row, dst := mt.TwistRow(uint32(t)), &w.twist[h]
		for g := range dst {
			dst[g] = [3]uint16{f.halves[row[3*g]], f.halves[row[3*g+1]], f.halves[row[3*g+2]]}
		}
	}
	return w
}

// Level arithmetic of a table that keeps distances mod 3.
var (
	nearer = [4]uint8{2, 0, 1, 3} // the level one step nearer the goal
)

// The loops below read the level after turn k of face g as
//
//	table.Mod3At(data, f.entryAfter(row[g][k], twists[g][k]))
//
// rather than through a function of their own: written so, both calls are
// inlined, where a call per read would cost a fifth of the walk (and a
// wrapper of their own would add an inlining level to every read).

// Walk is the pocket cube's own walk over one of its two tables: the walk
// package's reference walk, specialised (see above), for the nine steps
// R R' R2 U U' U2 F F' F2 in that order, each turning one face (group 0 R,
// 1 U, 2 F) and, in the quarter-turn metric, kept from following a step of
// its own face. Its answers are the reference walk's on every position
// (lookup/pocket's every-state proofs). It is safe for concurrent use.
type Walk struct {
	data  []byte
	limit int
	qtm   bool
	htm   htmWalk
	q     qtmWalk
}

// NewWalk returns the walk over lv, the table of the metric (qtm: the
// quarter-turn metric). It makes its tables now (the move tables, the
// fold's index, the walk's keyed rows and the endgame: about 0.6 MB, some
// milliseconds of a core), so whoever owns the table makes it only once a
// program has more than one position to answer.
func NewWalk(qtm bool, lv *table.Levels) *Walk {
	w := &Walk{data: lv.Packed(), limit: min(lv.MaxDistance(), walk.MaxSteps), qtm: qtm}
	if qtm {
		w.q = qtmWalk{theWalkTables(), qtmEndgame()}
	} else {
		w.htm = htmWalk{theWalkTables(), htmEndgame()}
	}
	return w
}

// Solve returns the steps of the walk from the position of rank r, whose
// stored level is v (a reachable one), to the goal, and their number;
// false if a step finds no move that descends, as only a damaged table
// makes it. (An array, not a slice to append to: a slice passed through an
// interface would be moved to the heap on every call.)
func (w *Walk) Solve(r uint32, v uint8) (steps [walk.MaxSteps]uint8, n int, ok bool) {
	if w.qtm {
		return w.q.walk(w.data, r, v, w.limit)
	}
	return w.htm.walk(w.data, r, v, w.limit)
}

// First returns the step the walk takes first from the position of rank r,
// at stored level v, or -1 if none descends: one step of Solve, for
// deriving the next-step table.
func (w *Walk) First(r uint32, v uint8) int {
	if w.qtm {
		p, t := w.q.split(r)
		var lv [9]uint8
		m, _, _, _, _ := w.q.step(w.data, p, t, v, -1, &lv, false)
		return m
	}
	p, t := w.htm.split(r)
	m, _, _, _ := w.htm.step(w.data, p, t, v, -1)
	return m
}

// coords returns the move tables as the half-turn table's coordinate
// tables (its moves are the tables' own, in order), for the walk through
// the next-step table (see puzzle.Accel.MakeCoords).
func coords() *puzzle.Coords {
	mt := MoveTables()
	return &puzzle.Coords{Minor: NTwist, Major: mt.Perm, MinorMoves: mt.Twist}
}

// htmWalk is the walk in the half-turn metric: at each step the first move
// that descends. No turn of the face just turned can descend (it leads to
// a position one move from the one before, which was one farther), so the
// walk does not try them: the group rule, which the half-turn walk need not
// keep, is free to use. A face's three turns are read together: reading
// them one at a time, and stopping at a turn that leads farther (the
// face's others are then no nearer), waits on each read in turn, which
// costs more than the reads it saves.
type htmWalk struct {
	*walkTables
	end *endgame
}

// step is one step of the walk from the position of permutation p and
// twist halves t, at level v, after a turn of face last (-1: none): the
// move it takes (-1: none descends), and the position reached and its
// level. The walk keeps p and t apart: joining them into a rank and parting them again would
// cost a multiplication and a division on every step, each waiting on the
// last.
func (w htmWalk) step(data []byte, p, t uint32, v uint8, last int) (int, uint32, uint32, uint8) {
	row, twists := w.rows(p, t)
	want := nearer[v&3]
	f := w.fold
	for face := 0; face < 3; face++ {
		if face == last {
			continue
		}
		row3, tw3 := &row[face], &twists[face]
		l0 := table.Mod3At(data, f.entryAfter(row3[0], tw3[0]))
		l1 := table.Mod3At(data, f.entryAfter(row3[1], tw3[1]))
		l2 := table.Mod3At(data, f.entryAfter(row3[2], tw3[2]))
		k := -1
		switch want {
		case l0:
			k = 0
		case l1:
			k = 1
		case l2:
			k = 2
		}
		if k >= 0 {
			return 3*face + k, permAfter(row3[k]), uint32(tw3[k]), want
		}
	}
	return -1, p, t, v
}

func (w htmWalk) walk(data []byte, r uint32, v uint8, limit int) (steps [walk.MaxSteps]uint8, n int, ok bool) {
	last := -1
	p, t := w.split(r)
	end := w.end
	// The number of steps after which to look the rest of the way up (see
	// endgame).
	look := end.guess[v&3][0] - end.radius
	for ; p|t != 0; n++ {
		if n >= look {
			if tail, found := end.tail(p, t, last); found {
				return appendTail(steps, n, tail, limit)
			}
			look += end.period
		}
		var m int
		if m, p, t, v = w.step(data, p, t, v, last); m < 0 || n >= limit {
			return steps, n, false
		}
		last = m / 3
		steps[n] = uint8(m)
	}
	return steps, n, true
}

// qtmWalk is the walk in the quarter-turn metric: at each step the first
// step not of the last step's face that descends along one of its paths
// and after which some step of another face descends (see
// walk.Walker.SolveReference). It reads a face's quarter turns together,
// its half turn only where the choice depends on it, and looks ahead only
// where the reference walk's choice depends on it.
//
// Every quarter turn moves the corners by a 4-cycle, an odd permutation, so
// a quarter turn changes the distance by exactly one and a half turn by -2,
// 0 or +2; the three differ mod 3, so the table's levels tell them apart.
//
//   - A half turn F2 that descends (two nearer) makes both quarter turns of
//     F descend: each is one move from both the position and F2's, so it
//     is one nearer. So a face whose quarter turns do not both descend
//     needs no read of its half turn, which cannot descend; that is most
//     faces, and it saves a third of the walk's reads.
//   - If F2 does not descend, a quarter turn F that does lets the walk go
//     on: from F's position, F again is F2, which does not descend, and F'
//     goes back; so what descends from there, as something must short of
//     the goal, is of another face. The same holds for F'.
//   - If F2 descends, the walk can go on after it: its face's quarter turns
//     lead back to the positions after F and after F', one farther. So
//     only the quarter turns need a look ahead, which reads the next
//     position's quarter turns of the other faces.
//   - If F2 reaches the goal, neither quarter turn can go on: each leads
//     one from the goal, whose only neighbour nearer is the goal itself, a
//     turn of F away. So there the walk looks ahead at neither.
type qtmWalk struct {
	*walkTables
	end *endgame
}

// step is htmWalk.step for the quarter-turn walk (the move it takes is one
// of the nine, a half turn where both its quarter turns descend). When known is true, lv holds the levels after the
// quarter turns of the faces other than last's; step returns whether it
// holds those of the position reached, read by the look ahead, so that the
// next step need not read them again.
func (w qtmWalk) step(data []byte, p, t uint32, v uint8, last int, lv *[9]uint8, known bool) (int, uint32, uint32, uint8, bool) {
	row, twists := w.rows(p, t)
	want := nearer[v&3]
	f := w.fold
	face := 0
	for ; face < 3; face++ {
		if face == last {
			continue
		}
		m := 3 * face
		row3, tw3 := &row[face], &twists[face]
		var cw, ccw uint8
		if known {
			cw, ccw = lv[m], lv[m+1]
		} else {
			cw = table.Mod3At(data, f.entryAfter(row3[0], tw3[0]))
			ccw = table.Mod3At(data, f.entryAfter(row3[1], tw3[1]))
		}
		if cw == want {
			if ccw == want && table.Mod3At(data, f.entryAfter(row3[2], tw3[2])) == nearer[want] {
				break
			}
			return m, permAfter(row3[0]), uint32(tw3[0]), want, false
		}
		if ccw == want {
			return m + 1, permAfter(row3[1]), uint32(tw3[1]), want, false
		}
	}
	if face == 3 {
		return -1, 0, 0, 0, false
	}
	k, np, nt, nv, known := w.halfTurn(data, &row[face], &twists[face], want, face, lv)
	return 3*face + k, np, nt, nv, known
}

// halfTurn is step where the half turn of face descends from a position
// at level v (its quarter turns too, to level want): which of the face's
// three turns the walk takes (0, 1, 2 for quarter, inverse and half), where
// to and at what level, and as step does, whether lv holds the next step's
// levels. It is called after step's loop, not in it, so that the common
// path keeps its values in registers: a call in the loop made the compiler
// save them all on every step.
func (w qtmWalk) halfTurn(data []byte, row3 *[3]uint64, tw3 *[3]uint16, want uint8, face int, lv *[9]uint8) (int, uint32, uint32, uint8, bool) {
	hp, ht := permAfter(row3[2]), uint32(tw3[2])
	if hp|ht != 0 {
		for k := range 2 {
			if np, nt := permAfter(row3[k]), uint32(tw3[k]); w.continues(data, np, nt, want, face, lv) {
				return k, np, nt, want, true
			}
		}
	}
	return 2, hp, ht, nearer[want], false
}

func (w qtmWalk) walk(data []byte, r uint32, v uint8, limit int) (steps [walk.MaxSteps]uint8, n int, ok bool) {
	last := -1
	p, t := w.split(r)
	var lv [9]uint8
	known := false
	end := w.end
	// The distance gone at which to look the rest of the way up (see
	// endgame), and the distance gone so far: a half turn goes two.
	look, gone := end.guess[v&3][end.parity(p)]-end.radius, 0
	for ; p|t != 0; n++ {
		if gone >= look {
			if tail, found := end.tail(p, t, last); found {
				return appendTail(steps, n, tail, limit)
			}
			look += end.period
		}
		var m int
		if m, p, t, v, known = w.step(data, p, t, v, last, &lv, known); m < 0 || n >= limit {
			return steps, n, false
		}
		last = m / 3
		gone += 1 + m%3/2
		steps[n] = uint8(m)
	}
	return steps, n, true
}

// appendTail appends an endgame's moves to the walk's n steps, as Walk
// returns them: not ok if they would make more than limit.
func appendTail(steps [walk.MaxSteps]uint8, n int, moves tail, limit int) ([walk.MaxSteps]uint8, int, bool) {
	k := moves.len()
	if n+k > limit || n+k > len(steps) {
		return steps, n, false
	}
	for x := uint32(moves >> 3); k > 0; k-- {
		steps[n] = uint8(x % 9)
		x /= 9
		n++
	}
	return steps, n, true
}

// continues reports whether some quarter turn of a face other than the
// given one descends from the position of permutation p and twist halves
// t, at level v (it is not the goal: it is one move from a position two
// from the goal at least). It reads the levels after those quarter turns
// into lv: when it reports true, the walk goes there, and its next step
// needs them.
func (w qtmWalk) continues(data []byte, p, t uint32, v uint8, face int, lv *[9]uint8) bool {
	row, twists := w.rows(p, t)
	want := nearer[v&3]
	f := w.fold
	found := false
	for g := 0; g < 3; g++ {
		if g == face {
			continue
		}
		m := 3 * g
		row3, tw3 := &row[g], &twists[g]
		cw := table.Mod3At(data, f.entryAfter(row3[0], tw3[0]))
		ccw := table.Mod3At(data, f.entryAfter(row3[1], tw3[1]))
		lv[m], lv[m+1] = cw, ccw
		found = found || cw == want || ccw == want
	}
	return found
}
