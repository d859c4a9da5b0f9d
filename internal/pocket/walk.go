package pocket

import (
	"sync"

	"github.com/godtable/godtable/internal/walk"
)

// The walk over a folded table, specialised. Each position the walk reaches
// costs a fold index (see fold.go) rather than a table read, so the walk
// reads as few as it can and reads each cheaply:
//
//   - In the half-turn metric the walk skips the face just turned, and
//     reads the three turns of a face together (their reads do not wait for
//     each other), taking the first that descends.
//   - In the quarter-turn metric a half turn is read directly (not as two
//     quarter turns), and only when a quarter turn of its face descends,
//     since both its paths start with one.
//
// Neither changes which move the walk takes: the moves are tried in the same
// order, and only moves that cannot descend are skipped. The tests compare
// the answer with the walk package's reference loop on every position in
// both metrics.

// walkTables are the tables the specialised walk reads: the move tables and
// the fold's index. (A copy of the permutation move table carrying each
// permutation's class and symmetry saves a read per position, about 6 per
// cent of a walk, but a one-shot answer would pay more to build it.)
type walkTables struct {
	fold  *foldIndex
	moves *Tables
}

// rows returns the move table rows of rank r's permutation and twist.
func (w *walkTables) rows(r uint32) (perm, twist *[9]uint16) {
	return w.moves.PermRow(r / NTwist), w.moves.TwistRow(r % NTwist)
}

var theWalkTables = sync.OnceValue(func() *walkTables {
	mt := MoveTables()
	return &walkTables{fold: theFold(), moves: mt}
})

// Level arithmetic of a table that keeps distances mod 3.
var (
	nearer  = [4]uint8{2, 0, 1, 3} // the level one step nearer the goal
	farther = [4]uint8{1, 2, 0, 3} // the level one step farther
)

// at returns the level of entry e of a table's packed levels.
//
// The loops below read a position's level as
//
//	at(data, w.fold.entry(uint32(w.fold.classSym[perm]), w.fold.add[perm], uint32(twist)))
//
// from the move's entries in the two move tables, rather than through a
// function of their own: written so, both calls are inlined, where a call
// per read would cost a fifth of the walk.

func at(data []byte, e uint32) uint8 { return data[e>>2] >> (e & 3 * 2) & 3 }

// Stepper returns the specialised walk for a table of the metric (qtm: the
// quarter-turn metric), for the nine steps R R' R2 U U' U2 F F' F2 in that
// order, each turning one face (group 0 R, 1 U, 2 F) and, in the quarter-
// turn metric, kept from following a step of its own face.
func Stepper(qtm bool) walk.Stepper {
	if qtm {
		return qtmWalk{theWalkTables()}
	}
	return htmWalk{theWalkTables()}
}

// htmWalk is the walk in the half-turn metric: at each step the first move
// that descends. No turn of the face just turned can descend (it leads to
// a position one move from the one before, which was one farther), so the
// walk does not try them: the group rule, which the half-turn walk need not
// keep, is free to use. A face's three turns are read together: reading
// them one at a time, and stopping at a turn that leads farther (the
// face's others are then no nearer), waits on each read in turn, which
// costs more than the reads it saves.
type htmWalk struct{ *walkTables }

func (w htmWalk) Step(data []byte, r uint32, v uint8, last int) (int, uint32, uint8) {
	row, twists := w.rows(r)
	want := nearer[v&3]
	f := w.fold
	for face := 0; face < 9; face += 3 {
		if face == 3*last {
			continue
		}
		row3, tw3 := (*[3]uint16)(row[face:face+3]), (*[3]uint16)(twists[face:face+3])
		l0 := at(data, f.entry(uint32(f.classSym[row3[0]]), f.add[row3[0]], uint32(tw3[0])))
		l1 := at(data, f.entry(uint32(f.classSym[row3[1]]), f.add[row3[1]], uint32(tw3[1])))
		l2 := at(data, f.entry(uint32(f.classSym[row3[2]]), f.add[row3[2]], uint32(tw3[2])))
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
			return face + k, uint32(row3[k])*NTwist + uint32(tw3[k]), want
		}
	}
	return -1, r, v
}

func (w htmWalk) Walk(data []byte, r uint32, v uint8, max int) (steps [walk.MaxSteps]uint8, n int, ok bool) {
	last := -1
	for ; r != 0; n++ {
		var m int
		if m, r, v = w.Step(data, r, v, last); m < 0 || n >= max {
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
// walk.Walker.SolveReference).
type qtmWalk struct{ *walkTables }

// quarters are the levels of the positions a state's six quarter turns
// reach (index 2*face, +1 anticlockwise), read a face at a time (the two
// reads do not wait for each other), those known so far: what deciding
// whether the walk goes on from a state reads, and what the next step reads
// again if the walk goes there.
type quarters struct {
	known uint8 // bit f: face f's two are known
	level [6]uint8
}

// face returns the levels after the face's two quarter turns from the
// state whose move table rows are given, reading them once.
func (w qtmWalk) face(data []byte, row *[9]uint16, twists *[9]uint16, face int, have *quarters) (cw, ccw uint8) {
	if have.known>>face&1 == 0 {
		m := 3 * face
		have.level[2*face] = at(data, w.fold.entry(uint32(w.fold.classSym[row[m]]), w.fold.add[row[m]], uint32(twists[m])))
		have.level[2*face+1] = at(data, w.fold.entry(uint32(w.fold.classSym[row[m+1]]), w.fold.add[row[m+1]], uint32(twists[m+1])))
		have.known |= 1 << face
	}
	return have.level[2*face], have.level[2*face+1]
}

func (w qtmWalk) Step(data []byte, r uint32, v uint8, last int) (int, uint32, uint8) {
	var have quarters
	return w.step(data, r, v, last, &have)
}

func (w qtmWalk) Walk(data []byte, r uint32, v uint8, max int) (steps [walk.MaxSteps]uint8, n int, ok bool) {
	var have quarters
	last := -1
	for ; r != 0; n++ {
		var m int
		if m, r, v = w.step(data, r, v, last, &have); m < 0 || n >= max {
			return steps, n, false
		}
		last = m / 3
		steps[n] = uint8(m)
	}
	return steps, n, true
}

// step is Step given what is known of the state's quarter turns; it leaves
// in have what is known of the quarter turns of the state it steps to.
func (w qtmWalk) step(data []byte, r uint32, v uint8, last int, have *quarters) (int, uint32, uint8) {
	row, twists := w.rows(r)
	want := nearer[v]
	for face := 0; face < 3; face++ {
		if face == last {
			continue
		}
		var next quarters
		cw, ccw := w.face(data, row, twists, face, have)
		a, b := cw == want, ccw == want
		if a {
			m := 3 * face
			if t := uint32(row[m])*NTwist + uint32(twists[m]); w.continues(data, t, want, face, &next) {
				*have = next
				return m, t, want
			}
		}
		if b {
			m := 3*face + 1
			next = quarters{}
			if t := uint32(row[m])*NTwist + uint32(twists[m]); w.continues(data, t, want, face, &next) {
				*have = next
				return m, t, want
			}
		}
		if a || b {
			// The half turn descends along R R or R' R': both end at the
			// same position, two steps nearer.
			m := 3*face + 2
			if l := at(data, w.fold.entry(uint32(w.fold.classSym[row[m]]), w.fold.add[row[m]], uint32(twists[m]))); l == nearer[want] {
				next = quarters{}
				if t := uint32(row[m])*NTwist + uint32(twists[m]); w.continues(data, t, l, face, &next) {
					*have = next
					return m, t, l
				}
			}
		}
	}
	return -1, r, v
}

// continues reports whether the walk can go on from rank t, at level v,
// after a step of the face: t is solved, or a quarter turn of another face
// descends (a half turn descends only if one of its face's quarter turns
// does). It records in have the quarter turns it reads.
func (w qtmWalk) continues(data []byte, t uint32, v uint8, face int, have *quarters) bool {
	if t == 0 {
		return true
	}
	row, twists := w.rows(t)
	want := nearer[v]
	for f := 0; f < 3; f++ {
		if f == face {
			continue
		}
		if cw, ccw := w.face(data, row, twists, f, have); cw == want || ccw == want {
			return true
		}
	}
	return false
}

// follow reads the levels after the given moves (indices into the nine)
// from rank r at level v: Follow for a table whose moves they are.
func (w *walkTables) follow(data []byte, r uint32, v uint8, moves []Move) (t [walk.MaxFollow]uint32, tv [walk.MaxFollow]uint8, down uint32) {
	row, twists := w.rows(r)
	near := nearer[v]
	for k, m := range moves {
		t[k] = uint32(row[m])*NTwist + uint32(twists[m])
		tv[k] = at(data, w.fold.entry(uint32(w.fold.classSym[row[m]]), w.fold.add[row[m]], uint32(twists[m])))
		if tv[k] == near {
			down |= 1 << k
		}
	}
	return t, tv, down
}

func (w htmWalk) Follow(data []byte, r uint32, v uint8) ([walk.MaxFollow]uint32, [walk.MaxFollow]uint8, uint32) {
	return w.follow(data, r, v, HTMMoves)
}

func (w qtmWalk) Follow(data []byte, r uint32, v uint8) ([walk.MaxFollow]uint32, [walk.MaxFollow]uint8, uint32) {
	return w.follow(data, r, v, QTMMoves)
}
