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

// Distance is the projection's distance of s, a state of the whole
// puzzle: a lower bound of s's; ErrUnreachable when the projection of s
// cannot be solved, and then neither can s.
func (t *Table) Distance(s ksolve.State) (int, error) {
	return t.Exact.Distance(t.Projector.Project(nil, s))
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

// Build builds the table of p's projection pr.
func Build(ctx context.Context, p *ksolve.Puzzle, pr Projection, opt deftable.BuildOptions) (*Table, error) {
	pj, pp, err := projected(p, pr)
	if err != nil {
		return nil, err
	}
	opt.NoSymmetry = true
	t, err := deftable.Build(ctx, pp, opt)
	if err != nil {
		return nil, fmt.Errorf("the table of %s: %w", pr.Describe(p.Def), err)
	}
	return &Table{Projection: pr, Projector: pj, Puzzle: pp, Exact: t}, nil
}
