package app

// The command's tests answer every puzzle.
import _ "github.com/godtable/godtable/internal/app/all"
