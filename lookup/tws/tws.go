// Package tws answers puzzles described as data, in the ksolve/twsearch
// definition format (.tws): it builds a definition's exact distance table,
// keeps it as a .gdt file that carries the definition, and answers from it
// as the built-in puzzles answer: an optimal solution, their number, all of
// them, a verdict on a proposed one, a uniformly random position, the
// distance distribution.
//
// A table is built once (Build) and written (Puzzle.WriteTo); a program
// opens it from an io.ReaderAt (Open), for example from a
// file it embeds with //go:embed, and answers with no file at run time.
//
//	def, err := tws.ParseDefinition("pocket.tws", src)
//	pz, err := tws.Build(ctx, def, tws.BuildOptions{})
//	pos, err := pz.ParseMoves("R U R' U'")
//	sol, err := pos.Solve() // U R U' R': the first optimal solution, in the file's move order
package tws

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/internal/model/notation"
)

// Definition is a parsed definition file. It is safe for concurrent use.
type Definition struct {
	d *ksolve.Def
	// The puzzle last made of it, with its metric and moves: a build
	// asks for its plan, its count of states and its symmetries before
	// it searches, and the count, a group's order, is worked out once a
	// puzzle.
	mu   sync.Mutex
	last struct {
		metric ksolve.Metric
		moves  string
		p      *ksolve.Puzzle
	}
}

// ErrDefinition is the class of every error ParseDefinition returns: one
// line naming the file, the line and the problem.
var ErrDefinition = ksolve.ErrDefinition

// ParseDefinition reads a definition; file names it in errors.
func ParseDefinition(file string, src []byte) (*Definition, error) {
	d, err := ksolve.Parse(file, src)
	if err != nil {
		return nil, err
	}
	return &Definition{d: d}, nil
}

// WithoutFacts returns the puzzle with a table that keeps no facts of its
// build: two builds of one definition are the same bytes but for them.
func (pz *Puzzle) WithoutFacts() *Puzzle {
	c := *pz
	c.t = pz.t.WithoutFacts()
	return &c
}

// Name is the definition's Name.
func (d *Definition) Name() string { return d.d.Name }

// BuildOptions tune Build. The zero value builds in the half-turn metric
// with every move, on every core.
type BuildOptions struct {
	// Metric is "htm" (every move counts 1, the default) or "qtm" (a power
	// counts its exponent's size).
	Metric string
	// Moves restricts the moves, as twsearch's --moves does ("U,R,F2").
	Moves string
	// Workers is the number of goroutines of the search (0: one a core).
	Workers int
	// Progress, if set, is told how the search goes, about every
	// ReportEvery (a second by default).
	Progress    func(Progress)
	ReportEvery time.Duration
	// Checkpoint, if set, is a file the search keeps its work in after a
	// level, the first time once it has run for CheckpointAfter, then as
	// often as costs at most a tenth of the build, and resumes from when
	// run again: a build stopped at any moment goes on from its last kept
	// level.
	Checkpoint      string
	CheckpointAfter time.Duration
	// Facts, if set, are the build's facts as "key=value" lines, which
	// the table keeps (Puzzle.Facts) with the states the search reached.
	Facts string
	// NoSymmetry keeps the table state by state. By default, where the
	// definition gives whole-puzzle rotations (twsearch's "v" moves, or
	// x, y and z) that keep its solved state and map its search's moves
	// to moves, the table keeps one entry a class of the states they make
	// of each other (Puzzle.Symmetries); it answers every state alike.
	NoSymmetry bool
	// ClassIndex builds a table of classes by a search over an index of
	// the classes themselves, two bits a class and none a state (see
	// internal/engine/symindex); the table is the same.
	ClassIndex bool
}

// Progress is how far a build has come.
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

// reportTo converts the search's progress for f (nil for none).
func reportTo(f func(Progress)) func(bfs.Progress) {
	if f == nil {
		return nil
	}
	return func(p bfs.Progress) { f(Progress(p)) }
}

// Puzzle is a definition with its table. It is safe for concurrent use.
type Puzzle struct {
	t    *deftable.Table
	scr  *notation.Vocabulary // every move, for positions
	sol  *notation.Vocabulary // the search's moves, for solutions
	name string
}

// Plan returns the index size and the memory, in bytes, a build with these
// options would take, without building (with ClassIndex, the class
// index's size, whose tables it makes).
func Plan(def *Definition, opt BuildOptions) (indexed, memory uint64, err error) {
	p, err := puzzleOf(def, opt)
	if err != nil {
		return 0, 0, err
	}
	if opt.ClassIndex && !opt.NoSymmetry {
		return deftable.PlanClassIndex(p)
	}
	return deftable.Plan(p, opt.NoSymmetry)
}

// ChooseClassIndex says whether a build of the definition with these
// options is best made over an index of its classes (ClassIndex), as gen
// builds it unless told: where it has symmetries, at least 2^24 states
// to index, a split into two parts of which the first has at most 2^24
// states and the second more than one, and the class index takes less
// memory than the search of its states. why says what it saves, or why
// not, in a phrase. It works out sizes alone, and makes no table.
func ChooseClassIndex(def *Definition, opt BuildOptions) (classIndex bool, why string, err error) {
	p, err := puzzleOf(def, opt)
	if err != nil {
		return false, "", err
	}
	if opt.NoSymmetry {
		return false, "every state kept", nil
	}
	c, err := deftable.ChooseClassIndex(p)
	return c.ClassIndex, c.Why, err
}

// Symmetries returns the number of symmetries (the identity counted) that
// a table of the definition, built with these options in memory, keeps
// its classes by: 0 where it has none, or opt.NoSymmetry is set.
func Symmetries(def *Definition, opt BuildOptions) (int, error) {
	p, err := puzzleOf(def, opt)
	if err != nil || opt.NoSymmetry {
		return 0, err
	}
	return deftable.Symmetries(p), nil
}

// Reachable returns the number of states the definition's moves (in the
// metric and restriction of opt) reach from the solved state, known from
// the moves alone, before any search: the order of the group they
// generate. It is exact when every piece is distinct and no orientation is
// "?" (Build then checks its search against it), else a bound (the states
// are fewer), and a bound too where the definition gives Illegal lines;
// nil for a puzzle too large to count (ksolve.MaxPoints).
func Reachable(def *Definition, opt BuildOptions) (n *big.Int, exact bool, err error) {
	p, err := puzzleOf(def, opt)
	if err != nil {
		return nil, false, err
	}
	n, exact = p.Reachable()
	return n, exact && !def.d.HasIllegal(), nil
}

func puzzleOf(def *Definition, opt BuildOptions) (*ksolve.Puzzle, error) {
	m, err := ksolve.ParseMetric(opt.Metric)
	if err != nil {
		return nil, err
	}
	def.mu.Lock()
	defer def.mu.Unlock()
	if l := &def.last; l.p != nil && l.metric == m && l.moves == opt.Moves {
		return l.p, nil
	}
	p, err := ksolve.NewPuzzle(def.d, m, opt.Moves)
	if err != nil {
		return nil, err
	}
	def.last.metric, def.last.moves, def.last.p = m, opt.Moves, p
	return p, nil
}

// Build searches every state of the definition and returns its puzzle.
// Cancelling ctx stops the search (with a checkpoint, the work of its
// complete levels stays for the next Build).
func Build(ctx context.Context, def *Definition, opt BuildOptions) (*Puzzle, error) {
	p, err := puzzleOf(def, opt)
	if err != nil {
		return nil, err
	}
	t, err := deftable.Build(ctx, p, deftable.BuildOptions{
		Workers: opt.Workers, Progress: reportTo(opt.Progress), ReportEvery: opt.ReportEvery,
		Checkpoint: opt.Checkpoint, CheckpointAfter: opt.CheckpointAfter, Facts: opt.Facts,
		NoSymmetry: opt.NoSymmetry, ClassIndex: opt.ClassIndex,
	})
	if err != nil {
		return nil, err
	}
	return newPuzzle(t), nil
}

// DiskOptions tune BuildOnDisk.
type DiskOptions struct {
	// Work is the search's work directory; a build run again on it
	// resumes where the last one stopped.
	Work string
	// Memory is the bytes the build may take, its move tables included.
	Memory uint64
	// Progress, if set, is told how the search goes after each chunk.
	Progress func(DiskProgress)
	// Tasks, if set, runs the chunk steps of each pass with much to do as
	// tasks: processes of their own, on this machine or on others that
	// share Work (a Slurm array job, a Kubernetes Indexed Job), each of
	// which runs "godtable task" on Work; it returns once they have all ended. The
	// build runs again the tasks that leave no result, and tells
	// TaskFailed, if set, of the error Tasks returned.
	Tasks      func(context.Context, TaskPass) error
	TaskFailed func(level int, pass string, err error)
}

// TaskPass is a pass whose chunk steps a build on disk hands to tasks.
type TaskPass struct {
	Level  int    // the distance being searched for
	Pass   string // the pass's name, as "godtable task --pass" takes it: "expand", "ask", "answer" or "apply"
	Chunks []int  // the chunks whose steps to run, a task each
	Of     int    // the chunks of the search
	Try    int    // 1 for the pass's first tasks, 2 when some are run again, ...
}

// ErrWorkDir is the class of the error for a work directory a build on disk
// cannot use: another build's, damaged, or in use by a build running now.
var ErrWorkDir = bfs.ErrWorkDir

// DiskProgress is how far a build on disk has come.
type DiskProgress struct {
	Level         int    // the distance being searched for
	Pass          string // the pass under way: "expanding", "applying updates to", ...
	Chunk, Chunks int    // the chunks done of the pass, of all
	Found         uint64 // indices reached before this level
	// Written and Read are the bytes of the work directory's files written
	// and read so far (since the search started or resumed).
	Written, Read int64
}

// DiskBuild is what a build on disk did: its counts, its chunks and each
// level's figures.
type DiskBuild struct {
	Counts  []uint64 // states at each distance
	Reached uint64   // states reached
	Indexed uint64   // the index's size
	Chunks  int
	// ChunkBytes is the memory a chunk's levels and frontiers take.
	ChunkBytes uint64
	// Levels are the figures of the levels searched by this build, the
	// last of Counts' distances.
	Levels  []DiskLevel
	Resumed bool
	b       *deftable.DiskBuild
}

// DiskLevel is the work of one level of a build on disk.
type DiskLevel struct {
	States   uint64 // states found at the level
	Written  int64  // bytes written to the work directory
	Read     int64  // bytes read from it
	Wall     time.Duration
	CPU      time.Duration // user and system, of the whole process
	Expanded uint64        // neighbours worked out
	// Crossing is how many of them went through files, as updates or as
	// questions.
	Crossing uint64
	// Resumed says the level was begun before the build resumed: its
	// figures are of the part done since.
	Resumed bool
	// Backward says the level was searched backward: its unseen states
	// asked after their neighbours.
	Backward bool
	// Deferred is the chunks that took the level's states in their
	// frontier files alone, their chunk files left for a later level.
	Deferred int
	// Tasks is the level's chunk steps that ran as tasks (DiskOptions.Tasks;
	// 0 for a level the build ran itself); the level's CPU time is theirs
	// and the build's. MostWritten and MostRead are the most bytes one of
	// them wrote and read.
	Tasks                 int
	MostWritten, MostRead int64
}

// RemoveWork removes the work directory's files, once the table is safe
// in its place.
func (b *DiskBuild) RemoveWork() error { return b.b.RemoveWork() }

// diskBuild is the public form of a build on disk.
func diskBuild(b *deftable.DiskBuild) *DiskBuild {
	out := &DiskBuild{Counts: b.Counts, Reached: b.Reached, Indexed: b.Indexed, Chunks: b.Chunks,
		ChunkBytes: b.ChunkBytes, Resumed: b.Resumed, b: b}
	for _, l := range b.Levels {
		out.Levels = append(out.Levels, DiskLevel(l))
	}
	return out
}

// DiskPlan returns what a build on disk under memory bytes would take: the
// index's size, the chunks, and the work directory's bytes besides its
// update files.
func DiskPlan(def *Definition, opt BuildOptions, memory uint64) (indexed uint64, chunks int, work uint64, err error) {
	p, err := puzzleOf(def, opt)
	if err != nil {
		return 0, 0, 0, err
	}
	return deftable.DiskPlan(p, memory, opt.Workers)
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

// PlanOnDisk returns how BuildOnDisk with these options cuts its search:
// the chunks it makes are those the plan says. A search to resume keeps
// its chunks whatever the memory and workers, and is refused, with the
// least memory that holds one, where disk.Memory does not.
func PlanOnDisk(def *Definition, opt BuildOptions, disk DiskOptions) (DiskChunks, error) {
	p, err := puzzleOf(def, opt)
	if err != nil {
		return DiskChunks{}, err
	}
	c, err := deftable.PlanOnDisk(p, deftable.DiskOptions{Work: disk.Work, Memory: disk.Memory, Workers: opt.Workers})
	return DiskChunks(c), err
}

// BuildOnDisk searches every state of the definition as Build does, but
// in disk.Memory bytes, with the search's levels in chunk files in
// disk.Work, and writes its .gdt file to w as it goes: the same bytes as
// Build's puzzle writes. Cancelling ctx stops the search; a build run
// again on the same work directory resumes at the chunk it stopped at.
// opt's checkpoint options do not apply: the work directory is one.
func BuildOnDisk(ctx context.Context, def *Definition, opt BuildOptions, disk DiskOptions, w io.Writer) (*DiskBuild, error) {
	p, err := puzzleOf(def, opt)
	if err != nil {
		return nil, err
	}
	var progress func(bfs.DiskProgress)
	if disk.Progress != nil {
		progress = func(p bfs.DiskProgress) { disk.Progress(DiskProgress(p)) }
	}
	var tasks func(context.Context, bfs.TaskPass) error
	if disk.Tasks != nil {
		tasks = func(ctx context.Context, p bfs.TaskPass) error { return disk.Tasks(ctx, TaskPass(p)) }
	}
	b, err := deftable.BuildOnDisk(ctx, p, deftable.DiskOptions{
		Work: disk.Work, Memory: disk.Memory, Workers: opt.Workers, Progress: progress, Facts: opt.Facts,
		Tasks: tasks, TaskFailed: disk.TaskFailed,
	}, w)
	if b == nil {
		return nil, err
	}
	return diskBuild(b), err
}

// OpenOptions tune Open. The zero value reads the table whole into memory.
type OpenOptions struct {
	// InPlace leaves the table in the file: each answer reads the 128 KiB
	// blocks that hold the levels it needs, checked and decoded into a
	// cache of at most CacheBlocks of them (16 when CacheBlocks < 1). A
	// table larger than the memory answers so; the reader must stay open
	// while the puzzle answers. A block found damaged then fails each
	// answer that reads it, and no other, with a *lookup.TableError that
	// names the file and the block (its Block and Offset). A version 3
	// table, which has no block index, is read whole.
	InPlace     bool
	CacheBlocks int
}

// Open opens a .gdt file of size bytes read from r; file names it in
// errors, which are *lookup.TableError. Read whole, the table is read a
// piece at a time and decoded as it comes, so that a large table costs the
// memory of its distances alone, not the file's as well (an *os.File, a
// *bytes.Reader of a file a program embeds, are io.ReaderAt).
func Open(file string, r io.ReaderAt, size int64, opt OpenOptions) (*Puzzle, error) {
	var t *deftable.Table
	var err error
	if opt.InPlace {
		t, err = deftable.OpenPagedAt(file, r, size, opt.CacheBlocks)
	} else {
		t, err = deftable.OpenAt(file, r, size)
	}
	if err != nil {
		return nil, err
	}
	return newPuzzle(t), nil
}

// BlocksRead is how many of a table's blocks the puzzle has read and
// decoded since it was opened in place (OpenOptions.InPlace) (0 for a table held whole):
// the reads its answers cost.
func (pz *Puzzle) BlocksRead() int {
	if pg := pz.t.Levels().Paged(); pg != nil {
		return pg.BlocksRead()
	}
	return 0
}

// IsTable reports whether data starts as a .gdt file does.
func IsTable(data []byte) bool { return deftable.IsGDT(data) }

func newPuzzle(t *deftable.Table) *Puzzle {
	scr, sol := vocabularies(t.Puzzle)
	return &Puzzle{t: t, scr: scr, sol: sol, name: t.Puzzle.Def.Name}
}

// wantMove says, for an error message, which moves a sequence takes: the
// definition's name and its moves, the first 24 of them where there are
// more.
func wantMove(name string, moves []string) string {
	if len(moves) > 24 {
		return fmt.Sprintf("a move of %s: %s ... (%d in all)", name, strings.Join(moves[:24], " "), len(moves))
	}
	return fmt.Sprintf("a move of %s: %s", name, strings.Join(moves, " "))
}

// spellPowers adds to v the shared grammar's other spellings of the moves'
// powers: for a base X of order k, X’ as X', and X2, X2', X3 and X3' (each
// with ' or ’) as the power they come to modulo k, where that power is one
// of moves and the spelling is no move's own name in d (R3 and R2’ on a cube's
// R, 1H2 on a base of order 3). A power that comes to nothing (R4) is not
// a move.
func spellPowers(v *notation.Vocabulary, moves []ksolve.Move, d *ksolve.Def) {
	index := map[[2]int]int{} // by base and power
	for i, m := range moves {
		index[[2]int{m.Base, m.Power}] = i
	}
	// Every move's own name, not only those of moves (a table built with
	// --moves leaves some out): A3 must not read as A' where a base is
	// named A3.
	own := map[string]bool{}
	for _, m := range d.Moves {
		own[m.Name] = true
	}
	for b, base := range d.Bases {
		k := base.Order
		for n := 1; n <= 3; n++ {
			count := ""
			if n > 1 {
				count = strconv.Itoa(n)
			}
			for _, suffix := range []string{"", "'", "’"} {
				p := n % k
				if suffix != "" {
					p = (k - p) % k
				}
				token := base.Name + count + suffix
				if i, ok := index[[2]int{b, p}]; ok && p != 0 && !own[token] {
					v.Spell(token, i)
				}
			}
		}
	}
}

// Resumed is the number of distances the build that made the puzzle took
// from a checkpoint of an earlier build (0 when it searched them all).
func (pz *Puzzle) Resumed() int { return pz.t.Resumed }

// CheckOptions tune DeepCheck.
type CheckOptions struct {
	// Workers is the number of goroutines (0: one a core).
	Workers int
	// Progress, if set, is told how the search goes about every
	// ReportEvery.
	Progress    func(Progress)
	ReportEvery time.Duration
}

// ErrNotExact is the class of DeepCheck's error for a table whose
// distances are not its puzzle's.
var ErrNotExact = deftable.ErrNotExact

// DeepCheck proves the puzzle's table exact, the distance of every state
// the one its moves give it, by a search of its states (or classes) in
// memory that compares each distance with the table as it finds it: it
// costs about what the build's search did, and CheckMemory bytes besides
// the table. A table that is not exact is an error of class ErrNotExact
// naming the first state (its index) or distance found wrong. The puzzle
// must be held whole (Open, or Build), not read in
// place.
func (pz *Puzzle) DeepCheck(ctx context.Context, opt CheckOptions) error {
	return pz.t.DeepCheck(ctx, deftable.CheckOptions{Workers: opt.Workers, Progress: reportTo(opt.Progress), ReportEvery: opt.ReportEvery})
}

// CheckMemory is the memory DeepCheck takes besides the table.
func (pz *Puzzle) CheckMemory() uint64 { return pz.t.CheckMemory() }

// WriteTo writes the puzzle's .gdt file: its definition and table.
func (pz *Puzzle) WriteTo(w io.Writer) (int64, error) { return pz.t.WriteTo(w) }

// Facts are the build's facts the table keeps, "key=value" lines ("" for a
// table built without them).
func (pz *Puzzle) Facts() string { return pz.t.Facts() }

// Name is the definition's Name.
func (pz *Puzzle) Name() string { return pz.name }

// Metric is "htm" or "qtm".
func (pz *Puzzle) Metric() string { return pz.t.Puzzle.Metric.String() }

// Moves are the moves answers are written in, in the definition's order.
func (pz *Puzzle) Moves() []string { return moveNames(pz.t.Puzzle) }

// moveNames are p's moves' names, in order.
func moveNames(p *ksolve.Puzzle) []string {
	var names []string
	for _, m := range p.Moves {
		names = append(names, m.Name)
	}
	return names
}

// MovesFor returns the moves a table of this definition, in this table's
// metric, would have if built with the move restriction moves (as
// BuildOptions.Moves takes it): what a restriction given with a table must
// come to.
func (pz *Puzzle) MovesFor(moves string) ([]string, error) { return movesFor(pz.t.Puzzle, moves) }

// movesFor are the moves' names of p restricted to moves, in p's metric.
func movesFor(p *ksolve.Puzzle, moves string) ([]string, error) {
	kp, err := ksolve.NewPuzzle(p.Def, p.Metric, moves)
	if err != nil {
		return nil, err
	}
	return moveNames(kp), nil
}

// Distribution returns the number of states at each distance.
func (pz *Puzzle) Distribution() []int {
	var out []int
	for _, c := range pz.t.Counts() {
		out = append(out, int(c))
	}
	return out
}

// ClassDistribution returns the number of classes at each distance of a
// table of classes (see BuildOptions.NoSymmetry), nil for a table of
// states. Distribution counts their states.
func (pz *Puzzle) ClassDistribution() []int {
	var out []int
	for _, c := range pz.t.ClassCounts() {
		out = append(out, int(c))
	}
	return out
}

// Symmetries is the number of symmetries (the identity counted) whose
// classes the table keeps an entry for each of, or 0 for a table of states.
func (pz *Puzzle) Symmetries() int { return pz.t.Symmetries() }

// Reachable is the number of states the moves reach from the solved state.
func (pz *Puzzle) Reachable() uint64 { return pz.t.Reachable() }

// Indexed is the size of the table's index: the reachable states and the
// others it numbers too, the moves proving no more.
func (pz *Puzzle) Indexed() uint64 { return pz.t.Index.Size() }

// ID is the fingerprint of what the table means: its sets, solved state,
// metric and moves (not their order in the file, its comments or spacing).
func (pz *Puzzle) ID() [32]byte { return pz.t.ID }
