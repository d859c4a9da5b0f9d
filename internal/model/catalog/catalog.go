// Package catalog lists the puzzles and the definitions of their tables:
// the model-level list that the generator, the table files' layout and the
// generic tests range over. It names no command-line code and no public
// package, so the generator that makes the tables under tables/ links only
// the puzzles' models and builds whatever state tables/ is in.
//
// Adding a table puzzle is its model (with its definitions) and one line
// here; its public package under lookup/ and its command package, listed
// by internal/app/all, come on top.
package catalog

import (
	"github.com/godtable/godtable/internal/model/msquare"
	"github.com/godtable/godtable/internal/model/pocket"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/model/pyraminx"
	"github.com/godtable/godtable/internal/model/rotgame"
	"github.com/godtable/godtable/internal/model/rotgrid"
)

// Puzzle is one puzzle as the tables know it.
type Puzzle struct {
	// Name is the puzzle's name on the command line, and the directory
	// (and Go package) under tables/ that embeds its tables.
	Name string
	// Defs returns the definitions of its tables, in a fixed order; none
	// for a puzzle solved by search.
	Defs func() []*puzzle.Def
}

// Puzzles returns every puzzle, in a fixed order: the web page's menu's.
func Puzzles() []Puzzle {
	return []Puzzle{
		{"pocket", func() []*puzzle.Def { return []*puzzle.Def{pocket.HTM(), pocket.QTM()} }},
		// The 3x3x3 is solved by search, from a table built into the
		// user's cache on first use (internal/model/cube3).
		{"3x3x3", func() []*puzzle.Def { return nil }},
		{"pyraminx", func() []*puzzle.Def { return []*puzzle.Def{pyraminx.Def()} }},
		{"msquare", func() []*puzzle.Def { return []*puzzle.Def{msquare.Def()} }},
		{"rotgame", func() []*puzzle.Def { return []*puzzle.Def{rotgame.Def()} }},
		{"rotgrid", func() []*puzzle.Def { return []*puzzle.Def{rotgrid.Def()} }},
		{"views", func() []*puzzle.Def { return nil }},
	}
}

// Index returns the place of the named puzzle in Puzzles, or len(Puzzles())
// for a name it does not list.
func Index(name string) int {
	ps := Puzzles()
	for i, p := range ps {
		if p.Name == name {
			return i
		}
	}
	return len(ps)
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
