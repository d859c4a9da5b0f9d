package pocket

import (
	"testing"

	"github.com/godtable/godtable/internal/proof"
)

// In both metrics, on every one of the 3,674,160 positions, the walk's
// distance is a fresh breadth-first search's and Count is a dynamic
// program's that shares no code with it (the quarter-turn metric's half
// turns weigh 2 there too); All on a large sample lists exactly those
// solutions, each legal and optimal, and a limit cuts the list, not the
// count.
func TestCountEveryState(t *testing.T) {
	for _, m := range metrics {
		t.Run(m.String(), func(t *testing.T) {
			w, err := tables[m].Walker()
			if err != nil {
				t.Fatal(err)
			}
			if err := proof.Table(w); err != nil {
				t.Fatal(err)
			}
		})
	}
}
