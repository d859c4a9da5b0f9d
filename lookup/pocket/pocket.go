// Package pocket answers the 2x2x2 pocket cube optimally, from distance
// tables of all 3,674,160 positions embedded in the binary, one per metric.
//
// The moves are R R' R2 U U' U2 F F' F2: the down-back-left corner never
// moves, and its colours fix the colour scheme. Answers never turn one face
// twice in a row; among optimal ones the answer is the first in that order
// of the moves. In the half-turn metric (HTM) every move counts 1; in
// the quarter-turn metric (QTM) a half turn counts 2.
//
// A position is read from its facelets in the net (Parse) or in the URFDLB
// order of other tools (ParseURFDLB), or made by a move sequence in the
// whole cube notation (Scramble).
//
// The embedded tables are one source of the answers: From reads the tables
// from any io.ReaderAt (files, say), and its Tables answer as a Cube does.
package pocket

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/godtable/godtable/internal/engine/solver"
	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/model/pocket"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/inputerr"
	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/pocket/internal/cubetables"
)

// Cube is a position of the pocket cube. The zero value is the solved cube.
// Every Cube value is a valid position, so the methods never fail because
// of the position itself.
type Cube struct {
	rank uint32
}

// Error is the error of Parse, ParseURFDLB and Scramble for an input that is
// not a position: a one-line message naming the problem, and its class for
// errors.Is (ErrLength, ErrCharacter, ErrColours, ErrCorner, ErrDuplicate,
// ErrTwist or ErrMove). For a move sequence, Token and Pos are the first bad
// token and its position (the 1-based character count).
type Error = inputerr.Of[errorTag]

// errorTag makes Error this package's own type, so that errors.As tells
// an error of reading a pocket cube from another puzzle's.
type errorTag struct{}

// Classes of error in reading a pocket cube, for errors.Is.
var (
	// ErrLength: not 24 characters.
	ErrLength = pocket.ErrLength
	// ErrCharacter: a character that is not printable ASCII, or a space.
	ErrCharacter = pocket.ErrCharacter
	// ErrColours: not six colours, four stickers each.
	ErrColours = pocket.ErrColours
	// ErrCorner: a corner with a colour twice, opposite colours, or its
	// colours the wrong way round.
	ErrCorner = pocket.ErrCorner
	// ErrDuplicate: the same corner twice.
	ErrDuplicate = pocket.ErrDuplicate
	// ErrTwist: a twisted corner.
	ErrTwist = pocket.ErrTwist
	// ErrMove: a move sequence that cannot be read (a token that is not a
	// move, a bracket out of place, or too many moves).
	ErrMove = pocket.ErrMoveToken
)

// wrap gives an input error this package's type, so that errors.As tells a
// pocket cube error from another puzzle's.
func wrap(err error) error { return inputerr.As[errorTag](err) }

// Parse reads 24 facelets, ABCDEFGHIJKLMNOPQRSTUVWX as laid out in the net
//
//	    A B
//	    C D
//	E F G H I J K L
//	M N O P Q R S T
//	    U V
//	    W X
//
// in any six colours (printable ASCII characters other than the space, four
// stickers each). The down-back-left corner (M, T, W) never moves, so its
// colours fix the scheme. Invalid input gives the solved cube and a one-line
// *Error naming the problem: the length (in bytes), a character that is not
// printable ASCII or is a space, the colour counts, a corner that is not a
// real corner (a colour twice, opposite colours, mirrored), the same corner
// twice, or a twisted corner.
func Parse(facelets string) (Cube, error) {
	r, err := pocket.ParseRank(facelets)
	return inputerr.Read[errorTag](Cube{rank: r}, err)
}

// ParseURFDLB reads 24 facelets in the URFDLB order of cstimer and the
// Kociemba-style solvers: the faces U R F D L B, each read row by row as seen
// from outside with U on top (U with B on top, D with F on top), so that the
// solved cube is UUUURRRRFFFFDDDDLLLLBBBB; in the net's letters, ABCD IJQR
// GHOP UVWX EFMN KLST. Colours and errors are as Parse's, the stickers named
// U1..U4 R1..R4 F1..F4 D1..D4 L1..L4 B1..B4 and characters counted in this
// order.
func ParseURFDLB(facelets string) (Cube, error) {
	r, err := pocket.ParseRankURFDLB(facelets)
	return inputerr.Read[errorTag](Cube{rank: r}, err)
}

// Scramble returns the position reached from the solved cube by a move
// sequence such as "R U2 F'" or "[R: U] (x L2')2 // comment", in the whole
// notation: the faces U D L R F B, the rotations x y z and the wide turns
// Rw Lw Uw Dw Fw Bw (also r l u d f b), which on the 2x2x2 turn the whole
// cube; each plain or with ' 2 2' 3 or ’; groupings (A)3 and (A)', the
// commutator [A, B] and the conjugate [A: B]; comments from // to the end of
// the line. No moves give the solved cube. The position is the cube as held
// after the moves, its colours named after the corner then at the
// down-back-left position: it is what Parse reads from the cube's facelets,
// and Solve answers how to solve the cube as it is held. A sequence that
// cannot be read gives the solved cube and a one-line *Error of class
// ErrMove naming the first bad token and its position, such as: bad move "Q"
// at character 4 (want U D L R F B, x y z, Rw Lw Uw Dw Fw Bw or r l u d f b,
// each plain or with ' 2 2' 3).
func Scramble(moves string) (Cube, error) {
	toks, err := pocket.ParseSequence(moves)
	if err != nil {
		return Cube{}, wrap(err)
	}
	return Cube{}.applyTokens(toks), nil
}

// applyTokens returns the position after tokens of the whole notation, as
// held afterwards. Sequences of R U F only, the usual case, go through the
// move tables.
func (c Cube) applyTokens(toks []pocket.Token) Cube {
	for _, tk := range toks {
		if tk >= 9 {
			return Cube{rank: pocket.ApplySequence(c.rank, toks)}
		}
	}
	t := pocket.MoveTables()
	r := c.rank
	for _, tk := range toks {
		r = t.Apply(r, pocket.Move(tk))
	}
	return Cube{rank: r}
}

// Random draws a position uniformly from all 3,674,160, using rng (a fresh
// generator if rng is nil).
func Random(rng *rand.Rand) Cube {
	return Cube{rank: uint32(solver.OrRandom(rng).IntN(pocket.NStates))}
}

var errNoSuchPosition = errors.New("no such position")

// FromRank returns the position with the given rank (see Rank). A rank of
// 3,674,160 or more gives the solved cube and an error ("no such
// position").
func FromRank(r uint32) (Cube, error) {
	if r >= pocket.NStates {
		return Cube{}, errNoSuchPosition
	}
	return Cube{rank: r}, nil
}

// Facelets returns the position as 24 facelets in the colours U R F D L B,
// which Parse reads back.
func (c Cube) Facelets() string { return pocket.FromRank(c.rank).Facelets() }

// String returns the position's facelets.
func (c Cube) String() string { return c.Facelets() }

// URFDLB returns the position as 24 facelets in the URFDLB order (see
// ParseURFDLB), in the colours U R F D L B.
func (c Cube) URFDLB() string { return pocket.FromRank(c.rank).URFDLB() }

// URFDLBToNet rewrites 24 characters given in the URFDLB order in the order
// of the net (see Parse), character for character; s must be 24 bytes long.
func URFDLBToNet(s string) string { return pocket.URFDLBToNet(s) }

// Faces returns the face colour (0..5 for U R F D L B) of each of the 24
// stickers.
func (c Cube) Faces() [24]uint8 { return pocket.FromRank(c.rank).Faces() }

// Rank returns the position's index in [0, 3674160).
func (c Cube) Rank() uint32 { return c.rank }

// IsSolved reports whether the cube is solved.
func (c Cube) IsSolved() bool { return c.rank == 0 }

// Apply returns the position after a solution's moves (the zero Solution
// leaves c as it is). s is a pocket cube solution of either metric; a
// solution of another puzzle leaves c as it is too.
func (c Cube) Apply(s lookup.Solution) Cube {
	t := pocket.MoveTables()
	r := c.rank
	for _, i := range answer.StepsOf(s, tables[HTM].Notation(), tables[QTM].Notation()) {
		r = t.Apply(r, pocket.Move(i))
	}
	return Cube{rank: r}
}

// tables are the two metrics' tables embedded in the binary (see
// internal/cubetables), indexed by HTM and QTM.
var tables = cubetables.Tables

// Tables are the pocket cube's two distance tables, one per metric, that
// answers are read from. A Cube's own methods (Solve, Count ...) and the
// package's functions answer from the tables embedded in the binary
// (Embedded); the methods of Tables answer alike from any, such as those
// From reads from files. The zero Tables is not usable. Tables are safe for
// concurrent use.
type Tables struct {
	t [2]*solver.Table // indexed by HTM and QTM
}

// embeddedTables are the tables embedded in the binary.
var embeddedTables = &Tables{t: tables}

// Embedded returns the tables embedded in the binary: those a Cube's own
// methods answer from.
func Embedded() *Tables { return embeddedTables }

// From returns tables read from htm and qtm, table files of the half-turn
// and the quarter-turn metric from their first byte to their end, in place
// of the embedded ones; a nil reader stands for the embedded table of its
// metric. Each is read on first use and checked as the embedded one is: a
// damaged table, or one built for another definition, answers nothing and
// gives a *lookup.TableError.
func From(htm, qtm io.ReaderAt) *Tables {
	t := *embeddedTables
	for m, r := range [2]io.ReaderAt{HTM: htm, QTM: qtm} {
		if r != nil {
			t.t[m] = t.t[m].From(r)
		}
	}
	return &t
}

// of returns the metric's table, or an error for an unknown metric.
func (t *Tables) of(m Metric) (*solver.Table, error) {
	if m != HTM && m != QTM {
		return nil, fmt.Errorf("unknown metric %d", int(m))
	}
	return t.t[m], nil
}

// Solve returns an optimal solution in the metric: the first in the order
// R R' R2 U U' U2 F F' F2 of the moves. No face is turned twice in a row; the
// solved cube gives the empty solution. The error is non-nil only for an
// unknown metric or when the metric's table cannot be used (a
// *lookup.TableError), with the zero Solution.
func (c Cube) Solve(m Metric) (lookup.Solution, error) { return embeddedTables.Solve(c, m) }

// Solve is Cube.Solve, answered from t.
func (t *Tables) Solve(c Cube, m Metric) (lookup.Solution, error) {
	tb, err := t.of(m)
	if err != nil {
		return lookup.Solution{}, err
	}
	return tb.Solve(puzzle.State(c.rank))
}

// Distance returns the length of an optimal solution in the metric (0 for
// the solved cube). The error is non-nil only for an unknown metric or an
// unusable table, with 0.
func (c Cube) Distance(m Metric) (int, error) { return embeddedTables.Distance(c, m) }

// Distance is Cube.Distance, answered from t.
func (t *Tables) Distance(c Cube, m Metric) (int, error) {
	s, err := t.Solve(c, m)
	return s.Cost(), err
}

// Count returns the number of distinct optimal solutions in the metric (as
// move sequences written out, no face twice in a row; 1 for the solved
// cube). The error is non-nil only for an unknown metric or an unusable
// table, with 0.
func (c Cube) Count(m Metric) (uint64, error) { return embeddedTables.Count(c, m) }

// Count is Cube.Count, answered from t.
func (t *Tables) Count(c Cube, m Metric) (uint64, error) {
	tb, err := t.of(m)
	if err != nil {
		return 0, err
	}
	return tb.Count(puzzle.State(c.rank))
}

// All returns every optimal solution in the metric, in move order, up to
// limit of them (limit <= 0: no limit); truncated says whether there were
// more. The solved cube gives one empty solution. The error is non-nil only
// for an unknown metric or an unusable table, with nil and false.
func (c Cube) All(m Metric, limit int) (sols []lookup.Solution, truncated bool, err error) {
	return embeddedTables.All(c, m, limit)
}

// All is Cube.All, answered from t.
func (t *Tables) All(c Cube, m Metric, limit int) (sols []lookup.Solution, truncated bool, err error) {
	tb, err := t.of(m)
	if err != nil {
		return nil, false, err
	}
	return tb.All(puzzle.State(c.rank), limit)
}

// Verify checks a proposed solution, a move sequence in the whole notation
// of Scramble applied to the cube as it is held: it must leave the cube
// solved, in any orientation. Its length counts the face turns as the
// metric says (HTM: one each; QTM: one per quarter turn, two per half turn);
// rotations and wide turns count nothing, and one face may be turned several
// times in a row, each turn counted (F F is 2 in either metric). The verdict
// gives the length and the optimal length in the metric. A bad solution is
// not an error: a sequence that cannot be read, or that leaves the cube
// unsolved, gives a verdict that is not Legal, with the Problem named (for a
// sequence that cannot be read, Scramble's error message, which names the
// first bad token and its position). The error is non-nil only for an
// unknown metric or an unusable table, with the zero Verdict.
func (c Cube) Verify(solution string, m Metric) (lookup.Verdict, error) {
	return embeddedTables.Verify(c, solution, m)
}

// Verify is Cube.Verify, answered from t.
func (t *Tables) Verify(c Cube, solution string, m Metric) (lookup.Verdict, error) {
	tb, err := t.of(m)
	if err != nil {
		return lookup.Verdict{}, err
	}
	w, err := tb.Walker()
	if err != nil {
		return lookup.Verdict{}, err
	}
	// Nearly every answer to check is plain R U F turns: those are read
	// and followed without the grammar.
	var buf [64]pocket.Token
	if toks, ok := pocket.AppendPlainTurns(buf[:0], solution); ok && followsRUF(w, c, toks) {
		n := pocket.SequenceCost(toks, m == QTM)
		return lookup.Verdict{Legal: true, Length: n, Optimal: n}, nil
	}
	toks, parseErr := pocket.ParseSequence(solution)
	if parseErr == nil && followsRUF(w, c, toks) {
		// Every move went one nearer: the solution is optimal, and no
		// walk is needed to know the distance.
		n := pocket.SequenceCost(toks, m == QTM)
		return lookup.Verdict{Legal: true, Length: n, Optimal: n}, nil
	}
	d, err := t.Distance(c, m)
	if err != nil {
		return lookup.Verdict{}, err
	}
	v := lookup.Verdict{Optimal: d}
	if parseErr != nil {
		v.Problem = parseErr.Error()
		return v, nil
	}
	v.Length = pocket.SequenceCost(toks, m == QTM)
	if !c.applyTokens(toks).IsSolved() {
		v.Problem = "does not solve the cube"
		return v, nil
	}
	v.Legal = true
	return v, nil
}

// followsRUF reports whether toks, all R U F face turns, solve c with every
// move one nearer in the walker's table.
func followsRUF(w *walk.Walker, c Cube, toks []pocket.Token) bool {
	var buf [64]uint8
	steps := buf[:0]
	for _, tk := range toks {
		if tk >= 9 {
			return false
		}
		steps = append(steps, uint8(tk))
	}
	return w.Follows(puzzle.State(c.rank), steps)
}

// Moves returns a move sequence that makes this position from the solved
// cube: the inverse of its optimal half-turn solution, so it is as short as
// possible (empty for the solved cube). The error is non-nil only when the
// half-turn table cannot be used (a *lookup.TableError), with the zero
// Solution. It is MovesIn(HTM).
func (c Cube) Moves() (lookup.Solution, error) { return c.MovesIn(HTM) }

// MovesIn is Moves as short as possible in the metric m: the inverse of the
// optimal solution in m (in QTM a sequence that the half-turn metric finds
// shortest may take more quarter turns than another). The error is an
// unknown metric's, or a *lookup.TableError, with the zero Solution.
func (c Cube) MovesIn(m Metric) (lookup.Solution, error) { return embeddedTables.MovesIn(c, m) }

// MovesIn is Cube.MovesIn, answered from t.
func (t *Tables) MovesIn(c Cube, m Metric) (lookup.Solution, error) {
	s, err := t.Solve(c, m)
	if err != nil {
		return lookup.Solution{}, err
	}
	return answer.Reversed(s, func(i uint8) uint8 { return i/3*3 + [3]uint8{1, 0, 2}[i%3] }), nil
}

// Distribution returns the number of positions at each distance in the
// metric, as recorded in the table: index d holds the count at distance d.
// The error is non-nil only for an unknown metric or an unusable table, with
// nil.
func Distribution(m Metric) ([]int, error) { return embeddedTables.Distribution(m) }

// Distribution is the package's Distribution, read from t.
func (t *Tables) Distribution(m Metric) ([]int, error) {
	tb, err := t.of(m)
	if err != nil {
		return nil, err
	}
	return tb.Distribution()
}

// Configure sets how the pocket cube's two tables are used: when the next-
// move table is derived (lookup.WithNextTable, lookup.WithNextAfter; by
// default after 4,096 solves). It decodes the table if it is not yet, and
// applies to the answers after it; the error is a *lookup.TableError when the
// table cannot be used.
func Configure(opts ...lookup.Option) error { return embeddedTables.Configure(opts...) }

// Configure is the package's Configure, for t's tables.
func (t *Tables) Configure(opts ...lookup.Option) error {
	return solver.Configure(opts, t.t[HTM], t.t[QTM])
}

// Draw returns the net, one line per row of stickers, each sticker written
// as the character of letters at its place (24 characters in the order of
// the net, as Parse reads them: the colours the user gave); with colour,
// each on its face's background (ANSI escapes: U white, R red, F green, D
// yellow, L orange, B blue).
func (c Cube) Draw(letters string, colour bool) string {
	if len(letters) != 24 {
		letters = c.Facelets()
	}
	faces := c.Faces()
	// The net, sticker by sticker: -1 is a gap.
	rows := [][]int{
		{-1, -1, 0, 1},
		{-1, -1, 2, 3},
		{4, 5, 6, 7, 8, 9, 10, 11},
		{12, 13, 14, 15, 16, 17, 18, 19},
		{-1, -1, 20, 21},
		{-1, -1, 22, 23},
	}
	bg := [6]string{"\x1b[30;107m", "\x1b[97;41m", "\x1b[30;42m", "\x1b[30;103m", "\x1b[30;48;5;208m", "\x1b[97;44m"}
	var b strings.Builder
	for _, row := range rows {
		line := ""
		for _, i := range row {
			if i < 0 {
				line += "  "
				continue
			}
			if colour {
				line += bg[faces[i]] + string(letters[i]) + " \x1b[0m"
			} else {
				line += string(letters[i]) + " "
			}
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return b.String()
}
