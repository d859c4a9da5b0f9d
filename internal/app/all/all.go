// Package all lists the built-in puzzles of the godtable command and its
// server, in the catalog's order (the web page's menu's): the command, the
// server, the static page and the command's tests answer these.
package all

import (
	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/app/cube3cli"
	"github.com/godtable/godtable/internal/app/msquarecli"
	"github.com/godtable/godtable/internal/app/pocketcli"
	"github.com/godtable/godtable/internal/app/pyraminxcli"
	"github.com/godtable/godtable/internal/app/rotgamecli"
	"github.com/godtable/godtable/internal/app/rotgridcli"
	"github.com/godtable/godtable/internal/app/viewscli"
)

// Puzzles returns the built-in puzzles, in the catalog's order.
func Puzzles() []cli.Puzzle {
	return []cli.Puzzle{
		pocketcli.Puzzle{},
		cube3cli.Puzzle{},
		pyraminxcli.Puzzle{},
		msquarecli.Puzzle{},
		rotgamecli.Puzzle{},
		rotgridcli.Puzzle{},
		viewscli.Puzzle{},
	}
}
