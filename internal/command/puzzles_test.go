package command

// The command's tests answer every puzzle.
import _ "github.com/godtable/godtable/internal/command/all"
