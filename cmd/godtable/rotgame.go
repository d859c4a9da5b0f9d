package main

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/godtable/godtable/lookup"
)

// rotgameCmd is the rotation game, in the judge's formats: a case is a line
// of 24 numbers, a line "0" ends the input, and an answer is two lines, the
// operations (or "No moves needed") and the centre number.
//
// With --all each optimal answer takes one line, the sequence, a space and
// the number it brings to the centre ("AC 2"), since different optimal
// sequences may fill the centre with different numbers; an empty line ends
// the list. --count gives the number of optimal sequences on one line. In
// JSON a solution needing no moves is the empty string.
type rotgameCmd struct{}

func (rotgameCmd) name() string { return "rotgame" }

func (rotgameCmd) features() features { return features{table: true} }

func (rotgameCmd) endsInput(line string) bool { return strings.TrimSpace(line) == "0" }

func (rotgameCmd) solve(in string, o *options, a *answer) error {
	g, err := lookup.ParseRotGame(in)
	if err != nil {
		return err
	}
	switch {
	case o.count:
		return answerCount(a, g.Count)
	case o.all:
		answers, truncated, err := g.All(o.limit)
		if err != nil {
			return err
		}
		sols := make([]string, len(answers))
		centres := make([]int, len(answers))
		for i, ans := range answers {
			sols[i], centres[i] = ans.Moves.String(), ans.Centre
			a.text = append(a.text, ans.String()...)
			a.text = append(a.text, '\n')
		}
		a.text = append(a.text, '\n')
		if len(answers) > 0 {
			a.set("length", answers[0].Moves.Len())
		}
		a.set("solutions", sols)
		a.set("centres", centres)
		if truncated {
			a.set("truncated", true)
		}
	default:
		ans, err := g.Solve()
		if err != nil {
			return err
		}
		a.text = ans.AppendJudge(a.text)
		if o.json {
			a.set("solution", ans.Moves.String())
			a.set("length", ans.Moves.Len())
			a.set("centre", ans.Centre)
		}
	}
	return nil
}

func (rotgameCmd) verify(state, solution string, o *options) (lookup.Verdict, error) {
	g, err := lookup.ParseRotGame(state)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return g.Verify(solution)
}

// maxScrambleDraws bounds the search for a board at least --min-moves away,
// so that a bound no board reaches gives an error rather than no end.
const maxScrambleDraws = 2_000_000

// scramble draws a board uniformly and gives its optimal answer (there is no
// single solved board to make it from): the operations, empty when none are
// needed, which verify reads back.
func (rotgameCmd) scramble(rng *rand.Rand, o *options) (string, string, int, error) {
	if o.minMoves > 0 {
		dist, err := lookup.RotGameDistribution()
		if err != nil {
			return "", "", 0, err
		}
		if most := len(dist) - 1; o.minMoves > most {
			return "", "", 0, fmt.Errorf("--min-moves %d: no number is more than %d moves from the centre", o.minMoves, most)
		}
	}
	for range maxScrambleDraws {
		g := lookup.RandomRotGame(rng)
		ans, err := g.Solve()
		if err != nil {
			return "", "", 0, err
		}
		if d := ans.Moves.Len(); d >= o.minMoves {
			return g.String(), ans.Moves.String(), d, nil
		}
	}
	return "", "", 0, fmt.Errorf("--min-moves %d: no such board in %d draws", o.minMoves, maxScrambleDraws)
}

func (rotgameCmd) stats(o *options) ([]int, error) { return lookup.RotGameDistribution() }

// statsNote says what the table's states are.
func (rotgameCmd) statsNote() string {
	return "(a state is the placement of one number's eight cells; a board is as far from the goal as its nearest number)"
}

// show draws the board with the operations' letters where their lines are
// pulled: A and B up, E and F down, H and G left, C and D right.
func (rotgameCmd) show(state string, o *options, colour bool) (string, error) {
	g, err := lookup.ParseRotGame(state)
	if err != nil {
		return "", err
	}
	cells := g.Cells()
	// Each row of the drawing, one entry per column: a cell, or a label, or
	// a gap.
	const gap = -1
	rows := [][]int{
		{gap, gap, gap, 'A', gap, 'B'},
		{gap, gap, gap, 0, gap, 1},
		{gap, gap, gap, 2, gap, 3},
		{'H', 4, 5, 6, 7, 8, 9, 10, 'C'},
		{gap, gap, gap, 11, gap, 12},
		{'G', 13, 14, 15, 16, 17, 18, 19, 'D'},
		{gap, gap, gap, 20, gap, 21},
		{gap, gap, gap, 22, gap, 23},
		{gap, gap, gap, 'F', gap, 'E'},
	}
	// Background colours of 1, 2 and 3: red, green, blue.
	bg := [4]string{1: "\x1b[97;41m", 2: "\x1b[30;42m", 3: "\x1b[97;44m"}
	var b strings.Builder
	for _, row := range rows {
		var line strings.Builder
		for _, x := range row {
			switch {
			case x == gap:
				line.WriteString("  ")
			case x >= 'A':
				line.WriteByte(byte(x))
				line.WriteByte(' ')
			case colour:
				fmt.Fprintf(&line, "%s%d\x1b[0m ", bg[cells[x]], cells[x])
			default:
				line.WriteByte('0' + cells[x])
				line.WriteByte(' ')
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return b.String(), nil
}
