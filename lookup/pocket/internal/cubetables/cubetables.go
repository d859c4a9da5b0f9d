// Package cubetables holds the pocket cube's two tables, one per metric, and
// the steps their walks take: what lookup/pocket answers from. They sit in
// a package of their own so that each metric's every-state proof runs in a
// test binary of its own (the quarter-turn one here, the half-turn one in
// lookup/pocket), each within two minutes on a two-core machine.
package cubetables

import (
	"strings"
	"sync"

	"github.com/godtable/godtable/internal/engine/solver"
	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/pocket"
	embedded "github.com/godtable/godtable/tables/pocket"
)

// The metrics, as indices of Tables (lookup/pocket's HTM and QTM have these
// values).
const (
	HTM = 0 // the half-turn metric: every move counts 1
	QTM = 1 // the quarter-turn metric: a half turn counts 2
)

// Tables are the two metrics' tables. In the quarter-turn table two turns
// of one face in a row can both descend (R R is R2), so its walk enforces
// one turn per face; in the half-turn table they never both descend (R then
// R2 is R'), and its walk is faster without the rule. Both are read from
// the tables embedded in the binary (tables/pocket, made by go generate
// ./tables), on first use.
var Tables = [2]*solver.Table{
	HTM: solver.New(pocket.HTM, steps(HTM), false, " ", strings.NewReader(embedded.HTM)).WithShortcut(ownWalk(false)),
	QTM: solver.New(pocket.QTM, steps(QTM), true, " ", strings.NewReader(embedded.QTM)).WithShortcut(ownWalk(true)),
}

// ownWalk makes the pocket cube's own walk over a metric's table (qtm: the
// quarter-turn metric's), which the table walks through until it has its
// next-step table.
func ownWalk(qtm bool) func(*table.Levels) solver.Shortcut {
	return func(lv *table.Levels) solver.Shortcut { return pocket.NewWalk(qtm, lv) }
}

// steps lists the nine moves as steps of the metric's table: in HTM each is
// a table move; in QTM the table has only quarter turns, and a half turn is
// two of them, either way round.
func steps(m int) func() []walk.Step {
	return sync.OnceValue(func() []walk.Step {
		steps := make([]walk.Step, 9)
		for i, name := range pocket.MoveNames {
			mv := pocket.Move(i)
			steps[i] = walk.Step{Name: name, Group: mv.Face()}
			if m == HTM {
				steps[i].Paths = [][]int{{i}}
				continue
			}
			cw, ccw := 2*mv.Face(), 2*mv.Face()+1 // indices in pocket.QTMMoves
			switch i % 3 {
			case 0:
				steps[i].Paths = [][]int{{cw}}
			case 1:
				steps[i].Paths = [][]int{{ccw}}
			default:
				steps[i].Paths = [][]int{{cw, cw}, {ccw, ccw}}
			}
		}
		return steps
	})
}
