package prune_test

import (
	"testing"

	"github.com/godtable/godtable/internal/engine/prune"
)

// Choose keeps the builds of the tables it takes within the budget, at
// every size: the costs of its choice add up to no more than the budget.
// The budget is what leaves a table out: the 3x3x3's corners, whole,
// cost more than its budget at 128M, and are taken with a budget of
// their cost; and each table of a choice without the budget still fits
// the size.
func TestChooseWithinBuildBudget(t *testing.T) {
	for _, path := range []string{"../../model/ksolve/testdata/3x3x3.tws", "../../../lookup/tws/testdata/pyraminx.tws", "../../model/ksolve/testdata/cube2.tws"} {
		p := puzzleOf(t, path, "htm", "")
		for _, size := range []uint64{1 << 12, 1 << 16, 1 << 20, 128 << 20} {
			prs, err := prune.Choose(p, size)
			if err != nil {
				continue
			}
			spent, bytes := uint64(0), uint64(0)
			for _, pr := range prs {
				n, err := prune.Entries(p, pr)
				if err != nil {
					t.Fatal(err)
				}
				spent += prune.Cost(p, pr, n)
				bytes += (n + 3) / 4
			}
			if spent > prune.BuildBudget(p) || bytes > size {
				t.Fatalf("%s at %d bytes: builds of cost %d (budget %d), %d bytes of tables", path, size, spent, prune.BuildBudget(p), bytes)
			}
		}
	}
	p := puzzleOf(t, "../../model/ksolve/testdata/3x3x3.tws", "htm", "")
	corners := prune.Empty(p.Def)
	for k, s := range p.Def.Sets {
		if s.Name == "CORNERS" {
			corners[k] = prune.Whole(p.Def)[k]
		}
	}
	n, err := prune.Entries(p, corners)
	if err != nil {
		t.Fatal(err)
	}
	if n <= prune.BuildBudget(p) {
		t.Fatalf("the corners' %d entries are within the budget, %d: the test needs them past it", n, prune.BuildBudget(p))
	}
	has := func(prs []prune.Projection) bool {
		for _, pr := range prs {
			if pr.String() == corners.String() {
				return true
			}
		}
		return false
	}
	within, err := prune.Choose(p, 128<<20)
	if err != nil {
		t.Fatal(err)
	}
	lifted, err := prune.ChooseWithin(p, 128<<20, n)
	if err != nil {
		t.Fatal(err)
	}
	if has(within) || !has(lifted) {
		t.Fatalf("corners whole taken within the budget: %v; with a budget of their cost: %v", has(within), has(lifted))
	}
}

// ChooseFilled lifts the budget and nothing else: its tables fit the size,
// it takes the 3x3x3's whole corners at 128M, which the budget leaves out,
// and its tables hold at least as many entries as Choose's.
func TestChooseFilled(t *testing.T) {
	p := puzzleOf(t, "../../model/ksolve/testdata/3x3x3.tws", "htm", "")
	const size = 128 << 20
	entries := func(prs []prune.Projection) (n uint64, corners bool) {
		for _, pr := range prs {
			e, err := prune.Entries(p, pr)
			if err != nil {
				t.Fatal(err)
			}
			n += e
			corners = corners || pr.Describe(p.Def) == "CORNERS"
		}
		return n, corners
	}
	within, err := prune.Choose(p, size)
	if err != nil {
		t.Fatal(err)
	}
	filled, err := prune.ChooseFilled(p, size)
	if err != nil {
		t.Fatal(err)
	}
	nw, cw := entries(within)
	nf, cf := entries(filled)
	if (nf+3)/4 > size || nf < nw || cw || !cf {
		t.Fatalf("filled: %d entries, corners whole %v; within the budget: %d entries, corners whole %v", nf, cf, nw, cw)
	}
}
