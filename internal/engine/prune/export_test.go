package prune

import "github.com/godtable/godtable/internal/model/ksolve"

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
