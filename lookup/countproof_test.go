package lookup

import (
	"testing"

	"github.com/godtable/godtable/internal/proof"
	"github.com/godtable/godtable/internal/walk"
)

// provedTables are every table with the steps its walker answers in.
func provedTables(t *testing.T) map[string]*walk.Walker {
	out := map[string]*walk.Walker{}
	for name, lw := range map[string]*lazyWalker{
		"pocket-htm": &pocketWalkers[HTM],
		"pocket-qtm": &pocketWalkers[QTM],
		"rotgrid":    &rotGridWalker,
	} {
		w, err := lw.get()
		if err != nil {
			t.Fatal(name, err)
		}
		out[name] = w
	}
	return out
}

// Count equals the dynamic program's count on every state of every table,
// in every metric, and the table's distances are the search's.
func TestCountEveryState(t *testing.T) {
	for name, w := range provedTables(t) {
		t.Run(name, func(t *testing.T) {
			if err := proof.EveryCount(w, proof.CountOptimal(w.Def(), w.Steps())); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// All, on a random sample of every table (and on every state of the small
// ones), lists exactly Count distinct solutions, each legal, each reaching
// the goal, each of the optimal length; a limit cuts the list, not the
// count, and the list is in step order.
func TestAllSample(t *testing.T) {
	for name, w := range provedTables(t) {
		t.Run(name, func(t *testing.T) {
			if err := proof.AllSample(w, proof.CountOptimal(w.Def(), w.Steps()), 20000); err != nil {
				t.Fatal(err)
			}
		})
	}
}
