// Package prunecli runs a pruning file (godtable gen --prune) in the
// godtable command: a definition with pruning tables, answered by a search
// they guide, wherever the command takes a table's path.
package prunecli

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/app/defcli"
	"github.com/godtable/godtable/internal/engine/prune"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/tws"
)

// Is reports whether the file at path is a pruning file, by its first
// bytes.
func Is(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 8)
	n, _ := io.ReadFull(f, head)
	return tws.IsPruned(head[:n])
}

// Puzzle is a pruning file as the command runs it. Load must succeed
// before any other method is called.
type Puzzle struct {
	path string
	once sync.Once
	pz   *tws.Pruned
	err  error
	// Progress is where long searches report how they go (os.Stderr).
	Progress io.Writer
}

// New returns the pruning file at path, not yet read.
func New(path string) *Puzzle { return &Puzzle{path: path, Progress: os.Stderr} }

// Opened returns a pruning file already read as the puzzle named name (a
// server's, which names it in its answers and errors), its searches
// reporting nowhere.
func Opened(name string, pz *tws.Pruned) *Puzzle {
	p := &Puzzle{path: name, pz: pz}
	p.once.Do(func() {})
	return p
}

// Load reads the file; the options' metric and moves, when given, must be
// the file's.
func (p *Puzzle) Load(o *cli.Options) error {
	p.once.Do(func() { p.pz, p.err = Open(p.path) })
	if p.err != nil {
		return p.err
	}
	return p.matches(o)
}

// Open reads the pruning file at path, mapped to memory where the system
// allows (else read whole), with nothing to decode: every block checked
// at the opening, or, past defcli.Paged's size, as the commands read a
// complete table, each block checked the first time a search reads it.
func Open(path string) (*tws.Pruned, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if fi.Mode().IsRegular() && defcli.Paged(fi.Size()) {
		pz, err := tws.OpenPruned(path, f, fi.Size(), tws.OpenOptions{InPlace: true})
		if err != nil {
			f.Close()
		}
		return pz, err
	}
	defer f.Close()
	return tws.OpenPrunedAt(path, f, fi.Size())
}

func (p *Puzzle) matches(o *cli.Options) error {
	if o.Metric != "" && o.Metric != p.pz.Metric() {
		return fmt.Errorf("%s holds tables of the %s metric, not %s (godtable gen --prune SIZE --metric %s builds them)", p.path, p.pz.Metric(), o.Metric, o.Metric)
	}
	if o.Moves != "" {
		want, err := p.pz.MovesFor(o.Moves)
		if err != nil {
			return fmt.Errorf("%s: %v", p.path, err)
		}
		if have := p.pz.Moves(); !slices.Equal(want, have) {
			return fmt.Errorf("%s holds tables of the moves %s, not %s (godtable gen --prune SIZE --moves %s builds them)", p.path, strings.Join(have, " "), strings.Join(want, " "), o.Moves)
		}
	}
	o.Metric = p.pz.Metric()
	return nil
}

// Name is the path the file was given by.
func (p *Puzzle) Name() string { return p.path }

// Title is the definition's name.
func (p *Puzzle) Title() string {
	if p.pz == nil {
		return p.path
	}
	return p.pz.Name()
}

// Features: answers, counts and lists by a search, move sequences, a
// metric and moves (the file's own), and the search's bounds.
func (p *Puzzle) Features() cli.Features {
	return cli.Features{Table: true, Scramble: true, Metric: true, Moves: true, Search: true}
}

// EndsInput is always false.
func (p *Puzzle) EndsInput(string) bool { return false }

// Group starts a state block at a line holding one word that is a set's
// name, "Solved" or "State", as a definition's table does.
func (p *Puzzle) Group(line string) (starts, row bool) {
	t := strings.Fields(line)
	if len(t) == 1 && (t[0] == "Solved" || t[0] == "State" || p.pz != nil && slices.Contains(p.pz.Sets(), t[0])) {
		return true, true
	}
	return false, len(t) > 0
}

// GroupRows is the most lines a block may have.
func (p *Puzzle) GroupRows() int {
	if p.pz == nil {
		return 2
	}
	return 3*len(p.pz.Sets()) + 2
}

// EndsGroup says that End ends a block.
func (p *Puzzle) EndsGroup(line string) bool { return strings.TrimSpace(line) == "End" }

// CheckOptions refuses what a search cannot answer: stats and
// --min-moves need a complete table's distribution.
func (p *Puzzle) CheckOptions(cmd string, o *cli.Options) error {
	switch {
	case cmd == "stats":
		return fmt.Errorf("a pruning file has no distribution of distances (only a complete table has: godtable gen without --prune)")
	case o.MinMoves > 0:
		return fmt.Errorf("--min-moves: a pruning file's scrambles are random moves, their distances not known")
	}
	if p.pz == nil {
		return nil
	}
	return p.matches(o)
}

func (p *Puzzle) parse(in string, o *cli.Options) (tws.PrunedPosition, error) {
	return cli.StateOrMoves(in, o, p.pz.ParseState, p.pz.ParseMoves)
}

// options are the search's options from the command's.
func (p *Puzzle) options(o *cli.Options) tws.SearchOptions {
	so := tws.SearchOptions{Workers: o.Workers, MaxDepth: o.MaxDepth, Timeout: o.Timeout, ReportEvery: 2 * time.Second}
	if w := p.Progress; w != nil {
		so.Progress = func(depth int, nodes uint64, elapsed time.Duration) {
			fmt.Fprintf(w, "godtable: searching depth %d: %d nodes, %.0f a second, %.1f s\n",
				depth, nodes, float64(nodes)/max(elapsed.Seconds(), 1e-9), elapsed.Seconds())
		}
	}
	return so
}

// Solve answers a position: its first optimal solution, their count or
// their list; or, for a search stopped by --max-depth or --timeout, that no
// solution of D moves or fewer exists.
func (p *Puzzle) Solve(in string, o *cli.Options, a *cli.Answer) error {
	pos, err := p.parse(in, o)
	if err != nil {
		return err
	}
	so := p.options(o)
	text, fields := len(a.Text), len(a.Fields)
	err = cli.Sequences(a, o, cli.Solver[lookup.Solution]{
		Solve: func() (lookup.Solution, error) { return pos.Solve(so) },
		Count: func() (uint64, error) { return pos.Count(so) },
		All:   func(limit int) ([]lookup.Solution, bool, error) { return pos.All(limit, so) },
	})
	var b *tws.Bounded
	if errors.As(err, &b) {
		a.Text = append(a.Text[:text], b.Error()...)
		a.Text = append(a.Text, '\n')
		a.Fields = a.Fields[:fields]
		a.Set("no_solution_within", b.Depth)
		if b.Cause != nil {
			a.Set("stopped", b.Cause.Error())
		}
		return nil
	}
	return err
}

// Verify checks a solution from a position given as a move sequence.
func (p *Puzzle) Verify(state, solution string, o *cli.Options) (lookup.Verdict, error) {
	pos, err := p.pz.ParseMoves(state)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return pos.Verify(solution, p.options(o))
}

// scrambleMoves is the length of a scramble: random moves, enough to
// leave no trace of the solved state on the puzzles a search answers.
const scrambleMoves = 40

// Scramble draws a position by random moves (no two of one base in a
// row): a pruning file cannot draw uniformly, nor tell a distance without
// a search, so dist is -1.
func (p *Puzzle) Scramble(rng *rand.Rand, o *cli.Options) (string, string, int, error) {
	names := p.pz.Moves()
	var seq []string
	last := ""
	pos := p.pz.Solved()
	// A move to a state the definition's Illegal lines forbid is drawn
	// again; tries bounds the draws, should every move be one.
	for tries := 0; len(seq) < scrambleMoves && tries < 100*scrambleMoves; tries++ {
		m := names[rng.IntN(len(names))]
		base := strings.TrimRight(m, "0123456789'")
		if base == last {
			continue
		}
		next, err := pos.Moved(m)
		if err != nil {
			continue
		}
		pos = next
		seq = append(seq, m)
		last = base
	}
	return pos.Line(), strings.Join(seq, " "), -1, nil
}

// Stats is refused (see CheckOptions).
func (p *Puzzle) Stats(*cli.Options) ([]int, error) {
	return nil, fmt.Errorf("a pruning file has no distribution of distances")
}

// Show writes the position as a state block.
func (p *Puzzle) Show(state string, o *cli.Options, colour bool) (string, error) {
	pos, err := p.parse(state, o)
	if err != nil {
		return "", err
	}
	return pos.String(), nil
}

// After gives the position after a move sequence.
func (p *Puzzle) After(state, moves string, o *cli.Options) (cli.Shown, error) {
	return cli.MovedShown(func() (tws.PrunedPosition, error) { return p.parse(state, o) }, moves)
}

// Tables describes the file's tables, one line each: what each keeps of
// the puzzle and its entries.
func (p *Puzzle) Tables() []string {
	var out []string
	n := p.pz.TableEntries()
	for k, t := range p.pz.Tables() {
		out = append(out, fmt.Sprintf("%s: %d entries", t, n[k]))
	}
	return out
}

// Check verifies the pruning file at path and writes what it found to w:
// its head against its definition, each table's every block and checksum
// read and decoded, its fingerprint against its projection, and its stored
// levels against its header's counts. A file that is not intact is the
// error, in one line naming what is wrong.
func Check(path string, w io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	pf, err := prune.OpenAt(path, f, fi.Size())
	if err != nil {
		return err
	}
	moves := "all its moves"
	if r := pf.Puzzle.Restrict; r != "" {
		moves = "moves " + r
	}
	fmt.Fprintf(w, "%s: intact, a pruning file of %d tables, %d bytes of distances\n", path, len(pf.Tables), pf.Bytes())
	fmt.Fprintf(w, "definition: %s (%s, %s), ID %x, checked against each table\n", pf.Puzzle.Def.File, pf.Puzzle.Metric, moves, pf.ID[:8])
	for k, t := range pf.Tables {
		lv := t.Levels()
		if _, err := lv.CheckCounts(); err != nil {
			return &table.Error{Table: fmt.Sprintf("%s (table %d)", path, k+1), Err: table.ErrCorrupt, Detail: err.Error()}
		}
		reach := fmt.Sprintf("at most %d moves from the goal", lv.MaxDistance())
		if b := t.Beyond(); b > 0 {
			seen := uint64(0)
			for _, c := range lv.Counts {
				seen += c
			}
			reach = fmt.Sprintf("exact to %d moves from the goal, the %d farther read as %d (truncated)", b-1, lv.Entries-seen, b)
		}
		fmt.Fprintf(w, "table %d: %s: %d entries, %s; all %d blocks checked and decoded, and the counts at every distance\n",
			k+1, t.Projection.Describe(pf.Puzzle.Def), lv.Entries, reach, len(lv.Blocks))
	}
	return nil
}
