//go:build !js

package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/godtable/godtable/internal/support/sysmem"
	"github.com/godtable/godtable/lookup/tws"
)

// parseSize reads a size in bytes: a number, with K, M, G or T (powers of
// 1024, with or without a trailing B or iB).
func parseSize(s string) (uint64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	shift := 0
	if n := len(t); n > 0 {
		if k := strings.IndexByte("KMGT", t[n-1]); k >= 0 {
			shift = 10 * (k + 1)
			t = t[:n-1]
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f <= 0 || f*float64(uint64(1)<<shift) >= 1<<63 {
		return 0, fmt.Errorf("want a size such as 512M or 4G")
	}
	return uint64(f * float64(uint64(1)<<shift)), nil
}

// genOnDisk is "godtable gen --mem": the search on disk, in memory bytes,
// its work in disk.Work, the table streamed to out.
func genOnDisk(e *env, def *tws.Definition, opt tws.BuildOptions, disk tws.DiskOptions, out, shown string, showProgress bool) int {
	return genDisk(e, def, opt, disk, nil, out, shown, showProgress)
}

// taskRun is how gen --slurm or gen --launch runs a build's tasks.
type taskRun struct {
	slurm  bool
	sbatch []string // the user's sbatch options
	launch string   // the user's command
	src    []byte   // the definition, for the tasks
	spec   taskSpec
}

// genTasks is genOnDisk with the search's passes run as tasks (t).
func genTasks(e *env, def *tws.Definition, opt tws.BuildOptions, disk tws.DiskOptions, t *taskRun, out, shown string, showProgress bool) int {
	return genDisk(e, def, opt, disk, t, out, shown, showProgress)
}

// genDisk is genOnDisk, its passes run as tasks when t is set.
func genDisk(e *env, def *tws.Definition, opt tws.BuildOptions, disk tws.DiskOptions, t *taskRun, out, shown string, showProgress bool) int {
	name := def.Name()
	if t != nil {
		if code := t.setUp(e, &disk); code != ExitOK {
			return code
		}
	}
	if code := diskRoom(e, def, opt, disk); code != ExitOK {
		return code
	}
	clearProgress := func() {}
	if showProgress {
		disk.Progress, clearProgress = diskProgressReporter(e.stderr)
	}
	// The chunks' buffers are allocated once; what else the build
	// allocates is short-lived. Collecting early keeps the heap near the
	// buffers' size, and the limit has the runtime give back to the system
	// what it frees, so that the process stays within --mem (the chunks
	// are sized to leave the collector room: see bfs.DiskChunkWords).
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(disk.Memory)))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	b, wrong, err := buildOnDiskChecked(ctx, e, def, opt, disk, out, shown, showProgress, clearProgress)
	clearProgress()
	if wrong != nil {
		return notExact(e, name, wrong, "the work directory "+disk.Work)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: %s\n", named(name, err))
		// Stopped, or stopped by the system (a full disk, say): the
		// work done is in the directory. A directory the build cannot
		// use says why itself.
		if _, serr := os.Stat(disk.Work); serr == nil && !errors.Is(err, tws.ErrWorkDir) {
			fmt.Fprintf(e.stderr, "godtable: gen: run it again to resume from %s\n", disk.Work)
		}
		return buildFailed(err)
	}
	if t != nil {
		if err := removeTaskFiles(disk.Work); err != nil {
			fmt.Fprintf(e.stderr, "godtable: gen: the table is written, but not all of %s is removed: %v\n", disk.Work, err)
		}
	}
	if err := b.RemoveWork(); err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: the table is written, but not all of %s is removed: %v\n", disk.Work, err)
	}
	if b.Resumed {
		fmt.Fprintf(e.stderr, "godtable: gen: resumed from %s\n", disk.Work)
	}
	reportDiskBuild(e, name, opt.Metric, b, time.Since(start), shown)
	return ExitOK
}

// diskRoom checks, before an on-disk build, that its memory is there and
// its work directory's disk has room, and says its plan.
func diskRoom(e *env, def *tws.Definition, opt tws.BuildOptions, disk tws.DiskOptions) int {
	name := def.Name()
	if avail, ok := sysmem.Available(); ok && disk.Memory > avail {
		fmt.Fprintf(e.stderr, "godtable: gen: --mem %d MB: this machine has %d MB available\n", disk.Memory>>20, avail>>20)
		return ExitInvalid
	}
	plan, err := tws.PlanOnDisk(def, opt, disk)
	if err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: %s\n", named(name, err))
		return ExitInvalid
	}
	// The work directory's chunks and frontiers, and the table beside its
	// name (at most its packed distances): what the build needs before
	// its update files, which the largest level sizes.
	tableMost := (plan.Indexed + 3) / 4
	work := plan.Work
	free, ok := freeSpaceOf(disk.Work)
	how := "on disk"
	if plan.Resumes {
		how = "resuming the search on disk"
	}
	fmt.Fprintf(e.stderr, "godtable: gen: %s: %s in %d chunks of %s; %s needs about %d MB and the table at most %d MB, besides update files",
		name, how, plan.Chunks, megabytes(int64(16*plan.Words)), disk.Work, work>>20, tableMost>>20)
	if ok {
		fmt.Fprintf(e.stderr, "; %d MB free there", free>>20)
	}
	fmt.Fprintln(e.stderr)
	if ok && free < work+tableMost {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: %s has %d MB free; the build needs at least %d MB\n", name, disk.Work, free>>20, (work+tableMost)>>20)
		return ExitIO
	}
	return ExitOK
}

// buildOnDiskChecked builds the table on disk into out, read back and
// deep-checked before it takes the name: wrong is the check's failure,
// err the build's or the writing's.
func buildOnDiskChecked(ctx context.Context, e *env, def *tws.Definition, opt tws.BuildOptions, disk tws.DiskOptions, out, shown string,
	showProgress bool, clearProgress func()) (b *tws.DiskBuild, wrong, err error) {
	err = writeChecked(out, func(w io.Writer) (int64, error) {
		var err error
		b, err = tws.BuildOnDisk(ctx, def, opt, disk, w)
		return 0, err
	}, func(f *os.File) error {
		// The table as written, read back: what is proved is what
		// takes the name.
		clearProgress()
		fi, err := f.Stat()
		if err != nil {
			return err
		}
		pz, err := tws.Open(shown, f, fi.Size(), tws.OpenOptions{})
		if err == nil {
			err = deepChecked(e, pz, shown, opt.Workers, showProgress)
		}
		if err != nil {
			wrong = err
			return errRefused
		}
		return nil
	})
	return b, wrong, err
}

// reportDiskBuild says each distance's search and the build's sum.
func reportDiskBuild(e *env, name, metric string, b *tws.DiskBuild, took time.Duration, shown string) {
	var written, read int64
	var cross, expanded uint64
	for i, l := range b.Levels {
		d := len(b.Counts) - len(b.Levels) + i
		written += l.Written
		read += l.Read
		cross += l.Crossing
		expanded += l.Expanded
		way := "forward"
		if l.Backward {
			way = "backward"
		}
		tasks := ""
		if l.Tasks > 0 {
			tasks = fmt.Sprintf(", %d tasks (one wrote at most %s and read at most %s)", l.Tasks, megabytes(l.MostWritten), megabytes(l.MostRead))
		}
		fmt.Fprintf(e.stderr, "godtable: gen: distance %d: %d states, %s, %s written, %s read, %.1f s, CPU %.1f s, %.0f%% of neighbours through files%s\n",
			d, l.States, way, megabytes(l.Written), megabytes(l.Read), l.Wall.Seconds(), l.CPU.Seconds(), percent(l.Crossing, l.Expanded), tasks)
	}
	fmt.Fprintf(e.stderr, "godtable: gen: %s: %d states (indexed %d), at most %d moves from the goal (%s), in %.1f s, %d chunks of %s, %s written, %s read, %.0f%% of neighbours through files: %s\n",
		name, b.Reached, b.Indexed, len(b.Counts)-1, metric, took.Seconds(), b.Chunks, megabytes(int64(b.ChunkBytes)),
		megabytes(written), megabytes(read), percent(cross, expanded), shown)
}

// setUp readies a build's tasks: Slurm's commands looked for, the
// definition and options written into the work directory (by absolute
// path) for the tasks, and disk's Tasks set to run them.
func (t *taskRun) setUp(e *env, disk *tws.DiskOptions) int {
	if t.slurm && !slurmThere(e) {
		return ExitInvalid
	}
	// The tasks may run in other directories, on other machines:
	// they are given the program and the directory by absolute path.
	dir, err := filepath.Abs(disk.Work)
	if err == nil {
		err = writeTaskFiles(dir, t.src, t.spec)
	}
	bin, berr := os.Executable()
	if err == nil {
		err = berr
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: %v\n", disk.Work, err)
		return ExitIO
	}
	disk.Work = dir
	if t.slurm {
		disk.Tasks = slurmTasks(bin, dir, t.spec.memory, t.sbatch, e.stderr)
	} else {
		disk.Tasks = launchTasks(bin, dir, t.launch, e.stderr, e.stderr)
	}
	disk.TaskFailed = func(level int, pass string, err error) {
		fmt.Fprintf(e.stderr, "godtable: gen: distance %d, %s: %v; running them again\n", level, pass, err)
	}
	return ExitOK
}

// slurmThere says sbatch and squeue are on PATH, and says which is not:
// they are looked for before the search, which would otherwise run its
// first distances and fail at its first pass of tasks.
func slurmThere(e *env) bool {
	for _, prog := range []string{"sbatch", "squeue"} {
		if _, err := exec.LookPath(prog); err != nil {
			fmt.Fprintf(e.stderr, "godtable: gen: --slurm: %s is not on PATH: run gen where Slurm's commands are (a login or submit node)\n", prog)
			return false
		}
	}
	return true
}

// named is err's message after the name of what failed, said once: the
// build's errors name the puzzle themselves where they may reach a caller
// that does not.
func named(name string, err error) string {
	msg := err.Error()
	if strings.HasPrefix(msg, name+": ") {
		return msg
	}
	return name + ": " + msg
}

// megabytes says n bytes in MB (2^20), to a tenth below ten.
func megabytes(n int64) string {
	if n < 10<<20 {
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d MB", n>>20)
}

func percent(a, b uint64) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// diskProgressReporter is progressReporter for a search on disk: the
// distance, the pass and chunk, the states found and the bytes moved.
func diskProgressReporter(w io.Writer) (report func(tws.DiskProgress), done func()) {
	start := time.Now()
	written := false
	report = func(p tws.DiskProgress) {
		written = true
		fmt.Fprintf(w, "\r\033[Kdistance %d: %s chunk %d of %d; %d states found before it; %d MB written, %d MB read; %s elapsed",
			p.Level, p.Pass, p.Chunk, p.Chunks, p.Found, p.Written>>20, p.Read>>20, time.Since(start).Round(time.Second))
	}
	done = func() {
		if written {
			fmt.Fprint(w, "\r\033[K")
		}
	}
	return report, done
}
