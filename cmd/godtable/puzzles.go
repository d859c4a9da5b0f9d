package main

// The puzzles this program answers: each puzzle's command package registers
// itself with internal/cli when imported, as image/png registers its format
// with image, and internal/command/all imports every one.
import _ "github.com/godtable/godtable/internal/command/all"
