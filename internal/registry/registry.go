// Package registry lists the table puzzles: for each, the definitions of its
// tables. The generator builds one table per definition and writes each
// puzzle's tables, with the Go file that embeds them, into its own directory
// under tables/, so that a program links only the tables of the puzzles it
// imports.
//
// Adding a table puzzle is one line here.
package registry

import (
	"github.com/godtable/godtable/internal/msquare"
	"github.com/godtable/godtable/internal/pocket"
	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/pyraminx"
	"github.com/godtable/godtable/internal/rotgame"
	"github.com/godtable/godtable/internal/rotgrid"
)

// Puzzle is one puzzle's tables.
type Puzzle struct {
	// Name is the puzzle's name, and the directory (and Go package) under
	// tables/ that embeds its tables.
	Name string
	// Defs returns the definitions of its tables, in a fixed order.
	Defs func() []*puzzle.Def
}

// Puzzles returns every table puzzle, in a fixed order.
func Puzzles() []Puzzle {
	return []Puzzle{
		{"pocket", func() []*puzzle.Def { htm, qtm := pocket.Defs(); return []*puzzle.Def{htm, qtm} }},
		{"msquare", one(msquare.Def)},
		{"rotgame", one(rotgame.Def)},
		{"rotgrid", one(rotgrid.Def)},
		{"pyraminx", one(pyraminx.Def)},
	}
}

func one(def func() *puzzle.Def) func() []*puzzle.Def {
	return func() []*puzzle.Def { return []*puzzle.Def{def()} }
}

// Defs returns every table definition, puzzle by puzzle.
func Defs() []*puzzle.Def {
	var defs []*puzzle.Def
	for _, p := range Puzzles() {
		defs = append(defs, p.Defs()...)
	}
	return defs
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
