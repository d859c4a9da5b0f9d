//go:build js

package app

import "github.com/godtable/godtable/internal/app/cli"

// runTableCommand: the page built to WebAssembly makes and checks no table
// files, and links none of the search.
func runTableCommand(e *env, args []string) (int, bool) { return 0, false }

// definitionPuzzle: the page answers the built-in puzzles alone.
func definitionPuzzle(arg string) (cli.Puzzle, bool) { return nil, false }
