package command

import (
	"github.com/godtable/godtable/internal/cli"
	"github.com/godtable/godtable/internal/registry"
)

// puzzle is one puzzle as the command runs it; each puzzle's package
// answers it (see internal/cli).
type puzzle = cli.Puzzle

// options are the flags of every command; each command and puzzle registers
// only the ones it supports, so any other is a usage error.
type options = cli.Options

// answer is one input's answer: its text form and its JSON fields.
type answer = cli.Answer

// puzzles are the registered puzzles.
var puzzles = func() []puzzle {
	var ps []puzzle
	for _, p := range registry.Puzzles() {
		ps = append(ps, p)
	}
	return ps
}()
