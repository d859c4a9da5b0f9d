package deftable

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/internal/support/sysmem"
)

// DiskOptions tune BuildOnDisk.
type DiskOptions struct {
	// Work is the work directory of the search (see bfs.SearchDisk): a
	// build run again on it resumes.
	Work string
	// Memory is the bytes the build may take, its move tables included.
	Memory uint64
	// Workers is the number of goroutines of the search (0: one a core).
	Workers int
	// Progress, if set, is told how the search goes after each chunk.
	Progress func(bfs.DiskProgress)
	// Facts are the build's facts, as BuildOptions.Facts.
	Facts string
	// Tasks and TaskFailed, if set, run the search's passes as tasks, as
	// bfs.DiskOptions has them; each task runs DiskTask.
	Tasks      func(context.Context, bfs.TaskPass) error
	TaskFailed func(level int, pass string, err error)
	// chunkWords, when set, is the chunk in words in place of the one
	// Memory gives: the tests' way to many chunks.
	chunkWords uint64
}

// DiskBuild is what a build on disk did.
type DiskBuild struct {
	Counts  []uint64 // states at each distance
	Reached uint64
	Indexed uint64
	Chunks  int
	// ChunkBytes is the memory a chunk's levels and frontiers take.
	ChunkBytes uint64
	Levels     []bfs.DiskLevel
	Resumed    bool
	lv         *bfs.DiskLevels
}

// RemoveWork removes the work directory's files, once the table is safe
// in its place.
func (b *DiskBuild) RemoveWork() error { return b.lv.Remove() }

// DiskPlan returns what a build on disk under memory bytes would take:
// the index's size, the chunks, and the work directory's bytes besides its
// update files; an error if memory does not hold the move tables and a
// chunk. It is PlanOnDisk's for a new search.
func DiskPlan(p *ksolve.Puzzle, memory uint64, workers int) (indexed uint64, chunks int, work uint64, err error) {
	pl, err := PlanOnDisk(p, DiskOptions{Memory: memory, Workers: workers})
	return pl.Indexed, pl.Chunks, pl.Work, err
}

// DiskChunks is how a build on disk cuts its search.
type DiskChunks struct {
	Indexed uint64 // the index's size
	Words   uint64 // a chunk's, in words of 32 indices
	Chunks  int
	Work    uint64 // the work directory's bytes besides its update files
	// Resumes says the chunks are those of the search in the work
	// directory, which the build resumes.
	Resumes bool
}

// programMemory is what the process holds before a build's move tables
// are made, measured once: the plan a build prints and the build size
// their chunks from the same figure, so that the plan's chunks are the
// build's.
var programMemory = sync.OnceValue(func() uint64 {
	runtime.GC()
	debug.FreeOSMemory()
	rss, _ := sysmem.Resident()
	return rss
})

// PlanOnDisk returns how a build on disk under opt.Memory, on opt.Workers,
// cuts its search: a search in opt.Work to resume keeps its chunks, if the
// memory holds one of them; a new one takes the largest chunks the memory
// holds, besides the program and its move tables. The build (BuildOnDisk)
// makes the chunks the plan says.
func PlanOnDisk(p *ksolve.Puzzle, opt DiskOptions) (DiskChunks, error) {
	size, tables, err := permindex.Plan(p)
	if err != nil {
		return DiskChunks{}, err
	}
	pl := DiskChunks{Indexed: size, Work: bfs.DiskNeed(size), Words: opt.chunkWords}
	used := programMemory() + tables
	all := (size + 31) / 32
	if w, ok := bfs.DiskResumeWords(opt.Work, size); ok && opt.Work != "" {
		if need := used + bfs.DiskChunkMemory(w, opt.Workers); opt.chunkWords == 0 && opt.Memory < need {
			return pl, fmt.Errorf("%s holds a search in chunks of %.1f MB, which %d MB of memory does not hold with the program and its move tables (%d MB) on %d workers: give --mem %dM or more, or fewer workers",
				opt.Work, float64(16*w)/(1<<20), opt.Memory>>20, used>>20, workerCount(opt.Workers), (need+1<<20-1)>>20)
		}
		pl.Words, pl.Resumes = w, true
	}
	if pl.Words == 0 && opt.Memory > used {
		pl.Words = bfs.DiskChunkWords(size, opt.Memory-used, opt.Workers)
	}
	if pl.Words == 0 {
		return pl, fmt.Errorf("%d MB of memory does not hold the program with its move tables (%d MB) and a chunk of the search: give more than %d MB",
			opt.Memory>>20, used>>20, (used+bfs.DiskChunkMemory(1, opt.Workers))>>20)
	}
	pl.Chunks = int((all + pl.Words - 1) / pl.Words)
	return pl, nil
}

// workerCount is the goroutines workers asks for (0: one a core).
func workerCount(workers int) int {
	if workers <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return workers
}

// BuildOnDisk searches the puzzle's states on disk (bfs.SearchDisk), in
// opt.Memory, and writes its .gdt file to w, streaming: the table is the
// same bytes Build's WriteTo writes. The work directory keeps the search
// until RemoveWork.
func BuildOnDisk(ctx context.Context, p *ksolve.Puzzle, opt DiskOptions, w io.Writer) (*DiskBuild, error) {
	if err := noIllegalOnDisk(p); err != nil {
		return nil, err
	}
	x, err := permindex.New(p)
	if err != nil {
		return nil, err
	}
	goal, err := goalOf(p, x)
	if err != nil {
		return nil, err
	}
	pl, err := PlanOnDisk(p, opt)
	if err != nil {
		return nil, err
	}
	words := pl.Words
	id := ID(p, x)
	lv, err := bfs.SearchDisk(ctx, x, goal, bfs.DiskOptions{
		Dir: opt.Work, ChunkWords: words, Workers: opt.Workers, ID: id, Progress: opt.Progress,
		Tasks: opt.Tasks, TaskFailed: opt.TaskFailed,
	})
	if err != nil {
		return nil, err
	}
	reached, err := checkReached(p, lv.Counts, false)
	if err != nil {
		return nil, err
	}
	def := walkDef(p, x, goal, id, nil)
	h, err := table.StreamHeader(def, (x.Size()+3)/4, lv.Counts)
	if err != nil {
		return nil, err
	}
	if opt.Facts != "" {
		h.Facts = fmt.Sprintf("%sreachable=%d\nindexed=%d\n", opt.Facts, reached, x.Size())
	}
	if _, err := w.Write(gdtHead(p, id)); err != nil {
		return nil, err
	}
	if _, err := table.WritePackedFrom(w, h, lv.Each); err != nil {
		return nil, err
	}
	return &DiskBuild{Counts: lv.Counts, Reached: reached, Indexed: x.Size(), Chunks: int(((x.Size()+31)/32 + words - 1) / words),
		ChunkBytes: 16 * words, Levels: lv.Stats, Resumed: lv.Resumed, lv: lv}, nil
}

// DiskTask runs one chunk's step of a build on disk whose passes run as
// tasks (DiskOptions.Tasks): it makes the puzzle's index, the same the
// build made, and runs bfs.DiskTask over it, in opt.Dir. The ID of the
// index is the build's: a task of another puzzle, metric or move set is
// refused.
func DiskTask(ctx context.Context, p *ksolve.Puzzle, opt bfs.DiskTaskOptions) (bfs.DiskTaskDone, error) {
	if err := noIllegalOnDisk(p); err != nil {
		return bfs.DiskTaskDone{}, err
	}
	x, err := permindex.New(p)
	if err != nil {
		return bfs.DiskTaskDone{}, err
	}
	opt.ID = ID(p, x)
	return bfs.DiskTask(ctx, x, opt)
}

// noIllegalOnDisk refuses a search on disk of a definition with Illegal
// lines: its chunks move states with no look at them.
func noIllegalOnDisk(p *ksolve.Puzzle) error {
	if p.Def.HasIllegal() {
		return fmt.Errorf("%s: a definition with Illegal lines is not searched on disk: build it in memory, or use --prune SIZE", p.Def.Name)
	}
	return nil
}
