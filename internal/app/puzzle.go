package app

import (
	"fmt"

	"github.com/godtable/godtable/internal/app/all"
	"github.com/godtable/godtable/internal/app/cli"
)

// puzzle is one puzzle as the command runs it; each puzzle's package
// answers it (see internal/app/cli).
type puzzle = cli.Puzzle

// options are the flags of every command; each command and puzzle registers
// only the ones it supports, so any other is a usage error.
type options = cli.Options

// answer is one input's answer: its text form and its JSON fields.
type answer = cli.Answer

// added are the puzzles added at run time (AddPuzzle), answered after the
// built-in ones.
var added []puzzle

// puzzles returns the puzzles answered by name, in order: the built-in
// ones, then those added.
func puzzles() []puzzle { return append(all.Puzzles(), added...) }

// AddPuzzle adds a puzzle to those the command and the server answer by
// name: the server's tables of definition puzzles (godtable serve --table).
// It must be called before any puzzle is answered (it is not safe for
// concurrent use); a name already taken is an error. remove takes the
// puzzle away again, for a test that added it.
func AddPuzzle(p cli.Puzzle) (remove func(), err error) {
	if Lookup(p.Name()) != nil {
		return nil, fmt.Errorf("a puzzle named %q is already served", p.Name())
	}
	added = append(added, p)
	return func() {
		for i, q := range added {
			if q == p {
				added = append(added[:i:i], added[i+1:]...)
				return
			}
		}
	}, nil
}

// Puzzles returns the puzzles answered by name, in order: the built-in
// ones, then those added.
func Puzzles() []cli.Puzzle { return puzzles() }
