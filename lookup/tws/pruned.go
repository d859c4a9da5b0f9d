package tws

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/godtable/godtable/internal/engine/ida"
	"github.com/godtable/godtable/internal/engine/prune"
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/internal/model/notation"
	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/lookup"
)

// Pruned is a definition with pruning tables: exact tables of projections
// of its puzzle (some of its sets, some of their pieces, with or without
// their orientations), each a lower bound of every state's distance, which
// guide a search for optimal solutions where no complete table fits. It
// is safe for concurrent use.
type Pruned struct {
	f        *prune.File
	s        *ida.Searcher
	scr, sol *notation.Vocabulary
	name     string
}

// IsPruned reports whether data starts as a pruning file does.
func IsPruned(data []byte) bool { return prune.IsFile(data) }

// Bounded is the answer of a search stopped by its depth limit or its
// time: no solution of Depth moves or fewer exists.
type Bounded struct {
	// Depth is the depth proven: no solution of Depth moves or fewer
	// exists (-1 when not even the start was judged).
	Depth int
	// Cause is why the search stopped: nil at the depth limit, else the
	// timeout's or the context's error.
	Cause error
}

func (e *Bounded) Error() string {
	if e.Depth < 0 {
		return "no solution found (the search stopped before it judged any depth)"
	}
	return fmt.Sprintf("no solution of %d moves or fewer", e.Depth)
}

func (e *Bounded) Unwrap() error { return e.Cause }

// bounded is err, a search's stop as a *Bounded.
func bounded(err error) error {
	var b *ida.Bounded
	if errors.As(err, &b) {
		return &Bounded{Depth: b.Depth, Cause: b.Cause}
	}
	return err
}

// ErrTooSmall: a pruning size that holds no table worth a search.
var ErrTooSmall = prune.ErrTooSmall

// SearchOptions tune a pruned search.
type SearchOptions struct {
	// Workers is the number of goroutines (0: one a core); the answers are
	// the same on any number.
	Workers int
	// MaxDepth, when >= 0, is the largest cost searched: a state with no
	// solution within it is answered with a *Bounded. < 0: no limit.
	MaxDepth int
	// Timeout, when > 0, stops a search after that long with a *Bounded.
	Timeout time.Duration
	// Progress, if set, is told how a search goes about every ReportEvery.
	Progress    func(depth int, nodes uint64, elapsed time.Duration)
	ReportEvery time.Duration
}

// PruneReport is told of each table a pruned build makes, before it
// builds it: its number, how many, what it keeps and its entries.
type PruneReport func(k, n int, what string, entries uint64)

// BuildPruned chooses the projections whose tables fit size bytes together
// and builds them (opt's Metric, Moves, Workers and Progress are used).
func BuildPruned(ctx context.Context, def *Definition, opt BuildOptions, size uint64, report PruneReport) (*Pruned, error) {
	return BuildPrunedIn(ctx, def, opt, size, PruneOptions{Report: report})
}

// PruneOptions tune BuildPrunedIn.
type PruneOptions struct {
	// Report, if set, is told of each table before it is built.
	Report PruneReport
	// Work, if set, is a directory the build keeps its work in: each
	// table once built, and the checkpoints of the table under way (after
	// BuildOptions.CheckpointAfter, then as often as costs at most a
	// tenth of its time). A build run again on it takes the tables kept
	// there that are its own, and resumes the one under way. RemovePrunedWork
	// removes it.
	Work string
	// Kept, if set, is told of each table taken from Work rather than
	// built.
	Kept PruneReport
	// Resumed, if set, is told of each table whose build went on from its
	// checkpoint in Work: its number and the last distance it took there.
	Resumed func(k, distance int)
	// Fill builds the largest tables that fit the size, however long they
	// take; without it, the tables chosen are those whose build takes
	// seconds, for a size past what the search gains from.
	Fill bool
}

// BuildPrunedIn is BuildPruned with a work directory to resume from.
func BuildPrunedIn(ctx context.Context, def *Definition, opt BuildOptions, size uint64, po PruneOptions) (*Pruned, error) {
	p, err := puzzleOf(def, opt)
	if err != nil {
		return nil, err
	}
	bo := prune.BuildOptions{Report: po.Report, Work: po.Work, Kept: po.Kept, Resumed: po.Resumed, Fill: po.Fill}
	bo.Workers, bo.Progress, bo.ReportEvery = opt.Workers, reportTo(opt.Progress), opt.ReportEvery
	bo.CheckpointAfter = opt.CheckpointAfter
	f, err := prune.BuildFile(ctx, p, size, bo)
	if err != nil {
		return nil, err
	}
	return newPruned(f)
}

// RemovePrunedWork removes what a pruned build kept in its work directory dir
// (PruneOptions.Work), and dir once nothing else is in it.
func RemovePrunedWork(dir string) error { return prune.RemoveWork(dir) }

// OpenPrunedAt reads a pruning file of size bytes from r; file names it in
// errors, which are *TableError for a damaged file or one whose parts do
// not belong together.
func OpenPrunedAt(file string, r io.ReaderAt, size int64) (*Pruned, error) {
	return OpenPruned(file, r, size, OpenOptions{})
}

// OpenPruned is OpenPrunedAt with options, as Open takes them. The
// tables are read where they lie (an *os.File mapped to memory where the
// system allows; any other reader read whole), with nothing to decode.
// OpenPrunedAt checks every block at the opening; InPlace checks each
// block the first time a search reads it, so that an answer reads only the
// pages it needs: a block found damaged then fails each answer whose
// search reads it, and no other, with a *TableError naming the file, the
// block and its offset (a search that could not read a level gives no
// answer rather than one that level might have changed). CacheBlocks is
// not read: the system's cache of the file's pages is the cache.
func OpenPruned(file string, r io.ReaderAt, size int64, opt OpenOptions) (*Pruned, error) {
	var f *prune.File
	var err error
	if opt.InPlace {
		f, err = prune.OpenInPlace(file, r, size)
	} else {
		f, err = prune.OpenAt(file, r, size)
	}
	if err != nil {
		return nil, err
	}
	return newPruned(f)
}

// BlocksRead is how many blocks of the tables the file's answers have
// read and checked since it was opened in place (0 when every block was
// checked at the opening).
func (pz *Pruned) BlocksRead() int {
	n := 0
	for _, t := range pz.f.Tables {
		n += t.Levels().BlocksRead()
	}
	return n
}

func newPruned(f *prune.File) (*Pruned, error) {
	s, err := ida.New(f.Puzzle, f.Tables)
	if err != nil {
		return nil, err
	}
	scr, sol := vocabularies(f.Puzzle)
	return &Pruned{f: f, s: s, scr: scr, sol: sol, name: f.Puzzle.Def.Name}, nil
}

// WriteTo writes the pruning file: the definition and its tables.
func (pz *Pruned) WriteTo(w io.Writer) (int64, error) { return pz.f.WriteTo(w) }

// Name is the definition's Name.
func (pz *Pruned) Name() string { return pz.name }

// Metric is "htm" or "qtm".
func (pz *Pruned) Metric() string { return pz.f.Puzzle.Metric.String() }

// Moves are the moves answers are written in, in the definition's order.
func (pz *Pruned) Moves() []string { return moveNames(pz.f.Puzzle) }

// MovesFor is Puzzle.MovesFor: the moves a restriction comes to.
func (pz *Pruned) MovesFor(moves string) ([]string, error) { return movesFor(pz.f.Puzzle, moves) }

// Sets are the names of the definition's sets.
func (pz *Pruned) Sets() []string { return setNames(pz.f.Puzzle.Def) }

// Tables describe the pruning tables: what each keeps of the puzzle.
func (pz *Pruned) Tables() []string {
	var out []string
	for _, t := range pz.f.Tables {
		out = append(out, t.Projection.Describe(pz.f.Puzzle.Def))
	}
	return out
}

// Bytes is the size of the tables' distances, two bits an entry.
func (pz *Pruned) Bytes() uint64 { return pz.f.Bytes() }

// Looks is how many lower bounds the search reads a state: each table's
// at the state, and, where the definition gives symmetries, some at the
// state's conjugates, which tell other pieces.
func (pz *Pruned) Looks() int { return pz.s.Looks() }

// TableEntries are the tables' sizes, in entries (two bits each).
func (pz *Pruned) TableEntries() []uint64 {
	var out []uint64
	for _, t := range pz.f.Tables {
		out = append(out, t.Index().Size())
	}
	return out
}

// PrunedPosition is a position of a pruned puzzle.
type PrunedPosition struct {
	pz *Pruned
	s  ksolve.State
}

// Solved returns the solved position.
func (pz *Pruned) Solved() PrunedPosition {
	return PrunedPosition{pz, pz.f.Puzzle.Def.Solved.Clone()}
}

// ParseState reads a position as Puzzle.ParseState does.
func (pz *Pruned) ParseState(text string) (PrunedPosition, error) {
	s, err := pz.f.Puzzle.Def.ParseState(text)
	if err != nil {
		return PrunedPosition{}, err
	}
	return PrunedPosition{pz, s}, nil
}

// ParseMoves returns the position a move sequence makes from the solved
// state, read as Puzzle.ParseMoves reads it.
func (pz *Pruned) ParseMoves(seq string) (PrunedPosition, error) {
	return pz.Solved().Moved(seq)
}

// Moved returns the position after a move sequence, read as ParseMoves
// reads it.
func (p PrunedPosition) Moved(seq string) (PrunedPosition, error) {
	s, err := moved(p.pz.f.Puzzle.Def, p.pz.scr, p.s, seq)
	if err != nil {
		return PrunedPosition{}, err
	}
	return PrunedPosition{p.pz, s}, nil
}

// Line writes the position on one line, as ParseState reads it.
func (p PrunedPosition) Line() string { return p.pz.f.Puzzle.Def.FormatLine(p.s) }

// String writes the position as a state block.
func (p PrunedPosition) String() string { return p.pz.f.Puzzle.Def.FormatState(p.s) }

// IsSolved reports whether the position is the solved state.
func (p PrunedPosition) IsSolved() bool { return string(p.s) == string(p.pz.f.Puzzle.Def.Solved) }

// search runs f with o's context and options.
func (p PrunedPosition) search(o SearchOptions, f func(context.Context, ida.Options) error) error {
	ctx := context.Background()
	if o.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, o.Timeout, errors.New("out of time"))
		defer cancel()
	}
	so := ida.Options{Workers: o.Workers, MaxDepth: o.MaxDepth, ReportEvery: o.ReportEvery}
	if o.Progress != nil {
		so.Progress = func(pr ida.Progress) { o.Progress(pr.Depth, pr.Nodes, pr.Elapsed) }
	}
	return bounded(f(ctx, so))
}

// Solve returns the first optimal solution in the definition's move order
// (the one a complete table's walk gives); a *Bounded when the search
// stops first; ErrUnreachable for a position the moves cannot solve.
func (p PrunedPosition) Solve(o SearchOptions) (sol lookup.Solution, err error) {
	err = p.search(o, func(ctx context.Context, so ida.Options) error {
		sol, err = p.pz.s.Solve(ctx, p.s, so)
		return err
	})
	return sol, err
}

// Count returns the number of optimal solutions.
func (p PrunedPosition) Count(o SearchOptions) (n uint64, err error) {
	err = p.search(o, func(ctx context.Context, so ida.Options) error {
		n, err = p.pz.s.Count(ctx, p.s, so)
		return err
	})
	return n, err
}

// All returns the optimal solutions in move order, at most limit (all when
// limit <= 0); truncated says there were more.
func (p PrunedPosition) All(limit int, o SearchOptions) (sols []lookup.Solution, truncated bool, err error) {
	err = p.search(o, func(ctx context.Context, so ida.Options) error {
		sols, truncated, err = p.pz.s.All(ctx, p.s, limit, so)
		return err
	})
	return sols, truncated, err
}

// LowerBound is the tables' bound of the position's distance.
func (p PrunedPosition) LowerBound() (int, error) { return p.pz.s.LowerBound(p.s) }

// Verify checks a proposed solution: legal when it solves the position,
// optimal when no solution one move cheaper exists, which a search to that
// depth proves (it stops at the proposal's cost, so a legal proposal is
// judged in the time an optimal solution takes to find).
func (p PrunedPosition) Verify(solution string, o SearchOptions) (lookup.Verdict, error) {
	var v lookup.Verdict
	moves, err := p.pz.sol.Parse(solution, nil)
	if err != nil {
		v.Problem = err.Error()
	}
	pz := p.pz.f.Puzzle
	def := pz.Def
	s := p.s.Clone()
	tmp := make(ksolve.State, len(s))
	for k, m := range moves {
		v.Length += pz.Cost[m]
		tmp = def.Apply(tmp, s, pz.Moves[m].Perm)
		s, tmp = tmp, s
		if err := illegalAfter(def, s, k, pz.Moves[m].Name); err != nil && v.Problem == "" {
			v.Problem = err.Error()
		}
	}
	switch {
	case v.Problem != "":
		v.Length = 0
	case string(s) != string(def.Solved):
		v.Problem = "does not solve the puzzle"
	default:
		v.Legal = true
		if o.MaxDepth < 0 || o.MaxDepth > v.Length {
			o.MaxDepth = v.Length
		}
	}
	sol, err := p.Solve(o)
	if err != nil {
		return v, err
	}
	v.Optimal = answer.Solution(sol).Cost()
	return v, nil
}
