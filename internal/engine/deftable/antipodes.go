package deftable

import (
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/answer"
)

// Antipodes returns the indices of up to n states at the largest distance,
// in index order.
func (t *Table) Antipodes(n int) ([]uint64, error) { return t.AntipodesProgress(n, nil) }

// AntipodesProgress is Antipodes, telling progress, if set, how many of
// the index's states it has looked at and how many there are, from time
// to time.
//
// The levels keep each state's distance mod 3, so that the level of the
// largest distance, most, holds the states at most, most-3, most-6, ...
// A state nearer than most has a neighbour one farther, at the next
// level, unless no state around it is farther (a local maximum), while no
// state at most has one: a candidate with a neighbour at the next level
// is passed over with one read of each neighbour's level until the first
// such, and only the rest, the antipodes and the rare local maxima, are
// settled by their walk, which costs a few reads a move. The index is
// looked at in chunks, on every core, and the look ends with the first
// chunks that hold n antipodes, or all of them.
func (t *Table) AntipodesProgress(n int, progress func(done, total uint64)) ([]uint64, error) {
	// One answer's reads: a damaged block fails this look, and no other
	// answer of the table.
	ta := *t
	ta.lv, ta.w = t.answering()
	return ta.antipodes(n, progress)
}

// antipodes is AntipodesProgress on t's own levels.
func (t *Table) antipodes(n int, progress func(done, total uint64)) ([]uint64, error) {
	most := len(t.lv.Counts) - 1
	if n <= 0 || most < 0 {
		return nil, nil
	}
	if t.ClassIndexed() {
		return t.classIndexAntipodes(n, most, progress)
	}
	if t.sym != nil {
		return t.classAntipodes(n, most, progress)
	}
	words := (t.Index.Size() + 31) / 32
	chunks := int((words + antipodeChunkWords - 1) / antipodeChunkWords)
	all := t.lv.Counts[most]
	v := uint8(most % 3)
	nearer := make([]uint64, words/2+1)
	found, err := inChunks(chunks, progressIn(progress, t.Index.Size(), antipodeChunkWords*32),
		func() func(c int) ([]uint64, error) {
			kernel := t.Index.Kernel()
			out := make([]uint64, 32*t.Index.Degree())
			return func(c int) ([]uint64, error) {
				lo := uint64(c) * antipodeChunkWords
				hi := min(lo+antipodeChunkWords, words)
				var far []uint64
				for w := lo; w < hi; w++ {
					m := matches(t.lv.Word(w), v)
					if w == words-1 && t.Index.Size()%32 != 0 {
						m &= 1<<(2*(t.Index.Size()%32)) - 1 // no indices past the last
					}
					if m == 0 {
						continue
					}
					kernel.Neighbors(w, m, out)
					for nb := out; m != 0; m &= m - 1 {
						i := w*32 + uint64(bits.TrailingZeros64(m))/2
						ok, err := t.peak(i, nb[:t.Index.Degree()], v, most, nearer)
						if err != nil {
							return nil, err
						}
						if ok {
							far = append(far, i)
						}
						nb = nb[t.Index.Degree():]
					}
				}
				return far, nil
			}
		},
		func(found []uint64, _ int) bool { return len(found) >= n || uint64(len(found)) == all })
	if err != nil {
		return nil, err
	}
	if err := checked(t.lv, nil); err != nil {
		return nil, err
	}
	settled(progress, t.Index.Size())
	return found[:min(n, len(found))], nil
}

// antipodeChunkWords is the words of levels (32 states each) a worker
// looks at a time; a test makes it smaller, to see many chunks.
var antipodeChunkWords uint64 = 1 << 15

// peak says whether state i, at level v, the largest distance's, with the
// neighbours nb, is at the largest distance most: none of its neighbours
// one farther, and its walk as long. A neighbour at the same level is as
// far as i (one nearer or farther would be at another level), so that a
// walk that finds i nearer finds its neighbours at the level nearer too:
// nearer keeps them, and a state that has one there or is one takes no
// walk (where a state is a local maximum, its neighbours often are).
func (t *Table) peak(i uint64, nb []uint64, v uint8, most int, nearer []uint64) (bool, error) {
	up := (v + 1) % 3
	for _, j := range nb {
		if t.lv.At(j) == up {
			return false, nil
		}
	}
	if marked(nearer, i) {
		return false, nil
	}
	for _, j := range nb {
		if t.lv.At(j) == v && marked(nearer, j) {
			mark(nearer, i)
			return false, nil
		}
	}
	far, err := t.farthest(i, most)
	if err != nil || far {
		return far, err
	}
	mark(nearer, i)
	for _, j := range nb {
		if t.lv.At(j) == v {
			mark(nearer, j)
		}
	}
	return false, nil
}

// marked says whether bit i of the bits b is set; mark sets it. Both are
// atomic: the workers of an antipodes scan share the bits.
func marked(b []uint64, i uint64) bool { return atomic.LoadUint64(&b[i/64])>>(i%64)&1 != 0 }

func mark(b []uint64, i uint64) { atomic.OrUint64(&b[i/64], 1<<(i%64)) }

// farthest says whether index i, at the largest distance's level, is at
// that distance, most: its walk settles it when a level stands for several
// distances.
func (t *Table) farthest(i uint64, most int) (bool, error) {
	if most < 3 {
		return true, nil
	}
	var buf [walk.MaxSteps]uint8
	steps, err := t.w.Solve(puzzle.State(i), buf[:0])
	if err := checked(t.lv, err); err != nil {
		return false, err
	}
	return answer.New(t.nt, steps).Cost() == most, nil
}

// classAntipodes is AntipodesProgress for a table of classes: the classes
// at the largest distance, in their representatives' order, each taken
// whole. As every state's representative is at most the state, the
// states below a representative are all known once the classes before it
// have been looked at.
func (t *Table) classAntipodes(n, most int, progress func(done, total uint64)) ([]uint64, error) {
	size := t.Index.Size()
	span := antipodeChunkWords * 32 // representatives a chunk
	chunks := int((size + span - 1) / span)
	packed := t.lv.Packed()
	cm := t.lv.ClassMap()
	v := uint8(most % 3)
	all := t.lv.Counts[most]
	nearer := make([]uint64, size/64+1)
	var sorted []uint64
	found, err := inChunks(chunks, progressIn(progress, size, span),
		func() func(c int) ([]uint64, error) {
			same := make([]uint64, 0, len(t.def.Moves))
			nb := make([]uint64, len(t.sym.syms)*t.Index.Degree())
			return func(c int) ([]uint64, error) {
				var far []uint64
				for e, rep := range cm.Within(uint64(c)*span, uint64(c+1)*span) {
					if packed[e>>2]>>(e&3*2)&3 != v {
						continue
					}
					ok, err := t.classPeak(rep, v, most, nearer, same, nb)
					if err != nil {
						return nil, err
					}
					if ok {
						far = append(far, t.sym.orbit(rep)...)
					}
				}
				return far, nil
			}
		},
		func(found []uint64, next int) bool {
			// found grows by whole chunks, in order: sort what came.
			sorted = append(sorted, found[len(sorted):]...)
			slices.Sort(sorted)
			below := uint64(next) * span
			settled, _ := slices.BinarySearch(sorted, below)
			return settled >= n || uint64(len(sorted)) == all
		})
	if err != nil {
		return nil, err
	}
	slices.Sort(found)
	settled(progress, size)
	return found[:min(n, len(found))], nil
}

// classPeak is peak for a table of classes: rep, a representative at
// level v, the largest distance's, and its neighbours' classes; nearer
// marks representatives.
//
// nb has room for the neighbours of each of rep's conjugates.
func (t *Table) classPeak(rep uint64, v uint8, most int, nearer, same, nb []uint64) (bool, error) {
	packed, cm := t.lv.Packed(), t.lv.ClassMap()
	up := (v + 1) % 3
	same = same[:0]
	// A neighbour's conjugates are the neighbours of rep's conjugates
	// through the conjugate moves: its class, the least of them, costs a
	// move a symmetry, not a state made and indexed a symmetry.
	var buf [64]uint64
	conj := t.sym.conjugates(rep, buf[:0])
	deg := t.Index.Degree()
	for k, r := range conj {
		t.Index.Neighbors(r, nb[k*deg:(k+1)*deg])
	}
	for g := range deg {
		c := ^uint64(0)
		for k := range conj {
			c = min(c, nb[k*deg+t.sym.syms[k].Gen[g]])
		}
		e, ok := cm.Entry(c)
		if !ok {
			continue
		}
		switch packed[e>>2] >> (e & 3 * 2) & 3 {
		case up:
			return false, nil
		case v:
			same = append(same, c)
		}
	}
	if marked(nearer, rep) {
		return false, nil
	}
	for _, c := range same {
		if marked(nearer, c) {
			mark(nearer, rep)
			return false, nil
		}
	}
	far, err := t.farthest(rep, most)
	if err != nil || far {
		return far, err
	}
	mark(nearer, rep)
	for _, c := range same {
		mark(nearer, c)
	}
	return false, nil
}

// matches has bit 2k set for each two-bit field k of w equal to v.
func matches(w uint64, v uint8) uint64 {
	y := w ^ uint64(v)*0x5555555555555555
	return ^(y | y>>1) & 0x5555555555555555
}

// progressIn turns chunks done into states looked at, for progress; nil
// for none.
func progressIn(progress func(done, total uint64), total, per uint64) func(done int) {
	if progress == nil {
		return nil
	}
	return func(done int) { progress(min(uint64(done)*per, total), total) }
}

// settled tells progress, if set, that the look is over: the states it
// did not look at cannot change what it found.
func settled(progress func(done, total uint64), total uint64) {
	if progress != nil {
		progress(total, total)
	}
}

// inChunks runs the chunks 0 to chunks-1 on a worker a core, each worker
// made by worker and taking the next chunk not taken, and returns what
// the chunks found, in chunk order, up to the first chunks after which
// enough says it is enough (told what they found and the next chunk's
// number). Every chunk past those that a worker had begun is left out.
// done, if set, is told how many chunks are over, in order.
func inChunks(chunks int, done func(int), worker func() func(c int) ([]uint64, error), enough func(found []uint64, next int) bool) ([]uint64, error) {
	var (
		mu      sync.Mutex
		results = make([][]uint64, chunks)
		over    = make([]bool, chunks)
		prefix  int // the chunks over, in order
		found   []uint64
		stop    atomic.Bool
		failure error
		next    atomic.Int64
		wg      sync.WaitGroup
	)
	finish := func(c int, far []uint64, err error) {
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			if failure == nil {
				failure = err
			}
			stop.Store(true)
			return
		}
		results[c], over[c] = far, true
		for prefix < chunks && over[prefix] && !stop.Load() {
			found = append(found, results[prefix]...)
			results[prefix] = nil
			prefix++
			if enough(found, prefix) {
				stop.Store(true)
			}
		}
		if done != nil {
			done(prefix)
		}
	}
	for range min(runtime.GOMAXPROCS(0), max(chunks, 1)) {
		look := worker()
		wg.Go(func() {
			for !stop.Load() {
				c := int(next.Add(1) - 1)
				if c >= chunks {
					return
				}
				far, err := look(c)
				finish(c, far, err)
			}
		})
	}
	wg.Wait()
	return found, failure
}
