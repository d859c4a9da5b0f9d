package main

// The puzzles this program answers: each puzzle's command package registers
// itself with internal/app/cli when imported, as image/png registers its format
// with image, and internal/app/all imports every one.
import _ "github.com/godtable/godtable/internal/app/all"
