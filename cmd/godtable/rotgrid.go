package main

import (
	"math/rand/v2"

	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/rotgrid"
)

// rotgridCmd is the 3x3 rotation grid (TL TR BL BR, quarter turns).
type rotgridCmd struct{}

func (rotgridCmd) name() string { return "rotgrid" }

func (rotgridCmd) features() features {
	return features{table: true, scramble: true}
}

func (rotgridCmd) endsInput(string) bool { return false }

func (rotgridCmd) parse(in string, scramble bool) (rotgrid.Grid, error) {
	if scramble {
		return rotgrid.Scramble(in)
	}
	return rotgrid.Parse(in)
}

func (c rotgridCmd) solve(in string, o *options, a *answer) error {
	g, err := c.parse(in, o.scramble)
	if err != nil {
		return err
	}
	return answerSolutions(a, o, solver[lookup.Solution]{
		solve: g.Solve,
		count: g.Count,
		all:   g.All,
	}, func(s lookup.Solution) []byte { return s.Append(nil) })
}

func (c rotgridCmd) verify(state, solution string, o *options) (lookup.Verdict, error) {
	g, err := c.parse(state, o.scramble)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return g.Verify(solution)
}

func (rotgridCmd) scramble(rng *rand.Rand, o *options) (string, string, int, error) {
	dist, err := rotgrid.Distribution()
	if err != nil {
		return "", "", 0, err
	}
	return drawAtLeast(o, len(dist)-1, "grid", func() (drawn, error) {
		g := rotgrid.Random(rng)
		d, err := g.Distance()
		if err != nil || d < o.minMoves {
			return drawn{dist: d}, err
		}
		moves, err := g.Moves()
		return drawn{g.String(), moves.String(), d}, err
	})
}

func (rotgridCmd) stats(*options) ([]int, error) { return rotgrid.Distribution() }

// show draws the grid, three rows of three tiles; in colour, the tiles that
// are already in their place are green.
func (c rotgridCmd) show(state string, o *options, colour bool) (string, error) {
	g, err := c.parse(state, o.scramble)
	if err != nil {
		return "", err
	}
	return g.Draw(colour), nil
}
