// Package registry lists the puzzles. The generator builds the tables of
// each one's definitions and writes them, with the Go file that embeds them,
// into the puzzle's own directory under tables/ (so that a program links
// only the tables of the puzzles it imports); the godtable command answers
// each one; the generic tests range over them.
//
// Adding a puzzle is its packages (its model with its definitions, its
// public package under lookup/, its command package) and one line here.
// The generator is built with the gentables build tag, under which the
// public packages do not import their tables: so it builds, and makes a new
// puzzle's tables package, before that package exists.
package registry

import (
	"github.com/godtable/godtable/internal/cli"
	"github.com/godtable/godtable/internal/msquare/msquarecli"
	"github.com/godtable/godtable/internal/pocket/pocketcli"
	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/pyraminx/pyraminxcli"
	"github.com/godtable/godtable/internal/rotgame/rotgamecli"
	"github.com/godtable/godtable/internal/rotgrid/rotgridcli"
	"github.com/godtable/godtable/internal/views/viewscli"
)

// Puzzle is one puzzle: how the command runs it, and its tables.
type Puzzle interface {
	cli.Puzzle
	// Defs returns the definitions of its tables, in a fixed order; none
	// for a puzzle solved by search. The puzzle's name is the directory
	// (and Go package) under tables/ that embeds them.
	Defs() []*puzzle.Def
}

// Puzzles returns every puzzle, in a fixed order (the web page's menu's).
func Puzzles() []Puzzle {
	return []Puzzle{
		pocketcli.Puzzle{},
		pyraminxcli.Puzzle{},
		msquarecli.Puzzle{},
		rotgamecli.Puzzle{},
		rotgridcli.Puzzle{},
		viewscli.Puzzle{},
	}
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

// PageScript returns the web page's puzzles.js for the registered puzzles
// (see cli.PageScript): what the command serves and the static page holds.
func PageScript() []byte {
	var ps []cli.Puzzle
	for _, p := range Puzzles() {
		ps = append(ps, p)
	}
	return cli.PageScript(ps)
}
