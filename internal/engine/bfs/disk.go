package bfs

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The search on disk keeps the levels, two bits an index as Search does,
// in chunk files of a work directory, and holds one chunk at a time. Each
// chunk has, beside its levels, its frontier: a file of the indices at the
// level being searched, so that a level expands those alone (the levels'
// two bits cannot tell distance d from d-3, and a search that cannot go
// backward would expand both). A level is two passes over the chunks:
//
//   - expand: each index of the chunk's frontier marks its unseen
//     neighbours inside the chunk at once, and writes those outside it to
//     update files, one per target chunk and worker, as sorted runs of
//     offsets coded as varint differences (delayed duplicate detection);
//   - apply: each chunk takes the update files written for it, the unseen
//     indices they name taking the next level; the indices that changed, in
//     both passes, are the next level's frontier.
//
// Every file carries a CRC-32 and is written beside its name, synced and
// renamed into place, and a manifest says how far the search has come, so
// that a search killed at any moment resumes at the chunk it was working
// on: each chunk's step can be done again, for it only gives unseen
// indices the next level, and its files of a half-done attempt are
// written again. The levels are the same, bit for bit, as Search's.

// DiskOptions tune SearchDisk.
type DiskOptions struct {
	// Dir is the work directory: the chunk, frontier, update and manifest
	// files.
	Dir string
	// ChunkWords is the words (32 indices each) a chunk holds.
	ChunkWords uint64
	// Workers is the number of goroutines (0: GOMAXPROCS).
	Workers int
	// ID identifies the graph: a work directory of another is refused.
	ID [32]byte
	// Progress, if set, is called after each chunk's step.
	Progress func(DiskProgress)
	// UpdateCap is the most neighbours outside its chunk a worker holds
	// before it writes them out (0: 1<<18, a megabyte).
	UpdateCap int
	// Tasks, if set, runs the chunk steps of the passes with much to do
	// as tasks (see TaskPass), each of which runs DiskTask, and returns
	// once they have all ended; the search runs again those that leave no
	// result. The passes with little to do the search runs itself.
	Tasks func(context.Context, TaskPass) error
	// TaskFailed, if set, is told when a pass's tasks leave chunks with no
	// result, before the search runs those again: err names them, and what
	// Tasks returned.
	TaskFailed func(level int, pass string, err error)
	// stopAfter, when positive, stops the search with errStopped after
	// that many chunk steps: the tests' kill.
	stopAfter int
}

// DiskProgress is how far a search on disk has come.
type DiskProgress struct {
	Level         int    // the distance being searched for
	Pass          string // the pass under way: "expanding", "applying updates to", ...
	Chunk, Chunks int    // the chunks done of the pass, of all
	Found         uint64 // indices reached before this level
	// Written and Read are the bytes of the work directory's files written
	// and read so far (since the search started or resumed).
	Written, Read int64
}

// DiskLevel is the work of one level of a search on disk.
type DiskLevel struct {
	States   uint64 // indices found at the level
	Written  int64  // bytes written to the work directory
	Read     int64  // bytes read from it
	Wall     time.Duration
	CPU      time.Duration // user and system, of the whole process
	Expanded uint64        // neighbours worked out
	// Crossing is how many of them went through files: as updates (those
	// in other chunks, or all of a small frontier's) or as questions.
	Crossing uint64
	// Resumed says the level was begun before the search resumed: its
	// figures are of the part done since.
	Resumed bool
	// Backward says the level was searched backward: its unseen indices
	// asked after their neighbours.
	Backward bool
	// Deferred is the chunks that took the level's indices in their
	// frontier files alone, their chunk files left for a later level.
	Deferred int
	// Tasks is the level's chunk steps that ran as tasks
	// (DiskOptions.Tasks; 0 for a level the search ran itself); the
	// level's CPU time is theirs and the search's. MostWritten and
	// MostRead are the most bytes one of them wrote and read.
	Tasks                 int
	MostWritten, MostRead int64
}

// DiskLevels is a finished search on disk: its counts, and its levels in
// the work directory's chunk files.
type DiskLevels struct {
	Size   uint64
	Counts []uint64
	// Stats are the levels' figures (Stats[d-1] of level d), for the
	// levels searched by this call.
	Stats []DiskLevel
	// Resumed says the search resumed from the work directory.
	Resumed bool
	dir     string
	words   uint64 // words a chunk
	chunks  int
	m       *manifest // the search's, done: its chunks' lags and files
	id      [32]byte
}

var errStopped = errors.New("bfs: search stopped (test)")

// ErrWorkDir is the class of the error for a work directory that cannot be
// used: another search's, damaged, or in use.
var ErrWorkDir = errors.New("work directory")

const diskMagic = "GDTDISK4"

// DiskChunkWords is the chunk a search on disk can hold in mem bytes of
// memory, in words: an expanding chunk takes 16 bytes a word (its levels,
// its frontier and the next one's); each worker holds its buffers of
// offsets (UpdateCap of 4 bytes, and a sort's scratch of as many at most),
// of questions (UpdateCap/2 of 8 bytes, and as many again to encode them)
// and its files' write buffers (at most a megabyte); and the
// program's own memory, the file buffers and the collector's room take an
// eighth and 16 MiB more (measured: a sixteenth and 8 MiB left the
// process a few megabytes over). 0 if mem is too little for a chunk.
func DiskChunkWords(size, mem uint64, workers int) uint64 {
	fixed := diskFixed(workers) + mem/8
	if mem <= fixed {
		return 0
	}
	words := (mem - fixed) / 16
	all := (size + 31) / 32
	if words >= all {
		return all
	}
	// As many chunks as that takes, the words shared out evenly, so that
	// the last chunk is not a sliver.
	chunks := (all + words - 1) / words
	return (all + chunks - 1) / chunks
}

// diskFixed is the memory a search on disk takes besides its chunk and
// the eighth of the whole that DiskChunkWords leaves (see there).
func diskFixed(workers int) uint64 {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return uint64(workers)*(16*defaultUpdateCap+1<<20) + 16<<20
}

// DiskChunkMemory is the least memory in which DiskChunkWords gives a
// chunk of words words or more: what a search resumed with chunks of
// that size needs, on workers workers.
func DiskChunkMemory(words uint64, workers int) uint64 {
	// mem - mem/8 - fixed >= 16 words, rounded up.
	need := 16*words + diskFixed(workers)
	mem := need + need/7 - 16 // below the least, by a few
	for mem-mem/8 < need {
		mem++
	}
	return mem
}

// defaultUpdateCap is DiskOptions.UpdateCap's default.
const defaultUpdateCap = 1 << 18

// DiskNeed is the bytes of work directory a search of size indices keeps
// besides its update files: the chunks' levels and two frontiers.
func DiskNeed(size uint64) uint64 { return (size+31)/32*8 + 2*((size+63)/64*8) }

// phase is a pass of a level: a forward level expands, then applies; a
// backward one asks, answers, then applies.
type phase uint8

const (
	expanding phase = iota // forward: each chunk's frontier, its neighbours
	asking                 // backward: each chunk's unseen indices ask after their neighbours
	answering              // backward: each chunk answers the questions put to it
	applying               // each chunk takes its updates
)

var phaseNames = [...]string{"expanding", "asking from", "answering in", "applying updates to"}

func (p phase) String() string { return phaseNames[p] }

// manifest is how far a search on disk has come.
type manifest struct {
	id         [32]byte
	size, goal uint64
	words      uint64
	counts     []uint64
	phase      phase // the level's pass under way
	next       int   // the next chunk of the pass
	// lag[c] is the first level whose marks chunk c's file lacks (0: it
	// lacks none): an apply step that gives a chunk few indices keeps them
	// in its frontier file alone, and the chunk takes them when it is next
	// read (see loadCurrent).
	lag   []int
	found uint64 // the apply pass's count so far
	// files records the files the steps to come consume (see
	// diskfiles.go).
	files map[fileKey]fileSum
}

func (m *manifest) encode() []byte {
	b := []byte(diskMagic)
	b = append(b, m.id[:]...)
	le := binary.LittleEndian
	b = le.AppendUint64(b, m.size)
	b = le.AppendUint64(b, m.goal)
	b = le.AppendUint64(b, m.words)
	b = le.AppendUint64(b, uint64(m.phase))
	b = le.AppendUint64(b, uint64(m.next))
	b = le.AppendUint64(b, m.found)
	b = le.AppendUint64(b, uint64(len(m.counts)))
	for _, c := range m.counts {
		b = le.AppendUint64(b, c)
	}
	b = le.AppendUint64(b, uint64(len(m.lag)))
	for _, l := range m.lag {
		b = le.AppendUint64(b, uint64(l))
	}
	return appendFiles(b, m.files)
}

func decodeManifest(b []byte) (*manifest, bool) {
	if len(b) < len(diskMagic)+32+7*8 || string(b[:len(diskMagic)]) != diskMagic {
		return nil, false
	}
	b = b[len(diskMagic):]
	m := &manifest{}
	copy(m.id[:], b)
	b = b[32:]
	u := func() uint64 { v := binary.LittleEndian.Uint64(b); b = b[8:]; return v }
	m.size, m.goal, m.words = u(), u(), u()
	m.phase = phase(u())
	if m.phase > applying {
		return nil, false
	}
	m.next = int(u())
	m.found = u()
	n := u()
	if n == 0 || n > maxLevels || uint64(len(b)) < 8*n+8 {
		return nil, false
	}
	for range n {
		m.counts = append(m.counts, u())
	}
	k := u()
	if k > 1<<20 || uint64(len(b)) < 8*k {
		return nil, false
	}
	for range k {
		l := u()
		if l > n {
			return nil, false
		}
		m.lag = append(m.lag, int(l))
	}
	files, rest, ok := decodeFiles(b)
	if !ok || len(rest) != 0 {
		return nil, false
	}
	m.files = files
	return m, true
}

// fileWriter writes a file beside its name, with its CRC-32 at the end,
// and renames it into place once synced.
type fileWriter struct {
	f    *os.File
	bw   *bufio.Writer
	h    hash.Hash32
	path string
	n    int64
	// rec, if set, records the file, as id says it is, once it is whole.
	rec *files
	id  ident
}

func createFile(path string, buf int) (*fileWriter, error) {
	return createFileWith(path, bufio.NewWriterSize(nil, buf))
}

// createFileWith is createFile writing through bw, which it resets.
func createFileWith(path string, bw *bufio.Writer) (*fileWriter, error) {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	h := crc32.NewIEEE()
	bw.Reset(io.MultiWriter(f, h))
	return &fileWriter{f: f, h: h, path: path, bw: bw}, nil
}

// bufSize is the buffer for a file of n bytes: maxBuf, or less for a
// smaller file.
func bufSize(n int) int { return max(16, min(n, maxBuf)) }

// maxBuf is the largest file buffer: a megabyte; the tests make it small,
// so that every file takes many.
var maxBuf = 1 << 20

func (w *fileWriter) Write(b []byte) (int, error) {
	n, err := w.bw.Write(b)
	w.n += int64(n)
	return n, err
}

// close finishes the file: its checksum, synced, renamed into place. It
// returns the bytes written.
func (w *fileWriter) close() (int64, error) {
	err := w.bw.Flush()
	if err == nil {
		err = binary.Write(w.f, binary.LittleEndian, w.h.Sum32())
	}
	if err == nil && syncFiles && !haveSyncfs {
		err = w.f.Sync()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(w.f.Name(), w.path)
	}
	if err != nil {
		os.Remove(w.f.Name())
		return 0, err
	}
	if w.rec != nil {
		w.rec.add(w.id, w.n+4, w.h.Sum32())
	}
	return w.n + 4, nil
}

// syncFiles says a step's files are synced before the manifest records
// the step (with syncfs where there is one, else each before it is renamed
// into place), so that a machine that stops, not only the search, leaves
// no step recorded whose files are not whole; the tests, which stop the
// search alone, turn it off.
var syncFiles = true

// syncStep syncs what a step wrote, before the manifest records it.
func (s *disk) syncStep() error {
	if !syncFiles || !haveSyncfs {
		return nil
	}
	return syncfs(s.opt.Dir)
}

// abort drops a file not finished.
func (w *fileWriter) abort() {
	w.f.Close()
	os.Remove(w.f.Name())
}

// writeFile writes data and its CRC-32 to path (see fileWriter).
func writeFile(path string, data []byte) (int64, error) {
	w, err := createFile(path, 64<<10)
	if err != nil {
		return 0, err
	}
	if _, err := w.Write(data); err != nil {
		w.abort()
		return 0, err
	}
	return w.close()
}

// readFile reads a file fileWriter wrote and checks its CRC-32.
func readFile(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(b) < 4 || crc32.ChecksumIEEE(b[:len(b)-4]) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, damaged(path, "its checksum does not match")
	}
	return b[:len(b)-4], nil
}

func damaged(path, why string) error {
	return workError(path, "is damaged ("+why+")")
}

// checkedReader reads a file fileWriter wrote, a buffer at a time, and
// checks its checksum at the end (done): what it hands out before that is
// not to be kept unless done says the file is whole. Its buffer is reused
// from file to file.
type checkedReader struct {
	f    *os.File
	r    io.Reader
	h    hash.Hash32
	back []byte
	buf  []byte // the bytes of back not read yet
	eof  bool
	path string
	size int64
}

// open starts reading path; a missing file's error is os.ErrNotExist's.
func (cr *checkedReader) open(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return err
	}
	if fi.Size() < 4 {
		f.Close()
		return damaged(path, "shorter than its checksum")
	}
	if cr.back == nil {
		// The buffer holds a file's identity at least.
		cr.back = make([]byte, max(maxBuf, 2*headerSize))
	}
	cr.f, cr.path, cr.size = f, path, fi.Size()
	cr.h = crc32.NewIEEE()
	cr.r = io.TeeReader(io.LimitReader(f, fi.Size()-4), cr.h)
	cr.buf, cr.eof = nil, false
	return nil
}

// fill tops the buffer up once fewer than want bytes are left in it
// (want at most the buffer's size).
func (cr *checkedReader) fill(want int) error {
	if cr.eof || len(cr.buf) >= want {
		return nil
	}
	n := copy(cr.back, cr.buf)
	k, err := io.ReadFull(cr.r, cr.back[n:])
	cr.buf = cr.back[:n+k]
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		cr.eof, err = true, nil
	}
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWorkDir, cr.path, err)
	}
	return nil
}

// more says bytes are left before the checksum.
func (cr *checkedReader) more() (bool, error) {
	err := cr.fill(1)
	return len(cr.buf) > 0, err
}

// uvarint reads a varint; false at the end or at a varint cut short.
func (cr *checkedReader) uvarint() (uint64, bool) {
	if cr.fill(binary.MaxVarintLen64) != nil {
		return 0, false
	}
	v, k := binary.Uvarint(cr.buf)
	if k <= 0 {
		return 0, false
	}
	cr.buf = cr.buf[k:]
	return v, true
}

// words reads len(w) little-endian words into w.
func (cr *checkedReader) words(w []uint64) error {
	for i := 0; i < len(w); {
		if err := cr.fill(8); err != nil {
			return err
		}
		k := min(len(w)-i, len(cr.buf)/8)
		if k == 0 {
			return damaged(cr.path, "shorter than it should be")
		}
		for j := range k {
			w[i+j] = binary.LittleEndian.Uint64(cr.buf[8*j:])
		}
		cr.buf = cr.buf[8*k:]
		i += k
	}
	return nil
}

// sum is the checksum of the file read whole by done.
func (cr *checkedReader) sum() uint32 { return cr.h.Sum32() }

// done checks that the file is read to its checksum and that it matches,
// closes the file and returns its size.
func (cr *checkedReader) done() (int64, error) {
	defer cr.f.Close()
	if more, err := cr.more(); err != nil {
		return 0, err
	} else if more {
		return 0, damaged(cr.path, "bytes past its end")
	}
	var sum [4]byte
	if _, err := io.ReadFull(cr.f, sum[:]); err != nil || binary.LittleEndian.Uint32(sum[:]) != cr.h.Sum32() {
		return 0, damaged(cr.path, "its checksum does not match")
	}
	return cr.size, nil
}

// close closes a file not read to its end.
func (cr *checkedReader) close() { cr.f.Close() }

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
	in                 checkedReader
	enc                []byte
	// cur is the step under way, which its files say wrote them, and out
	// the files it wrote, for the manifest; inStep says a step is under
	// way, whose earlier attempt's files it may read.
	cur    stamp
	out    files
	inStep bool
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
	if err := os.MkdirAll(opt.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("%w %s: %v", ErrWorkDir, opt.Dir, err)
	}
	lock, err := os.OpenFile(filepath.Join(opt.Dir, "lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", ErrWorkDir, opt.Dir, err)
	}
	defer lock.Close()
	if err := lockDir(lock); err != nil {
		return nil, fmt.Errorf("%w %s: another build is using it", ErrWorkDir, opt.Dir)
	}
	s := &disk{g: g, opt: opt, n: n, per: opt.ChunkWords * 32}
	s.chunks = int((n + s.per - 1) / s.per)
	s.workers = make([]*worker, opt.Workers)
	// No commit may outlive the search (and the lock).
	defer s.wait()
	resumed := false
	if b, err := readFile(s.manifestPath()); err == nil {
		m, ok := decodeManifest(b)
		if !ok && strings.HasPrefix(string(b), diskMagic[:len(diskMagic)-1]) {
			return nil, fmt.Errorf("%w %s: its search is another version's, whose files say less of what they are; remove it to start again", ErrWorkDir, opt.Dir)
		}
		if !ok {
			return nil, fmt.Errorf("%w %s: its manifest is not a search's", ErrWorkDir, opt.Dir)
		}
		if m.id != opt.ID || m.size != n || m.goal != goal {
			return nil, fmt.Errorf("%w %s: it holds another search (another definition, metric or moves); remove it, or give another", ErrWorkDir, opt.Dir)
		}
		if m.words != opt.ChunkWords || len(m.lag) != s.chunks {
			return nil, fmt.Errorf("%w %s: its search has chunks of %d words, not %d: resume it with its own (DiskResumeWords)", ErrWorkDir, opt.Dir, m.words, opt.ChunkWords)
		}
		s.m, resumed = m, true
	} else if errors.Is(err, os.ErrNotExist) {
		if err := s.start(goal); err != nil {
			return nil, err
		}
	} else {
		return nil, fmt.Errorf("%w %s: %v", ErrWorkDir, opt.Dir, err)
	}
	// Files half-written when a search was killed.
	if err := s.removeFiles(func(name string) bool { return strings.HasSuffix(name, ".tmp") }); err != nil {
		return nil, err
	}
	var stats []DiskLevel
	for d := len(s.m.counts) - 1; s.m.counts[d] > 0; d = len(s.m.counts) - 1 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		keep := d // the frontiers of levels from keep on are needed
		for _, l := range s.m.lag {
			if l > 0 {
				keep = min(keep, l)
			}
		}
		if err := s.removeFiles(func(name string) bool { return olderFront(name, keep) }); err != nil {
			return nil, err
		}
		s.m.dropFronts(keep)
		st := DiskLevel{Resumed: s.m.phase != expanding && s.m.phase != asking || s.m.next > 0}
		w0, r0, n0, c0, t0 := s.written.Load(), s.read.Load(), s.nbrs.Load(), s.cross.Load(), time.Now()
		cpu0 := cpuTime() + time.Duration(s.taskCPU.Load())
		s.deferred, s.tasks, s.mostWritten, s.mostRead = 0, 0, 0, 0
		passes := []phase{expanding, applying}
		if s.backward(d) {
			passes = []phase{asking, answering, applying}
			st.Backward = true
		}
		if s.m.phase == expanding && st.Backward {
			s.m.phase = asking // the manifest of a level not begun
		}
		for _, p := range passes {
			if p < s.m.phase {
				continue
			}
			s.m.phase = p
			if s.opt.Tasks != nil && !s.little(d) {
				if err := s.runTasks(ctx, d, p); err != nil {
					return nil, err
				}
			}
			for s.m.next < s.chunks {
				if err := s.step(ctx, d, s.m.next, p); err != nil {
					return nil, err
				}
			}
			if p != applying {
				s.m.phase, s.m.next, s.m.found = passes[slices.Index(passes, p)+1], 0, 0
				if err := s.save(); err != nil {
					return nil, err
				}
				if err := s.removeResults(); err != nil {
					return nil, err
				}
			}
		}
		s.m.counts = append(s.m.counts, s.m.found)
		s.m.phase, s.m.next, s.m.found = expanding, 0, 0
		if err := s.save(); err != nil {
			return nil, err
		}
		if err := s.removeResults(); err != nil {
			return nil, err
		}
		st.States = s.m.counts[d+1]
		st.Written, st.Read = s.written.Load()-w0, s.read.Load()-r0
		st.Expanded, st.Crossing = s.nbrs.Load()-n0, s.cross.Load()-c0
		st.Wall, st.CPU = time.Since(t0), cpuTime()+time.Duration(s.taskCPU.Load())-cpu0
		st.Deferred = s.deferred
		st.Tasks, st.MostWritten, st.MostRead = s.tasks, s.mostWritten, s.mostRead
		if st.States > 0 {
			stats = append(stats, st)
		}
	}
	return &DiskLevels{Size: n, Counts: s.m.counts[:len(s.m.counts)-1], Stats: stats, Resumed: resumed,
		dir: opt.Dir, words: opt.ChunkWords, chunks: s.chunks, m: s.m, id: opt.ID}, nil
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

// DiskResumeWords returns the chunk, in words, of the search on disk of
// size indices in dir, if there is one to resume: a search keeps the
// chunks it started with, whatever the memory and the workers it resumes
// with. (SearchDisk checks the search is the graph's.)
func DiskResumeWords(dir string, size uint64) (uint64, bool) {
	b, err := readFile(filepath.Join(dir, "manifest"))
	if err != nil {
		return 0, false
	}
	m, ok := decodeManifest(b)
	if !ok || m.size != size {
		return 0, false
	}
	return m.words, true
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
	for _, e := range ents {
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

// save records the manifest, once the step before it is recorded and
// what was written is synced.
func (s *disk) save() error {
	if err := s.wait(); err != nil {
		return err
	}
	if err := s.syncStep(); err != nil {
		return err
	}
	_, err := writeFile(s.manifestPath(), s.m.encode())
	return err
}

// commit records a step in the background: it syncs what the step wrote,
// writes the manifest as it stands now, then runs after (the removal of
// the files the step consumed), while the next step runs. The manifest
// never says a step is done before its files are synced, and at most one
// commit is under way: the next waits for it.
func (s *disk) commit(after func() error) error {
	if err := s.wait(); err != nil {
		return err
	}
	snap := s.m.encode()
	done := make(chan error, 1)
	s.pending = done
	go func() {
		err := s.syncStep()
		if err == nil {
			_, err = writeFile(s.manifestPath(), snap)
		}
		if err == nil && after != nil {
			err = after()
		}
		done <- err
	}()
	return nil
}

// wait waits for the commit under way, if any, and returns its error.
func (s *disk) wait() error {
	if s.pending == nil {
		return nil
	}
	err := <-s.pending
	s.pending = nil
	return err
}

// saveChunk writes chunk c's levels.
func (s *disk) saveChunk(c int, words []uint64) error {
	w, err := s.create(s.chunkPath(c), ident{kind: chunkKind, chunk: c}, bufSize(headerSize+8*len(words)))
	if err != nil {
		return err
	}
	if err := writeWords(w, words); err != nil {
		w.abort()
		return err
	}
	n, err := w.close()
	s.written.Add(n)
	if err == nil && s.m != nil {
		s.m.lag[c] = 0
	}
	return err
}

// writeWords writes words little-endian, a piece at a time.
func writeWords(w io.Writer, words []uint64) error {
	var buf [8 << 10]byte
	for len(words) > 0 {
		k := min(len(words), len(buf)/8)
		for i, x := range words[:k] {
			binary.LittleEndian.PutUint64(buf[8*i:], x)
		}
		if _, err := w.Write(buf[:8*k]); err != nil {
			return err
		}
		words = words[k:]
	}
	return nil
}

// loadChunk reads chunk c's levels into words, a buffer at a time (the
// file is never held whole besides them), and checks its checksum.
func (s *disk) loadChunk(c int, words []uint64) error {
	path := s.chunkPath(c)
	got, err := s.openWork(&s.in, path, ident{kind: chunkKind, chunk: c})
	if err != nil {
		return err
	}
	if want := int64(headerSize+8*len(words)) + 4; s.in.size != want {
		s.in.close()
		return damaged(path, fmt.Sprintf("%d bytes, want %d", s.in.size, want))
	}
	if err := s.in.words(words); err != nil {
		s.in.close()
		return err
	}
	n, err := s.in.done()
	if err != nil {
		return err
	}
	s.read.Add(n)
	return s.accept(path, got, n, s.in.sum(), s.redo())
}

// loadCurrent reads chunk c's levels into words as loadChunk does, and
// gives them the marks of the levels its file lacks, up to level upTo,
// from their frontier files.
func (s *disk) loadCurrent(c int, words []uint64, upTo int) error {
	if err := s.loadChunk(c, words); err != nil {
		return err
	}
	if s.m == nil || s.m.lag[c] == 0 {
		return nil
	}
	for k := s.m.lag[c]; k <= upTo; k++ {
		if err := s.applyFront(k, c, words); err != nil {
			return err
		}
	}
	return nil
}

// applyFront gives the unseen indices of chunk c's frontier of level k
// that level, in words.
func (s *disk) applyFront(k, c int, words []uint64) error {
	path := s.frontPath(k, c)
	got, err := s.openWork(&s.in, path, ident{kind: frontKind, level: k, chunk: c})
	if err != nil {
		return err
	}
	v := uint64(k % 3)
	set := func(o uint64) {
		sh := (o & 31) << 1
		if words[o>>5]>>sh&3 == Unseen {
			words[o>>5] &^= (3 ^ v) << sh
		}
	}
	err = func() error {
		kind, ok := s.in.uvarint()
		switch {
		case ok && kind == frontBits:
			var batch [1024]uint64
			for i := uint64(0); i < s.per/64+1; {
				n := min(uint64(len(batch)), s.per/64+1-i)
				if err := s.in.words(batch[:n]); err != nil {
					return err
				}
				for j, x := range batch[:n] {
					for ; x != 0; x &= x - 1 {
						if o := (i+uint64(j))*64 + uint64(bits.TrailingZeros64(x)); o < s.per {
							set(o)
						}
					}
				}
				i += n
			}
			return nil
		case ok && kind == frontList:
			cnt, ok := s.in.uvarint()
			if !ok {
				return damaged(path, "no count")
			}
			o := uint64(0)
			for i := range cnt {
				d, ok := s.in.uvarint()
				if !ok || o+d >= s.per || i > 0 && d == 0 {
					return damaged(path, "an offset outside its chunk")
				}
				o += d
				set(o)
			}
			return nil
		}
		return damaged(path, "not a frontier")
	}()
	if err != nil {
		s.in.close()
		return err
	}
	n, err := s.in.done()
	if err != nil {
		return err
	}
	s.read.Add(n)
	// The levels a chunk file lacks are recorded: none is rewritten.
	return s.accept(path, got, n, s.in.sum(), nil)
}

// A frontier file is the offsets, in its chunk, of the indices at a level:
// a kind byte, then either the bitmap's words (frontBits) or a count and
// the offsets' differences as varints (frontList), whichever is shorter.
const (
	frontBits = 0
	frontList = 1
)

// saveFront writes chunk c's frontier of level d from its bitmap.
func (s *disk) saveFront(d, c int, bm []uint64) error {
	cnt := 0
	for _, x := range bm {
		cnt += bits.OnesCount64(x)
	}
	if cnt*3 < len(bm)*8 {
		b := append(s.enc[:0], frontList)
		b = binary.AppendUvarint(b, uint64(cnt))
		prev := uint64(0)
		for i, x := range bm {
			for ; x != 0; x &= x - 1 {
				o := uint64(i)*64 + uint64(bits.TrailingZeros64(x))
				b = binary.AppendUvarint(b, o-prev)
				prev = o
			}
		}
		s.enc = b
		return s.writeFront(d, c, b)
	}
	w, err := s.create(s.frontPath(d, c), ident{kind: frontKind, level: d, chunk: c}, bufSize(headerSize+1+8*len(bm)))
	if err != nil {
		return err
	}
	w.Write([]byte{frontBits})
	if err := writeWords(w, bm); err != nil {
		w.abort()
		return err
	}
	n, err := w.close()
	s.written.Add(n)
	return err
}

// saveFrontList writes chunk c's frontier of level d from its offsets, in
// increasing order.
func (s *disk) saveFrontList(d, c int, offs []uint64) error {
	b := []byte{frontList}
	b = binary.AppendUvarint(b, uint64(len(offs)))
	prev := uint64(0)
	for _, o := range offs {
		b = binary.AppendUvarint(b, o-prev)
		prev = o
	}
	return s.writeFront(d, c, b)
}

// writeFront writes chunk c's frontier file of level d, b.
func (s *disk) writeFront(d, c int, b []byte) error {
	w, err := s.create(s.frontPath(d, c), ident{kind: frontKind, level: d, chunk: c}, bufSize(headerSize+len(b)))
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		w.abort()
		return err
	}
	n, err := w.close()
	s.written.Add(n)
	return err
}

// loadFront reads chunk c's frontier of level d into bm (zeroed first);
// an optional one (an earlier attempt's) may be missing.
func (s *disk) loadFront(d, c int, bm []uint64, optional bool) error {
	clear(bm)
	path := s.frontPath(d, c)
	if optional {
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			return nil
		}
	}
	got, err := s.openWork(&s.in, path, ident{kind: frontKind, level: d, chunk: c})
	if err != nil {
		return err
	}
	if err := s.readFront(path, bm); err != nil {
		s.in.close()
		clear(bm)
		return err
	}
	n, err := s.in.done()
	if err == nil {
		err = s.accept(path, got, n, s.in.sum(), s.redo())
	}
	if err != nil {
		clear(bm)
		return err
	}
	s.read.Add(n)
	return nil
}

func (s *disk) readFront(path string, bm []uint64) error {
	kind, ok := s.in.uvarint()
	switch {
	case ok && kind == frontBits:
		if s.in.size != int64(headerSize+1+8*len(bm)+4) {
			return damaged(path, "a bitmap of another length")
		}
		return s.in.words(bm)
	case ok && kind == frontList:
		cnt, ok := s.in.uvarint()
		if !ok {
			return damaged(path, "no count")
		}
		o := uint64(0)
		for i := range cnt {
			v, ok := s.in.uvarint()
			if !ok || o+v >= s.per || i > 0 && v == 0 {
				return damaged(path, "an offset outside its chunk")
			}
			o += v
			bm[o/64] |= 1 << (o % 64)
		}
		return nil
	}
	return damaged(path, "not a frontier")
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

// expandChunk marks the unseen neighbours in chunk c of its frontier at
// level d, and writes those in other chunks to update files.
func (s *disk) expandChunk(ctx context.Context, d, c int) error {
	// An earlier attempt at this chunk may have left some of its update
	// files: they are written again.
	if err := s.removeUpdatesFrom(d, c); err != nil {
		return err
	}
	words, front, next := s.buffers()
	if err := s.loadFront(d, c, front, false); err != nil {
		return err
	}
	// The next level's frontier of an earlier attempt holds what it
	// marked in the chunk, if it saved the chunk too.
	if err := s.loadFront(d+1, c, next, true); err != nil {
		return err
	}
	size := 0
	for _, x := range front {
		size += bits.OnesCount64(x)
	}
	if size == 0 {
		return s.saveFront(d+1, c, next)
	}
	// A small frontier sends its neighbours in the chunk to the chunk as
	// updates too, and leaves the chunk's file unread: its updates cost
	// less than reading and writing it (a few bytes a neighbour against
	// a quarter byte an index, twice). The early levels are all small.
	local := uint64(size*s.g.Degree()) > s.per/32
	if !local {
		words = nil
	} else if err := s.loadCurrent(c, words, d); err != nil {
		return err
	}
	nxt := Next(uint8(d % 3))
	base := uint64(c) * s.per
	first := base / 32 // the chunk's first word in the whole levels
	var wg sync.WaitGroup
	var at atomic.Uint64
	errs := make([]error, s.opt.Workers)
	for wk := range s.opt.Workers {
		wg.Go(func() {
			errs[wk] = s.expandWorker(ctx, wk, d, c, words, front, next, nxt, base, first, &at)
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	// The frontier first: an attempt killed between the two saves leaves
	// a frontier that holds the marks the chunk file lacks, and the next
	// attempt marks them again.
	if err := s.saveFront(d+1, c, next); err != nil {
		return err
	}
	if !local {
		return nil
	}
	return s.saveChunk(c, words)
}

// worker is what one worker of the expand pass keeps from step to step,
// allocated once, so that a search's memory stays where it starts: each
// target chunk's buffer of offsets (a fixed share of UpdateCap), the
// sort's scratch, and the write buffers of its update files.
type worker struct {
	in      checkedReader
	asks    [][]uint64 // a backward level's questions, j<<32 | u, a target each
	bufs    [][]uint32
	scratch []uint32
	enc     []byte
	out     []uint64
	writers []*bufio.Writer
}

// writeBuf is the write buffer of an update file: 64 KiB, or less where
// there are many chunks, so that a worker's come to a megabyte at most
// (or 4 KiB each).
func writeBuf(chunks int) int { return max(4<<10, min(64<<10, 1<<20/chunks)) }

func (s *disk) worker(wk int) *worker {
	// s.workers has a place for each worker (see SearchDisk): each
	// fills its own.
	if s.workers[wk] == nil {
		per := max(4096, s.opt.UpdateCap/s.chunks)
		w := &worker{bufs: make([][]uint32, s.chunks), writers: make([]*bufio.Writer, s.chunks),
			out: make([]uint64, 32*s.g.Degree())}
		w.asks = make([][]uint64, s.chunks)
		for t := range w.bufs {
			w.bufs[t] = make([]uint32, 0, per)
			w.asks[t] = make([]uint64, 0, per/2)
		}
		s.workers[wk] = w
	}
	return s.workers[wk]
}

// sink is where a worker's offsets for other chunks go: to each target
// chunk's buffer, written out as a sorted run when it is full, into files
// named by path (a file a target, opened on its first run).
type sink struct {
	s     *disk
	ws    *worker
	path  func(t int) (string, ident)
	files []*fileWriter
	n     uint64 // offsets taken
}

func (s *disk) sink(ws *worker, path func(t int) (string, ident)) *sink {
	return &sink{s: s, ws: ws, path: path, files: make([]*fileWriter, s.chunks)}
}

// updateSink is the sink of chunk c's worker wk's updates at level d.
func (s *disk) updateSink(ws *worker, d, c, wk int) *sink {
	return s.sink(ws, func(t int) (string, ident) {
		return s.updatePath(d, t, c, wk), ident{kind: updateKind, level: d, chunk: t, from: c, worker: wk}
	})
}

// add takes offset o of chunk t.
func (k *sink) add(t int, o uint32) error {
	b := &k.ws.bufs[t]
	if len(*b) == cap(*b) {
		if err := k.flush(t); err != nil {
			return err
		}
	}
	*b = append(*b, o)
	k.n++
	return nil
}

// flush writes target t's offsets as a sorted run, without repeats: its
// length, then the differences, as varints.
func (k *sink) flush(t int) error {
	ws := k.ws
	offs := ws.bufs[t]
	if len(offs) == 0 {
		return nil
	}
	sorted := slices.Compact(radixSort(offs, &ws.scratch, k.s.per))
	ws.bufs[t] = offs[:0]
	if k.files[t] == nil {
		if ws.writers[t] == nil {
			ws.writers[t] = bufio.NewWriterSize(nil, writeBuf(k.s.chunks))
		}
		path, h := k.path(t)
		f, err := k.s.createWith(path, h, ws.writers[t])
		if err != nil {
			return err
		}
		k.files[t] = f
	}
	b := binary.AppendUvarint(ws.enc[:0], uint64(len(sorted)))
	prev := uint32(0)
	for _, o := range sorted {
		b = binary.AppendUvarint(b, uint64(o-prev))
		prev = o
	}
	ws.enc = b
	_, err := k.files[t].Write(b)
	return err
}

// finish writes out what the buffers hold and closes the files, after a
// worker's work that ended with err; with an error, it drops them.
func (k *sink) finish(err error) error {
	for t := range k.ws.bufs {
		if err == nil {
			err = k.flush(t)
		}
		k.ws.bufs[t] = k.ws.bufs[t][:0]
	}
	for _, f := range k.files {
		if f == nil {
			continue
		}
		if err != nil {
			f.abort()
			continue
		}
		n, cerr := f.close()
		k.s.written.Add(n)
		err = cerr
	}
	return err
}

// chunkOf returns the chunk of index j and j's offset in it: j / s.per by
// a multiplication by inv, 1/s.per (a division costs tens of cycles),
// corrected where rounding is off by one.
func (s *disk) chunkOf(j uint64, inv float64) (int, uint32) {
	t := uint64(float64(j) * inv)
	if t*s.per > j {
		t--
	} else if (t+1)*s.per <= j {
		t++
	}
	return int(t), uint32(j - t*s.per)
}

// expandWorker is one worker of expandChunk: it takes the chunk's words
// 1024 at a time from at. Without the chunk's words (nil), every
// neighbour goes to the updates, its own chunk's too.
func (s *disk) expandWorker(ctx context.Context, wk, d, c int, words, front, next []uint64, nxt uint8, base, first uint64, at *atomic.Uint64) error {
	k := s.g.Kernel()
	deg := s.g.Degree()
	ws := s.worker(wk)
	out := ws.out
	up := s.updateSink(ws, d, c, wk)
	var nbrs uint64
	inv := 1 / float64(s.per)
	err := func() error {
		const step = 1024 // words a worker takes at a time
		local := words != nil
		for ctx.Err() == nil {
			lo := at.Add(step) - step
			if lo >= s.opt.ChunkWords {
				return nil
			}
			hi := min(lo+step, s.opt.ChunkWords)
			for w := lo; w < hi; w++ {
				m := spread32(front[w/2] >> (32 * (w % 2)))
				if m == 0 {
					continue
				}
				k.Neighbors(first+w, m, out)
				nb := out[:bits.OnesCount64(m)*deg]
				nbrs += uint64(len(nb))
				for _, j := range nb {
					if o := j - base; o < s.per && local {
						p := &words[o>>5]
						sh := (o & 31) << 1
						if atomic.LoadUint64(p)>>sh&3 == Unseen {
							// Workers may mark the same index at once,
							// with the same level and bit.
							atomic.AndUint64(p, ^(uint64(3^nxt) << sh))
							atomic.OrUint64(&next[o/64], 1<<(o%64))
						}
						continue
					}
					if err := up.add(s.chunkOf(j, inv)); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}()
	s.nbrs.Add(nbrs)
	s.cross.Add(up.n)
	return up.finish(err)
}

// backward says level d is searched backward: its unseen indices (those
// past the reachable ones too) are fewer than twice its frontier. An
// unseen index stops at its first neighbour at the level in its own
// chunk, and asks other chunks only when it finds none there, so its
// questions cost less than a frontier index's updates: measured on ufo,
// its level 12, with 1.08 unseen indices a frontier one, took 15 s
// backward against 24 s forward, about 0.57 of a frontier index's cost an
// unseen index. The counts decide it, so a resumed search decides as the
// first did.
func (s *disk) backward(d int) bool {
	seen := uint64(0)
	for _, c := range s.m.counts {
		seen += c
	}
	return s.n-seen < 2*s.m.counts[d]
}

// A question is an unseen index's (offset u in its chunk) about its
// neighbour at offset j of another chunk: is j at the level being
// searched? Questions go to the neighbour's chunk in ask files, 8 bytes
// each (j<<32 | u, little-endian); the chunk answers with update files
// naming the offsets u whose answer is yes.

// askPath names the ask file of level d for chunk to from chunk from's
// worker w.
func (s *disk) askPath(d, to, from, w int) string {
	return s.path("ask-%05d-%06d-%06d-%d", d, to, from, w)
}

// parseAsk reads an ask file's name.
func parseAsk(name string) (d, to, from, w int, ok bool) {
	if strings.HasSuffix(name, ".tmp") {
		return 0, 0, 0, 0, false
	}
	_, err := fmt.Sscanf(name, "ask-%05d-%06d-%06d-%d", &d, &to, &from, &w)
	return d, to, from, w, err == nil
}

// askChunk has each unseen index of chunk t with a neighbour at level d
// in the chunk take the next level, and the others ask their neighbours
// in other chunks.
func (s *disk) askChunk(ctx context.Context, d, t int) error {
	if err := s.removeFiles(func(name string) bool {
		l, _, from, _, ok := parseAsk(name)
		return ok && l == d && from == t
	}); err != nil {
		return err
	}
	words, _, next := s.buffers()
	// The next level's frontier of an earlier attempt holds what it
	// marked, if it saved the chunk too.
	if err := s.loadFront(d+1, t, next, true); err != nil {
		return err
	}
	if err := s.loadCurrent(t, words, d); err != nil {
		return err
	}
	base := uint64(t) * s.per
	var at atomic.Uint64
	var wg sync.WaitGroup
	errs := make([]error, s.opt.Workers)
	for wk := range s.opt.Workers {
		wg.Go(func() { errs[wk] = s.askWorker(ctx, wk, d, t, words, next, base, &at) })
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if err := s.saveFront(d+1, t, next); err != nil {
		return err
	}
	return s.saveChunk(t, words)
}

// askWorker is one worker of askChunk.
func (s *disk) askWorker(ctx context.Context, wk, d, t int, words, next []uint64, base uint64, at *atomic.Uint64) error {
	k := s.g.Kernel()
	deg := s.g.Degree()
	ws := s.worker(wk)
	out := ws.out
	cur := uint8(d % 3)
	nxt := Next(cur)
	limit := min(s.per, s.n-base) // the chunk's indices
	first := base / 32
	inv := 1 / float64(s.per)
	files := make([]*fileWriter, s.chunks)
	var nbrs, asked uint64
	// flush writes the questions to chunk to, 8 bytes each. (Sorted and
	// coded as differences they take about 5, but the sort costs more
	// time than the bytes it saves: measured on ufo, 25 s of CPU against
	// 19 for its level 12.)
	flush := func(to int) error {
		qs := ws.asks[to]
		if len(qs) == 0 {
			return nil
		}
		if files[to] == nil {
			if ws.writers[to] == nil {
				ws.writers[to] = bufio.NewWriterSize(nil, writeBuf(s.chunks))
			}
			f, err := s.createWith(s.askPath(d, to, t, wk), ident{kind: askKind, level: d, chunk: to, from: t, worker: wk}, ws.writers[to])
			if err != nil {
				return err
			}
			files[to] = f
		}
		b := ws.enc[:0]
		for _, q := range qs {
			b = binary.LittleEndian.AppendUint64(b, q)
		}
		ws.enc = b
		ws.asks[to] = qs[:0]
		_, err := files[to].Write(b)
		return err
	}
	ask := func(to int, j, u uint32) error {
		if len(ws.asks[to]) == cap(ws.asks[to]) {
			if err := flush(to); err != nil {
				return err
			}
		}
		ws.asks[to] = append(ws.asks[to], uint64(j)<<32|uint64(u))
		asked++
		return nil
	}
	err := func() error {
		const step = 1024
		for ctx.Err() == nil {
			lo := at.Add(step) - step
			if lo >= uint64(len(words)) {
				return nil
			}
			hi := min(lo+step, uint64(len(words)))
			for w := lo; w < hi; w++ {
				m := matches(atomic.LoadUint64(&words[w]), Unseen)
				if 32*w+32 > limit {
					// The fields past the chunk's last index.
					if 32*w >= limit {
						m = 0
					} else {
						m &= 1<<(2*(limit-32*w)) - 1
					}
				}
				if m == 0 {
					continue
				}
				k.Neighbors(first+w, m, out)
				nbrs += uint64(bits.OnesCount64(m) * deg)
				for n := 0; m != 0; m &= m - 1 {
					u := 32*w + uint64(bits.TrailingZeros64(m))/2
					nb := out[n : n+deg]
					n += deg
					hit := false
					for _, j := range nb {
						if o := j - base; o < s.per && uint8(atomic.LoadUint64(&words[o>>5])>>((o&31)<<1))&3 == cur {
							hit = true
							break
						}
					}
					if hit {
						sh := (u & 31) << 1
						atomic.AndUint64(&words[u>>5], ^(uint64(3^nxt) << sh))
						atomic.OrUint64(&next[u/64], 1<<(u%64))
						continue
					}
					for _, j := range nb {
						if j-base < s.per {
							continue
						}
						to, o := s.chunkOf(j, inv)
						if err := ask(to, o, uint32(u)); err != nil {
							return err
						}
					}
				}
			}
		}
		return nil
	}()
	s.nbrs.Add(nbrs)
	s.cross.Add(asked)
	for to := range ws.asks {
		if err == nil {
			err = flush(to)
		}
		ws.asks[to] = ws.asks[to][:0]
	}
	for _, f := range files {
		if f == nil {
			continue
		}
		if err != nil {
			f.abort()
			continue
		}
		n, cerr := f.close()
		s.written.Add(n)
		err = cerr
	}
	return err
}

// answerFile answers the questions of one ask file from chunk from, open
// in ws.in, with the levels of the chunk they are put to.
func (s *disk) answerFile(ws *worker, up *sink, path string, from int, words []uint64, cur uint8) error {
	body := ws.in.size - 4 - int64(headerSize)
	if body%8 != 0 {
		return damaged(path, "not whole questions")
	}
	var qs [1024]uint64
	for left := body / 8; left > 0; {
		batch := qs[:min(left, int64(len(qs)))]
		left -= int64(len(batch))
		if err := ws.in.words(batch); err != nil {
			return err
		}
		for _, q := range batch {
			j, u := q>>32, uint32(q)
			if j >= s.per || uint64(u) >= s.per {
				return damaged(path, "a question outside its chunks")
			}
			if uint8(words[j>>5]>>((j&31)<<1))&3 == cur {
				if err := up.add(from, u); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// answerChunk answers the questions put to chunk c at level d: the
// offsets whose neighbour in c is at level d go, as updates, to their
// chunks.
func (s *disk) answerChunk(ctx context.Context, d, c int) error {
	if err := s.removeUpdatesFrom(d, c); err != nil {
		return err
	}
	in, err := s.inbox(askKind, d, c)
	if err != nil {
		return err
	}
	if len(in.list) == 0 {
		return nil
	}
	words, _, _ := s.buffers()
	if err := s.loadCurrent(c, words, d); err != nil {
		return err
	}
	cur := uint8(d % 3)
	var at atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, s.opt.Workers)
	for wk := range s.opt.Workers {
		wg.Go(func() {
			ws := s.worker(wk)
			up := s.updateSink(ws, d, c, wk)
			err := func() error {
				for ctx.Err() == nil {
					i := int(at.Add(1) - 1)
					if i >= len(in.list) {
						return nil
					}
					from := in.list[i].want.from
					if err := s.readInbox(in, i, &ws.in, func(path string) error {
						return s.answerFile(ws, up, path, from, words, cur)
					}); err != nil {
						return err
					}
				}
				return nil
			}()
			errs[wk] = up.finish(err)
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return s.checkSums(askKind, d, c, in.found)
}

// radixSort sorts offs, each below limit, least significant digit first:
// a few passes over them where a comparison sort takes log n, which is
// most of a level's work otherwise. It sorts them in place, with scratch
// (kept between calls) for the passes between.
func radixSort(offs []uint32, scratch *[]uint32, limit uint64) []uint32 {
	if len(offs) < 256 {
		slices.Sort(offs)
		return offs
	}
	if cap(*scratch) < len(offs) {
		*scratch = make([]uint32, len(offs))
	}
	tmp := (*scratch)[:len(offs)]
	orig := offs
	// Digits of 13 bits at most, so that the counts stay in the
	// first-level cache: two passes sort the offsets of a chunk of up to
	// 2^26 indices.
	width := bits.Len64(limit - 1)
	passes := (width + 12) / 13
	digit := (width + passes - 1) / passes
	var counts [1 << 13]int32
	count := counts[:1<<digit]
	for shift := 0; shift < width; shift += digit {
		clear(count)
		for _, o := range offs {
			count[o>>shift&(1<<digit-1)]++
		}
		sum := int32(0)
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for _, o := range offs {
			k := o >> shift & (1<<digit - 1)
			tmp[count[k]] = o
			count[k]++
		}
		offs, tmp = tmp, offs
	}
	if &offs[0] != &orig[0] {
		copy(orig, offs) // the sorted offsets in the caller's buffer
	}
	return orig
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

// applyChunk gives the unseen indices of chunk t that its update files of
// level d name the next level, and returns the indices of the chunk at
// that level.
func (s *disk) applyChunk(d, t int) (uint64, error) {
	words, _, next := s.buffers()
	if err := s.loadFront(d+1, t, next, false); err != nil {
		return 0, err
	}
	in, err := s.inbox(updateKind, d, t)
	if err != nil {
		return 0, err
	}
	cnt := func() uint64 {
		n := uint64(0)
		for _, x := range next {
			n += uint64(bits.OnesCount64(x))
		}
		return n
	}
	if len(in.list) > 0 {
		if err := s.loadCurrent(t, words, d); err != nil {
			return 0, err
		}
		nxt := Next(uint8(d % 3))
		var at atomic.Int64
		var wg sync.WaitGroup
		errs := make([]error, s.opt.Workers)
		for wk := range s.opt.Workers {
			wg.Go(func() {
				cr := &s.worker(wk).in
				for {
					i := int(at.Add(1) - 1)
					if i >= len(in.list) {
						return
					}
					if err := s.readInbox(in, i, cr, func(path string) error {
						return s.applyFile(cr, path, words, next, nxt)
					}); err != nil {
						errs[wk] = err
						return
					}
				}
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return 0, err
		}
		if err := s.checkSums(updateKind, d, t, in.found); err != nil {
			return 0, err
		}
		if err := s.saveFront(d+1, t, next); err != nil {
			return 0, err
		}
		// A chunk that takes few indices at this level, and lags no
		// more than a few levels, keeps them in its frontier file
		// alone: writing the chunk for them would cost the early levels
		// most of their time. It takes them when it is next read.
		if few := cnt() < s.per/256; few && (s.m.lag[t] == 0 || d+1-s.m.lag[t] < 8) {
			if s.m.lag[t] == 0 {
				s.m.lag[t] = d + 1
			}
			s.deferred++
			return cnt(), nil
		}
		if err := s.saveChunk(t, words); err != nil {
			return 0, err
		}
	}
	return cnt(), nil
}

// applyFile applies one update file to a chunk's words and next frontier,
// through in, reading it a buffer at a time (an update file may be larger than the
// memory the search may take). Its checksum is checked at its end, before
// the chunk is saved: a damaged file fails the step, which leaves nothing.
func (s *disk) applyFile(in *checkedReader, path string, words, next []uint64, nxt uint8) error {
	for {
		more, err := in.more()
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
		cnt, ok := in.uvarint()
		if !ok {
			return damaged(path, "a run without its length")
		}
		o := uint64(0)
		for range cnt {
			v, ok := in.uvarint()
			if !ok || o+v >= s.per {
				return damaged(path, "an offset outside its chunk")
			}
			o += v
			// Workers apply files at once: a field is marked as the
			// expand pass marks it.
			p := &words[o>>5]
			sh := (o & 31) << 1
			if atomic.LoadUint64(p)>>sh&3 == Unseen {
				atomic.AndUint64(p, ^(uint64(3^nxt) << sh))
				atomic.OrUint64(&next[o/64], 1<<(o%64))
			}
		}
	}
}

// Each hands the levels' packed bytes, in index order, a piece at a time,
// to emit: the bytes of a table.Mod3 table's distances (the fields past
// the last index 0). The piece is only valid during the call.
func (l *DiskLevels) Each(emit func([]byte) error) error {
	need := (l.Size + 3) / 4 // packed bytes
	done := uint64(0)
	words := make([]uint64, l.words)
	s := &disk{opt: DiskOptions{Dir: l.dir, ChunkWords: l.words, ID: l.id}, per: 32 * l.words, m: l.m}
	buf := make([]byte, 1<<20)
	for c := range l.chunks {
		if err := s.loadCurrent(c, words, len(l.Counts)-1); err != nil {
			return err
		}
		if c == l.chunks-1 {
			// The fields past the last index read 0, as a table packs
			// them.
			last := l.Size - uint64(c)*l.words*32
			for i := last; i < l.words*32; i++ {
				words[i/32] &^= 3 << (2 * (i % 32))
			}
		}
		for w := 0; w < len(words) && done < need; {
			k := min(len(words)-w, len(buf)/8)
			for i := range k {
				binary.LittleEndian.PutUint64(buf[8*i:], words[w+i])
			}
			piece := buf[:min(uint64(8*k), need-done)]
			if err := emit(piece); err != nil {
				return err
			}
			done += uint64(len(piece))
			w += k
		}
	}
	return nil
}

// Levels reads the levels into memory, as Search returns them.
func (l *DiskLevels) Levels() (*Levels, error) {
	raw := make([]byte, 0, (l.Size+3)/4)
	if err := l.Each(func(b []byte) error { raw = append(raw, b...); return nil }); err != nil {
		return nil, err
	}
	words := make([]uint64, (l.Size+31)/32)
	for i := range words {
		var w [8]byte
		copy(w[:], raw[min(8*i, len(raw)):])
		words[i] = binary.LittleEndian.Uint64(w[:])
	}
	return &Levels{Words: words, Counts: slices.Clone(l.Counts), Size: l.Size}, nil
}

// Remove removes the search's files, and the work directory if nothing
// else is left in it.
func (l *DiskLevels) Remove() error {
	s := &disk{opt: DiskOptions{Dir: l.dir}}
	if err := s.removeFiles(func(string) bool { return true }); err != nil {
		return err
	}
	for _, name := range []string{"manifest", "lock"} {
		if err := os.Remove(filepath.Join(l.dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	os.Remove(l.dir) // only if empty
	return nil
}
