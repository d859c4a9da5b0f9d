package bfs

import (
	"context"
	"errors"
	"runtime"
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
//
// Its parts: diskdriver.go runs the levels on levelsearch, as Search does
// (a Step a level over every chunk, pass by pass; Save the manifest), and
// each chunk's step; diskmanifest.go keeps the manifest; diskchunk.go
// writes and reads the chunk and frontier files through checkedfile;
// diskexpand.go is the forward passes (expand, apply), diskask.go the
// backward ones (ask, answer); diskfiles.go is what each file says it is
// and what the manifest records of it; disktask.go runs steps as tasks.

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
