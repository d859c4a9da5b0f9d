// Package cube3 answers the 3x3x3 Rubik's cube optimally: an IDA* search
// over the 18 face turns guided by pruning tables of 118 MB that are built
// once (under a minute on two processors) into the user's cache directory
// and read from there afterwards. No table is in the binary.
//
// Answers never turn one face twice in a row; among optimal ones the answer
// is the first in the order of the moves R R' R2 U U' U2 F F' F2 L L' L2 D
// D' D2 B B' B2, with any number of workers. In the half-turn metric (HTM)
// every move counts 1; in the quarter-turn metric (QTM) a half turn counts
// 2.
//
// A search may be given a time (Tables.WithTimeout): when it runs out, the
// answer is a *TimeoutError with a proven lower bound, never a guess.
package cube3

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/godtable/godtable/internal/engine/solver"
	"github.com/godtable/godtable/internal/model/cube3"
	"github.com/godtable/godtable/internal/support/answer"
	"github.com/godtable/godtable/internal/support/inputerr"
	"github.com/godtable/godtable/lookup"
)

// Cube is a position of the 3x3x3, taken up to the whole cube's
// orientation (its centres name the colours). The zero value is not a
// position; use Solved, Parse, ParseURFDLB, Scramble or Random.
type Cube struct {
	c cube3.Cubie
}

// Solved is the solved cube.
var Solved = Cube{cube3.Solved}

// Error is the error of Parse, ParseURFDLB and Scramble for an input that
// is not a position: a one-line message naming the problem and its class
// for errors.Is.
type Error = inputerr.Of[errorTag]

type errorTag struct{}

// Classes of error in reading a cube, for errors.Is.
var (
	ErrLength    = cube3.ErrLength    // not 54 characters
	ErrCharacter = cube3.ErrCharacter // a character that is not printable ASCII, or a space
	ErrColours   = cube3.ErrColours   // not six colours, nine stickers each
	ErrCentre    = cube3.ErrCentre    // two centres of one colour
	ErrCorner    = cube3.ErrCorner    // a corner that is no corner of the scheme
	ErrEdge      = cube3.ErrEdge      // an edge that is no edge of the scheme
	ErrDuplicate = cube3.ErrDuplicate // the same piece twice
	ErrTwist     = cube3.ErrTwist     // a twisted corner
	ErrFlip      = cube3.ErrFlip      // a flipped edge
	ErrParity    = cube3.ErrParity    // two pieces swapped
	ErrMove      = cube3.ErrMoveToken // a move sequence that cannot be read
)

func wrap(err error) error { return inputerr.As[errorTag](err) }

// Parse reads 54 stickers in the net's order: the U face (back row first),
// then the L F R B faces row by row across the four, then the D face (front
// row first), each face seen from outside with U on top; any six colours,
// the centres naming them. Invalid input gives a one-line *Error naming the
// problem.
func Parse(facelets string) (Cube, error) {
	c, err := cube3.Parse(strings.TrimSpace(facelets))
	if err != nil {
		return Solved, wrap(err)
	}
	return Cube{c}, nil
}

// ParseURFDLB reads 54 stickers in the URFDLB order of Kociemba's solvers
// and cstimer: the faces U R F D L B, nine each, read row by row; solved is
// UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB.
func ParseURFDLB(facelets string) (Cube, error) {
	c, err := cube3.ParseURFDLB(strings.TrimSpace(facelets))
	if err != nil {
		return Solved, wrap(err)
	}
	return Cube{c}, nil
}

// Scramble returns the position a move sequence makes from the solved cube,
// in the WCA notation (R U F L D B, slices M E S, wide turns Rw or r,
// rotations x y z) with the grammar of groupings, commutators and comments
// of the other cubes.
func Scramble(moves string) (Cube, error) { return Solved.Then(moves) }

// Then returns the position after a move sequence from c.
func (c Cube) Then(moves string) (Cube, error) {
	toks, err := cube3.ParseSequence(moves)
	if err != nil {
		return c, wrap(err)
	}
	return Cube{c.c.ApplySequence(toks)}, nil
}

// Random draws a position uniformly from all 43,252,003,274,489,856,000,
// using rng (a fresh generator if rng is nil).
func Random(rng *rand.Rand) Cube {
	r := solver.OrRandom(rng)
	var c cube3.Cubie
	perm := func(p []uint8) {
		for i := range p {
			p[i] = uint8(i)
		}
		r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	}
	for {
		perm(c.CP[:])
		perm(c.EP[:])
		if cube3.PermParity(c.CP[:]) == cube3.PermParity(c.EP[:]) {
			break
		}
	}
	tw, fl := 0, 0
	for i := 0; i < 7; i++ {
		c.CO[i] = uint8(r.IntN(3))
		tw += int(c.CO[i])
	}
	c.CO[7] = uint8((3 - tw%3) % 3)
	for i := 0; i < 11; i++ {
		c.EO[i] = uint8(r.IntN(2))
		fl += int(c.EO[i])
	}
	c.EO[11] = uint8(fl % 2)
	return Cube{c}
}

// Facelets returns the 54 stickers in the net's order, as the letters U R F
// D L B.
func (c Cube) Facelets() string { return c.c.Facelets() }

// URFDLB returns the 54 stickers in the URFDLB order.
func (c Cube) URFDLB() string { return c.c.URFDLB() }

// String is Facelets.
func (c Cube) String() string { return c.Facelets() }

// Faces returns each sticker's face (0..5 for U R F D L B), in the net's
// order.
func (c Cube) Faces() [54]uint8 { return c.c.Faces() }

// IsSolved reports whether c is solved.
func (c Cube) IsSolved() bool { return c.c.IsSolved() }

// Apply returns the position after a solution's moves.
func (c Cube) Apply(s lookup.Solution) Cube {
	d, err := c.Then(s.String())
	if err != nil {
		return c
	}
	return d
}

// Generator returns a sequence of face turns that makes c from the solved
// cube, at most 22 long, found in milliseconds by a two-phase search: the
// same for the same cube every time, but as a rule not the shortest (that
// is what Solve finds, in a search that takes far longer).
func (c Cube) Generator() lookup.Solution { return solutionOf(cube3.Generator(c.c), HTM) }

// URFDLBToNet rewrites 54 stickers from the URFDLB order to the net's.
func URFDLBToNet(s string) string { return cube3.URFDLBToNet(s) }

// Metric is how the length of a solution is counted; the zero Metric is
// HTM.
type Metric int

const (
	// HTM, the half-turn metric: every move counts 1.
	HTM Metric = iota
	// QTM, the quarter-turn metric: a half turn counts 2.
	QTM
)

// ParseMetric reads "htm" or "qtm" (either case).
func ParseMetric(s string) (Metric, error) {
	switch strings.ToLower(s) {
	case "htm":
		return HTM, nil
	case "qtm":
		return QTM, nil
	}
	return 0, fmt.Errorf("unknown metric %q (want htm or qtm)", s)
}

func (m Metric) String() string {
	switch m {
	case HTM:
		return "htm"
	case QTM:
		return "qtm"
	}
	return fmt.Sprintf("metric(%d)", int(m))
}

func (m Metric) check() error {
	if m != HTM && m != QTM {
		return fmt.Errorf("unknown metric %d", int(m))
	}
	return nil
}

var notations = func() [2]*answer.Notation {
	names := cube3.MoveNames[:]
	var out [2]*answer.Notation
	for m := range out {
		cost := make([]int, cube3.NMoves)
		for i := range cost {
			cost[i] = cube3.Move(i).Cost(m == int(QTM))
		}
		out[m] = answer.NewNotation(names, cost, " ")
	}
	return out
}()

func solutionOf(ms []cube3.Move, m Metric) lookup.Solution {
	steps := make([]uint8, len(ms))
	for i, x := range ms {
		steps[i] = uint8(x)
	}
	return answer.New(notations[m], steps)
}

// TimeoutError is the answer of a search that ran out of time: no solution
// is shorter than LowerBound, and the search did not finish that length.
type TimeoutError struct {
	LowerBound int
	Metric     Metric
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("no solution of %d moves or fewer (%s): the optimal solution is at least %d", e.LowerBound-1, e.Metric, e.LowerBound)
}

// ErrTimeout is the class of TimeoutError, for errors.Is.
var ErrTimeout = errors.New("timed out")

// Is makes errors.Is(err, ErrTimeout) true for a *TimeoutError.
func (e *TimeoutError) Is(target error) bool { return target == ErrTimeout }

// Tables are the solver's tables, with the number of workers and the time
// a search may take.
type Tables struct {
	t       *cube3.Tables
	workers int
	timeout time.Duration
	// depthLimit, when limited, is the most moves a search looks for.
	depthLimit int
	limited    bool
}

// Open returns the tables in the user's cache directory, building them
// there first if they are missing or damaged, with progress on log.
func Open(log io.Writer) (*Tables, error) {
	t, err := cube3.Open(log, 0)
	if err != nil {
		return nil, err
	}
	return &Tables{t: t}, nil
}

// Load reads tables from a file written by Build or by godtable gen. A
// file that is not intact tables is a *lookup.TableError.
func Load(path string) (*Tables, error) {
	t, err := cube3.Load(path)
	if errors.Is(err, cube3.ErrTableFile) {
		return nil, &lookup.TableError{Table: path, Err: lookup.ErrCorruptTable, Detail: strings.TrimPrefix(err.Error(), path+": ")}
	}
	if err != nil {
		return nil, err
	}
	return &Tables{t: t}, nil
}

// Describe names the tables t holds.
func (t *Tables) Describe() string {
	if t.t.Contents() == cube3.NoCorners {
		return "flip-slice-twist table"
	}
	return "flip-slice-twist and corner tables"
}

// Bytes is the size of t's file.
func (t *Tables) Bytes() int64 { return int64(t.t.Contents().Size()) }

// Uninformed returns tables that know nothing: every answer is still
// optimal, found by plain iterative deepening, which is quick only for
// positions a few moves from solved. They need no file.
func Uninformed() *Tables { return &Tables{t: uninformed()} }

var uninformed = sync.OnceValue(cube3.Uninformed)

// BuildOptions say how Build goes; each may be left zero.
type BuildOptions struct {
	// Workers is the number of goroutines (0: one a processor).
	Workers int
	// Work is the directory the build keeps its work in, so that a build
	// stopped at any moment goes on from there when run again (default:
	// the file's path with .work). Once the file is written its files are
	// removed, and the directory too if nothing else is in it.
	Work string
	// Log, if set, hears of each depth of each table, and of work taken up
	// again or found damaged.
	Log io.Writer
}

// Build computes the tables that fit size bytes and writes them to path,
// and returns the file's size. Both tables fit in FileSize bytes; from
// MinSize bytes up, the flip-slice-twist table alone (the search then
// enters more positions); a smaller size is an error. Larger sizes hold
// the same tables.
func Build(path string, size int64, o BuildOptions) (int64, error) {
	c, err := cube3.ContentsFor(size)
	if err != nil {
		return 0, err
	}
	bo := cube3.BuildOptions{Workers: o.Workers, Work: o.Work, Log: o.Log}
	if o.Log != nil {
		bo.Progress = func(table string, depth, count, filled int) {
			fmt.Fprintf(o.Log, "godtable: 3x3x3 %s table: depth %d, %d entries\n", table, depth, filled)
		}
	}
	if _, err := cube3.BuildFile(path, c, bo); err != nil {
		return 0, err
	}
	return int64(c.Size()), nil
}

// FileSize is the size of the tables' file with both tables, the one the
// cache holds; MinSize is the smallest, the flip-slice-twist table alone.
const (
	FileSize = cube3.FileSize
	MinSize  = cube3.FileSizeNoCorners
)

// IsTableFile reports whether the file at path starts as a 3x3x3 table
// file does (its contents are checked when it is loaded).
func IsTableFile(path string) bool { return cube3.IsTableFile(path) }

// WithWorkers returns t searching on n goroutines (0: one a processor).
// The answers are the same with any n.
func (t *Tables) WithWorkers(n int) *Tables {
	u := *t
	u.workers = n
	return &u
}

// WithTimeout returns t giving each search at most d (0: no limit).
func (t *Tables) WithTimeout(d time.Duration) *Tables {
	u := *t
	u.timeout = d
	return &u
}

// WithMaxDepth returns t searching for solutions of at most d moves (d < 0:
// no limit): a cube farther is answered with a *TimeoutError whose
// LowerBound is d+1, a proven bound.
func (t *Tables) WithMaxDepth(d int) *Tables {
	u := *t
	u.depthLimit, u.limited = d, d >= 0
	return &u
}

func (t *Tables) options(m Metric) cube3.Options {
	o := cube3.Options{QTM: m == QTM, Workers: t.workers}
	if t.limited && t.depthLimit > 0 {
		o.MaxCost = t.depthLimit
	}
	if t.timeout > 0 {
		o.Deadline = time.Now().Add(t.timeout)
	}
	return o
}

func (t *Tables) search(c Cube, m Metric, o cube3.Options) (cube3.Result, error) {
	if err := m.check(); err != nil {
		return cube3.Result{}, err
	}
	if t.limited && t.depthLimit == 0 && !c.c.IsSolved() {
		return cube3.Result{Length: 1}, &TimeoutError{LowerBound: 1, Metric: m}
	}
	r := t.t.Search(c.c, o)
	if !r.Found {
		return r, &TimeoutError{LowerBound: r.Length, Metric: m}
	}
	return r, nil
}

// Solve returns the first optimal solution in the move order.
func (t *Tables) Solve(c Cube, m Metric) (lookup.Solution, error) {
	r, err := t.search(c, m, t.options(m))
	if err != nil {
		return lookup.Solution{}, err
	}
	return solutionOf(r.Solutions[0], m), nil
}

// Distance returns the length of an optimal solution.
func (t *Tables) Distance(c Cube, m Metric) (int, error) {
	r, err := t.search(c, m, t.options(m))
	return r.Length, err
}

// Count returns the number of distinct optimal move sequences.
func (t *Tables) Count(c Cube, m Metric) (uint64, error) {
	o := t.options(m)
	o.All, o.Canonical = true, true
	r, err := t.search(c, m, o)
	if err != nil {
		return 0, err
	}
	return cube3.CountSolutions(r.Solutions, m == QTM), nil
}

// All returns every optimal solution in the move order, at most limit of
// them (0: all); truncated says some were left out.
func (t *Tables) All(c Cube, m Metric, limit int) (sols []lookup.Solution, truncated bool, err error) {
	o := t.options(m)
	o.All = true
	r, err := t.search(c, m, o)
	if err != nil {
		return nil, false, err
	}
	for _, s := range r.Solutions {
		if limit > 0 && len(sols) == limit {
			return sols, true, nil
		}
		sols = append(sols, solutionOf(s, m))
	}
	return sols, false, nil
}

// Verify checks a proposed solution, in the whole notation (rotations cost
// nothing, a slice counts as two face turns): legal if it solves the cube
// in any orientation, optimal if no solution is shorter, which the search
// proves by exhausting every shorter length.
func (t *Tables) Verify(c Cube, solution string, m Metric) (lookup.Verdict, error) {
	if err := m.check(); err != nil {
		return lookup.Verdict{}, err
	}
	toks, err := cube3.ParseSequence(solution)
	length := 0
	problem := ""
	if err != nil {
		problem = err.Error()
	} else {
		length = cube3.SequenceCost(toks, m == QTM)
		if !c.c.ApplySequence(toks).IsSolved() {
			problem = "the moves do not solve the cube"
		}
	}
	o := t.options(m)
	if problem == "" {
		// Only the lengths below need exhausting.
		o.MaxCost = length - 1
	}
	r := cube3.Result{Found: true}
	if problem != "" || length > 0 {
		r = t.t.Search(c.c, o)
	}
	v := lookup.Verdict{Legal: problem == "", Problem: problem, Length: length, Optimal: r.Length}
	switch {
	case r.Found:
	case problem == "" && r.Length == length:
		// No solution up to length-1: the proposal is optimal.
		v.Optimal = length
	default:
		return lookup.Verdict{}, &TimeoutError{LowerBound: r.Length, Metric: m}
	}
	return v, nil
}
