package prune

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
)

func loadPuzzle(t *testing.T, path string) *ksolve.Puzzle {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := ksolve.Parse(filepath.Base(path), src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Choose keeps the builds of the tables it takes within the budget, at
// every size: the costs of its choice add up to no more than the budget.
// The budget is what leaves a table out: the 3x3x3's corners, whole,
// cost more than its budget at 128M, and are taken with a budget of
// their cost; and each table of a choice without the budget still fits
// the size.
func TestChooseWithinBuildBudget(t *testing.T) {
	for _, path := range []string{"../../model/ksolve/testdata/3x3x3.tws", "../../../lookup/tws/testdata/pyraminx.tws", "../../model/ksolve/testdata/cube2.tws"} {
		p := loadPuzzle(t, path)
		for _, size := range []uint64{1 << 12, 1 << 16, 1 << 20, 128 << 20} {
			prs, err := Choose(p, size)
			if err != nil {
				continue
			}
			c := chooser{p: p}
			spent, bytes := uint64(0), uint64(0)
			for _, pr := range prs {
				n, err := Entries(p, pr)
				if err != nil {
					t.Fatal(err)
				}
				spent += c.cost(pr, n)
				bytes += packedBytes(n)
			}
			if spent > buildBudget(p) || bytes > size {
				t.Fatalf("%s at %d bytes: builds of cost %d (budget %d), %d bytes of tables", path, size, spent, buildBudget(p), bytes)
			}
		}
	}
	p := loadPuzzle(t, "../../model/ksolve/testdata/3x3x3.tws")
	corners := Empty(p.Def)
	for k, s := range p.Def.Sets {
		if s.Name == "CORNERS" || s.Name == "CORNER" {
			corners[k] = Whole(p.Def)[k]
		}
	}
	n, err := Entries(p, corners)
	if err != nil {
		t.Fatal(err)
	}
	if n <= buildBudget(p) {
		t.Fatalf("the corners' %d entries are within the budget, %d: the test needs them past it", n, buildBudget(p))
	}
	has := func(prs []Projection) bool {
		for _, pr := range prs {
			if pr.String() == corners.String() {
				return true
			}
		}
		return false
	}
	within, err := Choose(p, 128<<20)
	if err != nil {
		t.Fatal(err)
	}
	lifted, err := chooseWithin(p, 128<<20, n)
	if err != nil {
		t.Fatal(err)
	}
	if has(within) || !has(lifted) {
		t.Fatalf("corners whole taken within the budget: %v; with a budget of their cost: %v", has(within), has(lifted))
	}
}
