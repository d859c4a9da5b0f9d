package prune

import (
	"context"
	"fmt"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// Table is the exact distance table of one projection: a lower bound of
// the distance of every state of the whole puzzle.
type Table struct {
	Projection Projection
	Projector  *Projector
	// Puzzle is the projection's definition with the whole puzzle's metric
	// and moves (the same moves, in the same order).
	Puzzle *ksolve.Puzzle
	// Exact is its table, over its index.
	Exact *deftable.Table
}

// Index numbers the projection's states.
func (t *Table) Index() *permindex.Index { return t.Exact.Index }

// Levels are the table's distances mod 3.
func (t *Table) Levels() *table.Levels { return t.Exact.Levels() }

// Bytes is the size of the table's distances, two bits an index.
func (t *Table) Bytes() uint64 { return packedBytes(t.Exact.Index.Size()) }

func packedBytes(entries uint64) uint64 { return (entries + 3) / 4 }

// Beyond is the distance an entry the table holds no distance for reads
// as: one past its largest where its search was truncated (Build), each
// such entry being farther or unreachable; 0 where the search reached
// every state, and such an entry is unreachable.
func (t *Table) Beyond() int {
	if !t.Exact.Truncated {
		return 0
	}
	return t.Levels().MaxDistance() + 1
}

// Distance is the projection's distance of s, a state of the whole
// puzzle, or Beyond where the table holds none: a lower bound of s's;
// ErrUnreachable when the projection of s cannot be solved, and then
// neither can s.
func (t *Table) Distance(s ksolve.State) (int, error) {
	ps := t.Projector.Project(nil, s)
	if b := t.Beyond(); b > 0 {
		lv := t.Levels().Checked()
		if i, ok := t.Index().Index(ps); ok && !lv.ReachableLevel(lv.At(i)) {
			// A damaged block reads as no distance too: it fails.
			if err := lv.Err(); err != nil {
				return 0, err
			}
			if in, decided := t.Puzzle.Contains(ps); decided && !in {
				return 0, deftable.ErrUnreachable
			}
			return b, nil
		}
	}
	return t.Exact.Distance(ps)
}

// projected returns the projection's puzzle of p under pr.
func projected(p *ksolve.Puzzle, pr Projection) (*Projector, *ksolve.Puzzle, error) {
	pj, err := Project(p.Def, pr)
	if err != nil {
		return nil, nil, err
	}
	pp, err := ksolve.NewPuzzle(pj.Def, p.Metric, p.Restrict)
	if err != nil {
		return nil, nil, err
	}
	return pj, pp, nil
}

// Entries is the size of the index of p's projection pr: its table's
// entries.
func Entries(p *ksolve.Puzzle, pr Projection) (uint64, error) {
	_, pp, err := projected(p, pr)
	if err != nil {
		return 0, err
	}
	size, _, err := permindex.Plan(pp)
	return size, err
}

// moveTableBytes is the memory the move tables of the index of p's
// projection pr take.
func moveTableBytes(p *ksolve.Puzzle, pr Projection) (uint64, error) {
	_, pp, err := projected(p, pr)
	if err != nil {
		return 0, err
	}
	_, tables, err := permindex.Plan(pp)
	return tables, err
}

// Build builds the table of p's projection pr. Where the table may be
// truncated (see enough), its search ends by opt.Enough where that is set
// and by enough's rule where it is not; elsewhere it reaches every state.
func Build(ctx context.Context, p *ksolve.Puzzle, pr Projection, opt deftable.BuildOptions) (*Table, error) {
	pj, pp, err := projected(p, pr)
	if err != nil {
		return nil, err
	}
	opt.NoSymmetry = true
	switch {
	case !truncatable(p, pp):
		opt.Enough = nil
	case opt.Enough == nil:
		opt.Enough = enough(len(pp.Gens))
	}
	t, err := deftable.Build(ctx, pp, opt)
	if err != nil {
		return nil, fmt.Errorf("the table of %s: %w", pr.Describe(p.Def), err)
	}
	return &Table{Projection: pr, Projector: pj, Puzzle: pp, Exact: t}, nil
}

// enough ends a table's search before a level that costs a pass of the
// generators over many states (truncateFrom moves or more) and would
// leave few farther: where the levels' growth, kept one level more, would
// reach every unseen index. The farthest states then read as one past the
// last level (Beyond), a bound one or two short of their distance, on a
// few percent of the entries; the level left out is the build's largest.
//
// A truncated table no longer tells an unreachable state from a far one
// (see truncatable).
func enough(gens int) func(counts []uint64, unseen uint64) bool {
	return func(counts []uint64, unseen uint64) bool {
		d := len(counts) - 1
		if d < 1 {
			return false
		}
		f, p := float64(counts[d]), float64(counts[d-1])
		if f*float64(gens) < truncateFrom {
			return false
		}
		return f >= p && f*f/p >= float64(unseen)
	}
}

// truncateFrom is the cost, in moves made, of the smallest level enough
// leaves out: a level of fewer costs too little to be worth its bound
// (docs/PRUNING.md, "The last levels, cut short").
const truncateFrom = 1 << 26

// truncatable says whether the table of p's projection pp may be
// truncated: whether an entry it holds no distance for is then known to
// be far, not unreachable, without it. Either every entry of its index
// is reachable (its group's order, exact, is the index's size: an index
// may hold entries no move reaches, see permindex), or the group of the
// moves tells the unreachable states (ksolve.Puzzle.Contains): the whole
// puzzle's, which a search asks before it reads the tables
// (internal/engine/ida), or the projection's own, which Distance asks. No
// table of a definition with Illegal lines is: states of the group may be
// unreachable there.
func truncatable(p, pp *ksolve.Puzzle) bool {
	if p.Def.HasIllegal() {
		return false
	}
	if p.Def.Distinct() || pp.Def.Distinct() {
		return true
	}
	size, _, err := permindex.Plan(pp)
	if err != nil {
		return false
	}
	n, exact := pp.Reachable()
	return exact && n.IsUint64() && n.Uint64() == size
}
