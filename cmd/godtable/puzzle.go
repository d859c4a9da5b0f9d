package main

import (
	"math/rand/v2"

	"github.com/godtable/godtable/lookup"
)

// puzzle is what the commands need from each puzzle: reading its inputs and
// writing its answers. The solving itself is lookup's.
type puzzle interface {
	name() string
	features() features
	// solve answers one input: text (ending in a newline) and JSON fields in
	// a, or an error naming what is wrong with the input.
	solve(in string, o *options, a *answer) error
	// verify checks a proposed solution from a state.
	verify(state, solution string, o *options) (lookup.Verdict, error)
	// scramble draws a state uniformly; moves is a sequence that makes it
	// (or solves it, as the puzzle's notation has it) and dist its distance,
	// or -1 when it is not asked for (only --json writes it).
	scramble(rng *rand.Rand, o *options) (state, moves string, dist int, err error)
	// stats returns the number of states at each distance.
	stats(o *options) ([]int, error)
	// show draws a state.
	show(state string, o *options, colour bool) (string, error)
	// endsInput reports whether a stdin line ends the input (the rotation
	// game's judge format ends with a line "0").
	endsInput(line string) bool
}

// puzzles are the registered puzzles.
var puzzles = []puzzle{
	pocketCmd{},
	msquareCmd{},
	rotgameCmd{},
	rotgridCmd{},
	pyraminxCmd{},
	viewsCmd{},
}

// drawingPuzzle is a puzzle whose stdin inputs may span several lines.
type drawingPuzzle interface {
	// drawingLines says whether a line starts a multi-line input and
	// whether it is one of its rows; an input is complete at 4 rows.
	drawingLines(line string) (starts, row bool)
}

// optionChecker is a puzzle with flags of its own to check before any input
// is read (a --from state that must be a state); a bad one is bad usage.
type optionChecker interface {
	checkOptions(cmd string, o *options) error
}
