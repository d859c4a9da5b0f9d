package prune

import (
	"io"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// BuildBudget, ChooseWithin and Cost are buildBudget, chooseWithin and
// the cost Choose counts for a projection, for the tests.
var (
	BuildBudget  = buildBudget
	ChooseWithin = chooseWithin
)

func Cost(p *ksolve.Puzzle, pr Projection, n uint64) uint64 {
	c := chooser{p: p}
	return c.cost(pr, n)
}

// WriteFormat2 writes f in format 2, which holds no flags: its tables
// read as whole.
func WriteFormat2(f *File, w io.Writer) (int64, error) { return f.write(w, wholeMagic) }

// Enough is the rule a table's search ends by where Build is given none.
func Enough(gens int) func(counts []uint64, unseen uint64) bool { return enough(gens) }
