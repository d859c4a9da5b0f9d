package main

// The puzzles this program answers: each command package registers its
// puzzle with internal/cli when imported, as image/png registers its
// format with image.
import (
	_ "github.com/godtable/godtable/internal/command/msquarecli"
	_ "github.com/godtable/godtable/internal/command/pocketcli"
	_ "github.com/godtable/godtable/internal/command/pyraminxcli"
	_ "github.com/godtable/godtable/internal/command/rotgamecli"
	_ "github.com/godtable/godtable/internal/command/rotgridcli"
	_ "github.com/godtable/godtable/internal/command/viewscli"
)
