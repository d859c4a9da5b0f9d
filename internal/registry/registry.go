// Package registry lists the table definitions of every table puzzle. The
// generator builds one table per entry; lookup opens them by name.
package registry

import (
	"github.com/godtable/godtable/internal/msquare"
	"github.com/godtable/godtable/internal/pocket"
	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/pyraminx"
	"github.com/godtable/godtable/internal/rotgame"
	"github.com/godtable/godtable/internal/rotgrid"
)

// Defs returns every table definition, in a fixed order.
func Defs() []*puzzle.Def {
	htm, qtm := pocket.Defs()
	return []*puzzle.Def{htm, qtm, msquare.Def(), rotgame.Def(), rotgrid.Def(), pyraminx.Def()}
}

// Def returns the definition of the named table, or nil.
func Def(name string) *puzzle.Def {
	for _, d := range Defs() {
		if d.Name == name {
			return d
		}
	}
	return nil
}
