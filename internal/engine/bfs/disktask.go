package bfs

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"
)

// A search on disk can run a pass's chunk steps as tasks: processes of
// their own, on this machine or on others that share the work directory
// (a Slurm array job, a Kubernetes Indexed Job). Each step already talks
// to the others only through files; what the search kept of a step in its
// manifest (the indices the chunk took, whether its file lags) a task
// writes to a result file of its own instead, done-LLLLL-P-CCCCCC, once
// what it wrote is synced. The search runs a pass's tasks, runs again
// those that left no result (a task that failed, or was killed), and only
// then reads the results into the manifest and goes on: the levels are the
// same, bit for bit, however the tasks ran.

// TaskPass is a pass whose chunk steps a search on disk hands to tasks.
type TaskPass struct {
	Level  int    // the distance being searched for
	Pass   string // the pass's name, as DiskTask takes it: "expand", "ask", "answer" or "apply"
	Chunks []int  // the chunks whose steps to run, a task each
	Of     int    // the chunks of the search
	Try    int    // 1 for the pass's first tasks, 2 when some are run again, ...
}

// taskTries is how many times a search runs a chunk's task before it
// gives up on the pass.
const taskTries = 4

// passNames are the phases' names in TaskPass and on DiskTask's command
// line.
var passNames = [...]string{"expand", "ask", "answer", "apply"}

// parsePass reads a pass's name.
func parsePass(name string) (phase, bool) {
	i := slices.Index(passNames[:], name)
	return phase(i), i >= 0
}

// taskResult is what a chunk's step leaves for the search: what the
// manifest would record of it, and its figures.
type taskResult struct {
	found    uint64 // the chunk's indices at the next level (apply)
	lag      int    // the chunk file's lag after the step
	deferred bool   // the step left the chunk file lagging
	written  int64
	read     int64
	nbrs     uint64
	cross    uint64
	cpu      time.Duration
	// files are the files the step wrote, for the manifest.
	files map[fileKey]fileSum
}

const resultMagic = "GDTDONE2"

// resultFixed is the bytes of a result before its files.
const resultFixed = len(resultMagic) + 32 + 11*8

func (r *taskResult) encode(id [32]byte, d int, p phase, c int) []byte {
	b := append([]byte(resultMagic), id[:]...)
	le := binary.LittleEndian
	for _, v := range []uint64{uint64(d), uint64(p), uint64(c), r.found, uint64(r.lag), b2u(r.deferred),
		uint64(r.written), uint64(r.read), r.nbrs, r.cross, uint64(r.cpu)} {
		b = le.AppendUint64(b, v)
	}
	return appendFiles(b, r.files)
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func decodeResult(b []byte, id [32]byte, d int, p phase, c int) (*taskResult, bool) {
	if len(b) < resultFixed || string(b[:len(resultMagic)]) != resultMagic || [32]byte(b[len(resultMagic):]) != id {
		return nil, false
	}
	b = b[len(resultMagic)+32:]
	u := func() uint64 { v := binary.LittleEndian.Uint64(b); b = b[8:]; return v }
	if u() != uint64(d) || u() != uint64(p) || u() != uint64(c) {
		return nil, false
	}
	r := &taskResult{found: u(), lag: int(u()), deferred: u() == 1,
		written: int64(u()), read: int64(u()), nbrs: u(), cross: u(), cpu: time.Duration(u())}
	files, rest, ok := decodeFiles(b)
	if !ok || len(rest) != 0 {
		return nil, false
	}
	// A step writes its own chunk's files, and update or ask files at its
	// level sent from its chunk: nothing else.
	for k := range files {
		own := k.chunk == c && (k.kind == chunkKind || k.kind == frontKind && k.level == d+1)
		if !own && !(k.group() && k.level == d && k.from == c) {
			return nil, false
		}
	}
	r.files = files
	return r, r.lag <= d+1
}

func (s *disk) resultPath(d int, p phase, c int) string {
	return s.path("done-%05d-%d-%06d", d, p, c)
}

// result reads chunk c's result of level d's pass p; nil if there is
// none.
func (s *disk) result(d int, p phase, c int) (*taskResult, error) {
	path := s.resultPath(d, p, c)
	b, err := readRecord(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r, ok := decodeResult(b, s.opt.ID, d, p, c)
	if !ok {
		return nil, damaged(path, fmt.Sprintf("not chunk %d's result of distance %d, %s, of this search", c, d+1, passNames[p]))
	}
	return r, nil
}

// take records chunk c's result of level d's pass p as the step's own
// run would have.
func (s *disk) take(d, c int, p phase, r *taskResult) {
	s.m.found += r.found
	s.m.lag[c] = r.lag
	s.m.take(r.files)
	s.m.consumed(d, c, p)
	if r.deferred {
		s.deferred++
	}
	s.written.Add(r.written)
	s.read.Add(r.read)
	s.nbrs.Add(r.nbrs)
	s.cross.Add(r.cross)
	s.taskCPU.Add(int64(r.cpu))
	s.tasks++
	s.mostWritten = max(s.mostWritten, r.written)
	s.mostRead = max(s.mostRead, r.read)
}

// runTasks runs level d's pass p as tasks (opt.Tasks), again for the
// chunks that leave no result, and takes the results.
func (s *disk) runTasks(ctx context.Context, d int, p phase) error {
	// The tasks read the pass from the manifest.
	if err := s.save(); err != nil {
		return err
	}
	done := make([]*taskResult, s.chunks)
	var last error // what the last try's Tasks returned
	for try := 1; ; try++ {
		var todo []int
		for c := s.m.next; c < s.chunks; c++ {
			if done[c] != nil {
				continue
			}
			r, err := s.result(d, p, c)
			if err != nil {
				return err
			}
			if done[c] = r; r == nil {
				todo = append(todo, c)
			}
		}
		if len(todo) == 0 {
			break
		}
		// A task's failure is told by its missing result: the tasks
		// that ended well are not run again.
		if try > 1 {
			// A task that fails on a damaged file fails again: the
			// search reads the first such chunk's files itself.
			if err := s.verifyIdle(d, todo[0], p); err != nil {
				return err
			}
			err := fmt.Errorf("the tasks of chunks %s left no result", chunkList(todo))
			if last != nil {
				err = fmt.Errorf("%w (%v)", err, last)
			}
			if try > taskTries {
				return fmt.Errorf("bfs: distance %d, %s: %w, %d times", d+1, passNames[p], err, taskTries)
			}
			if s.opt.TaskFailed != nil {
				s.opt.TaskFailed(d+1, passNames[p], err)
			}
		}
		last = s.opt.Tasks(ctx, TaskPass{Level: d + 1, Pass: passNames[p], Chunks: todo, Of: s.chunks, Try: try})
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	// Every chunk's result is there; a task still running (started
	// again by a launcher while the first ran) is waited for before the
	// search goes on.
	for c := s.m.next; c < s.chunks; c++ {
		if err := s.waitChunk(c); err != nil {
			return err
		}
	}
	for c := s.m.next; c < s.chunks; c++ {
		s.take(d, c, p, done[c])
		if s.opt.Progress != nil {
			s.opt.Progress(DiskProgress{Level: d + 1, Pass: p.String(), Chunk: c + 1, Chunks: s.chunks,
				Found: s.foundBefore(), Written: s.written.Load(), Read: s.read.Load()})
		}
	}
	s.m.next = s.chunks
	return s.afterTasks(d, p)
}

func (s *disk) chunkLockPath(c int) string { return s.path("lock-%06d", c) }

// waitChunk waits until no task holds chunk c's lock.
func (s *disk) waitChunk(c int) error {
	f, err := os.OpenFile(s.chunkLockPath(c), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return fmt.Errorf("%w %s: %v", ErrWorkDir, s.opt.Dir, err)
	}
	defer f.Close()
	if lockDir(f) == nil {
		return nil
	}
	return waitLock(f)
}

// verifyIdle is verifyStep of chunk c, unless a task runs the chunk's
// step now (a launcher that started it again), whose files are its own.
func (s *disk) verifyIdle(d, c int, p phase) error {
	f, err := os.OpenFile(s.chunkLockPath(c), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return fmt.Errorf("%w %s: %v", ErrWorkDir, s.opt.Dir, err)
	}
	defer f.Close()
	if lockDir(f) != nil {
		return nil
	}
	// A task that ended since the search looked left its result, and may
	// have removed what it consumed.
	if r, err := s.result(d, p, c); err != nil || r != nil {
		return err
	}
	return s.verifyStep(d, c, p)
}

// afterTasks removes what a pass's tasks consumed and left: a task killed
// after its result was written leaves its inputs, and a task killed while
// writing leaves half-written files.
func (s *disk) afterTasks(d int, p phase) error {
	switch p {
	case applying:
		for c := range s.chunks {
			if err := s.removeUpdates(d, c); err != nil {
				return err
			}
		}
	case answering:
		if err := s.removeFiles(func(name string) bool {
			l, _, _, _, ok := parseAsk(name)
			return ok && l == d
		}); err != nil {
			return err
		}
	}
	return s.removeFiles(func(name string) bool { return strings.HasSuffix(name, ".tmp") })
}

// chunkList writes chunks as Slurm's --array takes them: 0-3,7,9-10.
func chunkList(chunks []int) string {
	var b strings.Builder
	for i := 0; i < len(chunks); {
		j := i
		for j+1 < len(chunks) && chunks[j+1] == chunks[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		if j == i {
			fmt.Fprint(&b, chunks[i])
		} else {
			fmt.Fprintf(&b, "%d-%d", chunks[i], chunks[j])
		}
		i = j + 1
	}
	return b.String()
}

// ChunkList writes chunks (in increasing order) as ranges, the way
// Slurm's --array takes them: 0-3,7,9-10.
func ChunkList(chunks []int) string { return chunkList(chunks) }

// DiskTaskOptions name a chunk's task of a search on disk.
type DiskTaskOptions struct {
	// Dir is the search's work directory.
	Dir string
	// ID identifies the graph, as DiskOptions.ID: a task over another's
	// directory is refused.
	ID [32]byte
	// Level and Pass are the pass the task was given (as TaskPass has
	// them): a task whose search has moved on is refused, so that a task
	// started late does nothing.
	Level int
	Pass  string
	// Chunk is the chunk whose step to run.
	Chunk int
	// Workers is the number of goroutines (0: GOMAXPROCS).
	Workers int
	// UpdateCap is as DiskOptions'.
	UpdateCap int
	// killed, set, stops the task after its step, before its result:
	// the tests' kill.
	killed bool
}

// ErrTaskLate is the error of a task whose pass the search has done: a
// task run again after its chunk's result was taken, which has nothing to
// do.
var ErrTaskLate = errors.New("the task's pass is done")

// ErrTaskEarly is the error of a task whose pass the search has not begun:
// its work directory is not ready for it.
var ErrTaskEarly = errors.New("the task's pass has not begun")

// DiskTaskDone says how a task went: Already says the chunk's result was
// there before it (a task run twice).
type DiskTaskDone struct {
	Already bool
	Written int64
	Read    int64
	Wall    time.Duration
}

// notAt says a task of distance level's pass p is late (the search has
// done that pass) or early (it has not begun it); nil if the search is in
// that pass.
func (m *manifest) notAt(level int, p phase) error {
	d := len(m.counts) - 1
	if level == d+1 && m.phase == p {
		return nil
	}
	// The passes go in order: a level's, then the next level's.
	class := ErrTaskEarly
	if level < d+1 || level == d+1 && p < m.phase || m.counts[d] == 0 {
		class = ErrTaskLate
	}
	where := fmt.Sprintf("distance %d, %s", d+1, passNames[m.phase])
	if m.counts[d] == 0 {
		where = "its end"
	}
	return fmt.Errorf("%w: the search is at %s", class, where)
}

// DiskTask runs one chunk's step of the pass a search on disk (SearchDisk
// with DiskOptions.Tasks) is in, over g, and leaves its result in the work
// directory. It can run anywhere the directory is (the same path, or
// another to the same files), as many at once as the pass has chunks; run
// again, it does nothing more.
func DiskTask(ctx context.Context, g Graph, opt DiskTaskOptions) (DiskTaskDone, error) {
	start := time.Now()
	p, ok := parsePass(opt.Pass)
	if !ok {
		return DiskTaskDone{}, fmt.Errorf("bfs: pass %q: want one of %s", opt.Pass, strings.Join(passNames[:], ", "))
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.UpdateCap <= 0 {
		opt.UpdateCap = defaultUpdateCap
	}
	s := &disk{g: g, n: g.Size(), opt: DiskOptions{Dir: opt.Dir, ID: opt.ID, Workers: opt.Workers, UpdateCap: opt.UpdateCap}}
	b, err := readRecord(s.manifestPath())
	if err != nil {
		return DiskTaskDone{}, fmt.Errorf("%w %s: %v", ErrWorkDir, opt.Dir, err)
	}
	m, ok := decodeManifest(b)
	if !ok {
		return DiskTaskDone{}, fmt.Errorf("%w %s: its manifest is not a search's", ErrWorkDir, opt.Dir)
	}
	if m.id != opt.ID || m.size != s.n {
		return DiskTaskDone{}, fmt.Errorf("%w %s: it holds another search (another definition, metric or moves)", ErrWorkDir, opt.Dir)
	}
	s.m, s.opt.ChunkWords, s.per = m, m.words, m.words*32
	s.chunks = int((s.n + s.per - 1) / s.per)
	s.workers = make([]*worker, opt.Workers)
	d := len(m.counts) - 1
	if err := m.notAt(opt.Level, p); err != nil {
		return DiskTaskDone{}, err
	}
	if opt.Chunk < 0 || opt.Chunk >= s.chunks {
		return DiskTaskDone{}, fmt.Errorf("bfs: chunk %d: the search has chunks 0 to %d", opt.Chunk, s.chunks-1)
	}
	c := opt.Chunk
	// One task a chunk at a time: a launcher that starts a chunk's task
	// again while the first still runs (or a node thought lost that
	// still runs it) has the second fail, not both write its files.
	lock, err := os.OpenFile(s.chunkLockPath(c), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return DiskTaskDone{}, fmt.Errorf("%w %s: %v", ErrWorkDir, opt.Dir, err)
	}
	defer lock.Close()
	if err := lockDir(lock); err != nil {
		return DiskTaskDone{}, fmt.Errorf("%w %s: chunk %d's step is running in another task", ErrWorkDir, opt.Dir, c)
	}
	if r, err := s.result(d, p, c); err != nil || r != nil {
		return DiskTaskDone{Already: r != nil}, err
	}
	if c < m.next {
		return DiskTaskDone{Already: true}, nil
	}
	found, err := s.runStep(ctx, d, c, p)
	if err != nil {
		return DiskTaskDone{}, err
	}
	if opt.killed {
		return DiskTaskDone{}, errStopped
	}
	// The result says the step is done: what it wrote is synced first.
	if err := s.syncStep(); err != nil {
		return DiskTaskDone{}, err
	}
	// A task's CPU time is its process's: a task is a process of its
	// own, and its start (the definition read, the move tables made) is
	// part of what it costs.
	r := &taskResult{found: found, lag: s.m.lag[c], deferred: s.deferred > 0, written: s.written.Load(), read: s.read.Load(),
		nbrs: s.nbrs.Load(), cross: s.cross.Load(), cpu: cpuTime(), files: s.out.m}
	// The result's own bytes are counted in it: a few dozen.
	n, err := writeRecord(s.resultPath(d, p, c), r.encode(s.opt.ID, d, p, c))
	if err != nil {
		return DiskTaskDone{}, err
	}
	if err := s.syncStep(); err != nil {
		return DiskTaskDone{}, err
	}
	// What the step consumed, now that its result is there (the search
	// removes what a task killed here leaves).
	err = s.removeConsumed(d, c, p)
	return DiskTaskDone{Written: s.written.Load() + n, Read: s.read.Load(), Wall: time.Since(start)}, err
}
