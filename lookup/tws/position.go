package tws

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/lookup"
)

// Position is a position of a puzzle.
type Position struct {
	pz *Puzzle
	s  ksolve.State
}

// Solved returns the solved position.
func (pz *Puzzle) Solved() Position { return Position{pz, pz.t.Puzzle.Def.Solved.Clone()} }

// ErrUnreachable: the position cannot be solved with the puzzle's moves.
var ErrUnreachable = deftable.ErrUnreachable

// ParseState reads a position as the definition writes a state: each set's
// name, its pieces and optionally its orientations (see the README); line
// breaks count as spaces.
func (pz *Puzzle) ParseState(text string) (Position, error) {
	s, err := pz.t.Puzzle.Def.ParseState(text)
	if err != nil {
		return Position{}, err
	}
	return Position{pz, s}, nil
}

// ParseMoves returns the position a move sequence makes from the solved
// state. It reads the shared notation grammar with the definition's move
// names (every power, sequence, alias and rotation it defines).
func (pz *Puzzle) ParseMoves(seq string) (Position, error) {
	return pz.Solved().Moved(seq)
}

// Moved returns the position after a move sequence, read as ParseMoves
// reads it.
func (p Position) Moved(seq string) (Position, error) {
	s, err := moved(p.pz.t.Puzzle.Def, p.pz.scr, p.s, seq)
	if err != nil {
		return Position{}, err
	}
	return Position{p.pz, s}, nil
}

// Sets are the names of the definition's sets.
func (pz *Puzzle) Sets() []string { return setNames(pz.t.Puzzle.Def) }

// setNames are d's sets' names, in order.
func setNames(d *ksolve.Def) []string {
	var names []string
	for _, s := range d.Sets {
		names = append(names, s.Name)
	}
	return names
}

// Draw writes the position for people: per set, the piece in each slot
// and, for a set with orientations, each slot's orientation ("?" where it
// is ignored), in aligned columns.
func (p Position) Draw() string {
	d := p.pz.t.Puzzle.Def
	var b strings.Builder
	width := 0
	for _, set := range d.Sets {
		width = max(width, len(set.Name))
	}
	for k, set := range d.Sets {
		n, off := set.Size, set.Off
		w := len(strconv.Itoa(d.Numbers[k][len(d.Numbers[k])-1]))
		fmt.Fprintf(&b, "%-*s  slot        ", width, set.Name)
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, " %*d", w, i+1)
		}
		b.WriteByte('\n')
		fmt.Fprintf(&b, "%-*s  piece       ", width, "")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, " %*d", w, d.Numbers[k][p.s[off+i]])
		}
		b.WriteByte('\n')
		if set.Mod > 1 {
			fmt.Fprintf(&b, "%-*s  orientation ", width, "")
			for i := 0; i < n; i++ {
				o := p.s[off+n+i]
				if o == ksolve.Wild {
					fmt.Fprintf(&b, " %*s", w, "?")
				} else {
					fmt.Fprintf(&b, " %*d", w, o)
				}
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Random returns a position drawn uniformly from the reachable ones (the
// solved position where Draw fails).
func (pz *Puzzle) Random(rng *rand.Rand) Position {
	return Position{pz, pz.t.Random(rng)}
}

// Draw returns a position drawn uniformly from the reachable ones; for a
// table read in place (OpenOptions.InPlace), the *lookup.TableError of a damaged block
// where the draw read one.
func (pz *Puzzle) Draw(rng *rand.Rand) (Position, error) {
	s, err := pz.t.Draw(rng)
	if err != nil {
		return Position{}, err
	}
	return Position{pz, s}, nil
}

// Antipodes returns up to n of the positions farthest from the solved
// state, in the table's index order (the same ones on every run). Position.Moves
// gives a sequence that makes each.
func (pz *Puzzle) Antipodes(n int) ([]Position, error) { return pz.AntipodesProgress(n, nil) }

// AntipodesProgress is Antipodes, telling progress, if set, from time to
// time how many of the index's states it has looked at, of how many: a
// large table's look may take seconds.
func (pz *Puzzle) AntipodesProgress(n int, progress func(done, total uint64)) ([]Position, error) {
	idx, err := pz.t.AntipodesProgress(n, progress)
	if err != nil {
		return nil, err
	}
	out := make([]Position, len(idx))
	for k, i := range idx {
		out[k] = Position{pz, pz.t.Index.State(i)}
	}
	return out, nil
}

// String writes the position as a state block, a line per set and row.
func (p Position) String() string { return p.pz.t.Puzzle.Def.FormatState(p.s) }

// Line writes the position on one line, as ParseState reads it.
func (p Position) Line() string { return p.pz.t.Puzzle.Def.FormatLine(p.s) }

// IsSolved reports whether the position is the solved state.
func (p Position) IsSolved() bool { return string(p.s) == string(p.pz.t.Puzzle.Def.Solved) }

// Solve returns the first optimal solution in the definition's move order;
// ErrUnreachable for a position the moves cannot solve.
func (p Position) Solve() (lookup.Solution, error) { return p.pz.t.Solve(p.s) }

// Count returns the number of distinct optimal solutions.
func (p Position) Count() (uint64, error) { return p.pz.t.Count(p.s) }

// All returns the optimal solutions in move order, at most limit of them
// (limit <= 0: all); truncated says there were more.
func (p Position) All(limit int) ([]lookup.Solution, bool, error) {
	return p.pz.t.All(p.s, limit)
}

// Distance is the cost of an optimal solution.
func (p Position) Distance() (int, error) { return p.pz.t.Distance(p.s) }

// Apply returns the position after a solution of this puzzle.
func (p Position) Apply(sol lookup.Solution) Position {
	steps := answer.StepsOf(sol, p.pz.t.Notation())
	d := p.pz.t.Puzzle.Def
	s := p.s.Clone()
	tmp := make(ksolve.State, len(s))
	for _, i := range steps {
		tmp = d.Apply(tmp, s, p.pz.t.Puzzle.Moves[i].Perm)
		s, tmp = tmp, s
	}
	return Position{p.pz, s}
}

// Moves returns a sequence that makes the position from the solved state:
// the inverse of its optimal solution, as short as it can be.
func (p Position) Moves() (lookup.Solution, error) {
	sol, err := p.Solve()
	if err != nil {
		return sol, err
	}
	return answer.Reversed(sol, func(i uint8) uint8 { return uint8(p.pz.t.Puzzle.InverseMove(int(i))) }), nil
}

// Verify checks a proposed solution, written in the puzzle's moves with
// the shared grammar: legal when it solves the position, optimal when it
// costs no more than an optimal one. A position the moves cannot solve is
// an error (ErrUnreachable).
func (p Position) Verify(solution string) (lookup.Verdict, error) {
	d, err := p.Distance()
	if err != nil {
		return lookup.Verdict{}, err
	}
	v := lookup.Verdict{Optimal: d}
	moves, err := p.pz.sol.Parse(solution, nil)
	if err != nil {
		v.Problem = err.Error()
		return v, nil
	}
	pz := p.pz.t.Puzzle
	def := pz.Def
	s := p.s.Clone()
	tmp := make(ksolve.State, len(s))
	for k, m := range moves {
		v.Length += pz.Cost[m]
		tmp = def.Apply(tmp, s, pz.Moves[m].Perm)
		s, tmp = tmp, s
		if err := illegalAfter(def, s, k, pz.Moves[m].Name); err != nil && v.Problem == "" {
			v.Problem = err.Error()
		}
	}
	if v.Problem != "" {
		return v, nil
	}
	if string(s) != string(def.Solved) {
		v.Problem = "does not solve the puzzle"
		return v, nil
	}
	v.Legal = true
	return v, nil
}

// illegalAfter is the error of move k (0-based), named name, having made
// the illegal state s: a move to a state the definition's Illegal lines
// forbid does not exist.
func illegalAfter(d *ksolve.Def, s ksolve.State, k int, name string) error {
	if at := d.IllegalAt(s); at != "" {
		return fmt.Errorf("move %d (%s) makes an illegal state: %s", k+1, name, at)
	}
	return nil
}

// IsUnreachable reports whether err says a position cannot be solved.
func IsUnreachable(err error) bool { return errors.Is(err, ErrUnreachable) }

var _ fmt.Stringer = Position{}

// ParseMetricName checks a metric's name ("htm" or "qtm", either case).
func ParseMetricName(s string) (string, error) {
	m, err := ksolve.ParseMetric(s)
	if err != nil {
		return "", err
	}
	return m.String(), nil
}

// File is the name of the definition file the table was built from.
func (pz *Puzzle) File() string { return pz.t.Puzzle.Def.File }
