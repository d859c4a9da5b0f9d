package symindex

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"time"

	"github.com/godtable/godtable/internal/engine/levelsearch"
)

// Levels is a search's result over a class index: two bits an index, each
// class's distance mod 3 on the index its class maps to, 3 on an index
// no class maps to or none the moves reach. They are packed four to a
// byte from the lowest bits up, as a table's Mod3 levels are, so that the
// table is written from them as they are (Packed).
type Levels struct {
	data []byte
	size uint64
	// ClassCounts are the classes at each distance, and StateCounts the
	// states in them.
	ClassCounts, StateCounts []uint64
	// Resumed is the number of distances a checkpoint gave (Search).
	Resumed int
}

// Level is index i's level: its class's distance mod 3, or 3.
func (l *Levels) Level(i uint64) uint8 { return l.data[i/4] >> (i % 4 * 2) & 3 }

func (l *Levels) set(i uint64, v uint8) {
	l.data[i/4] &^= (3 ^ v) << (i % 4 * 2)
}

// Bytes is the memory the levels take.
func (l *Levels) Bytes() uint64 { return uint64(len(l.data)) }

// Packed returns the levels as a table's Mod3 levels pack them: a byte
// for four indices, 0 past the last index (not a copy: the levels are
// not to be read after).
func (l *Levels) Packed() []byte {
	n := (l.size + 3) / 4
	if r := l.size % 4; r != 0 {
		l.data[n-1] &= 1<<(2*r) - 1
	}
	return l.data[:n]
}

// SearchOptions tune Search; the zero value is silent and keeps no
// checkpoint.
type SearchOptions struct {
	// Progress, if not nil, is told each distance's classes and states as
	// they are found (and, on a resumed search, those the checkpoint gave).
	Progress func(d int, classes, states uint64)
	// Checkpoint, if set, is the file the search keeps its levels and
	// counts in after a distance, when levelsearch.CheckpointDue says
	// (CheckpointAfter is its after), and resumes from. ID identifies the
	// definition and its class index: a checkpoint of another search, or
	// a damaged one, is refused with an error naming the file.
	Checkpoint      string
	CheckpointAfter time.Duration
	ID              [32]byte
}

// Search finds the distance of every class the moves reach from the
// goal's, level by level, holding two bits an index: from each class at
// the last distance to its neighbours not met (forward), or, once fewer
// indices are left than were met at the last distance, from each index
// not met to a neighbour at the last distance (backward). An index at
// distance d-3 reads as one at d, but its neighbours were all met by d-2,
// so going forward from it finds nothing new.
//
// Cancelling ctx stops the search after the distance it is at. With
// opt.Checkpoint set, the search keeps its levels in that file from time
// to time (see levelsearch.Run) and a search run again resumes from the
// last distance kept: its levels and counts are the same, byte for byte,
// as those of a search never stopped. Resumed, in the result, is the
// number of distances the checkpoint gave.
func (x *Index) Search(ctx context.Context, goal uint64, opt SearchOptions) (*Levels, error) {
	if goal >= x.size {
		return nil, fmt.Errorf("symindex: goal %d beyond the index's %d", goal, x.size)
	}
	s := &levelSearch{x: x, goal: goal, opt: opt}
	if opt.Checkpoint != "" {
		lv, err := s.load()
		if err != nil {
			return nil, err
		}
		s.l = lv
	}
	if s.l == nil {
		s.l = x.startLevels(goal)
	} else {
		s.l.Resumed = len(s.l.ClassCounts)
	}
	s.left = x.size
	for d, c := range s.l.ClassCounts {
		s.left -= c
		if d > 0 && opt.Progress != nil {
			opt.Progress(d, c, s.l.StateCounts[d])
		}
	}
	if _, err := levelsearch.Run(ctx, s, len(s.l.ClassCounts)-1, levelsearch.Options{
		Checkpoint:      opt.Checkpoint != "",
		CheckpointAfter: opt.CheckpointAfter,
		CheckpointBytes: s.l.Bytes(),
		Due:             checkpointRule,
	}); err != nil {
		return nil, err
	}
	return s.l, nil
}

// checkpointRule decides when a search keeps a checkpoint: CheckpointDue,
// but a variable, so that a test that stops a search after any distance
// can have a checkpoint after every one.
var checkpointRule = levelsearch.CheckpointDue

// startLevels are the levels before the search: the goal at distance 0,
// every other index not met.
func (x *Index) startLevels(goal uint64) *Levels {
	// Whole words, so that forward reads eight bytes at a time.
	l := &Levels{data: make([]byte, (x.size+31)/32*8), size: x.size}
	for i := range l.data {
		l.data[i] = 0xff
	}
	l.set(goal, 0)
	l.ClassCounts, l.StateCounts = []uint64{1}, []uint64{x.OrbitSize(goal)}
	return l
}

// levelSearch is a Search under way, a distance a step (levelsearch.Run).
type levelSearch struct {
	x    *Index
	goal uint64
	opt  SearchOptions
	l    *Levels
	left uint64 // the indices not met yet
}

// Step searches the distance after d, forward or backward, and appends its
// counts; it finds nothing once no class is one move farther.
func (s *levelSearch) Step(_ context.Context, d int) (uint64, error) {
	var classes, states uint64
	if s.l.ClassCounts[d] < s.left {
		classes, states = s.x.forward(s.l, uint8(d%3))
	} else {
		classes, states = s.x.backward(s.l, uint8(d%3))
	}
	if classes == 0 {
		return 0, nil
	}
	s.left -= classes
	s.l.ClassCounts = append(s.l.ClassCounts, classes)
	s.l.StateCounts = append(s.l.StateCounts, states)
	if s.opt.Progress != nil {
		s.opt.Progress(d+1, classes, states)
	}
	return classes, nil
}

// Save keeps the search's checkpoint.
func (s *levelSearch) Save() error { return s.save() }

// forward marks the classes not met one move from those at level v.
func (x *Index) forward(l *Levels, v uint8) (classes, states uint64) {
	next := (v + 1) % 3
	// A pair of bits equal to v: its xor with v's pattern is 0.
	pattern := uint64(v) * 0x5555555555555555
	for w := range uint64(len(l.data) / 8) {
		z := binary.LittleEndian.Uint64(l.data[w*8:]) ^ pattern
		at := ^(z | z>>1) & 0x5555555555555555
		for at != 0 {
			k := uint64(bits.TrailingZeros64(at))
			at &= at - 1
			i := w*32 + k/2
			if i >= x.size {
				break
			}
			for g := range x.p.Gens {
				n, ok := x.Neighbor(i, g)
				if ok && l.Level(n) == 3 {
					l.set(n, next)
					classes++
					states += x.OrbitSize(n)
				}
			}
		}
	}
	return classes, states
}

// backward marks the canonical indices not met with a neighbour at level v.
func (x *Index) backward(l *Levels, v uint8) (classes, states uint64) {
	next := (v + 1) % 3
	for i := range x.size {
		if l.Level(i) != 3 || !x.Canonical(i) {
			continue
		}
		for g := range x.p.Gens {
			if n, ok := x.Neighbor(i, g); ok && l.Level(n) == v {
				l.set(i, next)
				classes++
				states += x.OrbitSize(i)
				break
			}
		}
	}
	return classes, states
}
