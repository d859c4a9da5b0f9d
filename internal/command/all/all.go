// Package all imports every puzzle's command package, so that each
// registers itself with internal/cli: the puzzles of the godtable command
// and its server (cmd/godtable, cmd/godtable-serve), of the static page and
// of the command's tests. A program that answers fewer imports those
// puzzles' packages alone.
package all

import (
	_ "github.com/godtable/godtable/internal/command/msquarecli"
	_ "github.com/godtable/godtable/internal/command/pocketcli"
	_ "github.com/godtable/godtable/internal/command/pyraminxcli"
	_ "github.com/godtable/godtable/internal/command/rotgamecli"
	_ "github.com/godtable/godtable/internal/command/rotgridcli"
	_ "github.com/godtable/godtable/internal/command/viewscli"
)
