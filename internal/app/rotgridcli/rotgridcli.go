// Package rotgridcli runs the 3x3 rotation grid (TL TR BL BR, quarter
// turns) in the godtable command: nine tiles, or a move sequence
// (--scramble).
package rotgridcli

import (
	"math/rand/v2"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/app/svg"
	"github.com/godtable/godtable/internal/model/rotgrid"
	"github.com/godtable/godtable/lookup"
	api "github.com/godtable/godtable/lookup/rotgrid"
)

// Puzzle is the rotation grid.
type Puzzle struct{}

// The command, the server and the page answer the puzzle once this
// package is imported.

// Name is "rotgrid".
func (Puzzle) Name() string { return "rotgrid" }

// Features: a table, and move sequences.
func (Puzzle) Features() cli.Features { return cli.Features{Table: true, Scramble: true} }

// EndsInput is always false: every line is a grid.
func (Puzzle) EndsInput(string) bool { return false }

func parse(in string, o *cli.Options) (api.Grid, error) {
	if o.Scramble {
		return api.Scramble(in)
	}
	return api.Parse(in)
}

// Solve answers a grid.
func (Puzzle) Solve(in string, o *cli.Options, a *cli.Answer) error {
	g, err := parse(in, o)
	if err != nil {
		return err
	}
	return cli.Sequences(a, o, cli.Solver[lookup.Solution]{Solve: g.Solve, Count: g.Count, All: g.All})
}

// Verify checks a solution.
func (Puzzle) Verify(state, solution string, o *cli.Options) (lookup.Verdict, error) {
	g, err := parse(state, o)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return g.Verify(solution)
}

// Scramble draws a grid with a sequence that makes it.
func (Puzzle) Scramble(rng *rand.Rand, o *cli.Options) (string, string, int, error) {
	dist, err := api.Distribution()
	if err != nil {
		return "", "", 0, err
	}
	return cli.DrawAtLeast(o, len(dist)-1, "grid", func() (cli.Drawn, error) {
		g := api.Random(rng)
		d, err := g.Distance()
		if err != nil || d < o.MinMoves {
			return cli.Drawn{Dist: d}, err
		}
		moves, err := g.Moves()
		return cli.Drawn{State: g.String(), Moves: moves.String(), Dist: d}, err
	})
}

// Stats is the grid's distribution.
func (Puzzle) Stats(*cli.Options) ([]int, error) { return api.Distribution() }

// Show draws the grid, three rows of three tiles; in colour, the tiles that
// are already in their place are green.
func (Puzzle) Show(state string, o *cli.Options, colour bool) (string, error) {
	g, err := parse(state, o)
	if err != nil {
		return "", err
	}
	return g.Draw(colour), nil
}

// After gives the grid and its tiles.
func (Puzzle) After(state, moves string, o *cli.Options) (cli.Shown, error) {
	g, err := parse(state, o)
	if err != nil {
		return cli.Shown{}, err
	}
	g, err = cli.Replay(g, moves, api.Scramble, api.Grid.Moves)
	if err != nil {
		return cli.Shown{}, err
	}
	s := cli.Shown{State: g.String(), Solved: g.IsSolved()}
	for _, t := range g.Cells() {
		s.Cells = append(s.Cells, int(t))
	}
	return s, nil
}

// SVG draws the state (internal/app/svg).
func (Puzzle) SVG(s cli.Shown) string { return svg.RotGrid(s.Cells) }

// SVGNext draws the state with an arrow for the move next (TL, TL', TR,
// ... BR').
func (Puzzle) SVGNext(s cli.Shown, next string) (string, error) {
	m, err := cli.NextMove(next, rotgrid.MoveNames[:])
	if err != nil {
		return "", err
	}
	mv := rotgrid.Move(m)
	return svg.RotGridNext(s.Cells, mv.Block(), mv.Clockwise()), nil
}
