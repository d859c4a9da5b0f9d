package main

import (
	"math/rand/v2"
	"strings"

	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/pyraminx"
)

// pyraminxCmd is the Pyraminx (U L R B, tips u l r b).
type pyraminxCmd struct{}

func (pyraminxCmd) name() string { return "pyraminx" }

func (pyraminxCmd) features() features {
	return features{table: true, scramble: true}
}

func (pyraminxCmd) endsInput(string) bool { return false }

func (pyraminxCmd) parse(in string, scramble bool) (pyraminx.Position, error) {
	if scramble {
		return pyraminx.Scramble(in)
	}
	return pyraminx.Parse(strings.TrimSpace(in))
}

func (c pyraminxCmd) solve(in string, o *options, a *answer) error {
	p, err := c.parse(in, o.scramble)
	if err != nil {
		return err
	}
	return answerSolutions(a, o, solver[lookup.Solution]{
		solve: p.Solve,
		count: p.Count,
		all:   p.All,
	}, func(s lookup.Solution) []byte { return s.Append(nil) })
}

func (c pyraminxCmd) verify(state, solution string, o *options) (lookup.Verdict, error) {
	p, err := c.parse(state, o.scramble)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return p.Verify(solution)
}

func (pyraminxCmd) scramble(rng *rand.Rand, o *options) (string, string, int, error) {
	most, err := pyraminx.MaxDistance()
	if err != nil {
		return "", "", 0, err
	}
	return drawAtLeast(o, most, "position", func() (drawn, error) {
		p := pyraminx.Random(rng)
		d, err := p.Distance()
		if err != nil || d < o.minMoves {
			return drawn{dist: d}, err
		}
		moves, err := p.Moves()
		return drawn{p.Stickers(), moves.String(), d}, err
	})
}

func (pyraminxCmd) stats(*options) ([]int, error) { return pyraminx.Distribution() }

func (pyraminxCmd) statsNote() string {
	return "(the body: each twisted tip adds one move)"
}

func (c pyraminxCmd) show(state string, o *options, colour bool) (string, error) {
	p, err := c.parse(state, o.scramble)
	if err != nil {
		return "", err
	}
	return p.Draw(colour), nil
}
