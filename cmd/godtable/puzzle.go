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
	// (or solves it, as the puzzle's notation has it) and dist its distance.
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
	rotgameCmd{},
}
