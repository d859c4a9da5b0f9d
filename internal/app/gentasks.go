//go:build !js

package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/format/checkedfile"
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/lookup/tws"
)

// A build on disk whose passes run as tasks (gen --slurm, gen --launch)
// keeps beside its search, in the work directory, what a task needs to
// make the same index: the definition (taskDefinition) and the build's
// options (taskOptions). A task is "godtable task DIR": the same program,
// anywhere the directory is.
const (
	taskDefinition = "definition.tws"
	taskOptions    = "task"
	taskLogs       = "logs"
)

const taskUsage = `usage: godtable task WORKDIR --level L --pass PASS [--chunk N | --chunks LIST]

Runs one chunk's step of a build on disk whose passes run as tasks (gen
--slurm, gen --launch), over its work directory, and leaves the step's
result there. The chunk is --chunk N; or, in a Slurm array job, the array
task's ID (SLURM_ARRAY_TASK_ID), or, in a Kubernetes Indexed Job, the index
(JOB_COMPLETION_INDEX); with --chunks LIST (0-3,7,...) the ID or index picks
the chunk from the list. Run again, it does nothing more.
`

// taskSpec is what a task reads of its build: the definition, as the build
// read it, and the build's options.
type taskSpec struct {
	name    string // the definition's path when the build read it, for messages
	metric  string
	moves   string
	memory  uint64
	workers int
}

func (t taskSpec) encode() []byte {
	return fmt.Appendf(nil, "name=%s\nmetric=%s\nmoves=%s\nmemory=%d\nworkers=%d\n", t.name, t.metric, t.moves, t.memory, t.workers)
}

func decodeTaskSpec(b []byte) (taskSpec, error) {
	var t taskSpec
	seen := 0
	for line := range strings.SplitSeq(strings.TrimSuffix(string(b), "\n"), "\n") {
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return t, fmt.Errorf("line %q is not key=value", line)
		}
		var err error
		switch k {
		case "name":
			t.name = v
		case "metric":
			t.metric = v
		case "moves":
			t.moves = v
		case "memory":
			t.memory, err = strconv.ParseUint(v, 10, 64)
		case "workers":
			t.workers, err = strconv.Atoi(v)
		default:
			return t, fmt.Errorf("unknown key %q", k)
		}
		if err != nil {
			return t, fmt.Errorf("%s: %v", k, err)
		}
		seen++
	}
	if seen != 5 {
		return t, fmt.Errorf("%d of its 5 keys", seen)
	}
	return t, nil
}

// writeTaskFiles writes a build's definition and options into its work
// directory, for its tasks.
func writeTaskFiles(dir string, src []byte, spec taskSpec) error {
	if err := os.MkdirAll(filepath.Join(dir, taskLogs), 0o755); err != nil {
		return err
	}
	for name, data := range map[string][]byte{taskDefinition: src, taskOptions: spec.encode()} {
		if err := checkedfile.ReplaceBytes(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// removeTaskFiles removes what writeTaskFiles wrote, and the tasks' logs,
// once the table is written.
func removeTaskFiles(dir string) error {
	return errors.Join(os.Remove(filepath.Join(dir, taskDefinition)), os.Remove(filepath.Join(dir, taskOptions)),
		os.RemoveAll(filepath.Join(dir, taskLogs)))
}

// runTask is "godtable task".
func runTask(e *env, args []string) int {
	a, status, ok := parseTaskArgs(e, args)
	if !ok {
		return status
	}
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "godtable: task: %s: distance %d, %s, chunk %d: %v\n", a.dir, a.level, a.pass, a.chunk, err)
		return ExitInvalid
	}
	p, spec, err := readTaskBuild(a.dir)
	if err != nil {
		return fail(err)
	}
	workers := a.workers
	if workers == 0 {
		workers = spec.workers
	}
	if n, err := strconv.Atoi(os.Getenv("SLURM_CPUS_PER_TASK")); workers == 0 && err == nil && n > 0 {
		workers = min(n, maxWorkers)
	}
	// A task holds a chunk of the build's size, the manifest's: it runs
	// within the build's memory, as the build does (see genDisk).
	if spec.memory > 0 {
		defer debug.SetGCPercent(debug.SetGCPercent(10))
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(spec.memory)))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done, err := deftable.DiskTask(ctx, p, bfs.DiskTaskOptions{Dir: a.dir, Level: a.level, Pass: a.pass, Chunk: a.chunk, Workers: workers})
	switch {
	case errors.Is(err, bfs.ErrTaskLate):
		// Its chunk's step is done and taken: a task run twice, or
		// started after the build ran it itself.
		fmt.Fprintf(e.stderr, "godtable: task: distance %d, %s, chunk %d: late, nothing to do (%v)\n", a.level, a.pass, a.chunk, err)
		return ExitOK
	case errors.Is(err, bfs.ErrTaskEarly):
		return fail(fmt.Errorf("early: %v; it runs once gen has begun that pass", err))
	case err != nil:
		return fail(err)
	}
	if done.Already {
		fmt.Fprintf(e.stderr, "godtable: task: distance %d, %s, chunk %d: done before\n", a.level, a.pass, a.chunk)
		return ExitOK
	}
	fmt.Fprintf(e.stderr, "godtable: task: distance %d, %s, chunk %d: %s written, %s read, %.1f s\n",
		a.level, a.pass, a.chunk, megabytes(done.Written), megabytes(done.Read), done.Wall.Seconds())
	return ExitOK
}

// taskArgs is what "godtable task" is asked: which chunk's step of which
// pass, over which work directory, on how many goroutines (0: as the build
// says).
type taskArgs struct {
	dir, pass             string
	level, chunk, workers int
}

// parseTaskArgs reads task's arguments. Where they are bad usage, or ask
// for help, it says so and returns the status to end with and false.
func parseTaskArgs(e *env, args []string) (taskArgs, int, bool) {
	var a taskArgs
	var chunks string
	fs := flag.NewFlagSet("godtable task", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.IntVar(&a.level, "level", 0, "the `distance` whose pass to run a step of")
	fs.StringVar(&a.pass, "pass", "", "the `pass`: expand, ask, answer or apply")
	fs.IntVar(&a.chunk, "chunk", -1, "the `chunk` whose step to run (default: from the array task ID or the job index)")
	fs.StringVar(&chunks, "chunks", "", "the chunks of the pass's tasks, as `LIST` (0-3,7): the ID or index picks one")
	fs.IntVar(&a.workers, "workers", 0, "`goroutines` (0: the build's --workers, else SLURM_CPUS_PER_TASK, else one per CPU)")
	usage := func(format string, v ...any) (taskArgs, int, bool) {
		fmt.Fprintf(e.stderr, "godtable: task: "+format+"\n", v...)
		fmt.Fprint(e.stderr, taskUsage)
		return a, ExitUsage, false
	}
	pos, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(e.stdout, taskUsage+"\nflags:\n")
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		return a, ExitOK, false
	}
	switch {
	case err != nil:
		return usage("%v", err)
	case len(pos) != 1:
		return usage("want one work directory")
	case a.level < 1:
		return usage("want --level, a distance from 1")
	case a.pass == "":
		return usage("want --pass")
	case a.workers < 0 || a.workers > maxWorkers:
		return usage("--workers %d: want 0 to %d", a.workers, maxWorkers)
	}
	a.dir = pos[0]
	if a.chunk < 0 {
		if a.chunk, err = taskChunk(chunks, os.Getenv); err != nil {
			return usage("%v", err)
		}
	}
	return a, ExitOK, true
}

// readTaskBuild reads from a work directory of tasks the puzzle its build
// makes the index of, and the build's options.
func readTaskBuild(dir string) (*ksolve.Puzzle, taskSpec, error) {
	b, err := os.ReadFile(filepath.Join(dir, taskOptions))
	if err != nil {
		return nil, taskSpec{}, fmt.Errorf("not a work directory of tasks: %v", err)
	}
	spec, err := decodeTaskSpec(b)
	if err != nil {
		return nil, spec, fmt.Errorf("%s: %v", taskOptions, err)
	}
	src, err := os.ReadFile(filepath.Join(dir, taskDefinition))
	if err != nil {
		return nil, spec, err
	}
	def, err := ksolve.Parse(spec.name, src)
	if err != nil {
		return nil, spec, err
	}
	metric, err := ksolve.ParseMetric(spec.metric)
	if err != nil {
		return nil, spec, err
	}
	p, err := ksolve.NewPuzzle(def, metric, spec.moves)
	return p, spec, err
}

// taskChunk is the chunk of a task given no --chunk: the Slurm array
// task's ID or the Kubernetes job's index, or the chunk of list it picks.
func taskChunk(list string, getenv func(string) string) (int, error) {
	idx := -1
	for _, name := range []string{"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"} {
		if v := getenv(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return 0, fmt.Errorf("%s=%s: not an index", name, v)
			}
			idx = n
			break
		}
	}
	if idx < 0 {
		return 0, errors.New("no chunk: give --chunk N, or run as a Slurm array task (SLURM_ARRAY_TASK_ID) or in a Kubernetes Indexed Job (JOB_COMPLETION_INDEX)")
	}
	if list == "" {
		return idx, nil
	}
	chunks, err := parseChunkList(list)
	if err != nil {
		return 0, fmt.Errorf("--chunks %s: %v", list, err)
	}
	if idx >= len(chunks) {
		return 0, fmt.Errorf("index %d: --chunks %s has %d chunks", idx, list, len(chunks))
	}
	return chunks[idx], nil
}

// parseChunkList reads a list of chunks as Slurm's --array takes it:
// 0-3,7,9-10, increasing.
func parseChunkList(s string) ([]int, error) {
	var out []int
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		b := a
		if err == nil && isRange {
			b, err = strconv.Atoi(hi)
		}
		if err != nil || a < 0 || b < a || b-a > 1<<20 || len(out) > 0 && a <= out[len(out)-1] {
			return nil, fmt.Errorf("%q: want increasing chunks and ranges, as 0-3,7", part)
		}
		for c := a; c <= b; c++ {
			out = append(out, c)
		}
	}
	return out, nil
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// taskCommand is the command a pass's task runs, for sh.
func taskCommand(bin, dir string, p tws.TaskPass) string {
	return fmt.Sprintf("%s task %s --level %d --pass %s", shellQuote(bin), shellQuote(dir), p.Level, p.Pass)
}

// slurmTasks runs each pass's tasks as a Slurm array job, one array task a
// chunk (its ID the chunk), and waits for it; sbatchArgs are the user's
// options, the task's memory added unless they give it. Each task's output
// is in the work directory's logs, kept when the build fails. Stopping the
// build cancels the job.
//
// It waits by asking squeue, often at first, then less: sbatch --wait
// looks at the job every few seconds, up to ten, which on a level of
// short tasks is most of its time.
func slurmTasks(bin, dir string, memory uint64, sbatchArgs []string, stderr io.Writer) func(context.Context, tws.TaskPass) error {
	return func(ctx context.Context, p tws.TaskPass) error {
		name := fmt.Sprintf("godtable-%02d-%s", p.Level, p.Pass)
		list := bfs.ChunkList(p.Chunks)
		args := []string{"--parsable", "--array=" + list, "--job-name=" + name,
			"--output=" + filepath.Join(dir, taskLogs, fmt.Sprintf("%%x-try%d-%%a.out", p.Try))}
		if !hasOption(sbatchArgs, "--mem") && memory > 0 {
			args = append(args, fmt.Sprintf("--mem=%dM", (memory+1<<20-1)>>20))
		}
		args = append(args, sbatchArgs...)
		args = append(args, "--wrap", "exec "+taskCommand(bin, dir, p))
		var errb strings.Builder
		cmd := exec.Command("sbatch", args...)
		cmd.Stderr = &errb
		out, err := cmd.Output()
		if err != nil {
			return fmt.Errorf("sbatch --array=%s: %v: %s", list, err, commandErrors("sbatch", errb.String()))
		}
		id, _, _ := strings.Cut(strings.TrimSpace(string(out)), ";")
		if id == "" {
			return fmt.Errorf("sbatch --array=%s gave no job ID", list)
		}
		for wait := 200 * time.Millisecond; ; wait = min(wait*3/2, 5*time.Second) {
			select {
			case <-ctx.Done():
				exec.Command("scancel", id).Run()
				return ctx.Err()
			case <-time.After(wait):
			}
			// squeue lists the job's tasks not yet ended; none once all
			// have (a job it no longer knows has ended long ago).
			q, err := exec.Command("squeue", "-h", "-j", id, "-o", "%T").Output()
			if err != nil {
				var exit *exec.ExitError
				if errors.As(err, &exit) {
					return nil
				}
				return fmt.Errorf("squeue: %v", err)
			}
			if strings.TrimSpace(string(q)) == "" {
				return nil
			}
		}
	}
}

// commandErrors makes a command's error output one line: its lines
// joined by "; ", each without the "sbatch: error: " its command puts
// before it.
func commandErrors(command, out string) string {
	var lines []string
	for line := range strings.SplitSeq(out, "\n") {
		line = strings.TrimSpace(line)
		for _, prefix := range []string{command + ": error: ", command + ": "} {
			line = strings.TrimPrefix(line, prefix)
		}
		if line != "" {
			lines = append(lines, line)
		}
	}
	if len(lines) == 0 {
		return "no message"
	}
	return strings.Join(lines, "; ")
}

// hasOption says args give the long option name (--name or --name=...).
func hasOption(args []string, name string) bool {
	for _, a := range args {
		if a == name || strings.HasPrefix(a, name+"=") {
			return true
		}
	}
	return false
}

// launchTasks runs each pass's tasks through a command of the user's
// (sh -c command), which must run GODTABLE_TASK once for each index from 0
// to GODTABLE_TASKS-1 (as JOB_COMPLETION_INDEX, or SLURM_ARRAY_TASK_ID)
// and return once they have ended: a Kubernetes Indexed Job, say. The
// environment also says the pass: GODTABLE_WORK, GODTABLE_LEVEL,
// GODTABLE_PASS, GODTABLE_CHUNKS, GODTABLE_TRY and GODTABLE_BIN.
func launchTasks(bin, dir, command string, stdout, stderr io.Writer) func(context.Context, tws.TaskPass) error {
	return func(ctx context.Context, p tws.TaskPass) error {
		list := bfs.ChunkList(p.Chunks)
		cmd := exec.CommandContext(ctx, "sh", "-c", command)
		cmd.Env = append(os.Environ(),
			"GODTABLE_WORK="+dir,
			"GODTABLE_BIN="+bin,
			fmt.Sprintf("GODTABLE_LEVEL=%d", p.Level),
			"GODTABLE_PASS="+p.Pass,
			"GODTABLE_CHUNKS="+list,
			fmt.Sprintf("GODTABLE_TASKS=%d", len(p.Chunks)),
			fmt.Sprintf("GODTABLE_TRY=%d", p.Try),
			"GODTABLE_TASK="+taskCommand(bin, dir, p)+" --chunks "+list,
		)
		cmd.Stdout, cmd.Stderr = stdout, stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("--launch: %v", err)
		}
		return nil
	}
}
