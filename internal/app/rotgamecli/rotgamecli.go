// Package rotgamecli runs the rotation game in the godtable command, in the
// judge's formats: a case is a line of 24 numbers, a line "0" ends the input,
// and an answer is two lines, the operations (or "No moves needed") and the
// centre number.
//
// With --all each optimal answer takes one line, the sequence, a space and
// the number it brings to the centre ("AC 2"), since different optimal
// sequences may fill the centre with different numbers; an empty line ends
// the list. --count gives the number of optimal sequences on one line. In
// JSON a solution needing no moves is the empty string.
package rotgamecli

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/app/svg"
	"github.com/godtable/godtable/internal/model/rotgame"
	"github.com/godtable/godtable/lookup"
	api "github.com/godtable/godtable/lookup/rotgame"
)

// Puzzle is the rotation game.
type Puzzle struct{}

// The command, the server and the page answer the puzzle once this
// package is imported.

// Name is "rotgame".
func (Puzzle) Name() string { return "rotgame" }

// Features: a table.
func (Puzzle) Features() cli.Features { return cli.Features{Table: true} }

// EndsInput: a line "0".
func (Puzzle) EndsInput(line string) bool { return strings.TrimSpace(line) == "0" }

// Solve answers a board in the judge's format.
func (Puzzle) Solve(in string, o *cli.Options, a *cli.Answer) error {
	g, err := api.Parse(in)
	if err != nil {
		return err
	}
	switch {
	case o.Count:
		return cli.AnswerCount(a, g.Count)
	case o.All:
		answers, truncated, err := g.All(o.Limit)
		if err != nil {
			return err
		}
		sols := make([]string, len(answers))
		centres := make([]int, len(answers))
		for i, ans := range answers {
			sols[i], centres[i] = ans.Moves.String(), ans.Centre
			a.Text = append(a.Text, ans.String()...)
			a.Text = append(a.Text, '\n')
		}
		a.Text = append(a.Text, '\n')
		if len(answers) > 0 {
			a.Set("length", answers[0].Moves.Len())
		}
		a.Set("solutions", sols)
		a.Set("centres", centres)
		if truncated {
			a.Set("truncated", true)
		}
	default:
		ans, err := g.Solve()
		if err != nil {
			return err
		}
		a.Text = ans.AppendJudge(a.Text)
		if o.JSON {
			a.Set("solution", ans.Moves.String())
			a.Set("length", ans.Moves.Len())
			a.Set("centre", ans.Centre)
		}
	}
	return nil
}

// Verify checks a sequence of operations.
func (Puzzle) Verify(state, solution string, o *cli.Options) (lookup.Verdict, error) {
	g, err := api.Parse(state)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return g.Verify(solution)
}

// maxBoard is the largest distance of a board: its three numbers
// are never all 14 moves from the centre, though a single number's
// placement can be (TestRotGameMaxBoard proves both).
const maxBoard = 13

// farthest holds every way to split the board into three placements
// each 13 moves from the centre, as cell masks in increasing order: the
// boards at the largest distance are these, with the numbers 1, 2 and 3 given
// to the three placements in each of the six orders. They are 192 of the
// 9,465,511,770 boards, too few to draw by chance, so a scramble at
// --min-moves 13 draws from them directly (TestRotGameMaxBoard proves the
// list).
var farthest = [][3]uint32{
	{0x077003, 0x188a54, 0xe005a8},
	{0x077003, 0x188a94, 0xe00568},
	{0x0dc803, 0x2234a8, 0xd00354},
	{0x0dc803, 0x223528, 0xd002d4},
	{0x1224c3, 0x295118, 0xc48a24},
	{0x144a43, 0x2234a8, 0xc98114},
	{0x144c86, 0x613228, 0x8a8151},
	{0x144cc1, 0x688116, 0x833228},
	{0x14ac44, 0x2b400b, 0xc013b0},
	{0x152c44, 0x288193, 0xc25228},
	{0x152c44, 0x2ac00b, 0xc013b0},
	{0x155406, 0x602aa8, 0x8a8151},
	{0x15a007, 0x2a5118, 0xc00ee0},
	{0x16a007, 0x295118, 0xc00ee0},
	{0x180e61, 0x47c006, 0xa03198},
	{0x188661, 0x474806, 0xa03198},
	{0x188a94, 0x245123, 0xc32448},
	{0x198c05, 0x6003e2, 0x867018},
	{0x198c05, 0x6012e2, 0x866118},
	{0x1b440c, 0x6012e2, 0x84a911},
	{0x1b5006, 0x600ad8, 0x84a521},
	{0x203332, 0x580cc4, 0x87c009},
	{0x222332, 0x580cc4, 0x85d009},
	{0x23301a, 0x4cc444, 0x900ba1},
	{0x23301a, 0x4ccc04, 0x9003e1},
	{0x245099, 0x42a542, 0x990a24},
	{0x245192, 0x498a24, 0x922449},
	{0x254819, 0x42a542, 0x9812a4},
	{0x25a01c, 0x4a5442, 0x900ba1},
	{0x25a809, 0x4a4252, 0x9015a4},
	{0x3022d8, 0x474806, 0x889521},
	{0x3805a4, 0x422a52, 0x85d009},
}

// CheckOptions refuses a --min-moves no board reaches, as bad usage, before
// any drawing.
func (Puzzle) CheckOptions(cmd string, o *cli.Options) error {
	if o.MinMoves > maxBoard {
		return fmt.Errorf("--min-moves %d: no board is more than %d moves from the goal", o.MinMoves, maxBoard)
	}
	return nil
}

// Scramble draws a board uniformly (among those at least --min-moves away)
// and gives its optimal answer (there is no single solved board to make it
// from): the operations, empty when none are needed, which verify reads
// back.
func (Puzzle) Scramble(rng *rand.Rand, o *cli.Options) (string, string, int, error) {
	if o.MinMoves == maxBoard {
		split := farthest[rng.IntN(len(farthest))]
		order := [6][3]uint8{{1, 2, 3}, {1, 3, 2}, {2, 1, 3}, {2, 3, 1}, {3, 1, 2}, {3, 2, 1}}[rng.IntN(6)]
		var cells [24]uint8
		for k, mask := range split {
			for i := range cells {
				if mask>>i&1 != 0 {
					cells[i] = order[k]
				}
			}
		}
		g, err := api.FromCells(cells)
		if err != nil {
			return "", "", 0, err
		}
		ans, err := g.Solve()
		if err != nil {
			return "", "", 0, err
		}
		return g.String(), ans.Moves.String(), ans.Moves.Len(), nil
	}
	// Below the largest distance, boards are common enough to draw by
	// chance (at 12 moves, twenty take a tenth of a second).
	return cli.DrawAtLeast(o, maxBoard, "board", func() (cli.Drawn, error) {
		g := api.Random(rng)
		ans, err := g.Solve()
		return cli.Drawn{State: g.String(), Moves: ans.Moves.String(), Dist: ans.Moves.Len()}, err
	})
}

// Stats is the distribution of one number's placements.
func (Puzzle) Stats(o *cli.Options) ([]int, error) { return api.Distribution() }

// StatsNote says what the table's states are.
func (Puzzle) StatsNote() string {
	return "(a state is the placement of one number's eight cells; a board is as far from the goal as its nearest number)"
}

// Show draws the board with the operations' letters where their lines are
// pulled: A and B up, E and F down, H and G left, C and D right.
func (Puzzle) Show(state string, o *cli.Options, colour bool) (string, error) {
	g, err := api.Parse(state)
	if err != nil {
		return "", err
	}
	return g.Draw(colour), nil
}

// After applies operations (A to H) to the board and gives its cells and
// centre.
func (Puzzle) After(state, moves string, o *cli.Options) (cli.Shown, error) {
	g, err := api.Parse(state)
	if err != nil {
		return cli.Shown{}, err
	}
	sol, err := cli.ReadOps(moves, 'H', api.ParseMoves)
	if err != nil {
		return cli.Shown{}, err
	}
	g = g.Apply(sol)
	s := cli.Shown{State: g.String(), Solved: g.IsSolved()}
	for _, c := range g.Cells() {
		s.Cells = append(s.Cells, int(c))
	}
	centre := g.Centre()
	s.Centre = &centre
	return s, nil
}

// SVG draws the state (internal/app/svg).
func (Puzzle) SVG(s cli.Shown) string { return svg.RotGame(s.Cells) }

// SVGNext draws the state with an arrow for the operation next (A..H).
func (Puzzle) SVGNext(s cli.Shown, next string) (string, error) {
	m, err := cli.NextMove(next, strings.Split(rotgame.MoveNames, ""))
	if err != nil {
		return "", err
	}
	var line [7]int
	for k, c := range rotgame.Lines[m] {
		line[k] = int(c)
	}
	return svg.RotGameNext(s.Cells, line), nil
}
