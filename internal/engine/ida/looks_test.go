package ida_test

import (
	"path/filepath"
	"testing"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/engine/ida"
	"github.com/godtable/godtable/internal/engine/prune"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// symmetric are samples whose definitions give symmetries, and whether
// conjugates are looked at and raise the bound of some state: the colours'
// cube's conjugates tell what its tables tell (a conjugate of the pieces of
// one colour is the pieces of another), so none is taken.
var symmetric = []struct {
	sample
	conjugates bool
}{
	{sample{"../../../lookup/tws/testdata/cube2_unoriented.tws", "htm", "", 0}, true},
	{sample{"../../../lookup/tws/testdata/cube2_unoriented.tws", "qtm", "", 0}, true},
	{sample{"../../../lookup/tws/testdata/cube2_colours.tws", "htm", "", 0}, false},
	{sample{"../../../internal/model/ksolve/testdata/cube2.tws", "htm", "", 20000}, true},
	{sample{"../../../internal/model/ksolve/testdata/cube2.tws", "htm", "U,R,F", 20000}, true},
}

// The looks at a state's conjugates are lower bounds of its distance: the
// largest of all looks is never above the complete table's distance, on
// every state of the small samples (states 0) and on random ones and the
// farthest of the others; and they pay: with them, the bound is above the
// tables' own on some states, and never below it. A conjugate that tells
// what a table tells is not looked at.
func TestLooksAdmissible(t *testing.T) {
	for _, sm := range symmetric {
		t.Run(filepath.Base(sm.path)+"/"+sm.metric+"/"+sm.moves, func(t *testing.T) {
			p := puzzleOf(t, sm.path, sm.metric, sm.moves)
			if len(p.Symmetries()) < 2 {
				t.Fatal("the sample has no symmetries")
			}
			full := completeOf(t, p)
			n := full.Index.Size()
			var probe []ksolve.State
			if sm.states == 0 {
				for i := range n {
					if st := full.Index.State(i); reached(full, st) {
						probe = append(probe, st)
					}
				}
			} else {
				probe = probeStates(t, full, 3, sm.states, 50)
			}
			for _, size := range []uint64{n / 16, n / 256} {
				if _, err := prune.Choose(p, size); err != nil {
					t.Logf("size %d: %v", size, err)
					continue
				}
				tables := tablesOf(t, p, size)
				s, err := ida.New(p, tables)
				if err != nil {
					t.Fatal(err)
				}
				ida.SetLooksPerTable(t, 1)
				own, err := ida.New(p, tables)
				if err != nil {
					t.Fatal(err)
				}
				ida.SetLooksPerTable(t, 4)
				if sm.conjugates != (s.Looks() > own.Looks()) {
					t.Fatalf("size %d: %d looks with conjugates, %d without", size, s.Looks(), own.Looks())
				}
				above := 0
				for _, st := range probe {
					d, err := full.Distance(st)
					if err != nil {
						t.Fatal(err)
					}
					b, err := s.LowerBound(st)
					if err != nil {
						t.Fatal(err)
					}
					b0, err := own.LowerBound(st)
					if err != nil {
						t.Fatal(err)
					}
					if b > d || b < b0 {
						t.Fatalf("size %d: bound %d with conjugates, %d without, distance %d:\n%s", size, b, b0, d, p.Def.FormatLine(st))
					}
					if b > b0 {
						above++
					}
				}
				t.Logf("size %d: %d looks (%d without conjugates); the bound is higher on %d of %d states", size, s.Looks(), own.Looks(), above, len(probe))
				if sm.conjugates && above == 0 {
					t.Fatalf("size %d: the conjugates' looks never raise the bound", size)
				}
			}
		})
	}
}

// reached says whether the complete table full reaches st.
func reached(full *deftable.Table, st ksolve.State) bool {
	_, err := full.Distance(st)
	return err == nil
}
