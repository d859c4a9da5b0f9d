package symindex

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/godtable/godtable/internal/engine/levelsearch"
)

// Levels is a search's result over a class index: two bits an index, each
// class's distance mod 3 on the index its class maps to, 3 on an index
// no class maps to or none the moves reach. They are packed 32 to a word
// from the lowest bits up, so that, read as little-endian bytes, they are
// a table's Mod3 levels, and the table is written from them as they are
// (Packed).
type Levels struct {
	words []uint64
	size  uint64
	// ClassCounts are the classes at each distance, and StateCounts the
	// states in them.
	ClassCounts, StateCounts []uint64
	// Resumed is the number of distances a checkpoint gave (Search).
	Resumed int
	// shared says that workers mark the words at once (see mark).
	shared bool
}

// Level is index i's level: its class's distance mod 3, or 3.
func (l *Levels) Level(i uint64) uint8 { return uint8(l.words[i/32]>>(i%32*2)) & 3 }

func (l *Levels) set(i uint64, v uint8) {
	l.words[i/32] &^= uint64(3^v) << (i % 32 * 2)
}

// Bytes is the memory the levels take.
func (l *Levels) Bytes() uint64 { return 8 * uint64(len(l.words)) }

// Packed returns the levels as a table's Mod3 levels pack them: a byte
// for four indices, 0 past the last index (on a little-endian machine not
// a copy: the levels are not to be read after).
func (l *Levels) Packed() []byte {
	n := (l.size + 3) / 4
	if r := l.size % 32; r != 0 {
		l.words[len(l.words)-1] &= 1<<(2*r) - 1
	}
	if len(l.words) == 0 {
		return nil
	}
	var probe uint16 = 1
	if *(*byte)(unsafe.Pointer(&probe)) == 1 {
		return unsafe.Slice((*byte)(unsafe.Pointer(&l.words[0])), 8*len(l.words))[:n]
	}
	b := make([]byte, 0, 8*len(l.words))
	for _, w := range l.words {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return b[:n]
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
	// Workers is the number of goroutines a distance is searched on (0:
	// GOMAXPROCS); the levels and counts are the same on any number.
	Workers int
}

// Search finds the distance of every class the moves reach from the
// goal's, level by level, holding two bits an index: from each class at
// the last distance to its neighbours not met (forward), or, once fewer
// indices are left than were met at the last distance, from each index
// not met to a neighbour at the last distance (backward). An index at
// distance d-3 reads as one at d, but its neighbours were all met by d-2,
// so going forward from it finds nothing new.
//
// A distance is searched on opt.Workers goroutines, each taking the next
// range of indices (see eachChunk), with the same levels and counts on any
// number. Cancelling ctx stops the search within the distance it is at,
// which is lost. With
// opt.Checkpoint set, the search keeps its levels in that file from time
// to time (see levelsearch.Run) and a search run again resumes from the
// last distance kept: its levels and counts are the same, byte for byte,
// as those of a search never stopped. Resumed, in the result, is the
// number of distances the checkpoint gave.
func (x *Index) Search(ctx context.Context, goal uint64, opt SearchOptions) (*Levels, error) {
	if goal >= x.size {
		return nil, fmt.Errorf("symindex: goal %d beyond the index's %d", goal, x.size)
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	s := &levelSearch{x: x, goal: goal, opt: opt, workers: workers}
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
	l := &Levels{words: make([]uint64, (x.size+31)/32), size: x.size}
	for i := range l.words {
		l.words[i] = ^uint64(0)
	}
	l.set(goal, 0)
	l.ClassCounts, l.StateCounts = []uint64{1}, []uint64{x.OrbitSize(goal)}
	return l
}

// levelSearch is a Search under way, a distance a step (levelsearch.Run).
type levelSearch struct {
	x       *Index
	goal    uint64
	opt     SearchOptions
	workers int
	l       *Levels
	left    uint64 // the indices not met yet
}

// Step searches the distance after d, forward or backward, and appends its
// counts; it finds nothing once no class is one move farther.
func (s *levelSearch) Step(ctx context.Context, d int) (uint64, error) {
	walk := s.x.forward
	if s.l.ClassCounts[d] >= s.left {
		walk = s.x.backward
	}
	classes, states, err := s.x.eachChunk(ctx, s.l, s.workers, uint8(d%3), walk)
	if err != nil || classes == 0 {
		return 0, err
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

// chunkWords is the words of levels a worker takes at a time: enough
// indices that taking a chunk costs nothing beside searching it, few
// enough that the workers end a level together. A variable, so that a test
// cuts a small index into many chunks.
var chunkWords uint64 = 1024

// eachChunk runs walk over the levels' words, chunkWords at a time, on
// workers goroutines, each taking the next chunk not taken, and returns
// the classes and states they marked at the level after v. It stops with
// ctx's error, between chunks, once ctx is done.
//
// The workers mark the same words: every read and write of a word is
// atomic, and an index is marked by a compare-and-swap that only one
// worker wins (mark). What a level finds does not depend on the order
// the chunks are taken in: a walk reads the indices at level v and those
// not met, and marks an index not met with the level after v, which is
// neither; so the levels and counts are the same on any number of
// workers.
func (x *Index) eachChunk(ctx context.Context, l *Levels, workers int, v uint8,
	walk func(l *Levels, v uint8, from, to uint64) (classes, states uint64)) (classes, states uint64, err error) {
	chunks := (uint64(len(l.words)) + chunkWords - 1) / chunkWords
	workers = int(min(uint64(max(workers, 1)), chunks))
	l.shared = workers > 1
	var next atomic.Uint64
	var wg sync.WaitGroup
	found := make([][2]uint64, workers)
	for k := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				c := next.Add(1) - 1
				if c >= chunks {
					return
				}
				from := c * chunkWords * 32
				to := min(x.size, from+chunkWords*32)
				nc, ns := walk(l, v, from, to)
				found[k][0] += nc
				found[k][1] += ns
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	for _, f := range found {
		classes += f[0]
		states += f[1]
	}
	return classes, states, nil
}

// mark sets index i, not met, to level next, and says whether it was not
// met: of the workers that mark it at once, one only is told so (a
// compare-and-swap, where the words are shared).
func (l *Levels) mark(i uint64, next uint8) bool {
	p, shift := &l.words[i/32], i%32*2
	if !l.shared {
		// One worker: no other writes the word, and a plain write
		// spares the locked instruction.
		if *p>>shift&3 != 3 {
			return false
		}
		*p &^= uint64(3^next) << shift
		return true
	}
	for {
		w := atomic.LoadUint64(p)
		if w>>shift&3 != 3 {
			return false
		}
		if atomic.CompareAndSwapUint64(p, w, w&^(uint64(3^next)<<shift)) {
			return true
		}
	}
}

// forward marks the classes not met one move from those at level v among
// indices from to to (a whole number of words from from).
func (x *Index) forward(l *Levels, v uint8, from, to uint64) (classes, states uint64) {
	next := (v + 1) % 3
	// Locals, which the atomic reads leave in registers.
	words, gens := l.words, len(x.p.Gens)
	// A pair of bits equal to v: its xor with v's pattern is 0.
	pattern := uint64(v) * 0x5555555555555555
	for w := from / 32; w*32 < to; w++ {
		z := atomic.LoadUint64(&words[w]) ^ pattern
		at := ^(z | z>>1) & 0x5555555555555555
		for at != 0 {
			k := uint64(bits.TrailingZeros64(at))
			at &= at - 1
			i := w*32 + k/2
			if i >= to {
				break
			}
			for g := range gens {
				n, ok := x.Neighbor(i, g)
				if ok && atomic.LoadUint64(&words[n/32])>>(n%32*2)&3 == 3 && l.mark(n, next) {
					classes++
					states += x.OrbitSize(n)
				}
			}
		}
	}
	return classes, states
}

// backward marks the canonical indices not met, from from to to, with a
// neighbour at level v.
func (x *Index) backward(l *Levels, v uint8, from, to uint64) (classes, states uint64) {
	next := (v + 1) % 3
	words, gens := l.words, len(x.p.Gens)
	for i := from; i < to; i++ {
		if atomic.LoadUint64(&words[i/32])>>(i%32*2)&3 != 3 || !x.Canonical(i) {
			continue
		}
		for g := range gens {
			if n, ok := x.Neighbor(i, g); ok && uint8(atomic.LoadUint64(&words[n/32])>>(n%32*2)&3) == v {
				if l.mark(i, next) {
					classes++
					states += x.OrbitSize(i)
				}
				break
			}
		}
	}
	return classes, states
}
