package bfs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/godtable/godtable/internal/engine/levelsearch"
)

// disk is one search on disk.
type disk struct {
	g       Graph
	opt     DiskOptions
	m       *manifest
	n, per  uint64 // indices, and indices a chunk
	chunks  int
	steps   int
	written atomic.Int64
	read    atomic.Int64
	nbrs    atomic.Uint64
	cross   atomic.Uint64
	taskCPU atomic.Int64 // the CPU time of the tasks' steps
	// The level's tasks, and the most one of them wrote and read.
	tasks                 int
	mostWritten, mostRead int64
	// The chunk's words, frontier and next frontier, and the workers'
	// buffers, allocated once: a level's steps reuse them.
	words, front, next []uint64
	workers            []*worker
	deferred           int        // apply steps that left their chunk file
	pending            chan error // the commit under way (see commit)
	in                 workReader
	enc                []byte
	// cur is the step under way, which its files say wrote them, and out
	// the files it wrote, for the manifest; inStep says a step is under
	// way, whose earlier attempt's files it may read.
	cur    stamp
	out    files
	inStep bool
	// stats are the figures of the levels searched so far.
	stats []DiskLevel
}

// buffers returns the step buffers, allocated on first use.
func (s *disk) buffers() (words, front, next []uint64) {
	if s.words == nil {
		s.words = make([]uint64, s.opt.ChunkWords)
		s.front = make([]uint64, s.per/64+1)
		s.next = make([]uint64, s.per/64+1)
	}
	return s.words, s.front, s.next
}

func (s *disk) path(format string, a ...any) string {
	return filepath.Join(s.opt.Dir, fmt.Sprintf(format, a...))
}

func (s *disk) chunkPath(c int) string    { return s.path("chunk-%06d", c) }
func (s *disk) frontPath(d, c int) string { return s.path("front-%05d-%06d", d, c) }
func (s *disk) manifestPath() string      { return s.path("manifest") }

// finishedName is the manifest's name once its search's table is written
// and its files are being removed.
const finishedName = "finished"

// updatePath names the update file of level d for chunk t from chunk c's
// worker w.
func (s *disk) updatePath(d, t, c, w int) string {
	return s.path("update-%05d-%06d-%06d-%d", d, t, c, w)
}

// SearchDisk searches g from goal as Search does, holding one chunk of
// opt.ChunkWords words of the levels at a time, the rest in opt.Dir; run
// again on the same directory, it resumes. The directory is locked while
// the search runs. The levels stay in opt.Dir for the caller to read
// (DiskLevels.Each) and remove.
func SearchDisk(ctx context.Context, g Graph, goal uint64, opt DiskOptions) (*DiskLevels, error) {
	n := g.Size()
	if goal >= n {
		return nil, fmt.Errorf("bfs: goal %d outside %d indices", goal, n)
	}
	if opt.ChunkWords == 0 {
		return nil, errors.New("bfs: a chunk of no words")
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.UpdateCap <= 0 {
		opt.UpdateCap = defaultUpdateCap
	}
	lock, err := lockWorkDir(opt.Dir)
	if err != nil {
		return nil, err
	}
	defer lock.Close()
	s := &disk{g: g, opt: opt, n: n, per: opt.ChunkWords * 32}
	s.chunks = int((n + s.per - 1) / s.per)
	s.workers = make([]*worker, opt.Workers)
	// No commit may outlive the search (and the lock).
	defer s.wait()
	resumed, err := s.open(goal)
	if err != nil {
		return nil, err
	}
	// Files half-written when a search was killed.
	if err := s.removeFiles(func(name string) bool { return strings.HasSuffix(name, ".tmp") }); err != nil {
		return nil, err
	}
	// The manifest is small: it is kept after every level (and, within
	// one, after every chunk's step).
	everyLevel := func(_, _, _, _ time.Duration) bool { return true }
	if _, err := levelsearch.Run(ctx, s, len(s.m.counts)-1, levelsearch.Options{Checkpoint: true, Due: everyLevel}); err != nil {
		return nil, err
	}
	return &DiskLevels{Size: n, Counts: s.m.counts[:len(s.m.counts)-1], Stats: s.stats, Resumed: resumed,
		dir: opt.Dir, words: opt.ChunkWords, chunks: s.chunks, m: s.m, id: opt.ID}, nil
}

// lockWorkDir makes the work directory dir if need be and locks it: one
// search at a time. The lock holds until the file returned is closed.
func lockWorkDir(dir string) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("%w %s: %v", ErrWorkDir, dir, err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", ErrWorkDir, dir, err)
	}
	if err := lockDir(lock); err != nil {
		lock.Close()
		return nil, fmt.Errorf("%w %s: another build is using it", ErrWorkDir, dir)
	}
	return lock, nil
}

// open takes up the search the work directory's manifest records, if it
// is this one, or starts one where there is none; it says whether it
// resumed.
func (s *disk) open(goal uint64) (resumed bool, err error) {
	dir := s.opt.Dir
	b, err := readRecord(s.manifestPath())
	if errors.Is(err, os.ErrNotExist) {
		return false, s.start(goal)
	}
	if err != nil {
		return false, fmt.Errorf("%w %s: %v", ErrWorkDir, dir, err)
	}
	m, ok := decodeManifest(b)
	if !ok && strings.HasPrefix(string(b), diskMagic[:len(diskMagic)-1]) {
		return false, fmt.Errorf("%w %s: its search is another version's, whose files say less of what they are; remove it to start again", ErrWorkDir, dir)
	}
	if !ok {
		return false, fmt.Errorf("%w %s: its manifest is not a search's", ErrWorkDir, dir)
	}
	if m.id != s.opt.ID || m.size != s.n || m.goal != goal {
		return false, fmt.Errorf("%w %s: it holds another search (another definition, metric or moves); remove it, or give another", ErrWorkDir, dir)
	}
	if m.words != s.opt.ChunkWords || len(m.lag) != s.chunks {
		return false, fmt.Errorf("%w %s: its search has chunks of %d words, not %d: resume it with its own (DiskResumeWords)", ErrWorkDir, dir, m.words, s.opt.ChunkWords)
	}
	s.m = m
	return true, nil
}

// Step searches the level after level d over every chunk, pass by pass
// (each chunk's step run here, or as a task), from where the manifest
// says the search is, and returns the indices found: the search's
// levelsearch.Stepper.
func (s *disk) Step(ctx context.Context, d int) (uint64, error) {
	if s.m.counts[d] == 0 {
		return 0, nil // a search resumed at its end
	}
	if err := s.removeOldFronts(d); err != nil {
		return 0, err
	}
	st := DiskLevel{Resumed: s.m.phase != expanding && s.m.phase != asking || s.m.next > 0}
	at := s.tally()
	s.deferred, s.tasks, s.mostWritten, s.mostRead = 0, 0, 0, 0
	passes := []phase{expanding, applying}
	if s.backward(d) {
		passes = []phase{asking, answering, applying}
		st.Backward = true
	}
	if s.m.phase == expanding && st.Backward {
		s.m.phase = asking // the manifest of a level not begun
	}
	for i, p := range passes {
		if p < s.m.phase {
			continue
		}
		if err := s.pass(ctx, d, p); err != nil {
			return 0, err
		}
		if p != applying {
			s.m.phase, s.m.next, s.m.found = passes[i+1], 0, 0
			if err := s.Save(); err != nil {
				return 0, err
			}
		}
	}
	s.m.counts = append(s.m.counts, s.m.found)
	s.m.phase, s.m.next, s.m.found = expanding, 0, 0
	st.States = s.m.counts[d+1]
	s.since(at, &st)
	if st.States == 0 {
		// The level that ends the search is kept at once: Run keeps
		// none after it.
		return 0, s.Save()
	}
	s.stats = append(s.stats, st)
	return st.States, nil
}

// Save records the manifest, and removes the tasks' results it has
// taken: the search's levelsearch.Stepper.
func (s *disk) Save() error {
	if err := s.save(); err != nil {
		return err
	}
	return s.removeResults()
}

// pass runs level d's pass p over the chunks the manifest says are left
// of it: as tasks, where there are tasks and the pass is worth them,
// then here what they left.
func (s *disk) pass(ctx context.Context, d int, p phase) error {
	s.m.phase = p
	if s.opt.Tasks != nil && !s.little(d) {
		if err := s.runTasks(ctx, d, p); err != nil {
			return err
		}
	}
	for s.m.next < s.chunks {
		if err := s.step(ctx, d, s.m.next, p); err != nil {
			return err
		}
	}
	return nil
}

// removeOldFronts removes the frontier files of the levels before level d no
// chunk file lags behind: the frontiers of levels from the least lag on
// are needed.
func (s *disk) removeOldFronts(d int) error {
	keep := d
	for _, l := range s.m.lag {
		if l > 0 {
			keep = min(keep, l)
		}
	}
	if err := s.removeFiles(func(name string) bool { return olderFront(name, keep) }); err != nil {
		return err
	}
	s.m.dropFronts(keep)
	return nil
}

// tally is the search's counts of work at a moment: a level's figures
// are their growth over it.
type tally struct {
	written, read int64
	nbrs, cross   uint64
	start         time.Time
	cpu           time.Duration
}

func (s *disk) tally() tally {
	return tally{written: s.written.Load(), read: s.read.Load(), nbrs: s.nbrs.Load(), cross: s.cross.Load(),
		start: time.Now(), cpu: cpuTime() + time.Duration(s.taskCPU.Load())}
}

// since fills in st's figures: the work done since at.
func (s *disk) since(at tally, st *DiskLevel) {
	st.Written, st.Read = s.written.Load()-at.written, s.read.Load()-at.read
	st.Expanded, st.Crossing = s.nbrs.Load()-at.nbrs, s.cross.Load()-at.cross
	st.Wall, st.CPU = time.Since(at.start), cpuTime()+time.Duration(s.taskCPU.Load())-at.cpu
	st.Deferred = s.deferred
	st.Tasks, st.MostWritten, st.MostRead = s.tasks, s.mostWritten, s.mostRead
}

// foundBefore is the indices found before the level being searched.
func (s *disk) foundBefore() uint64 {
	found := uint64(0)
	for _, k := range s.m.counts {
		found += k
	}
	return found
}

// little says level d's passes have too little to do to be worth tasks
// (each of which builds the graph before its step): fewer neighbours to
// work out than a chunk has indices.
func (s *disk) little(d int) bool {
	work := s.m.counts[d]
	if s.backward(d) {
		work = s.n - s.foundBefore()
	}
	return work*uint64(s.g.Degree()) < s.per
}

// removeResults removes the tasks' results of a pass the manifest
// records as done.
func (s *disk) removeResults() error {
	return s.removeFiles(func(name string) bool { return strings.HasPrefix(name, "done-") })
}

// olderFront says name is a frontier file of a level before d: a level
// done, whose files a search killed before removing them left.
func olderFront(name string, d int) bool {
	var l, c int
	if _, err := fmt.Sscanf(name, "front-%05d-%06d", &l, &c); err != nil || strings.HasSuffix(name, ".tmp") {
		return false
	}
	return l < d
}

// start writes the first chunks (every index unseen but the goal), their
// frontiers (the goal) and the manifest.
func (s *disk) start(goal uint64) error {
	// Files of a search that never wrote its manifest are its start's:
	// written again. Files of a search past its start are not: its
	// manifest is lost, and with it what the files are.
	ents, err := os.ReadDir(s.opt.Dir)
	if err != nil {
		return err
	}
	_, ferr := os.Stat(s.path(finishedName))
	finished := ferr == nil
	for _, e := range ents {
		if finished {
			break // the files left by a finished search's removal
		}
		var l, c int
		_, ferr := fmt.Sscanf(e.Name(), "front-%05d-%06d", &l, &c)
		past := ferr == nil && l > 0 || strings.HasPrefix(e.Name(), "update-") || strings.HasPrefix(e.Name(), "ask-") || strings.HasPrefix(e.Name(), "done-")
		if past && !strings.HasSuffix(e.Name(), ".tmp") {
			return workError(s.manifestPath(), fmt.Sprintf("is missing, and the search it recorded has gone past its start (%s is there)", e.Name()))
		}
	}
	if err := s.removeFiles(func(string) bool { return true }); err != nil {
		return err
	}
	if finished {
		if err := os.Remove(s.path(finishedName)); err != nil {
			return err
		}
	}
	s.cur, s.out.m = stamp{-1, applying}, nil
	words := make([]uint64, s.opt.ChunkWords)
	for c := range s.chunks {
		for i := range words {
			words[i] = ^uint64(0)
		}
		var front []uint64
		if goal/s.per == uint64(c) {
			off := goal % s.per
			words[off/32] &^= 3 << (2 * (off % 32))
			front = []uint64{off}
		}
		if err := s.saveChunk(c, words); err != nil {
			return err
		}
		if err := s.saveFrontList(0, c, front); err != nil {
			return err
		}
	}
	s.m = &manifest{id: s.opt.ID, size: s.n, goal: goal, words: s.opt.ChunkWords, counts: []uint64{1}, lag: make([]int, s.chunks)}
	s.m.take(s.out.m)
	return s.save()
}

// step expands chunk c at level d, or applies its updates, and records it
// in the manifest.
func (s *disk) step(ctx context.Context, d, c int, p phase) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.opt.stopAfter > 0 && s.steps >= s.opt.stopAfter {
		return errStopped
	}
	s.steps++
	// A task of a search that ran its steps so may have done this one.
	if r, err := s.result(d, p, c); err != nil {
		return err
	} else if r != nil {
		s.take(d, c, p, r)
		s.m.next = c + 1
		return s.commit(func() error { return s.removeConsumed(d, c, p) })
	}
	cnt, err := s.runStep(ctx, d, c, p)
	if err != nil {
		return err
	}
	s.m.found += cnt
	s.m.next = c + 1
	s.m.take(s.out.m)
	s.m.consumed(d, c, p)
	// What the step consumed goes once the step is recorded.
	after := func() error { return s.removeConsumed(d, c, p) }
	if err := s.commit(after); err != nil {
		return err
	}
	if s.opt.Progress != nil {
		s.opt.Progress(DiskProgress{Level: d + 1, Pass: p.String(), Chunk: c + 1, Chunks: s.chunks, Found: s.foundBefore(),
			Written: s.written.Load(), Read: s.read.Load()})
	}
	return nil
}

// runStep runs chunk c's step of level d's pass p; an apply step returns
// the chunk's indices at the next level.
func (s *disk) runStep(ctx context.Context, d, c int, p phase) (uint64, error) {
	// The step's files say it wrote them, and are recorded as it writes
	// them.
	s.cur, s.out.m, s.inStep = stamp{d, p}, nil, true
	defer func() { s.inStep = false }()
	switch p {
	case expanding:
		return 0, s.expandChunk(ctx, d, c)
	case asking:
		return 0, s.askChunk(ctx, d, c)
	case answering:
		return 0, s.answerChunk(ctx, d, c)
	}
	return s.applyChunk(d, c)
}

// removeConsumed removes the files chunk c's step of level d's pass p
// consumed, once the step is recorded: the updates an apply step took, or
// the questions an answer step answered.
func (s *disk) removeConsumed(d, c int, p phase) error {
	switch p {
	case applying:
		return s.removeUpdates(d, c)
	case answering:
		return s.removeFiles(func(name string) bool {
			l, to, _, _, ok := parseAsk(name)
			return ok && l == d && to == c
		})
	}
	return nil
}

// removeUpdatesFrom removes the update files of level d that chunk c's
// step wrote: what an earlier attempt at the step left.
func (s *disk) removeUpdatesFrom(d, c int) error {
	return s.removeFiles(func(name string) bool {
		var l, t, from, w int
		_, err := fmt.Sscanf(name, "update-%05d-%06d-%06d-%d", &l, &t, &from, &w)
		return err == nil && l == d && from == c
	})
}

// updateNames returns the names of the update files of level d for chunk
// t.
func (s *disk) updateNames(d, t int) ([]string, error) {
	ents, err := os.ReadDir(s.opt.Dir)
	if err != nil {
		return nil, err
	}
	prefix := fmt.Sprintf("update-%05d-%06d-", d, t)
	var names []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), prefix) && !strings.HasSuffix(e.Name(), ".tmp") {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

func (s *disk) removeUpdates(d, t int) error {
	names, err := s.updateNames(d, t)
	if err != nil {
		return err
	}
	for _, name := range names {
		if err := os.Remove(filepath.Join(s.opt.Dir, name)); err != nil {
			return err
		}
	}
	return nil
}

// workFile says name is one of a search's chunk, frontier or update
// files, or one of them (or the manifest) half-written: the files a search
// may remove, in a directory that may hold others.
func workFile(name string) bool {
	for _, p := range []string{"chunk-", "front-", "update-", "ask-", "done-", "lock-", "manifest."} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// removeFiles removes the work files (not the manifest or the lock) whose
// names match.
func (s *disk) removeFiles(match func(string) bool) error {
	ents, err := os.ReadDir(s.opt.Dir)
	if err != nil {
		return err
	}
	for _, e := range ents {
		name := e.Name()
		if !workFile(name) || !match(name) {
			continue
		}
		if err := os.Remove(filepath.Join(s.opt.Dir, name)); err != nil {
			return err
		}
	}
	return nil
}
