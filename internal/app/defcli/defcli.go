// Package defcli runs a puzzle read from a definition file in the godtable
// command: wherever the command takes a puzzle's name it takes the path of
// a .gdt table (or of a small .tws definition, built in memory first), and
// answers every command on it as on a built-in puzzle.
package defcli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/tws"
)

// MaxInMemory is the most indices a .tws definition given to a command
// other than gen may have: it is built on every run, which takes about a
// second at this size, so larger ones are built once with godtable gen.
const MaxInMemory = 20_000_000

// MaxInMemoryBytes is the most memory such a build may take, its move tables
// with its two-bit table (tws.Plan's count): a definition with many moves
// can have a small index and move tables of gigabytes, which take longer
// to build than its search.
const MaxInMemoryBytes = 64 << 20

// IsPath reports whether a puzzle argument names a definition file rather
// than a built-in puzzle.
func IsPath(arg string) bool {
	ext := strings.ToLower(filepath.Ext(arg))
	return ext == ".gdt" || ext == ".tws" || strings.ContainsRune(arg, '/') || strings.ContainsRune(arg, os.PathSeparator)
}

// Puzzle is a definition-file puzzle as the command runs it. Load must
// succeed before any other method is called.
type Puzzle struct {
	path string
	once sync.Once
	pz   *tws.Puzzle
	err  error
}

// New returns the puzzle at path, not yet read.
func New(path string) *Puzzle { return &Puzzle{path: path} }

// FromTable returns the puzzle of an opened table, named name.
func FromTable(name string, pz *tws.Puzzle) *Puzzle {
	p := &Puzzle{path: name, pz: pz}
	p.once.Do(func() {})
	return p
}

// ErrLoad marks a definition or table that could not be read; a table that
// is damaged or built for another definition is a *lookup.TableError instead.
var ErrLoad = errors.New("cannot read the puzzle")

// Load reads the table (a .gdt), or parses and builds the definition (a
// .tws) with the options' metric and moves; a table's metric and moves
// must be the options' when they are given.
func (p *Puzzle) Load(o *cli.Options) error {
	p.once.Do(func() { p.pz, p.err = p.load(o) })
	if p.err != nil {
		return p.err
	}
	if err := p.matches(o); err != nil {
		return err
	}
	o.Metric = p.pz.Metric()
	return nil
}

// matches refuses a metric or a move restriction that is not the loaded
// puzzle's: a table answers in its own, and a definition built in memory
// was built once, with the first options given (a server's requests all
// answer from that one build).
func (p *Puzzle) matches(o *cli.Options) error {
	pz := p.pz
	if o.Metric != "" && o.Metric != pz.Metric() {
		return fmt.Errorf("%w: %s is a table of the %s metric, not %s (godtable gen --metric %s builds one)", ErrLoad, p.path, pz.Metric(), o.Metric, o.Metric)
	}
	if o.Moves == "" {
		return nil
	}
	want, err := pz.MovesFor(o.Moves)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrLoad, p.path, err)
	}
	if have := pz.Moves(); !slices.Equal(want, have) {
		return fmt.Errorf("%w: %s is a table of the moves %s, not %s (godtable gen --moves %s builds one)", ErrLoad, p.path, strings.Join(have, " "), strings.Join(want, " "), o.Moves)
	}
	return nil
}

func (p *Puzzle) load(o *cli.Options) (*tws.Puzzle, error) {
	if pz, ok, err := openTable(p.path); ok {
		if err != nil && !errors.As(err, new(*lookup.TableError)) {
			// A failure to read, not a damaged table: as readFile's.
			err = fmt.Errorf("%w: %v", ErrLoad, err)
		}
		return pz, err
	}
	data, table, err := readFile(p.path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrLoad, err)
	}
	if table {
		return tws.Open(p.path, bytes.NewReader(data), int64(len(data)), tws.OpenOptions{})
	}
	def, err := tws.ParseDefinition(p.path, data)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrLoad, err)
	}
	opt := tws.BuildOptions{Metric: o.Metric, Moves: o.Moves}
	indexed, need, err := tws.Plan(def, opt)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v: build pruning tables with \"godtable gen %s --prune SIZE -o T.gdt\" and give the command T.gdt", ErrLoad, p.path, err, p.path)
	}
	gen := fmt.Sprintf("build its table once with \"godtable gen %s -o TABLE.gdt\" and give the command TABLE.gdt", p.path)
	if indexed > MaxInMemory {
		return nil, fmt.Errorf("%w: %s has %d states to index, too many to build on every run: %s", ErrLoad, p.path, indexed, gen)
	}
	if need > MaxInMemoryBytes {
		return nil, fmt.Errorf("%w: %s needs about %d MB to build (%d states indexed and its move tables), too much to build on every run (at most %d MB): %s",
			ErrLoad, p.path, mb(need), indexed, MaxInMemoryBytes>>20, gen)
	}
	if indexed <= 1<<24 {
		// The walk's next-step table, half a byte an index, which a
		// long batch derives (deftable keeps it for small tables).
		need += (indexed + 1) / 2
	}
	if avail, ok := availableMemory(); ok && need > avail {
		return nil, fmt.Errorf("%w: %s needs about %d MB to build (%d states indexed, two bits each, and its move tables); this machine has %d MB available",
			ErrLoad, p.path, mb(need), indexed, avail>>20)
	}
	pz, err := tws.Build(context.Background(), def, opt)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrLoad, p.path, err)
	}
	return pz, nil
}

// openTable opens the table at path in place, when path is a regular file
// whose first bytes are a .gdt's (ok false otherwise: readFile reads it).
// A table of at most PagedAbove bytes, and at most half the memory
// available, is read whole, a piece at a time (its distances then answer
// from memory); a larger one stays in the file, which stays open, and each
// answer reads the blocks it needs (tws.Open, in place), so that a table
// larger than the memory answers too.
func openTable(path string) (pz *tws.Puzzle, ok bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, nil
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, false, nil
	}
	head := make([]byte, magicLen)
	if n, _ := io.ReadFull(f, head); !tws.IsTable(head[:n]) {
		f.Close()
		return nil, false, nil
	}
	if Paged(fi.Size()) {
		pz, err = tws.Open(path, f, fi.Size(), tws.OpenOptions{InPlace: true, CacheBlocks: PagedCacheBlocks})
		if err != nil {
			f.Close()
		}
		return pz, true, err
	}
	defer f.Close()
	pz, err = tws.Open(path, f, fi.Size(), tws.OpenOptions{})
	return pz, true, err
}

// PagedAbove is the size of a table file past which the commands read it
// in place rather than whole: reading 512 MB, and decoding the gigabytes of
// distances it holds, takes seconds, while an answer read in place takes
// milliseconds. A variable so that the tests can read small tables in
// place.
var PagedAbove int64 = 512 << 20

// PagedCacheBlocks is how many decoded blocks of 128 KiB a table read in
// place keeps: 64 MiB, about what a few answers' walks read.
var PagedCacheBlocks = 512

// Paged says whether a table file of size bytes is read in place: past
// PagedAbove, or past half the memory available.
func Paged(size int64) bool {
	if size > PagedAbove {
		return true
	}
	avail, ok := availableMemory()
	return ok && uint64(size) > avail/2
}

// readFile reads the puzzle file at path and says whether it is a table (a
// .gdt, by its first bytes or its name: a .gdt whose first bytes are
// damaged is a damaged table, not a definition). A definition is read at
// most ksolve.MaxSize bytes and refused beyond, whatever the file is (a
// device that never ends, /dev/zero, is refused after that much). A table
// may be large: a regular file's size is checked against the memory
// available before it is read, and any other file is read only as far as
// that memory goes.
func readFile(path string) ([]byte, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	if fi.IsDir() {
		return nil, false, fmt.Errorf("%s is a directory, not a definition or a table", path)
	}
	regular := fi.Mode().IsRegular()
	head := make([]byte, magicLen)
	k, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, false, err
	}
	head = head[:k]
	table := tws.IsTable(head) || strings.HasSuffix(strings.ToLower(path), ".gdt")
	limit := uint64(ksolve.MaxSize)
	if table {
		if regular {
			if err := fits(path, fi.Size()); err != nil {
				return nil, false, err
			}
		}
		avail, ok := availableMemory()
		limit = math.MaxInt64
		if ok {
			limit = avail
		}
	} else if regular && fi.Size() > ksolve.MaxSize {
		return nil, false, fmt.Errorf("%s: %d bytes, too long for a definition (at most %d) and not a .gdt table", path, fi.Size(), ksolve.MaxSize)
	}
	size := uint64(0)
	if regular {
		size = uint64(fi.Size())
	}
	// One byte past the limit tells a file over it; a regular file's size
	// is read into one allocation (bytes.Buffer would double it at its
	// end).
	data := make([]byte, 0, max(min(size, limit)+1, uint64(len(head))))
	data = append(data, head...)
	rest := int64(0)
	if uint64(len(head)) <= limit {
		rest = int64(limit - uint64(len(head)) + 1)
	}
	r := io.LimitReader(f, rest)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, false, err
		}
	}
	if uint64(len(data)) > limit {
		if table {
			return nil, false, fmt.Errorf("%s: the table is more than the %d MB this machine has available to read it", path, limit>>20)
		}
		return nil, false, fmt.Errorf("%s: more than %d bytes, too long for a definition, and not a .gdt table", path, ksolve.MaxSize)
	}
	return data, table, nil
}

// magicLen is enough of a file's first bytes to tell a table by them
// (tws.IsTable).
const magicLen = 16

// Name is the path the puzzle was given by.
func (p *Puzzle) Name() string { return p.path }

// Title is the definition's Name.
func (p *Puzzle) Title() string {
	if p.pz == nil {
		return filepath.Base(p.path)
	}
	return p.pz.Name()
}

// Features: a table, move sequences, a metric and a move restriction.
func (p *Puzzle) Features() cli.Features {
	return cli.Features{Table: true, Scramble: true, Metric: true, Moves: true}
}

// EndsInput is always false.
func (p *Puzzle) EndsInput(string) bool { return false }

// Group starts a state block at a line holding one word that is a set's
// name, "Solved" or "State"; its rows are the lines up to "End" (see
// EndsGroup). A state on one line is an input of its own.
func (p *Puzzle) Group(line string) (starts, row bool) {
	t := strings.Fields(line)
	if len(t) == 1 && (t[0] == "Solved" || t[0] == "State" || p.isSet(t[0])) {
		return true, true
	}
	return false, len(t) > 0
}

// GroupRows is the most lines a block may have: every set's three, a
// header and End.
func (p *Puzzle) GroupRows() int { return 3*len(p.setNames()) + 2 }

// EndsGroup says that End ends a block.
func (p *Puzzle) EndsGroup(line string) bool { return strings.TrimSpace(line) == "End" }

func (p *Puzzle) setNames() []string {
	if p.pz == nil {
		return nil
	}
	return p.pz.Sets()
}

func (p *Puzzle) isSet(name string) bool {
	for _, s := range p.setNames() {
		if s == name {
			return true
		}
	}
	return false
}

func (p *Puzzle) parse(in string, o *cli.Options) (tws.Position, error) {
	return cli.StateOrMoves(in, o, p.pz.ParseState, p.pz.ParseMoves)
}

// Solve answers a position.
func (p *Puzzle) Solve(in string, o *cli.Options, a *cli.Answer) error {
	pos, err := p.parse(in, o)
	if err != nil {
		return err
	}
	return cli.Sequences(a, o, cli.Solver[lookup.Solution]{Solve: pos.Solve, Count: pos.Count, All: pos.All})
}

// Verify checks a solution from a position given as a move sequence (the
// verify command's state column is one line).
func (p *Puzzle) Verify(state, solution string, o *cli.Options) (lookup.Verdict, error) {
	pos, err := p.pz.ParseMoves(state)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return pos.Verify(solution)
}

// Scramble draws a reachable position uniformly, with the sequence that
// makes it, as short as it can be.
func (p *Puzzle) Scramble(rng *rand.Rand, o *cli.Options) (string, string, int, error) {
	dist := p.pz.Distribution()
	return cli.DrawAtLeast(o, len(dist)-1, "position", func() (cli.Drawn, error) {
		pos, err := p.pz.Draw(rng)
		if err != nil {
			return cli.Drawn{}, err
		}
		d, err := pos.Distance()
		if err != nil || d < o.MinMoves {
			return cli.Drawn{Dist: d}, err
		}
		moves, err := pos.Moves()
		return cli.Drawn{State: pos.Line(), Moves: moves.String(), Dist: d}, err
	})
}

// Stats is the distribution.
func (p *Puzzle) Stats(*cli.Options) ([]int, error) { return p.pz.Distribution(), nil }

// Indexed is the size of the table's index.
func (p *Puzzle) Indexed() uint64 { return p.pz.Indexed() }

// Classes are the classes at each distance of a table of classes.
func (p *Puzzle) Classes() []int { return p.pz.ClassDistribution() }

// Symmetries is the number of symmetries a table of classes reduces by.
func (p *Puzzle) Symmetries() int { return p.pz.Symmetries() }

// StatsNote says how many states the index numbers, and the classes a
// table of classes keeps.
func (p *Puzzle) StatsNote() string {
	r, x := p.pz.Reachable(), p.pz.Indexed()
	note := fmt.Sprintf("indexed %d, %s times the reachable states", x, strconv.FormatFloat(float64(x)/float64(r), 'f', 2, 64))
	if n := p.pz.Symmetries(); n > 0 {
		c := 0
		for _, k := range p.pz.ClassDistribution() {
			c += k
		}
		note += fmt.Sprintf("; %d classes under %d symmetries, one entry each", c, n)
	}
	return note
}

// Show writes the position set by set: the pieces in each slot and, for a
// set with orientations, each slot's orientation ("?" where ignored).
func (p *Puzzle) Show(state string, o *cli.Options, colour bool) (string, error) {
	pos, err := p.parse(state, o)
	if err != nil {
		return "", err
	}
	return pos.Draw(), nil
}

// After gives the position after a move sequence.
func (p *Puzzle) After(state, moves string, o *cli.Options) (cli.Shown, error) {
	return cli.MovedShown(func() (tws.Position, error) { return p.parse(state, o) }, moves)
}

// CheckOptions refuses what a definition puzzle cannot take: once it is
// loaded (a server's tables are, from the start), a metric or a move
// restriction that is not its own. (Before, Load checks them.)
func (p *Puzzle) CheckOptions(cmd string, o *cli.Options) error {
	if p.pz == nil {
		return nil
	}
	return p.matches(o)
}

// Antipodes lists up to n of the farthest positions, in the table's index
// order, each with moves that make it from the solved state.
func (p *Puzzle) Antipodes(o *cli.Options, n int) ([]cli.Drawn, error) {
	report, done := lookProgress(o.Progress)
	far, err := p.pz.AntipodesProgress(n, report)
	done()
	if err != nil {
		return nil, err
	}
	out := make([]cli.Drawn, len(far))
	for i, pos := range far {
		moves, err := pos.Moves()
		if err != nil {
			return nil, err
		}
		out[i] = cli.Drawn{State: pos.Line(), Moves: moves.String(), Dist: moves.Cost()}
	}
	return out, nil
}

// lookProgress tells w, on one line rewritten, how far a look through a
// table's states has come, once it has taken two seconds; done clears the
// line, if anything was written on it. Nil when w is.
func lookProgress(w io.Writer) (report func(done, total uint64), done func()) {
	if w == nil {
		return nil, func() {}
	}
	start, last, written := time.Now(), time.Time{}, false
	report = func(d, total uint64) {
		now := time.Now()
		if now.Sub(start) < 2*time.Second || now.Sub(last) < time.Second/2 || d >= total {
			return
		}
		last, written = now, true
		fmt.Fprintf(w, "\r\033[Kthe farthest states: %d of %d states looked at (%.0f%%), %s elapsed",
			d, total, 100*float64(d)/float64(total), now.Sub(start).Round(time.Second))
	}
	done = func() {
		if written {
			fmt.Fprint(w, "\r\033[K")
		}
	}
	return report, done
}

// fits refuses a table file of size bytes larger than the memory
// available, for a reader that holds it whole (check, and a table that is
// not a regular file): its distances take at least as much.
func fits(path string, size int64) error {
	if avail, ok := availableMemory(); ok && uint64(size) > avail {
		return fmt.Errorf("%s: the table is %d MB, and this machine has %d MB available to read it", path, mb(uint64(size)), avail>>20)
	}
	return nil
}
