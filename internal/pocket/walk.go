package pocket

import (
	"sync"

	"github.com/godtable/godtable/internal/puzzle"
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
//     quarter turns), with its face's quarter turns, and the look ahead that
//     the reference walk makes after every step is made only where a half
//     turn descends (see qtmWalk).
//
// Neither changes which move the walk takes: the moves are tried in the same
// order, only moves that cannot descend are skipped, and a look ahead is
// skipped only where its outcome is known. The tests compare
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
	nearer = [4]uint8{2, 0, 1, 3} // the level one step nearer the goal
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

// Coords returns the move tables as the half-turn table's coordinate
// tables (its moves are the tables' own, in order), for the walk through
// the next-step table (see walk.CoordsStepper).
func (w htmWalk) Coords() *puzzle.Coords {
	return &puzzle.Coords{Minor: NTwist, Major: w.moves.Perm, MinorMoves: w.moves.Twist}
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
// walk.Walker.SolveReference). It reads a face's three turns together, and
// looks ahead only where the reference walk's choice depends on it.
//
// Every quarter turn moves the corners by a 4-cycle, an odd permutation, so
// a quarter turn changes the distance by exactly one and a half turn by -2,
// 0 or +2; the three differ mod 3, so the table's levels tell them apart.
//
//   - A half turn F2 that descends (two nearer) makes both quarter turns of
//     F descend: each is one move from both the position and F2's, so it
//     is one nearer. So a face is taken by a quarter turn, a half turn or
//     not at all, decided by its three levels:
//   - If F2 does not descend, a quarter turn F that does lets the walk go
//     on: from F's position, F again is F2, which does not descend, and F'
//     goes back; so what descends from there, as something must short of
//     the goal, is of another face. The same holds for F'.
//   - If F2 descends, the walk can go on after it: its face's quarter turns
//     lead back to the positions after F and after F', one farther. So
//     only the quarter turns need a look ahead, which reads the next
//     position's other faces.
type qtmWalk struct{ *walkTables }

func (w qtmWalk) Step(data []byte, r uint32, v uint8, last int) (int, uint32, uint8) {
	row, twists := w.rows(r)
	want := nearer[v&3]
	twice := nearer[want]
	f := w.fold
	for face := 0; face < 3; face++ {
		if face == last {
			continue
		}
		m := 3 * face
		row3, tw3 := (*[3]uint16)(row[m:m+3]), (*[3]uint16)(twists[m:m+3])
		cw := at(data, f.entry(uint32(f.classSym[row3[0]]), f.add[row3[0]], uint32(tw3[0])))
		ccw := at(data, f.entry(uint32(f.classSym[row3[1]]), f.add[row3[1]], uint32(tw3[1])))
		half := at(data, f.entry(uint32(f.classSym[row3[2]]), f.add[row3[2]], uint32(tw3[2])))
		if half == twice {
			for k := range 2 {
				if t := uint32(row3[k])*NTwist + uint32(tw3[k]); w.continues(data, t, want, face) {
					return m + k, t, want
				}
			}
			return m + 2, uint32(row3[2])*NTwist + uint32(tw3[2]), twice
		}
		if cw == want {
			return m, uint32(row3[0])*NTwist + uint32(tw3[0]), want
		}
		if ccw == want {
			return m + 1, uint32(row3[1])*NTwist + uint32(tw3[1]), want
		}
	}
	return -1, r, v
}

func (w qtmWalk) Walk(data []byte, r uint32, v uint8, max int) (steps [walk.MaxSteps]uint8, n int, ok bool) {
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

// continues reports whether some quarter turn of a face other than the
// given one descends from rank t, at level v (t is not the goal: it is one
// move from a position two from the goal at least).
func (w qtmWalk) continues(data []byte, t uint32, v uint8, face int) bool {
	row, twists := w.rows(t)
	want := nearer[v&3]
	f := w.fold
	found := false
	for g := 0; g < 3; g++ {
		if g == face {
			continue
		}
		m := 3 * g
		cw := at(data, f.entry(uint32(f.classSym[row[m]]), f.add[row[m]], uint32(twists[m])))
		ccw := at(data, f.entry(uint32(f.classSym[row[m+1]]), f.add[row[m+1]], uint32(twists[m+1])))
		found = found || cw == want || ccw == want
	}
	return found
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
