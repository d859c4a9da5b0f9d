// Package all imports every puzzle's command package, so that each
// registers itself with internal/app/cli: the puzzles of the godtable command
// and its server (cmd/godtable, cmd/godtable-serve), of the static page and
// of the command's tests. A program that answers fewer imports those
// puzzles' packages alone.
package all

import (
	_ "github.com/godtable/godtable/internal/app/msquarecli"
	_ "github.com/godtable/godtable/internal/app/pocketcli"
	_ "github.com/godtable/godtable/internal/app/pyraminxcli"
	_ "github.com/godtable/godtable/internal/app/rotgamecli"
	_ "github.com/godtable/godtable/internal/app/rotgridcli"
	_ "github.com/godtable/godtable/internal/app/viewscli"
)
