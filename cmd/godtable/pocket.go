package main

import (
	"math/rand/v2"
	"strings"

	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/pocket"
)

// pocketCmd is the 2x2x2 pocket cube (R U F).
type pocketCmd struct{}

func (pocketCmd) name() string { return "pocket" }

func (pocketCmd) features() features {
	return features{table: true, metric: true, scramble: true, order: true}
}

func (pocketCmd) endsInput(string) bool { return false }

// parse reads a state: a move sequence with --scramble, else facelets in
// the --order.
func (pocketCmd) parse(in string, o *options) (pocket.Cube, error) {
	switch {
	case o.scramble:
		return pocket.Scramble(in)
	case o.order == "urfdlb":
		return pocket.ParseURFDLB(strings.TrimSpace(in))
	}
	return pocket.Parse(strings.TrimSpace(in))
}

func (c pocketCmd) solve(in string, o *options, a *answer) error {
	cube, err := c.parse(in, o)
	if err != nil {
		return err
	}
	m, err := lookup.ParseMetric(o.metric)
	if err != nil {
		return err
	}
	return answerSolutions(a, o, solver[lookup.Solution]{
		solve: func() (lookup.Solution, error) { return cube.Solve(m) },
		count: func() (uint64, error) { return cube.Count(m) },
		all:   func(limit int) ([]lookup.Solution, bool, error) { return cube.All(m, limit) },
	}, func(s lookup.Solution) []byte { return s.Append(nil) })
}

func (c pocketCmd) verify(state, solution string, o *options) (lookup.Verdict, error) {
	cube, err := c.parse(state, o)
	if err != nil {
		return lookup.Verdict{}, err
	}
	m, err := lookup.ParseMetric(o.metric)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return cube.Verify(solution, m)
}

func (pocketCmd) scramble(rng *rand.Rand, o *options) (string, string, int, error) {
	m, err := lookup.ParseMetric(o.metric)
	if err != nil {
		return "", "", 0, err
	}
	dist, err := pocket.Distribution(m)
	if err != nil {
		return "", "", 0, err
	}
	return drawAtLeast(o, len(dist)-1, "position", func() (drawn, error) {
		cube := pocket.Random(rng)
		d, err := cube.Distance(m)
		if err != nil || d < o.minMoves {
			return drawn{dist: d}, err
		}
		moves, err := cube.Moves()
		state := cube.Facelets()
		if o.order == "urfdlb" {
			state = cube.URFDLB()
		}
		return drawn{state, moves.String(), d}, err
	})
}

func (pocketCmd) stats(o *options) ([]int, error) {
	m, err := lookup.ParseMetric(o.metric)
	if err != nil {
		return nil, err
	}
	return pocket.Distribution(m)
}

func (c pocketCmd) show(state string, o *options, colour bool) (string, error) {
	cube, err := c.parse(state, o)
	if err != nil {
		return "", err
	}
	letters := strings.TrimSpace(state)
	switch {
	case o.scramble:
		letters = cube.Facelets()
	case o.order == "urfdlb":
		letters = pocket.URFDLBToNet(letters)
	}
	return cube.Draw(letters, colour), nil
}
