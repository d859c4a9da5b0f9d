package main

import "strconv"

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
