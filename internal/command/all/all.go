// Package all imports every puzzle's command package, so that each
// registers itself with internal/cli: for the tests and tools that range
// over every puzzle (the static page, the command's own tests). The
// programs list the puzzles they answer themselves (cmd/godtable,
// cmd/godtable-serve).
package all

import (
	_ "github.com/godtable/godtable/internal/command/msquarecli"
	_ "github.com/godtable/godtable/internal/command/pocketcli"
	_ "github.com/godtable/godtable/internal/command/pyraminxcli"
	_ "github.com/godtable/godtable/internal/command/rotgamecli"
	_ "github.com/godtable/godtable/internal/command/rotgridcli"
	_ "github.com/godtable/godtable/internal/command/viewscli"
)
