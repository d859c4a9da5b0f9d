// Package bfs is the breadth-first search over a puzzle's state space,
// outward from its goal, two bits a state (the distance mod 3): forward
// or backward level by level, on every core, resumable from a checkpoint.
// It knows no table format; internal/engine/tablebuild turns its levels into a
// table file.
package bfs

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/godtable/godtable/internal/engine/levelsearch"
	"github.com/godtable/godtable/internal/support/sysmem"
)

// Graph is an undirected state graph over the indices 0..Size()-1, as the
// search sees it. Every generator's inverse must be a generator too.
//
// The search owns the level loop; a graph only says, through its Kernel,
// where an index's generators take it. Neighbors gives a Graph from a
// neighbour function; a graph with move tables does better with a kernel
// that works out what a word's indices have in common once (see permindex).
type Graph interface {
	Size() uint64
	// Degree is the number of generators.
	Degree() int
	// Kernel returns a Kernel for one worker: the search asks for one per
	// goroutine, so a kernel may keep scratch state without locks.
	Kernel() Kernel
}

// Kernel gives the neighbours of the indices of one word of the levels at
// a time: 32 indices share a word, so that the search makes one call a
// word, not one an index, and a kernel can share work between indices
// that are near each other.
type Kernel interface {
	// Neighbors writes the neighbours of index 32*w+k, for each field k
	// whose low bit (bit 2k) is set in mask m, into out: Degree() of them an
	// index, generator by generator, the indices in increasing order. The
	// indices are all below Size(); out has room for 32*Degree().
	Neighbors(w, m uint64, out []uint64)
}

// A Finder is a Kernel that does a backward level's work itself, to stop
// at an index's first neighbour at the level: where neighbours cost more
// than a table read or two, working out all of them costs the backward
// levels several times what the first few do.
type Finder interface {
	// Find returns the fields of mask m (bit 2k for index 32*w+k) whose
	// index has a neighbour at level cur in t, read with t.Load.
	Find(w, m uint64, t *Levels, cur uint8) uint64
}

// NeighborGraph is a graph given by each index's neighbours.
type NeighborGraph interface {
	Size() uint64
	Degree() int
	// Neighbors writes the neighbours of index i into out[:Degree()]. It is
	// called from several goroutines at once.
	Neighbors(i uint64, out []uint64)
}

// Neighbors returns the Graph of g.
func Neighbors(g NeighborGraph) Graph { return neighborGraph{g} }

type neighborGraph struct{ NeighborGraph }

func (g neighborGraph) Kernel() Kernel { return g }

func (g neighborGraph) Neighbors(w, m uint64, out []uint64) {
	d := g.Degree()
	for ; m != 0; m &= m - 1 {
		g.NeighborGraph.Neighbors(w*32+uint64(bits.TrailingZeros64(m))/2, out[:d])
		out = out[d:]
	}
}

// expand does level cur's work on words [lo, hi) of t with kernel k:
// forward, r reaches the neighbours of each index at cur; backward, it
// finds each unseen index with a neighbour at cur, gives it the next level
// (or, with marks, marks it for settle), and returns how many it found
// (forward, what it returns is not used). It runs on several goroutines at
// once, on disjoint ranges of words.
func expand(k Kernel, out []uint64, t *Levels, deg int, lo, hi uint64, cur uint8, backward bool, r *reacher) uint64 {
	nxt := Next(cur)
	words := t.Words
	if !backward {
		for w := lo; w < hi; w++ {
			m := matches(t.word(w), cur)
			if m == 0 {
				continue
			}
			k.Neighbors(w, m, out)
			r.Reach(out[:bits.OnesCount64(m)*deg])
		}
		return 0
	}
	found := uint64(0)
	f, _ := k.(Finder)
	last := t.Size / 32 // the word holding the index past the last, if any
	for w := lo; w < hi; w++ {
		old := t.word(w)
		m := matches(old, Unseen)
		if w == last {
			// The fields past the last index read as unseen until the
			// search ends: they are no indices.
			m &= 1<<(2*(t.Size%32)) - 1
		}
		if m == 0 {
			continue
		}
		var hit uint64
		if f != nil {
			hit = f.Find(w, m, t, cur)
		} else {
			k.Neighbors(w, m, out)
			for n := 0; m != 0; m &= m - 1 {
				for _, j := range out[n : n+deg] {
					if uint8(atomic.LoadUint64(&words[j>>5])>>((j&31)<<1))&3 == cur {
						hit |= m & -m
						break
					}
				}
				n += deg
			}
		}
		// An unseen index is farther than d-1, so a neighbour at cur puts
		// it at d+1.
		found += uint64(bits.OnesCount64(hit))
		if r.marks != nil {
			// Marks, so that no worker writes the levels the others
			// read. Both words a word of marks stands for are in one
			// chunk (chunk is even), so one worker writes it.
			r.marks[w>>1] |= gather(hit) << (32 * (w & 1))
			continue
		}
		nw := old &^ (hit * uint64(3^nxt))
		if nw != old {
			atomic.StoreUint64(&t.Words[w], nw)
		}
	}
	return found
}

// Next is the level after cur.
func Next(cur uint8) uint8 {
	if cur == 2 {
		return 0
	}
	return cur + 1
}

// A reacher gives the unseen neighbours of one worker's part of a forward
// level the next level. Where the level reaches many indices, it sets a
// bit in marks for every neighbour, seen or not, and the search gives the
// unseen marked indices their level after the level (settle): the levels
// are then not read at random, and not written during the level, so that
// no core takes cache lines the others read (a worker's marks are its own,
// but for a third worker on: see markSets). Where the level reaches few,
// it writes the levels at once: on one worker without a branch or a lock,
// on several with a locked AND for each unseen neighbour.
type reacher struct {
	words  []uint64
	marks  []uint64
	shared bool // marks another worker sets too
	alone  bool // one worker
	set    uint64
}

// Reach gives each unseen index of js the next level.
func (r *reacher) Reach(js []uint64) {
	words, set := r.words, r.set
	switch {
	case r.shared:
		for _, j := range js {
			atomic.OrUint64(&r.marks[j>>6], 1<<(j&63))
		}
	case r.marks != nil:
		marks := r.marks
		for _, j := range js {
			marks[j>>6] |= 1 << (j & 63)
		}
	case r.alone:
		for _, j := range js {
			p := &words[j>>5]
			sh := j << 1 & 63
			x := *p
			u := (x>>sh&3 + 1) >> 2 // 1 if unseen
			*p = x &^ (u * set << sh)
		}
	default:
		// Workers may mark the same index at once, but only with the
		// same level. The atomic AND returns nothing, so that it is one
		// locked instruction, not a loop of compare-and-swap.
		for _, j := range js {
			p := &words[j>>5]
			sh := j << 1 & 63
			if atomic.LoadUint64(p)>>sh&3 == Unseen {
				atomic.AndUint64(p, ^(set << sh))
			}
		}
	}
}

// word returns word w, read atomically.
func (l *Levels) word(w uint64) uint64 { return atomic.LoadUint64(&l.Words[w]) }

// Load returns the level of index i, read atomically: a Finder reads the
// levels with it while other workers write them.
func (l *Levels) Load(i uint64) uint8 {
	return uint8(atomic.LoadUint64(&l.Words[i/32]) >> (2 * (i % 32)) & 3)
}

// matches has bit 2k set for each field k of word w equal to v.
func matches(w uint64, v uint8) uint64 {
	y := w ^ uint64(v)*0x5555555555555555
	return ^(y | y>>1) & 0x5555555555555555
}

// Unseen is the value of an index the search never reached, in Levels.
const Unseen = 3

// At returns the level (distance mod 3, or Unseen) of index i; it is not
// for use while a level is being searched.
func (l *Levels) At(i uint64) uint8 { return uint8(l.Words[i/32] >> (2 * (i % 32)) & 3) }

// Levels are the distances of a search, mod 3, two bits an index: index i
// is at bits 2*(i%32) of word i/32, so that the words, little-endian, are
// the bytes of a table.Mod3 table (Unseen marks an unreachable index, and
// the bits past the last index are 0).
type Levels struct {
	Words []uint64
	// Counts are the indices at each distance.
	Counts []uint64
	Size   uint64
	// Resumed is the number of levels the search took from a checkpoint
	// (0: it started from the goal).
	Resumed int
	// Truncated says Options.Enough ended the search with indices left
	// Unseen: each is farther than the last level, or unreachable.
	Truncated bool
}

// Progress is how far a search has come.
type Progress struct {
	Level   int           // the distance being searched
	Found   uint64        // indices reached so far
	Size    uint64        // indices in all
	Elapsed time.Duration // since the search (or its resumption) started
	// LevelDone is the share of the current level's work done, 0 to 1,
	// and LevelElapsed the time it has taken so far.
	LevelDone    float64
	LevelElapsed time.Duration
}

// Options tune a search; the zero value is one worker per core, silent, no
// checkpoints.
type Options struct {
	// Workers is the number of goroutines (0: GOMAXPROCS).
	Workers int
	// Progress, if set, is called about every ReportEvery and after each
	// level, from one goroutine.
	Progress    func(Progress)
	ReportEvery time.Duration
	// Checkpoint, if set, is where the search keeps its work after a
	// level, and where it resumes from (see checkpoint.go). The first
	// checkpoint may be kept once the search has run CheckpointAfter;
	// the next ones come as often as keeps their cost under a tenth of the
	// search's time (see CheckpointDue). ID identifies the graph: a
	// checkpoint of another graph is ignored.
	Checkpoint      string
	CheckpointAfter time.Duration
	ID              [32]byte
	// Directed says the graph's Kernel gives each index's predecessors
	// (the indices a generator takes to it), for a graph whose generators'
	// inverses are not all generators: the search then only goes forward,
	// since a backward level would need each index's successors.
	Directed bool
	// Enough, if set, is asked before each level whether the levels found
	// so far (counts, with unseen indices not yet found) are enough: a
	// search it ends leaves the farther indices Unseen, and its Levels
	// Truncated. It must depend on its arguments alone, so that a search
	// resumed from a checkpoint ends where it would have.
	Enough func(counts []uint64, unseen uint64) bool
	// AfterLevel, if set, is called once level d is complete: the levels
	// hold every distance up to d (mod 3). It is called from one goroutine
	// and must not keep lv.
	AfterLevel func(d int, lv *Levels)
}

// checkpointRule decides when a search keeps a checkpoint: CheckpointDue,
// but a variable, so that a test that stops a search after any level can
// have a checkpoint after every one.
var checkpointRule = levelsearch.CheckpointDue

// chunk is the number of words a worker takes at a time.
const chunk = 1024

// Search runs a breadth-first search of g from goal and returns every
// index's distance mod 3. The result is the same, bit for bit, whatever the
// number of workers and however often the search was stopped and resumed.
//
// Two bits an index is all it keeps: the distance mod 3, or Unseen. A level
// d is searched one of two ways, whichever costs fewer probes of the table:
// forward, each index at level d mod 3 marks its unseen neighbours (indices
// at d-3, d-6, ... read the same, but their neighbours are all seen, so they
// only cost time, and few: levels grow fast while the search goes forward);
// or backward, each unseen index looks for a neighbour at d mod 3, which
// can only be at distance d, since an unseen index is farther than d-1.
func Search(ctx context.Context, g Graph, goal uint64, opt Options) (*Levels, error) {
	n := g.Size()
	if goal >= n {
		return nil, fmt.Errorf("bfs: goal %d outside %d indices", goal, n)
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	s := &search{g: g, n: n, workers: workers, opt: opt, start: time.Now()}
	resumed := false
	if opt.Checkpoint != "" {
		lv, err := loadCheckpoint(opt.Checkpoint, opt.ID, n)
		if err == nil && lv != nil {
			s.lv = lv
			s.lv.Resumed = len(lv.Counts)
			resumed = true
		}
	}
	if !resumed {
		words := make([]uint64, (n+31)/32)
		sysmem.HugePages(words)
		for i := range words {
			words[i] = ^uint64(0)
		}
		s.lv = &Levels{Words: words, Size: n, Counts: []uint64{1}}
		s.set(goal, 0)
	}
	for _, c := range s.lv.Counts {
		s.seen += c
	}
	if _, err := levelsearch.Run(ctx, s, len(s.lv.Counts)-1, levelsearch.Options{
		Checkpoint:      opt.Checkpoint != "",
		CheckpointAfter: opt.CheckpointAfter,
		CheckpointBytes: 8 * uint64(len(s.lv.Words)),
		Due:             checkpointRule,
	}); err != nil {
		return nil, err
	}
	s.lv.Counts = s.lv.Counts[:len(s.lv.Counts)-1]
	// The bits past the last index are 0, as a table packs them.
	if r := n % 32; r != 0 {
		s.lv.Words[len(s.lv.Words)-1] &= 1<<(2*r) - 1
	}
	if s.marks != nil {
		// The marks are as large as the table the levels are packed
		// into next: collected now, their memory is the table's.
		s.marks = nil
		runtime.GC()
	}
	return s.lv, nil
}

type search struct {
	g       Graph
	n       uint64
	workers int
	opt     Options
	lv      *Levels
	seen    uint64 // the indices found so far
	start   time.Time
	mu      sync.Mutex
	// marks are the workers' marks in a level (see reacher).
	marks [][]uint64
}

// Step searches the level after d (see Search) and appends its count.
func (s *search) Step(ctx context.Context, d int) (uint64, error) {
	frontier := s.lv.Counts[d]
	unseen := s.n - s.seen
	if unseen > 0 && s.opt.Enough != nil && s.opt.Enough(s.lv.Counts, unseen) {
		s.lv.Counts = append(s.lv.Counts, 0)
		s.lv.Truncated = true
		return 0, nil
	}
	// A forward level costs a mark per generator of each frontier
	// index; a backward one a read per generator of each unseen index
	// that has no neighbour at the level, and fewer for those that
	// do. A mark costs less than a read (see reacher), so a level goes
	// forward while the frontier is at most 1.2 times the unseen
	// indices: where the samples' levels went fastest either way.
	backward := 5*frontier > 6*unseen && !s.opt.Directed
	levelStart := time.Now()
	found, counted, err := s.level(ctx, d, s.seen, frontier, backward)
	if err != nil {
		return 0, err
	}
	if !counted {
		// The indices at the next level mod 3 now, less those there
		// before: the ones this level found.
		found = s.count(Next(uint8(d % 3)))
		for k := d + 1 - 3; k >= 0; k -= 3 {
			found -= s.lv.Counts[k]
		}
	}
	s.lv.Counts = append(s.lv.Counts, found)
	s.seen += found
	if found > 0 {
		s.report(d+1, s.seen, 1, levelStart)
		if s.opt.AfterLevel != nil {
			s.opt.AfterLevel(d+1, s.lv)
		}
	}
	return found, nil
}

// Save keeps the levels in the search's checkpoint.
func (s *search) Save() error { return saveCheckpoint(s.opt.Checkpoint, s.opt.ID, s.lv) }

func (s *search) set(i uint64, v uint8) {
	w := &s.lv.Words[i/32]
	sh := 2 * (i % 32)
	*w = *w&^(3<<sh) | uint64(v)<<sh
}

func (s *search) report(level int, found uint64, done float64, levelStart time.Time) {
	if s.opt.Progress == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opt.Progress(Progress{Level: level, Found: found, Size: s.n, Elapsed: time.Since(s.start),
		LevelDone: done, LevelElapsed: time.Since(levelStart)})
}

// count returns the number of indices at level v, on every core.
func (s *search) count(v uint8) uint64 {
	words := s.lv.Words
	var total atomic.Uint64
	var wg sync.WaitGroup
	per := (len(words) + s.workers - 1) / s.workers
	for lo := 0; lo < len(words); lo += per {
		part := words[lo:min(lo+per, len(words))]
		wg.Go(func() {
			n := 0
			for _, w := range part {
				n += bits.OnesCount64(matches(w, v))
			}
			total.Add(uint64(n))
		})
	}
	wg.Wait()
	return total.Load()
}

// level searches level d (seen indices so far, frontier of them at d)
// forward or backward and returns the number of indices it found at d+1,
// if counted: a forward level that wrote the levels at once counts
// nothing.
func (s *search) level(ctx context.Context, d int, seen, frontier uint64, backward bool) (found uint64, counted bool, err error) {
	words := s.lv.Words
	nChunks := (uint64(len(words)) + chunk - 1) / chunk
	var nextChunk atomic.Uint64
	var done atomic.Uint64
	var total atomic.Uint64
	cur := uint8(d % 3)
	start := time.Now()
	stop := make(chan struct{})
	if s.opt.Progress != nil {
		every := s.opt.ReportEvery
		if every <= 0 {
			every = time.Second
		}
		go func() {
			t := time.NewTicker(every)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					s.report(d+1, seen+total.Load(), float64(done.Load())/float64(nChunks), start)
				}
			}
		}()
	}
	var wg sync.WaitGroup
	// Marks pay for their settling, a pass over the levels, where the
	// level reaches many indices; backward, they only keep workers from
	// writing what the others read, so one worker writes the levels.
	marked := !backward && frontier*uint64(s.g.Degree()) >= s.n/markedFrom ||
		backward && s.workers > 1 && s.n-seen >= s.n/markedFrom
	if marked && s.marks == nil {
		s.marks = markSets(s.n, s.workers)
	}
	for wk := range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := &reacher{words: words, alone: s.workers == 1, set: uint64(3 ^ Next(cur))}
			if marked {
				r.marks = s.marks[wk%len(s.marks)]
				r.shared = s.workers > len(s.marks)
			}
			k := s.g.Kernel()
			deg := s.g.Degree()
			out := make([]uint64, 32*deg)
			for ctx.Err() == nil {
				c := nextChunk.Add(1) - 1
				if c >= nChunks {
					return
				}
				lo := c * chunk
				hi := min(lo+chunk, uint64(len(words)))
				total.Add(expand(k, out, s.lv, deg, lo, hi, cur, backward, r))
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	close(stop)
	if err := ctx.Err(); err != nil {
		return 0, false, err
	}
	if marked {
		return s.settle(Next(cur)), true, nil
	}
	return total.Load(), backward, nil
}

// markedFrom is the share of the indices (1/markedFrom) from which a
// level reaches enough to use marks: settling costs a pass over the levels
// and marks, a few milliseconds for 88 million indices, where writing the
// levels at once costs a locked write (several workers) or a cache miss
// each.
const markedFrom = 128

// markSets returns the marks for a search of n indices on the workers: one
// set a worker, at most two, one allocation, so that once the search is
// done the table it packs can take their place. Two sets are the size of
// the packed table, which deftable.Plan counts; a third worker on shares a
// set, with locked writes.
func markSets(n uint64, workers int) [][]uint64 {
	sets := min(workers, 2)
	per := (n + 63) / 64
	all := make([]uint64, per*uint64(sets))
	sysmem.HugePages(all)
	marks := make([][]uint64, sets)
	for i := range marks {
		marks[i] = all[uint64(i)*per : uint64(i+1)*per : uint64(i+1)*per]
	}
	return marks
}

// settle gives the unseen indices the workers marked level nxt, clears the
// marks, and returns how many it gave it, on every core.
func (s *search) settle(nxt uint8) uint64 {
	words := s.lv.Words
	var wg sync.WaitGroup
	var total atomic.Uint64
	per := (uint64(len(words)) + uint64(s.workers) - 1) / uint64(s.workers)
	per = (per + 1) &^ 1 // the two words of a word of marks together
	for lo := uint64(0); lo < uint64(len(words)); lo += per {
		hi := min(lo+per, uint64(len(words)))
		wg.Go(func() {
			n := 0
			for w := lo; w < hi; w++ {
				half := 32 * (w & 1)
				m := uint64(0)
				for _, mk := range s.marks {
					m |= mk[w>>1] >> half & 0xffffffff
					if half != 0 || w+1 == uint64(len(words)) {
						mk[w>>1] = 0
					}
				}
				if m == 0 {
					continue
				}
				m = spread32(m) & matches(words[w], Unseen)
				words[w] &^= m * uint64(3^nxt)
				n += bits.OnesCount64(m)
			}
			total.Add(uint64(n))
		})
	}
	wg.Wait()
	return total.Load()
}
