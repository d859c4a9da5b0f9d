// Package pocketcli runs the 2x2x2 pocket cube (R U F) in the godtable
// command: facelets in the net's order or in URFDLB order (--order), or a
// move sequence (--scramble), in either metric (--metric).
package pocketcli

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/app/svg"
	"github.com/godtable/godtable/internal/model/pocket"
	"github.com/godtable/godtable/lookup"
	api "github.com/godtable/godtable/lookup/pocket"
)

// Puzzle is the pocket cube.
type Puzzle struct {
	// Tables are what the cube is answered from: nil for the tables
	// embedded in the binary.
	Tables *api.Tables
}

// tables are the tables p answers from.
func (p Puzzle) tables() *api.Tables {
	if p.Tables == nil {
		return api.Embedded()
	}
	return p.Tables
}

// The command, the server and the page answer the puzzle once this
// package is imported.

// Name is "pocket".
func (Puzzle) Name() string { return "pocket" }

// SVG draws the cube as held, beside its net.
func (p Puzzle) SVG(s cli.Shown) string {
	d, _ := p.SVGNext(s, "") // no move: nothing to refuse
	return d
}

// SVGNext draws the cube with an arrow for the move about to be made.
func (Puzzle) SVGNext(s cli.Shown, next string) (string, error) { return svg.Pocket(s.Faces, next) }

// Aliases are the WCA's event ID and the cube's usual names.
func (Puzzle) Aliases() []string {
	return []string{"222", "2x2", "2x2x2", "pocketcube", "minicube"}
}

// Features: a table per metric, move sequences and two facelet orders.
func (Puzzle) Features() cli.Features {
	return cli.Features{Table: true, Metric: true, Scramble: true, Order: true}
}

// EndsInput is always false: every line is a cube.
func (Puzzle) EndsInput(string) bool { return false }

// parse reads a state: a move sequence with --scramble, else facelets in
// the --order.
func parse(in string, o *cli.Options) (api.Cube, error) {
	switch {
	case o.Scramble:
		return api.Scramble(in)
	case o.Order == "urfdlb":
		return api.ParseURFDLB(strings.TrimSpace(in))
	}
	in = strings.TrimSpace(in)
	cube, err := api.Parse(in)
	if err != nil {
		if _, uerr := api.ParseURFDLB(in); uerr == nil {
			// cstimer and the Kociemba-style tools write the faces in
			// the order U R F D L B: a string that reads that way was
			// most likely pasted from one of them.
			return cube, fmt.Errorf("%w; it reads as faces U R F D L B: add --order urfdlb", err)
		}
	}
	return cube, err
}

// turnsNoFace says why a sequence of rotations and wide turns alone (on a
// 2x2x2 a wide turn turns the whole cube) leaves the cube solved, or ""
// for any other sequence. It is valid notation, answered as the solved
// cube, but seldom what was meant: lower case is the usual slip ("r u' f2"
// for "R U' F2"), so the note names the first such move and the
// upper-case sequence.
func turnsNoFace(in string) string {
	toks, err := pocket.ParseSequence(in)
	if err != nil || len(toks) == 0 {
		return ""
	}
	for _, t := range toks {
		if !t.IsRotation() {
			return ""
		}
	}
	for i, w := range strings.Fields(in) {
		if strings.HasPrefix(w, "//") {
			break
		}
		w = strings.Trim(w, "()[],:")
		if w == "" {
			continue
		}
		what := "a wide turn, which on a 2x2x2 turns the whole cube"
		if strings.ContainsAny(w[:1], "xyz") {
			what = "a rotation"
		}
		fix := strings.Map(func(r rune) rune {
			if strings.ContainsRune("rludfb", r) {
				return r - 'a' + 'A'
			}
			return r
		}, in)
		msg := fmt.Sprintf("the sequence turns no face, only the whole cube: %q (move %d) is %s; face turns are U D L R F B, upper case", w, i+1, what)
		if fix != in && !strings.ContainsAny(fix, "xyzw") {
			msg += fmt.Sprintf(" (%q)", strings.TrimSpace(fix))
		}
		return msg
	}
	return ""
}

// Solve answers a cube in the --metric.
func (p Puzzle) Solve(in string, o *cli.Options, a *cli.Answer) error {
	cube, err := parse(in, o)
	if err != nil {
		return err
	}
	if o.Scramble {
		a.Note = turnsNoFace(in)
	}
	m, err := api.ParseMetric(o.Metric)
	if err != nil {
		return err
	}
	t := p.tables()
	return cli.TableSequences(a, o, t, cube, m)
}

// Verify checks a solution in the --metric.
func (p Puzzle) Verify(state, solution string, o *cli.Options) (lookup.Verdict, error) {
	cube, m, err := cli.ParseInMetric(state, o, parse, api.ParseMetric)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return p.tables().Verify(cube, solution, m)
}

// Scramble draws a cube, written in the --order, with a sequence that makes
// it.
func (p Puzzle) Scramble(rng *rand.Rand, o *cli.Options) (string, string, int, error) {
	m, err := api.ParseMetric(o.Metric)
	if err != nil {
		return "", "", 0, err
	}
	t := p.tables()
	dist, err := t.Distribution(m)
	if err != nil {
		return "", "", 0, err
	}
	return cli.DrawAtLeast(o, len(dist)-1, "position", func() (cli.Drawn, error) {
		cube := api.Random(rng)
		d, err := t.Distance(cube, m)
		if err != nil || d < o.MinMoves {
			return cli.Drawn{Dist: d}, err
		}
		// Dist -1, below any --min-moves, is a draw not kept.
		if o.WCA && d < wcaMinimum {
			return cli.Drawn{Dist: -1}, nil
		}
		if o.WCA && m != api.HTM {
			// The WCA counts a half turn as one move: a cube QTM puts
			// far enough may still be too near (R2 U2 F2).
			if h, err := t.Distance(cube, api.HTM); err != nil || h < wcaMinimum {
				return cli.Drawn{Dist: -1}, err
			}
		}
		// Shortest in the metric the distance is given in.
		moves, err := t.MovesIn(cube, m)
		state := cube.Facelets()
		if o.Order == "urfdlb" {
			state = cube.URFDLB()
		}
		return cli.Drawn{State: state, Moves: moves.String(), Dist: d}, err
	})
}

// wcaMinimum is the WCA's fewest moves for a 2x2x2 scramble's state:
// "2x2x2 Cube: The (random) state must require at least 4 moves to solve"
// (regulation 4b3b), in half turns, as TNoodle's filter counts them.
const wcaMinimum = 4

// WCAMinimum is regulation 4b3b's 4 moves.
func (Puzzle) WCAMinimum() (int, string) { return wcaMinimum, "4b3b" }

// Stats is the --metric's distribution.
func (p Puzzle) Stats(o *cli.Options) ([]int, error) {
	m, err := api.ParseMetric(o.Metric)
	if err != nil {
		return nil, err
	}
	return p.tables().Distribution(m)
}

// Show draws the net, in the cube's own letters.
func (Puzzle) Show(state string, o *cli.Options, colour bool) (string, error) {
	cube, err := parse(state, o)
	if err != nil {
		return "", err
	}
	letters := cli.NetLetters(state, o, cube.Facelets, api.URFDLBToNet)
	return cube.Draw(letters, colour), nil
}

// After gives the facelets, in the net's order and the colours U R F D L B,
// and each sticker's face.
func (p Puzzle) After(state, moves string, o *cli.Options) (cli.Shown, error) {
	cube, err := parse(state, o)
	if err != nil {
		return cli.Shown{}, err
	}
	cube, err = cli.Replay(cube, moves, api.Scramble, func(c api.Cube) (lookup.Solution, error) { return p.tables().MovesIn(c, api.HTM) })
	if err != nil {
		return cli.Shown{}, err
	}
	s := cli.Shown{State: cube.Facelets(), Solved: cube.IsSolved()}
	for _, f := range cube.Faces() {
		s.Faces = append(s.Faces, int(f))
	}
	return s, nil
}
