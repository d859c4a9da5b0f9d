// Package cube3cli runs the 3x3x3 Rubik's cube in the godtable command:
// facelets in the net's order or in URFDLB order (--order), or a move
// sequence (--scramble), in either metric (--metric), each answer found by
// a search over the pruning table in the user's cache (built there on first
// use), bounded by --timeout.
package cube3cli

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"sync"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/app/svg"
	"github.com/godtable/godtable/lookup"
	api "github.com/godtable/godtable/lookup/cube3"
)

// Puzzle is the 3x3x3.
type Puzzle struct {
	// Tables, if not nil, are what the cube is answered from; nil for the
	// tables of file, or else for those in the user's cache.
	Tables *api.Tables
	file   func() (*api.Tables, error)
}

// FromFile is the 3x3x3 answered from the tables in the file at path
// (written by godtable gen 3x3x3 --prune SIZE), read on first use.
func FromFile(path string) Puzzle {
	return Puzzle{file: sync.OnceValues(func() (*api.Tables, error) { return api.Load(path) })}
}

// Load reads the tables of a puzzle from a file (FromFile) before any
// input is answered, so that a file that cannot be used stops the command
// at once; the cache's tables are opened at the first answer that needs
// them.
func (p Puzzle) Load(*cli.Options) error {
	if p.file == nil {
		return nil
	}
	_, err := p.file()
	return err
}

// IsTableFile reports whether path names a file of 3x3x3 tables.
func IsTableFile(path string) bool { return api.IsTableFile(path) }

// cached opens the tables in the cache once, building them on first use
// with progress on stderr.
var cached = sync.OnceValues(func() (*api.Tables, error) { return api.Open(os.Stderr) })

func (p Puzzle) tables(o *cli.Options) (*api.Tables, error) {
	t := p.Tables
	if t == nil {
		open := cached
		if p.file != nil {
			open = p.file
		}
		var err error
		if t, err = open(); err != nil {
			return nil, cli.ErrTable{Err: err}
		}
	}
	return t.WithWorkers(o.Workers).WithTimeout(o.Timeout).WithMaxDepth(o.MaxDepth), nil
}

// Name is "3x3x3".
func (Puzzle) Name() string { return "3x3x3" }

// Title is "Rubik's cube 3x3x3".
func (Puzzle) Title() string { return "Rubik's cube 3x3x3" }

// Aliases are the WCA's event ID and the cube's usual names.
func (Puzzle) Aliases() []string { return []string{"333", "3x3", "rubik", "rubiks"} }

// Features: answered by a search (no table of all positions, so no stats),
// with both metrics, move sequences and two facelet orders.
func (Puzzle) Features() cli.Features {
	return cli.Features{Metric: true, Scramble: true, Order: true, Search: true}
}

// EndsInput is always false: every line is a cube.
func (Puzzle) EndsInput(string) bool { return false }

// SVG draws the net.
func (Puzzle) SVG(s cli.Shown) string { return svg.Cube3(s.Faces) }

func parse(in string, o *cli.Options) (api.Cube, error) {
	switch {
	case o.Scramble:
		return api.Scramble(in)
	case o.Order == "urfdlb":
		return api.ParseURFDLB(in)
	}
	cube, err := api.Parse(in)
	if err != nil {
		if _, uerr := api.ParseURFDLB(in); uerr == nil {
			return cube, fmt.Errorf("%w; it reads as faces U R F D L B: add --order urfdlb", err)
		}
	}
	return cube, err
}

// Solve answers a cube in the --metric.
func (p Puzzle) Solve(in string, o *cli.Options, a *cli.Answer) error {
	cube, m, err := cli.ParseInMetric(in, o, parse, api.ParseMetric)
	if err != nil {
		return err
	}
	t, err := p.tables(o)
	if err != nil {
		return err
	}
	return cli.TableSequences(a, o, t, cube, m)
}

// Verify checks a solution in the --metric, proving optimality by
// exhausting every shorter length.
func (p Puzzle) Verify(state, solution string, o *cli.Options) (lookup.Verdict, error) {
	cube, m, err := cli.ParseInMetric(state, o, parse, api.ParseMetric)
	if err != nil {
		return lookup.Verdict{}, err
	}
	t, err := p.tables(o)
	if err != nil {
		return lookup.Verdict{}, err
	}
	return t.Verify(cube, solution, m)
}

// wcaMinimum is the WCA's fewest moves for a 3x3x3 scramble's state
// (regulation 4b3: the random state must need at least 2 moves).
const wcaMinimum = 2

// WCAMinimum is regulation 4b3's 2 moves.
func (Puzzle) WCAMinimum() (int, string) { return wcaMinimum, "4b3" }

// near reports whether the cube is solved or one face turn from solved:
// the positions the WCA's filter refuses, found without a search.
func near(c api.Cube) bool {
	if c.IsSolved() {
		return true
	}
	for _, f := range "RUFLDB" {
		for _, s := range []string{"", "'", "2"} {
			if d, err := c.Then(string(f) + s); err == nil && d.IsSolved() {
				return true
			}
		}
	}
	return false
}

// Scramble draws a cube uniformly, written in the --order, with a
// sequence of at most 22 face turns that makes it (a two-phase search's,
// not the shortest). Its distance is not searched for (that is what solve
// does), so --min-moves above 2 is refused.
func (p Puzzle) Scramble(rng *rand.Rand, o *cli.Options) (string, string, int, error) {
	if o.MinMoves > wcaMinimum {
		return "", "", 0, fmt.Errorf("--min-moves %d: the 3x3x3's scrambles are not searched; at most %d", o.MinMoves, wcaMinimum)
	}
	return cli.DrawWhere(o, "position", func() (cli.Drawn, bool, error) {
		cube := api.Random(rng)
		if (o.WCA || o.MinMoves > 0) && near(cube) {
			return cli.Drawn{}, false, nil
		}
		if o.MinMoves == 1 && cube.IsSolved() {
			return cli.Drawn{}, false, nil
		}
		state := cube.Facelets()
		if o.Order == "urfdlb" {
			state = cube.URFDLB()
		}
		return cli.Drawn{State: state, Moves: cube.Generator().String(), Dist: -1}, true, nil
	})
}

// Stats has no distribution: the 3x3x3 has no table of all its positions
// (the command refuses stats before asking).
func (Puzzle) Stats(*cli.Options) ([]int, error) {
	return nil, fmt.Errorf("the 3x3x3 has no table of its positions' distances: its positions are searched one by one")
}

// Show draws the net, in the cube's own letters.
func (Puzzle) Show(state string, o *cli.Options, colour bool) (string, error) {
	cube, err := parse(state, o)
	if err != nil {
		return "", err
	}
	letters := cli.NetLetters(state, o, cube.Facelets, api.URFDLBToNet)
	return draw(cube, letters, colour), nil
}

// draw writes the net: U above, the band L F R B, D below.
func draw(c api.Cube, letters string, colour bool) string {
	if len(letters) != 54 {
		letters = c.Facelets()
	}
	faces := c.Faces()
	bg := [6]string{"\x1b[30;107m", "\x1b[97;41m", "\x1b[30;42m", "\x1b[30;103m", "\x1b[30;48;5;208m", "\x1b[97;44m"}
	var b strings.Builder
	row := func(indent int, idx []int) {
		line := strings.Repeat("  ", indent)
		for _, i := range idx {
			if colour {
				line += bg[faces[i]] + string(letters[i]) + " \x1b[0m"
			} else {
				line += string(letters[i]) + " "
			}
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	for r := 0; r < 3; r++ {
		row(3, []int{3 * r, 3*r + 1, 3*r + 2})
	}
	for r := 0; r < 3; r++ {
		idx := make([]int, 12)
		for k := range idx {
			idx[k] = 9 + 12*r + k
		}
		row(0, idx)
	}
	for r := 0; r < 3; r++ {
		row(3, []int{45 + 3*r, 46 + 3*r, 47 + 3*r})
	}
	return b.String()
}

// After gives the facelets after the moves, in the net's order, and each
// sticker's face.
func (p Puzzle) After(state, moves string, o *cli.Options) (cli.Shown, error) {
	cube, err := parse(state, o)
	if err != nil {
		return cli.Shown{}, err
	}
	if strings.TrimSpace(moves) != "" {
		if cube, err = cube.Then(moves); err != nil {
			return cli.Shown{}, fmt.Errorf("moves: %v", err)
		}
	}
	s := cli.Shown{State: cube.Facelets(), Solved: cube.IsSolved()}
	for _, f := range cube.Faces() {
		s.Faces = append(s.Faces, int(f))
	}
	return s, nil
}

// Check verifies the 3x3x3 tables' file at path whole (its size, header,
// checksum and classes) and says what it holds.
func Check(path string, w io.Writer) error {
	t, err := api.Load(path)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s: intact, the 3x3x3's %s, %d bytes, checksum and classes checked\n", path, t.Describe(), t.Bytes())
	return nil
}
