//go:build !js

package app

import (
	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/app/cube3cli"
	"github.com/godtable/godtable/internal/app/defcli"
	"github.com/godtable/godtable/internal/app/prunecli"
)

// runTableCommand runs the commands that make and check table files (gen,
// check, task), and says whether args named one. They are the command's
// alone: the page built to WebAssembly links none of the search.
func runTableCommand(e *env, args []string) (int, bool) {
	switch args[0] {
	case "gen":
		return runGen(e, args[1:]), true
	case "check":
		return runCheck(e, args[1:]), true
	case "task":
		return runTask(e, args[1:]), true
	}
	return 0, false
}

// definitionPuzzle is the puzzle of a table file, a pruning file or a
// definition named by its path, and whether arg is such a path.
func definitionPuzzle(arg string) (cli.Puzzle, bool) {
	switch {
	case cube3cli.IsTableFile(arg):
		return cube3cli.FromFile(arg), true
	case prunecli.Is(arg):
		return prunecli.New(arg), true
	case defcli.IsPath(arg):
		return defcli.New(arg), true
	}
	return nil, false
}
