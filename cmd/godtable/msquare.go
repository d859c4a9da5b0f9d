package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/msquare"
)

// msquareCmd is the magic-squares puzzle (USACO "msquare"). Its answer is
// the judge's: the length on one line, then the operations in lines of at
// most 60, so that the command reads the judge's input line and writes the
// judge's output. --count answers with one number; --all lists every
// shortest sequence in lexicographic order, one per line (none is longer
// than 22 operations, so each is also a line of the judge's format), then an
// empty line. --from STATE asks from STATE instead of the base state.
type msquareCmd struct{}

func (msquareCmd) name() string { return "msquare" }

func (msquareCmd) features() features { return features{table: true, from: true} }

func (msquareCmd) endsInput(string) bool { return false }

// checkOptions refuses a --from that is not a state, as bad usage, before
// any input is read.
func (msquareCmd) checkOptions(cmd string, o *options) error {
	if _, err := msquareFrom(o); err != nil {
		return fmt.Errorf("--from: %v", err)
	}
	return nil
}

// msquareFrom returns the --from state, the base state without one.
func msquareFrom(o *options) (msquare.Position, error) {
	if o.from == "" {
		return msquare.Position{}, nil
	}
	return msquare.Parse(o.from)
}

func (msquareCmd) solve(in string, o *options, a *answer) error {
	q, err := msquare.Parse(in)
	if err != nil {
		return err
	}
	from, err := msquareFrom(o)
	if err != nil {
		return err
	}
	if o.from != "" {
		a.set("from", from.String())
	}
	if o.count || o.all {
		return answerSolutions(a, o, solver[lookup.Solution]{
			count: func() (uint64, error) { return q.CountFrom(from) },
			all:   func(limit int) ([]lookup.Solution, bool, error) { return q.AllFrom(from, limit) },
		}, func(s lookup.Solution) []byte { return s.Append(nil) })
	}
	sol, err := q.SolveFrom(from)
	if err != nil {
		return err
	}
	a.text = msquare.AppendAnswer(a.text, sol)
	if o.json {
		a.set("length", sol.Len())
		a.set("solution", sol.String())
	}
	return nil
}

// verify takes a solution as the operations alone ("BCABCCB") or as the
// judge's answer on one line, its length first ("7 BCABCCB", and "0" for no
// operations), so that solve's output, its lines joined, verifies; a length
// that is not the operations' count makes the answer illegal.
func (msquareCmd) verify(state, solution string, o *options) (lookup.Verdict, error) {
	q, err := msquare.Parse(state)
	if err != nil {
		return lookup.Verdict{}, err
	}
	from, err := msquareFrom(o)
	if err != nil {
		return lookup.Verdict{}, err
	}
	ops, claimed, said := solution, -1, ""
	if fields := strings.Fields(solution); len(fields) > 0 && isDigits(fields[0]) {
		// A count too large for an int is no operations' count either.
		claimed, said = math.MaxInt, fields[0]
		if n, err := strconv.Atoi(said); err == nil {
			claimed = n
		}
		if len(said) > 20 {
			said = said[:20] + "..."
		}
		ops = strings.Join(fields[1:], " ")
	}
	v, err := q.VerifyFrom(from, ops)
	if err != nil || claimed < 0 || !v.Legal || claimed == v.Length {
		return v, err
	}
	v.Legal, v.Smallest = false, ""
	v.Problem = fmt.Sprintf("says %s operations, the sequence has %d", said, v.Length)
	return v, nil
}

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func (msquareCmd) scramble(rng *rand.Rand, o *options) (string, string, int, error) {
	dist, err := msquare.Distribution()
	if err != nil {
		return "", "", 0, err
	}
	return drawAtLeast(o, len(dist)-1, "state", func() (drawn, error) {
		q := msquare.Random(rng)
		sol, err := q.Solve()
		return drawn{q.String(), sol.String(), sol.Len()}, err
	})
}

func (msquareCmd) stats(*options) ([]int, error) { return msquare.Distribution() }

// show draws the board as two rows of four; in colour, the numbers not in
// their base-state cell stand out.
func (msquareCmd) show(state string, o *options, colour bool) (string, error) {
	q, err := msquare.Parse(state)
	if err != nil {
		return "", err
	}
	return q.Draw(colour), nil
}
