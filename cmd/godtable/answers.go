package main

import (
	"fmt"
	"strconv"
)

// solver gathers a state's answers for answerSolutions.
type solver[S interface{ Cost() int }] struct {
	solve func() (S, error)
	count func() (uint64, error)
	all   func(limit int) ([]S, bool, error)
}

// answerCount writes the number of optimal solutions, a line, as --count
// asks.
func answerCount(a *answer, count func() (uint64, error)) error {
	n, err := count()
	if err != nil {
		return err
	}
	a.text = strconv.AppendUint(a.text, n, 10)
	a.text = append(a.text, '\n')
	a.set("count", n)
	return nil
}

// answerSolutions writes the answer the options ask for: one optimal
// solution on a line (empty when solved), the number of optimal solutions,
// or every one of them, a line each, then an empty line.
func answerSolutions[S interface{ Cost() int }](a *answer, o *options, s solver[S], format func(S) []byte) error {
	switch {
	case o.count:
		return answerCount(a, s.count)
	case o.all:
		sols, truncated, err := s.all(o.limit)
		if err != nil {
			return err
		}
		list := make([]string, len(sols))
		for i, sol := range sols {
			b := format(sol)
			list[i] = string(b)
			a.text = append(a.text, b...)
			a.text = append(a.text, '\n')
		}
		a.text = append(a.text, '\n')
		if len(sols) > 0 {
			a.set("length", sols[0].Cost())
		}
		a.set("solutions", list)
		if truncated {
			a.set("truncated", true)
		}
	default:
		sol, err := s.solve()
		if err != nil {
			return err
		}
		start := len(a.text)
		a.text = append(a.text, format(sol)...)
		if o.json {
			a.set("solution", string(a.text[start:]))
			a.set("length", sol.Cost())
		}
		a.text = append(a.text, '\n')
	}
	return nil
}

// drawn is one uniformly drawn state: as the puzzle writes it, a move
// sequence that makes it (or, where there is no one solved state, solves
// it), and its distance from the goal.
type drawn struct {
	state, moves string
	dist         int
}

// maxDraws bounds the search for a state at least --min-moves away, so that
// a bound too rare to meet gives an error rather than no end. The rarest
// farthest states of the puzzles come about once in 150,000 draws.
const maxDraws = 2_000_000

// drawAtLeast draws states until one is at least --min-moves from the goal.
// most is the largest distance any state has, and noun names a state in the
// one wording every puzzle refuses a farther --min-moves with.
func drawAtLeast(o *options, most int, noun string, draw func() (drawn, error)) (string, string, int, error) {
	if o.minMoves > most {
		return "", "", 0, fmt.Errorf("--min-moves %d: no %s is more than %d moves from the goal", o.minMoves, noun, most)
	}
	for range maxDraws {
		d, err := draw()
		if err != nil {
			return "", "", 0, err
		}
		if d.dist >= o.minMoves {
			return d.state, d.moves, d.dist, nil
		}
	}
	return "", "", 0, fmt.Errorf("--min-moves %d: no such %s in %d draws", o.minMoves, noun, maxDraws)
}
