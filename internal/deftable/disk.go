package deftable

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/godtable/godtable/internal/bfs"
	"github.com/godtable/godtable/internal/ksolve"
	"github.com/godtable/godtable/internal/permindex"
	"github.com/godtable/godtable/internal/sysmem"
	"github.com/godtable/godtable/internal/table"
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
// chunk.
func DiskPlan(p *ksolve.Puzzle, memory uint64, workers int) (indexed uint64, chunks int, work uint64, err error) {
	size, tables, err := permindex.Plan(p)
	if err != nil {
		return 0, 0, 0, err
	}
	words := uint64(0)
	if memory > tables {
		words = bfs.DiskChunkWords(size, memory-tables, workers)
	}
	if words == 0 {
		return size, 0, 0, fmt.Errorf("%d MB of memory does not hold the program with its move tables (%d MB) and a chunk of the search", memory>>20, tables>>20)
	}
	chunks = int(((size+31)/32 + words - 1) / words)
	return size, chunks, bfs.DiskNeed(size), nil
}

// BuildOnDisk searches the puzzle's states on disk (bfs.SearchDisk), in
// opt.Memory, and writes its .gdt file to w, streaming: the table is the
// same bytes Build's WriteTo writes. The work directory keeps the search
// until RemoveWork.
func BuildOnDisk(ctx context.Context, p *ksolve.Puzzle, opt DiskOptions, w io.Writer) (*DiskBuild, error) {
	x, err := permindex.New(p)
	if err != nil {
		return nil, err
	}
	goal, ok := x.Index(p.Def.Solved)
	if !ok {
		return nil, fmt.Errorf("%s: the solved state has no index", p.Def.Name)
	}
	words := opt.chunkWords
	if words == 0 {
		_, tables, err := permindex.Plan(p)
		if err != nil {
			return nil, err
		}
		// What the process holds with its move tables made, measured
		// where the system says (the tables, the definition's group,
		// the program): the chunks have the rest.
		used := tables
		runtime.GC()
		debug.FreeOSMemory()
		if rss, ok := sysmem.Resident(); ok {
			used = rss
		}
		if opt.Memory > used {
			words = bfs.DiskChunkWords(x.Size(), opt.Memory-used, opt.Workers)
		}
		if words == 0 {
			return nil, fmt.Errorf("%s: %d MB of memory does not hold the program with its move tables (%d MB) and a chunk of the search", p.Def.Name, opt.Memory>>20, used>>20)
		}
	}
	id := ID(p, x)
	// A search to resume keeps its chunks if the memory holds them, by
	// the measure or by the plan (DiskPlan's): what the process holds
	// varies from run to run.
	if w, ok := bfs.DiskResumeWords(opt.Work, id); ok && opt.chunkWords == 0 && w != words {
		_, chunks, _, err := DiskPlan(p, opt.Memory, opt.Workers)
		if err == nil && uint64(chunks) >= ((x.Size()+31)/32+w-1)/w {
			words = w
		}
	}
	lv, err := bfs.SearchDisk(ctx, x, goal, bfs.DiskOptions{
		Dir: opt.Work, ChunkWords: words, Workers: opt.Workers, ID: id, Progress: opt.Progress,
		Tasks: opt.Tasks, TaskFailed: opt.TaskFailed,
	})
	if err != nil {
		return nil, err
	}
	reached, err := checkReached(p, lv.Counts)
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
	x, err := permindex.New(p)
	if err != nil {
		return bfs.DiskTaskDone{}, err
	}
	opt.ID = ID(p, x)
	return bfs.DiskTask(ctx, x, opt)
}
