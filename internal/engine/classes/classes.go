// Package classes finds the classes of an index's states under a
// puzzle's symmetries (see ksolve.Symmetry): which states stand for their
// class, how many classes are at each distance, and the table's layout of
// one entry a class.
//
// A symmetry s makes of each state x a conjugate conj_s(x), as far from
// the goal as x, and it takes the moves to moves: conj_s(x·g) =
// conj_s(x)·σ_s(g), where σ_s is the symmetry's map of the generators. The
// goal is its own conjugate. So the conjugates of a state are found from
// those of its parent by one move each, and the whole of them, its orbit,
// from the goal down, without a state ever being built. Both ways here
// find the classes so, and mark each class's states the first time they
// meet one of them:
//
//   - Search, breadth first by classes, with no search of the states;
//   - Reduce, from a search of the states' levels, depth first along
//     moves that go one farther.
//
// Search reads a bit a state where Reduce reads a search's two, and does
// without the search; but it walks its tree of classes again for each
// distance, and keeps a few bytes a class: on a small index whose tree is
// deep, a search of the states and Reduce cost less time and memory.
//
// A class is represented by its least index. A table of classes keeps the
// distance of each representative, in index order, then a bit for every
// index, set on the representatives (table.ClassLayout): an entry is found from a
// state's representative by counting the representatives before it (table.ClassMap).
package classes

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/godtable/godtable/internal/format/table"
)

// Graph is what Search and Reduce read of an index: its size and its moves, on
// indices kept decoded, so that an orbit is moved without an index ever
// being decoded again.
type Graph interface {
	Size() uint64
	// Width is the words a decoded index takes.
	Width() int
	// Decode writes index i decoded into d[:Width()].
	Decode(i uint64, d []uint64)
	// Step writes into to the decoding of the index generator g takes
	// decoded index d to, and returns that index.
	Step(d []uint64, g int, to []uint64) uint64
	// Steps is Step on len(out) decoded indices at once, d[s*W:] by
	// generator gens[s] into to[s*W:] and out[s] (W the Width): an
	// orbit's moves, whose reads need not wait on each other.
	Steps(d []uint64, gens []int, to, out []uint64)
}

// Reduction is the classes of a searched index.
type Reduction struct {
	// marks are the search's levels, two bits an index (see Reduce),
	// each set to 3 once its class is met: a neighbour's level and mark
	// are one read, and a walk's random reads touch two bits a state.
	marks []uint64
	// reps hold two bits an index: a representative's level, or 3.
	reps []uint64
	size uint64
	// alone says that one goroutine walks (the first levels, or a walk
	// on one worker), whose marks then need no atomic instruction, which
	// waits for the stores before it (docs/MEASUREMENTS.md, "Symmetry
	// classes", has what it saves).
	alone bool
	// Classes is the number of classes.
	Classes uint64
	// ClassCounts are the classes at each distance, and StateCounts the
	// states in them: the sizes of their orbits, which must be the
	// search's counts.
	ClassCounts, StateCounts []uint64
	// Resumed is the number of distances a checkpoint gave (Search).
	Resumed int
}

// level is index i's level, or 3 once its class is met (or if no search
// reached it).
func (r *Reduction) level(i uint64) uint8 {
	// Other workers mark the word as this one reads it.
	return uint8(atomic.LoadUint64(&r.marks[i/32]) >> (i % 32 * 2) & 3)
}

// met says whether index i's class has been met.
func (r *Reduction) met(i uint64) bool { return r.level(i) == 3 }

// mark marks index i's class met and says whether it was not before.
func (r *Reduction) mark(i uint64) bool {
	shift := i % 32 * 2
	if r.alone {
		w := &r.marks[i/32]
		old := *w
		*w = old | 3<<shift
		return old>>shift&3 != 3
	}
	return atomic.OrUint64(&r.marks[i/32], 3<<shift)>>shift&3 != 3
}

// or sets bits in word w of words, atomically unless the walk is alone.
func (r *Reduction) or(words []uint64, w, bits uint64) {
	if r.alone {
		words[w] |= bits
		return
	}
	atomic.OrUint64(&words[w], bits)
}

// tally counts what one worker found.
type tally struct {
	classes, states []uint64
	// touched keeps a bit of what claim reads ahead, so that the reads
	// are not dropped as unused.
	touched uint64
}

func (t *tally) add(d int, states uint64) {
	for len(t.classes) <= d {
		t.classes = append(t.classes, 0)
		t.states = append(t.states, 0)
	}
	t.classes[d]++
	t.states[d] += states
}

// seed is a class to walk from: its orbit (conjugate s of its first index
// met at orbit[s], decoded at dec[s*width:]), distance and level.
type seed struct {
	orbit []uint64
	dec   []uint64
	dist  int
	level uint8
}

// Reduce finds the classes of the states of index x that a search from
// goal reached. words are the search's levels (distance mod 3, 3 for
// unreached), two bits an index, index i at bits 2*(i%32) of word i/32
// (bfs.Levels.Words). gens[s][g] is symmetry s's image of generator g
// (ksolve.Symmetry.Gen), one row a symmetry, the identity's first. It
// works on workers goroutines (at least one); the result is the same on
// any number. It marks the classes it meets in words, which it leaves
// changed: a caller that wants the levels after keeps a copy.
func Reduce(ctx context.Context, x Graph, goal uint64, words []uint64, gens [][]int, workers int) (*Reduction, error) {
	size := x.Size()
	if len(gens) == 0 {
		return nil, fmt.Errorf("classes: no symmetry")
	}
	if uint64(len(words)) < (size+31)/32 {
		return nil, fmt.Errorf("classes: %d words of levels for %d indices", len(words), size)
	}
	r := &Reduction{marks: words[:(size+31)/32], reps: make([]uint64, (size+31)/32), size: size, alone: true}
	for w := range r.reps {
		r.reps[w] = ^uint64(0)
	}
	S, W := len(gens), x.Width()
	// images[g] lists each symmetry's image of generator g.
	images := make([][]int, len(gens[0]))
	for g := range images {
		images[g] = make([]int, S)
		for s := range S {
			images[g][s] = gens[s][g]
		}
	}
	// The first levels breadth first, one goroutine, until there are
	// enough classes to share out; each worker then walks from them
	// depth first, taking the next seed when it is done with one.
	var first tally
	start := seed{orbit: make([]uint64, S), dec: make([]uint64, S*W), level: r.level(goal)}
	for s := range S {
		start.orbit[s] = goal
		x.Decode(goal, start.dec[s*W:(s+1)*W])
	}
	r.claim(start.orbit, 0, &first)
	seeds := []seed{start}
	enough := 256 * max(1, workers)
	scratch := make([]uint64, W)
	for len(seeds) > 0 && len(seeds) < enough {
		var next []seed
		for _, f := range seeds {
			for g := range images {
				y := x.Step(f.dec[:W], g, scratch)
				if r.level(y) != (f.level+1)%3 {
					continue
				}
				c := seed{orbit: make([]uint64, S), dec: make([]uint64, S*W), dist: f.dist + 1, level: (f.level + 1) % 3}
				x.Steps(f.dec, images[g], c.dec, c.orbit)
				if r.claim(c.orbit, c.dist, &first) {
					next = append(next, c)
				}
			}
		}
		seeds = next
	}
	tallies := make([]tally, max(1, workers))
	r.alone = len(tallies) == 1
	var taken atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, len(tallies))
	for k := range tallies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var w walker
			for {
				i := taken.Add(1) - 1
				if i >= int64(len(seeds)) {
					return
				}
				if err := r.walk(ctx, x, seeds[i], images, &tallies[k], &w); err != nil {
					errs[k] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, t := range append(tallies, first) {
		r.count(&t)
	}
	return r, nil
}

// count adds what a worker found to the counts.
func (r *Reduction) count(t *tally) {
	for d := range t.classes {
		for len(r.ClassCounts) <= d {
			r.ClassCounts = append(r.ClassCounts, 0)
			r.StateCounts = append(r.StateCounts, 0)
		}
		r.ClassCounts[d] += t.classes[d]
		r.StateCounts[d] += t.states[d]
		r.Classes += t.classes[d]
	}
}

// claim takes the class of orbit orb, at distance d, for the caller,
// unless another has: the caller that marks its least index first owns
// it, marks the rest and counts its states.
func (r *Reduction) claim(orb []uint64, d int, t *tally) bool {
	rep := slices.Min(orb)
	if !r.mark(rep) {
		return false
	}
	// Read the members' marks first, each read apart from the others so
	// that their cache misses overlap; the atomic marks then find their
	// words at hand.
	touch := uint64(0)
	for _, i := range orb {
		touch |= atomic.LoadUint64(&r.marks[i/32])
	}
	t.touched ^= touch & 1
	// No other marks this class's states, so the marks need not say what
	// they found: an atomic OR whose result is unused is one instruction,
	// where one that returns the old word is a loop of compare and swap.
	// The states are counted from the orbit instead: orb[s] is conjugate
	// s of the state met, orb[0] (the identity's), and the symmetries
	// form a group, so the orbit holds S/F states, F the symmetries that
	// fix the state met.
	fix := uint64(0)
	for _, i := range orb {
		if i == orb[0] {
			fix++
		}
		r.or(r.marks, i/32, 3<<(i%32*2))
	}
	shift := rep % 32 * 2
	if r.alone {
		r.reps[rep/32] &^= (3 ^ uint64(d%3)) << shift
	} else {
		atomic.AndUint64(&r.reps[rep/32], ^((3 ^ uint64(d%3)) << shift))
	}
	t.add(d, uint64(len(orb))/fix)
	return true
}

// walk finds the classes below seed f, depth first, along moves one
// farther, claiming those no other worker has.
//
// A class's neighbours are worked out together when it is pushed, and
// their levels and marks read in one loop of independent reads, whose
// cache misses overlap: a search of tens of millions of states waits on
// memory, not on its arithmetic. A neighbour that passes is read again
// when its turn comes, as the walk below its siblings may have met it.
func (r *Reduction) walk(ctx context.Context, x Graph, f seed, images [][]int, t *tally, w *walker) error {
	S, W, deg := len(images[0]), x.Width(), len(images)
	if deg > 256 {
		return r.walkOne(ctx, x, f, images, t)
	}
	if len(w.scratch) < W {
		w.scratch = make([]uint64, W)
	}
	// candidates lists the neighbours of class c that are one farther
	// and not met, each with its generator.
	candidates := func(c seed) []uint64 {
		var out []uint64
		if n := len(w.freeNext); n > 0 {
			out, w.freeNext = w.freeNext[n-1][:0], w.freeNext[:n-1]
		}
		want := (c.level + 1) % 3
		for g := range deg {
			out = append(out, x.Step(c.dec[:W], g, w.scratch)<<8|uint64(g))
		}
		k := 0
		for _, yg := range out {
			// A met class's states read 3, never a level.
			if y := yg >> 8; r.level(y) == want {
				out[k] = yg
				k++
			}
		}
		return out[:k]
	}
	stack := append(w.stack[:0], walkFrame{seed: f, next: candidates(f)})
	defer func() { w.stack = stack[:0] }()
	steps := 0
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.at == len(top.next) {
			if len(stack) > 1 {
				w.freeSeeds = append(w.freeSeeds, top.seed)
			}
			w.freeNext = append(w.freeNext, top.next)
			stack = stack[:len(stack)-1]
			continue
		}
		yg := top.next[top.at]
		top.at++
		y, g := yg>>8, int(yg&255)
		if r.met(y) {
			continue
		}
		if steps++; steps&(1<<14-1) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		var c seed
		if n := len(w.freeSeeds); n > 0 {
			c, w.freeSeeds = w.freeSeeds[n-1], w.freeSeeds[:n-1]
		} else {
			c = seed{orbit: make([]uint64, S), dec: make([]uint64, S*W)}
		}
		// Conjugate s of the neighbour is conjugate s of this class
		// moved by symmetry s's image of g.
		x.Steps(top.dec, images[g], c.dec, c.orbit)
		c.dist, c.level = top.dist+1, (top.level+1)%3
		if !r.claim(c.orbit, c.dist, t) {
			w.freeSeeds = append(w.freeSeeds, c)
			continue
		}
		stack = append(stack, walkFrame{seed: c, next: candidates(c)})
	}
	return nil
}

// walkFrame is a class on a walk's stack, with the neighbours it has yet
// to try (next[at:], each y<<8 | g).
type walkFrame struct {
	seed
	next []uint64
	at   int
}

// walker is what a worker's walks reuse from one seed to the next: the
// seeds and lists of neighbours of the classes it has left, and its
// stack, so that a reduction allocates as many of them as its deepest
// walk holds, not as many as it has seeds.
type walker struct {
	freeSeeds []seed
	// ys are a class's neighbours (Search).
	ys       []uint64
	freeNext [][]uint64
	scratch  []uint64
	stack    []walkFrame
}

// walkOne is walk for a puzzle of more than 256 generators, one
// neighbour at a time.
func (r *Reduction) walkOne(ctx context.Context, x Graph, f seed, images [][]int, t *tally) error {
	type frame struct {
		seed
		next int
	}
	S, W, deg := len(images[0]), x.Width(), len(images)
	scratch := make([]uint64, W)
	stack := []frame{{seed: f}}
	steps := 0
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next == deg {
			stack = stack[:len(stack)-1]
			continue
		}
		g := top.next
		top.next++
		y := x.Step(top.dec[:W], g, scratch)
		if r.level(y) != (top.level+1)%3 {
			continue
		}
		if steps++; steps&(1<<14-1) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		c := seed{orbit: make([]uint64, S), dec: make([]uint64, S*W), dist: top.dist + 1, level: (top.level + 1) % 3}
		x.Steps(top.dec, images[g], c.dec, c.orbit)
		if r.claim(c.orbit, c.dist, t) {
			stack = append(stack, frame{seed: c})
		}
	}
	return nil
}

// Packed returns the table's packed bytes of a reduction (see table.ClassLayout):
// each representative's level, two bits an entry in a table.Mod3 table's
// order, then the representatives' bits.
func (r *Reduction) Packed() []byte {
	levels, repBytes := table.ClassLayout(r.size, r.Classes)
	b := make([]byte, levels, levels+repBytes)
	b = append(b, make([]byte, repBytes)...)
	bitmap := b[levels:]
	e := uint64(0)
	for w, word := range r.reps {
		// A pair of bits other than 3 is a representative's level.
		at := ^word
		at = (at | at>>1) & 0x5555555555555555
		for at != 0 {
			k := uint64(bits.TrailingZeros64(at))
			at &= at - 1
			i := uint64(w)*32 + k/2
			bitmap[i/8] |= 1 << (i % 8)
			b[e>>2] |= uint8(word>>k&3) << (e & 3 * 2)
			e++
		}
	}
	return b
}
