//go:build !js

package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/godtable/godtable/internal/app/gogen"
	"github.com/godtable/godtable/internal/format/checkedfile"
	"github.com/godtable/godtable/internal/support/sysmem"
	"github.com/godtable/godtable/lookup/tws"
)

const genUsage = `usage: godtable gen DEF.tws -o TABLE.gdt [flags]
       godtable gen DEF.tws -go DIR [flags]

Builds the exact distance table of a puzzle definition (ksolve/twsearch
format) and writes it as a .gdt file, which every command then takes in
place of a puzzle's name; or, with -go, a Go package that embeds it.
`

// genFlags are gen's flags.
type genFlags struct {
	file                           string // the definition file
	out, goDir, pkg, metric, moves string
	memFlag, work, pruneFlag       string
	sbatch, launch                 string
	workers                        int
	progress, quiet, slurm, bare   bool
	symmetry, classIndex, fill     bool
	checkpointAfter                time.Duration
	// classIndexGiven says --class-index was given, true or false: gen
	// makes no choice of its own; choice is why gen chose the index it
	// searches, for the table's facts.
	classIndexGiven bool
	choice          string
}

// newGenFlags defines gen's flags on a new flag set.
func newGenFlags() (*flag.FlagSet, *genFlags) {
	g := &genFlags{}
	fs := flag.NewFlagSet("godtable gen", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&g.out, "o", "", "write the table to `FILE` (.gdt)")
	fs.StringVar(&g.goDir, "go", "", "write a Go package embedding the table into `DIR`")
	fs.StringVar(&g.pkg, "package", "", "the Go package's `name` (default: DIR's base name)")
	fs.StringVar(&g.metric, "metric", "htm", "`metric`: htm (every move counts 1) or qtm (a power counts its exponent's size)")
	fs.StringVar(&g.moves, "moves", "", "restrict the moves to this `LIST` (U,R,F2: each base once, its listed power's multiples)")
	fs.IntVar(&g.workers, "workers", 0, fmt.Sprintf("`goroutines` of the search (0: one per CPU; at most %d)", maxWorkers))
	fs.StringVar(&g.memFlag, "mem", "", "search on disk in this much `memory` (512M, 4G, ...), the move tables included, with the\n"+
		"levels in chunk files under --work; for a table whose search does not fit in memory")
	fs.StringVar(&g.work, "work", "", "the on-disk search's, or --prune's, work `directory` (default: the table's name with .work);\n"+
		"a build run again on it resumes")
	fs.BoolVar(&g.slurm, "slurm", false, "run the on-disk search's chunk steps as Slurm array jobs (sbatch --array --wait), one a\n"+
		"pass, each task \"godtable task\" over --work, which must be on a filesystem the nodes share")
	fs.StringVar(&g.sbatch, "sbatch", "", "with --slurm, these `options` for sbatch too, split at spaces (\"--partition=big --time=1:00:00\");\n"+
		"the task's --mem is gen's --mem unless they give it")
	fs.StringVar(&g.launch, "launch", "", "run the on-disk search's chunk steps through this shell `command`, once a pass: it runs\n"+
		"$GODTABLE_TASK with JOB_COMPLETION_INDEX from 0 to $GODTABLE_TASKS-1 and returns when they end\n"+
		"(a Kubernetes Indexed Job, say: see docs/CLUSTER.md)")
	fs.BoolVar(&g.bare, "no-facts", false, "leave the build's facts (program, command line, machine, time) out of the table: its\n"+
		"bytes then depend on the definition and options alone, to compare builds byte for byte")
	fs.BoolVar(&g.symmetry, "symmetry", true, "where the definition gives whole-puzzle rotations (Fv, x, ...) that keep its solved state\n"+
		"and its moves, keep one entry a class of the states they make of each other (in memory;\n"+
		"--mem builds state by state); --symmetry=false keeps every state")
	fs.BoolVar(&g.classIndex, "class-index", false, "with symmetries, search over an index of the classes, two bits a class and none a state,\n"+
		"to the same table (see docs/DESIGN.md, \"An index of the classes\"); unless given, gen chooses it where it\n"+
		"pays: at least 2^24 states to index, a set of at most 2^24 states splitting them in two, and less memory\n"+
		"than the states' search (gen says which); --class-index=false searches the states' index")
	fs.StringVar(&g.pruneFlag, "prune", "", "build pruning tables of at most `SIZE` bytes in all (64M, 1G, ...) rather than the complete\n"+
		"table: exact tables of parts of the puzzle, which guide a search for optimal answers")
	fs.BoolVar(&g.fill, "fill", false, "with --prune, build the largest tables that fit SIZE however long they take (default: those whose\n"+
		"build takes seconds); deep positions are then answered faster")
	fs.BoolVar(&g.progress, "progress", false, "report progress on stderr even when it is not a terminal")
	fs.BoolVar(&g.quiet, "quiet", false, "no progress, even on a terminal")
	fs.DurationVar(&g.checkpointAfter, "checkpoint-after", 3*time.Second,
		"keep the first checkpoint, after a distance, once the search has run this `long` (0: after the first)\n"+
			"and nine times the time one is guessed to take to write (at 100 MiB/s); each next one once the time\n"+
			"since the last is at least a quarter of the time so far and nine times the last one's writing\n"+
			"time, so that checkpoints take at most a tenth of the build")
	return fs, g
}

// refusal is what is wrong with the flags together, or "".
func (g *genFlags) refusal(pos []string) string {
	switch {
	case len(pos) != 1:
		return "want one definition file"
	case g.out == "" && g.goDir == "":
		return "want -o TABLE.gdt or -go DIR"
	case g.out != "" && g.goDir != "":
		return "-o and -go together: -go writes the table into DIR"
	case g.workers < 0 || g.workers > maxWorkers:
		return fmt.Sprintf("--workers %d: want 0 to %d (0: one per CPU)", g.workers, maxWorkers)
	case g.work != "" && g.memFlag == "" && g.pruneFlag == "":
		return fmt.Sprintf("--work %s: the work directory is the on-disk search's; give --mem too", g.work)
	case g.pruneFlag != "" && g.memFlag != "":
		return "--prune with --mem: pruning tables are built in memory"
	case g.fill && g.pruneFlag == "":
		return "--fill: it chooses pruning tables; give --prune SIZE too"
	case g.memFlag != "" && g.goDir != "":
		return "--mem with -go: a Go package embeds its table in the program, so it is built in memory"
	case g.sbatch != "" && !g.slurm:
		return "--sbatch: its options are for --slurm's jobs; give --slurm too"
	case g.slurm && g.launch != "":
		return "--slurm and --launch together: give one way to run the tasks"
	case (g.slurm || g.launch != "") && g.memFlag == "":
		what := "--slurm"
		if g.launch != "" {
			what = "--launch"
		}
		return what + " runs the on-disk search's steps as tasks: give --mem, each task's memory, and --work, a directory they all reach"
	}
	return ""
}

// genUsageError says a usage error in one line, then the usage.
func genUsageError(e *env, format string, a ...any) int {
	fmt.Fprintf(e.stderr, "godtable: gen: "+format+"\n", a...)
	fmt.Fprint(e.stderr, genUsage)
	return ExitUsage
}

// runGen is "godtable gen".
func runGen(e *env, args []string) int {
	// The search's table is one large allocation without pointers, live to
	// the end; what else a build allocates is short-lived (the index's
	// joint searches, the compressor's buffers, block by block).
	// Collecting when the heap has grown a tenth, not doubled, keeps the
	// peak near the table's own size, for little work: there is almost
	// nothing to scan. From the start: for a small puzzle the index's
	// working out is most of the peak.
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	fs, g := newGenFlags()
	pos, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(e.stdout, genUsage+"\nflags:\n")
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		return ExitOK
	}
	if err != nil {
		return genUsageError(e, "%v", err)
	}
	if why := g.refusal(pos); why != "" {
		return genUsageError(e, "%s", why)
	}
	g.file = pos[0]
	fs.Visit(func(f *flag.Flag) { g.classIndexGiven = g.classIndexGiven || f.Name == "class-index" })
	var memory uint64
	if g.memFlag != "" {
		if memory, err = parseSize(g.memFlag); err != nil {
			return genUsageError(e, "--mem %s: %v", g.memFlag, err)
		}
	}
	if _, err := tws.ParseMetricName(g.metric); err != nil {
		return genUsageError(e, "%v", err)
	}
	if p, ok := builtInPuzzle(pos[0]); ok {
		return genBuiltIn(e, p, g)
	}
	src, err := readDefinition(pos[0])
	if errors.Is(err, errDefinitionSize) {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: %v\n", pos[0], err)
		return ExitInvalid
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: %v\n", err)
		return ExitUsage
	}
	shown := g.out // the name the user gave, for the last message
	if g.out != "" {
		if g.out, err = outputPath(g.out, pos[0]); err != nil {
			fmt.Fprintf(e.stderr, "godtable: gen: %v\n", err)
			return ExitUsage
		}
		// Before the build, which may take hours: its directory can be
		// written, and no other gen is building the same table.
		release, err := prepareOutput(g.out)
		if err != nil {
			fmt.Fprintf(e.stderr, "godtable: gen: -o %s: %v\n", shown, err)
			return ExitUsage
		}
		defer release()
	}
	def, err := tws.ParseDefinition(pos[0], src)
	if err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: %v\n", err)
		return ExitInvalid
	}
	opt := tws.BuildOptions{Metric: g.metric, Moves: g.moves, Workers: g.workers, Facts: buildFacts(args, time.Now()), NoSymmetry: !g.symmetry, ClassIndex: g.classIndex}
	if g.bare {
		opt.Facts = ""
	}
	if g.classIndex && (!g.symmetry || memory != 0 || g.pruneFlag != "") {
		return genUsageError(e, "--class-index builds a table of classes in memory: not with --symmetry=false, --mem or --prune")
	}
	if !g.classIndexGiven && g.symmetry && memory == 0 && g.pruneFlag == "" {
		opt.ClassIndex, g.choice = chooseClassIndex(e, def, opt)
	}
	showProgress := g.progress || !g.quiet && isTerminal(e.stderr)
	if g.pruneFlag != "" {
		size, err := parseSize(g.pruneFlag)
		if err != nil {
			return genUsageError(e, "--prune %s: %v", g.pruneFlag, err)
		}
		return genPrune(e, g, def, opt, size, shown, showProgress)
	}
	return genComplete(e, g, def, opt, src, memory, shown, showProgress)
}

// genComplete is gen of a complete table, def's read from g's definition
// file (src): in memory, or on disk when memory (--mem) is set.
func genComplete(e *env, g *genFlags, def *tws.Definition, opt tws.BuildOptions, src []byte, memory uint64, shown string, showProgress bool) int {
	file := g.file
	indexed, need, err := tws.Plan(def, opt)
	if err != nil && opt.ClassIndex && !g.classIndexGiven {
		// The choice's estimate passed, its tables did not: the states.
		fmt.Fprintf(e.stderr, "godtable: gen: %s: searching its states' index after all: %v\n", def.Name(), err)
		opt.ClassIndex = false
		g.choice = fmt.Sprintf("its class index's tables: %v", err)
		indexed, need, err = tws.Plan(def, opt)
	}
	if g.choice != "" && opt.Facts != "" {
		index := "states' index"
		if opt.ClassIndex {
			index = "class index"
		}
		opt.Facts += fmt.Sprintf("index=%s, gen's choice: %s\n", index, g.choice)
	}
	if err != nil && opt.ClassIndex {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: %v\n", file, err)
		return ExitInvalid
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: %v: give --prune SIZE to build pruning tables of at most SIZE bytes instead\n", file, err)
		return ExitInvalid
	}
	if avail, ok := sysmem.Available(); ok && need > avail && memory == 0 {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: its table needs about %d MB (%d states indexed, two bits each, and its move tables); this machine has %d MB available: give --mem SIZE to search on disk, or --prune SIZE to build pruning tables instead\n",
			file, need>>20, indexed, avail>>20)
		return ExitInvalid
	}
	gopkg, out, release, code := goPackage(e, g, &shown)
	if code != ExitOK {
		return code
	}
	defer release()
	// The states the moves reach, from the moves alone, said before the
	// search (and after every refusal): the build checks the search
	// against it (tws.Reachable).
	if n, exact, err := tws.Reachable(def, opt); err == nil && n != nil {
		bound := ""
		if !exact {
			bound = "at most "
		}
		built := ""
		if memory == 0 {
			// What the build holds at its peak, as planned: its levels
			// (two bits an index, with what the search marks them by)
			// and its move tables.
			built = fmt.Sprintf(", about %.1f MB to build", float64(need)/(1<<20))
		}
		fmt.Fprintf(e.stderr, "godtable: gen: %s: %s%v states reachable, index %d%s\n", def.Name(), bound, n, indexed, built)
	}
	if memory > 0 {
		if n, err := tws.Symmetries(def, opt); err == nil && n > 0 {
			fmt.Fprintf(e.stderr, "godtable: gen: %s: on disk the table keeps every state (its classes of %d symmetries are built in memory)\n", def.Name(), n)
		}
		work := g.work
		if work == "" {
			work = out + ".work"
		}
		disk := tws.DiskOptions{Work: work, Memory: memory}
		if g.slurm || g.launch != "" {
			t := &taskRun{slurm: g.slurm, sbatch: strings.Fields(g.sbatch), launch: g.launch, src: src,
				spec: taskSpec{name: file, metric: g.metric, moves: g.moves, memory: memory, workers: g.workers}}
			return genTasks(e, def, opt, disk, t, out, shown, showProgress)
		}
		return genOnDisk(e, def, opt, disk, out, shown, showProgress)
	}
	return genInMemory(e, g, def, opt, gopkg, out, shown, showProgress)
}

// chooseClassIndex says whether gen, not told, searches def's class index
// (tws.ChooseClassIndex), and why; where def has symmetries, it says
// which index it searches and why on e's stderr (why is "" where it has
// none).
func chooseClassIndex(e *env, def *tws.Definition, opt tws.BuildOptions) (use bool, why string) {
	use, why, err := tws.ChooseClassIndex(def, opt)
	if err != nil {
		// The plan that follows says what is wrong in its own words.
		return false, ""
	}
	if n, err := tws.Symmetries(def, opt); err != nil || n < 2 {
		return false, ""
	}
	if use {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: searching its class index, %s (--class-index=false searches the states)\n", def.Name(), why)
	} else {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: searching its states' index, not a class index: %s\n", def.Name(), why)
	}
	return use, why
}

// goPackage readies -go DIR, when given: the package, its directory made,
// and its table's path, which becomes out and what the last message names
// (shown), locked for this gen until release; without -go, out is -o's
// file and release does nothing.
func goPackage(e *env, g *genFlags, shown *string) (pkg *gogen.Package, out string, release func(), code int) {
	if g.goDir == "" {
		return nil, g.out, func() {}, ExitOK
	}
	pkg, err := gogen.New(g.goDir, g.pkg)
	if err != nil {
		return nil, "", nil, genUsageError(e, "%v", err)
	}
	release, err = prepareOutput(pkg.TablePath())
	if err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: -go %s: %v\n", g.goDir, err)
		return nil, "", nil, ExitUsage
	}
	*shown = pkg.TablePath()
	return pkg, pkg.TablePath(), release, ExitOK
}

// genInMemory builds the table in memory, with checkpoints beside out,
// and writes it to out, and the Go package around it when gopkg is set.
func genInMemory(e *env, g *genFlags, def *tws.Definition, opt tws.BuildOptions, gopkg *gogen.Package, out, shown string, showProgress bool) int {
	clearProgress := func() {}
	if showProgress {
		opt.Progress, clearProgress = progressReporter(e.stderr)
	}
	// A build that runs longer than a few seconds keeps its work after some
	// levels beside its output (as often as costs at most a tenth of its
	// time: see bfs.checkpointDue), and a build run again resumes from it.
	opt.Checkpoint = out + ".checkpoint"
	opt.CheckpointAfter = g.checkpointAfter
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	pz, err := tws.Build(ctx, def, opt)
	clearProgress()
	if err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: %v\n", g.file, err)
		if ctx.Err() != nil {
			fmt.Fprintf(e.stderr, "godtable: gen: run it again to resume from the last complete level (%s)\n", opt.Checkpoint)
		}
		return buildFailed(err)
	}
	if pz.Resumed() > 0 {
		if err := deepChecked(e, pz, shown, opt.Workers, showProgress); err != nil {
			return notExact(e, pz.Name(), err, "the checkpoint "+opt.Checkpoint)
		}
	}
	if err := writeAtomic(out, pz.WriteTo); err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: %v\n", err)
		return ExitIO
	}
	os.Remove(opt.Checkpoint)
	if gopkg != nil {
		// A Go package is the same bytes on every build: the table it
		// embeds keeps no facts of its build.
		if err := gopkg.Write(pz.WithoutFacts()); err != nil {
			fmt.Fprintf(e.stderr, "godtable: gen: %v\n", err)
			return ExitIO
		}
	}
	if pz.Resumed() > 0 {
		fmt.Fprintf(e.stderr, "godtable: gen: resumed from %s, at distance %d\n", opt.Checkpoint, pz.Resumed()-1)
	}
	dist := pz.Distribution()
	classes := ""
	if n := pz.Symmetries(); n > 0 {
		sum := 0
		for _, c := range pz.ClassDistribution() {
			sum += c
		}
		classes = fmt.Sprintf(" in %d classes of %d symmetries,", sum, n)
	}
	fmt.Fprintf(e.stderr, "godtable: gen: %s: %d states (indexed %d),%s at most %d moves from the goal (%s), in %.1f s: %s\n",
		pz.Name(), pz.Reachable(), pz.Indexed(), classes, len(dist)-1, pz.Metric(), time.Since(start).Seconds(), shown)
	return ExitOK
}

// buildFacts are the facts a built table keeps of its build (see
// table.Header.Facts): the program, its command line, the machine and the
// time; the build adds the states it reached.
func buildFacts(args []string, now time.Time) string {
	cmd := []string{"godtable", "gen"}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n\"'\\") {
			a = strconv.Quote(a)
		}
		cmd = append(cmd, a)
	}
	return fmt.Sprintf("program=godtable %s\ncommand=%s\nmachine=%s/%s, %d cores\ntime=%s\n",
		Version(), strings.Join(cmd, " "), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), now.UTC().Format(time.RFC3339))
}

// outputPath checks -o before a build that may take long: the table is
// written beside path and renamed over it, so path must be a regular file
// or nothing yet, and not the definition itself. A link is written through:
// the path returned is its target.
func outputPath(path, def string) (string, error) {
	if path == "-" {
		return "", fmt.Errorf("-o -: the table is binary; give it a file name")
	}
	fi, err := os.Lstat(path)
	if errors.Is(err, os.ErrNotExist) {
		return path, nil
	}
	if err != nil {
		return "", fmt.Errorf("-o %s: %v", path, err)
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(path)
		if errors.Is(err, os.ErrNotExist) {
			// A link to a file not made yet (a table's place on
			// another disk, before its first build): its target,
			// where the directory it names is.
			link, err := os.Readlink(path)
			if err != nil {
				return "", fmt.Errorf("-o %s: %v", path, err)
			}
			if !filepath.IsAbs(link) {
				link = filepath.Join(filepath.Dir(path), link)
			}
			if di, err := os.Stat(filepath.Dir(link)); err != nil || !di.IsDir() {
				return "", fmt.Errorf("-o %s: a link to %s, in no directory there is", path, link)
			}
			return outputPath(link, def)
		}
		if err != nil {
			return "", fmt.Errorf("-o %s: %v", path, err)
		}
		if fi, err = os.Stat(target); err != nil {
			return "", fmt.Errorf("-o %s: %v", path, err)
		}
		path = target
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("-o %s: not a regular file (the table is written beside it and renamed over it)", path)
	}
	if di, err := os.Stat(def); err == nil && os.SameFile(fi, di) {
		return "", fmt.Errorf("-o %s: that is the definition file itself", path)
	}
	return path, nil
}

// writeAtomic writes the table beside path and renames it into place, so
// that no one ever reads half a table under its name.
func writeAtomic(path string, write func(io.Writer) (int64, error)) error {
	return writeChecked(path, write, nil)
}

// errRefused is writeChecked's error when check refused the file, which
// check has said why.
var errRefused = errors.New("refused")

// writeChecked is writeAtomic with check, if set, run on the file written
// before it takes path's name: an error of check's leaves path as it was.
func writeChecked(path string, write func(io.Writer) (int64, error), check func(f *os.File) error) error {
	return checkedfile.Replace(path, 0o644, func(f *os.File) error {
		var to io.Writer = f
		if tableOutput != nil {
			to = tableOutput(f)
		}
		if _, err := write(to); err != nil {
			return err
		}
		if check != nil {
			return check(f)
		}
		return nil
	})
}

// progressReporter writes a build's progress on one line of w, rewritten,
// once the build has run a second: the distance being searched, the states
// found, the rate, and the time the level has left at its pace so far (the
// levels after it are not known until they come). done clears the line, if
// anything was written on it.
func progressReporter(w io.Writer) (report func(tws.Progress), done func()) {
	return progressReporterAs(w, "")
}

// progressReporterAs is progressReporter, its line beginning with what.
func progressReporterAs(w io.Writer, what string) (report func(tws.Progress), done func()) {
	written := false
	report = func(p tws.Progress) {
		if p.Elapsed < time.Second {
			return
		}
		written = true
		rate := float64(p.Found) / p.Elapsed.Seconds()
		left := ""
		if p.LevelDone > 0 && p.LevelDone < 1 {
			rest := time.Duration(float64(p.LevelElapsed) * (1 - p.LevelDone) / p.LevelDone)
			left = fmt.Sprintf(", about %s left at this distance", rest.Round(time.Second))
		}
		fmt.Fprintf(w, "\r\033[K%sdistance %d: %d states found of %d indexed, %.1fM states/s, %s elapsed%s",
			what, p.Level, p.Found, p.Size, rate/1e6, p.Elapsed.Round(time.Second), left)
	}
	done = func() {
		if written {
			fmt.Fprint(w, "\r\033[K")
		}
	}
	return report, done
}
