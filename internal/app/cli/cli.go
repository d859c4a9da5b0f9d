// Package cli is what the godtable command asks of a puzzle: reading its
// inputs, writing its answers, drawing its states. Each puzzle answers it
// in a package of its own in the command's layer (internal/app/pocketcli,
// ...), listed by internal/app/all; the command ranges over that list and
// holds nothing of any one puzzle.
//
// The solving itself is the puzzle's public package's (lookup/pocket, ...);
// this package only carries the command's vocabulary, the options and the
// answer being written, and the few ways of answering that every puzzle
// shares (a solution, a count or a list; a state drawn at least K moves from
// the goal; the state after a move sequence).
package cli

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/godtable/godtable/lookup"
)

// Puzzle is one puzzle as the command runs it. Besides these methods a
// puzzle may answer the optional interfaces below (Grouper, OptionChecker,
// StatsNoter, Antipoder, Competitor, MinMovesDescriber, Aliaser, SVGDrawer, Batterer,
// Pager).
type Puzzle interface {
	// Name is the puzzle's name on the command line and in the API.
	Name() string
	// Title is the puzzle's name for people, as the web page's menu
	// shows it.
	Title() string
	// Features says which flags the puzzle takes.
	Features() Features
	// Solve answers one input: text (ending in a newline) and JSON fields
	// in a, or an error naming what is wrong with the input.
	Solve(in string, o *Options, a *Answer) error
	// Verify checks a proposed solution from a state.
	Verify(state, solution string, o *Options) (lookup.Verdict, error)
	// Scramble draws a state uniformly; moves is a sequence that makes it
	// (or solves it, as the puzzle's notation has it) and dist its
	// distance, or -1 when it is not asked for (only --json writes it).
	Scramble(rng *rand.Rand, o *Options) (state, moves string, dist int, err error)
	// Stats returns the number of states at each distance.
	Stats(o *Options) ([]int, error)
	// Show draws a state, in colour if asked.
	Show(state string, o *Options, colour bool) (string, error)
	// After reads a state as Show does and applies a move sequence (none
	// if blank) to it, for the web page. An unusable table is an
	// ErrTable.
	After(state, moves string, o *Options) (Shown, error)
	// EndsInput reports whether a stdin line ends the input (the rotation
	// game's judge format ends with a line "0").
	EndsInput(line string) bool
}

// Grouper is a puzzle whose stdin inputs may span several lines.
type Grouper interface {
	// Group says whether a line starts a multi-line input and whether it
	// is one of its rows.
	Group(line string) (starts, row bool)
	// GroupRows is the number of rows that completes an input.
	GroupRows() int
}

// GroupEnder is a Grouper whose inputs end at a line of their own (a
// definition puzzle's state block at "End") rather than at a count.
type GroupEnder interface {
	EndsGroup(line string) bool
}

// Indexer is a puzzle whose table numbers more states than the moves reach:
// Indexed is its index's size, which stats --json writes.
type Indexer interface {
	Indexed() uint64
}

// Classer is a puzzle whose table may keep one entry a class of states
// under its symmetries: Classes are the classes at each distance (nil for
// a table of states) and Symmetries how many symmetries make them.
type Classer interface {
	Classes() []int
	Symmetries() int
}

// OptionChecker is a puzzle with flags of its own to check before any input
// is read (a --from state that must be a state); a bad one is bad usage.
type OptionChecker interface {
	CheckOptions(cmd string, o *Options) error
}

// StatsNoter is a puzzle whose stats need a line saying what its states are.
type StatsNoter interface {
	StatsNote() string
}

// Antipoder is a puzzle whose stats can list its farthest states
// (stats --antipodes): up to n of them, each as a state and a move
// sequence that makes it from the solved state, in a fixed order.
type Antipoder interface {
	Antipodes(o *Options, n int) ([]Drawn, error)
}

// Competitor is a WCA puzzle: its scrambles meet the WCA regulations'
// minimum optimal length (regulation 4b3) unless --wca=false.
type Competitor interface {
	// WCAMinimum is the fewest moves, counted as the WCA counts them, that
	// a competition scramble's state may need, and the regulation that
	// says so.
	WCAMinimum() (moves int, regulation string)
}

// MinMovesDescriber is a puzzle whose --min-moves counts other than every
// move (the Pyraminx's counts the body's moves alone).
type MinMovesDescriber interface {
	// MinMovesUsage is --min-moves's help text, its value named `K`.
	MinMovesUsage() string
}

// Aliaser is a puzzle known by other names on the command line: its WCA
// event ID and the names cubers call it by.
type Aliaser interface {
	// Aliases are the other names, in lower case, without spaces.
	Aliases() []string
}

// SVGDrawer is a puzzle drawn as an SVG image, by internal/app/svg: show --svg,
// scramble --svg, the API's show with "svg", and the web page's picture.
type SVGDrawer interface {
	// SVG draws a state, as After gives it, on one line.
	SVG(s Shown) string
}

// ArrowDrawer is an SVGDrawer that can also show the move about to be made,
// as an arrow on the puzzle (show --svg --next, the page's playback).
type ArrowDrawer interface {
	// SVGNext draws a state with an arrow for the move next, one of the
	// moves the puzzle's answers are made of, or gives an error naming
	// what it takes.
	SVGNext(s Shown, next string) (string, error)
}

// NextMove finds an ArrowDrawer's move next among the names of its moves;
// the error names what it takes.
func NextMove(next string, names []string) (int, error) {
	for i, n := range names {
		if n == next {
			return i, nil
		}
	}
	return -1, fmt.Errorf("--next %q: want one of %s", next, strings.Join(names, " "))
}

// Batterer is a puzzle with a built-in battery of cases.
type Batterer interface {
	// Battery runs the first o.N cases on o.Workers goroutines and returns
	// the summary line.
	Battery(o *Options) string
	// BatterySize is the number of cases in the battery.
	BatterySize() int
}

// Features says which flags a puzzle takes.
type Features struct {
	Table    bool // answered from a table: --count, --all, stats
	Metric   bool // --metric htm|qtm
	Scramble bool // --scramble: inputs are move sequences
	Order    bool // --order net|urfdlb: the pocket cube's facelet order
	From     bool // --from STATE
	Draw     bool // --draw
	Moves    bool // --moves LIST: a definition puzzle's move restriction
	Search   bool // answered by a search: --max-depth, --timeout, --workers
}

// Options are the flags of every command; each command and puzzle registers
// only the ones it supports, so any other is a usage error.
type Options struct {
	JSON     bool
	Count    bool
	All      bool
	Limit    int
	Scramble bool
	Order    string // "net" or "urfdlb"
	Metric   string // "htm" or "qtm", in lower case
	From     string
	Draw     bool
	N        int
	Seed     uint64
	MinMoves int
	WCA      bool   // scramble: only states the WCA allows (Competitor)
	SVG      bool   // show, scramble: draw as SVG (SVGDrawer)
	Next     string // show --svg: the move about to be made (ArrowDrawer)
	Colour   string
	Workers  int
	Moves    string
	// Antipodes is how many of the farthest states stats lists
	// (Antipoder); AntipodesBare says the flag came without a number, so
	// that "stats --antipodes 5" may give it as the argument after it.
	Antipodes     int
	AntipodesBare bool
	// MaxDepth and Timeout bound each input's search (Features.Search):
	// past them the answer is a proven lower bound. MaxDepth < 0: none;
	// Timeout 0: none.
	MaxDepth int
	Timeout  time.Duration
	// Progress, if set, is where a command that may take a while says
	// how far it has come (stats --antipodes): stderr.
	Progress io.Writer
}

// ServerSearchTimeout bounds each search the server runs for a request of
// a Search puzzle, when the request gives no shorter timeout.
const ServerSearchTimeout = 60 * time.Second

// Answer is one input's answer: its text form and its JSON fields. Input
// and Err are the command's; a puzzle writes Text and calls Set.
type Answer struct {
	Input  string
	Text   []byte
	Fields []Field
	Err    error
	// Note, if set, is said on stderr beside a valid answer: the input was
	// read, but may not be what was meant.
	Note string
}

// Field is one JSON field of an answer.
type Field struct {
	Key   string
	Value any
}

// Reset empties the answer for the next input, keeping its buffers.
func (a *Answer) Reset(input string) {
	a.Input, a.Text, a.Fields, a.Err, a.Note = input, a.Text[:0], a.Fields[:0], nil, ""
}

// Set adds a JSON field.
func (a *Answer) Set(key string, value any) { a.Fields = append(a.Fields, Field{key, value}) }

// Solver gathers a state's answers for AnswerSolutions.
type Solver[S interface{ Cost() int }] struct {
	Solve func() (S, error)
	Count func() (uint64, error)
	All   func(limit int) ([]S, bool, error)
}

// AnswerCount writes the number of optimal solutions, a line, as --count
// asks.
func AnswerCount(a *Answer, count func() (uint64, error)) error {
	n, err := count()
	if err != nil {
		return err
	}
	a.Text = strconv.AppendUint(a.Text, n, 10)
	a.Text = append(a.Text, '\n')
	a.Set("count", n)
	return nil
}

// AnswerSolutions writes the answer the options ask for: one optimal
// solution on a line (empty when solved), the number of optimal solutions,
// or every one of them, a line each, then an empty line.
func AnswerSolutions[S interface{ Cost() int }](a *Answer, o *Options, s Solver[S], format func(S) []byte) error {
	switch {
	case o.Count:
		return AnswerCount(a, s.Count)
	case o.All:
		sols, truncated, err := s.All(o.Limit)
		if err != nil {
			return err
		}
		list := make([]string, len(sols))
		for i, sol := range sols {
			b := format(sol)
			list[i] = string(b)
			a.Text = append(a.Text, b...)
			a.Text = append(a.Text, '\n')
		}
		a.Text = append(a.Text, '\n')
		if len(sols) > 0 {
			a.Set("length", sols[0].Cost())
		}
		a.Set("solutions", list)
		if truncated {
			a.Set("truncated", true)
		}
	default:
		sol, err := s.Solve()
		if err != nil {
			return err
		}
		start := len(a.Text)
		a.Text = append(a.Text, format(sol)...)
		if o.JSON {
			a.Set("solution", string(a.Text[start:]))
			a.Set("length", sol.Cost())
		}
		a.Text = append(a.Text, '\n')
	}
	return nil
}

// Sequences answers a puzzle whose solutions are lookup.Solutions written
// in its notation: the solution, the count or the list, as o asks.
func Sequences(a *Answer, o *Options, s Solver[lookup.Solution]) error {
	return AnswerSolutions(a, o, s, func(s lookup.Solution) []byte { return s.Append(nil) })
}

// Mover is a position that a move sequence moves on, written on one line.
type Mover[P any] interface {
	Moved(seq string) (P, error)
	Line() string
	IsSolved() bool
}

// MovedShown is After for a puzzle whose positions are Movers: the
// position parse reads, after moves (none where moves is blank).
func MovedShown[P Mover[P]](parse func() (P, error), moves string) (Shown, error) {
	pos, err := parse()
	if err != nil {
		return Shown{}, err
	}
	if strings.TrimSpace(moves) != "" {
		if pos, err = pos.Moved(moves); err != nil {
			return Shown{}, fmt.Errorf("moves: %v", err)
		}
	}
	return Shown{State: pos.Line(), Solved: pos.IsSolved()}, nil
}

// NetLetters are the letters a cube's net is drawn in: the input's own,
// put in the net's order by urfdlbToNet from --order urfdlb, or, where the
// input is a move sequence (--scramble), the cube's facelets.
func NetLetters(state string, o *Options, facelets func() string, urfdlbToNet func(string) string) string {
	letters := strings.TrimSpace(state)
	switch {
	case o.Scramble:
		letters = facelets()
	case o.Order == "urfdlb":
		letters = urfdlbToNet(letters)
	}
	return letters
}

// StateOrMoves reads an input as a state with parseState or, with
// --scramble, as a move sequence with parseMoves. A state that does not
// read, but reads as a move sequence, is told to add --scramble.
func StateOrMoves[P any](in string, o *Options, parseState, parseMoves func(string) (P, error)) (P, error) {
	if o.Scramble {
		return parseMoves(in)
	}
	pos, err := parseState(in)
	if err != nil && strings.TrimSpace(in) != "" {
		if _, err2 := parseMoves(in); err2 == nil {
			return pos, fmt.Errorf("%v; it reads as a move sequence: add --scramble", err)
		}
	}
	return pos, err
}

// ParseInMetric reads a table puzzle's input with parse and o's --metric
// with parseMetric: the input's error first, as it is the one to mend.
func ParseInMetric[P, M any](in string, o *Options, parse func(string, *Options) (P, error), parseMetric func(string) (M, error)) (P, M, error) {
	var m M
	pos, err := parse(in, o)
	if err != nil {
		return pos, m, err
	}
	m, err = parseMetric(o.Metric)
	return pos, m, err
}

// MetricTables answer a puzzle's positions P in a metric M from its tables.
type MetricTables[P, M any] interface {
	Solve(P, M) (lookup.Solution, error)
	Count(P, M) (uint64, error)
	All(pos P, m M, limit int) ([]lookup.Solution, bool, error)
}

// TableSequences is Sequences for the position pos, answered from the
// tables t in the metric m.
func TableSequences[P, M any](a *Answer, o *Options, t MetricTables[P, M], pos P, m M) error {
	return Sequences(a, o, Solver[lookup.Solution]{
		Solve: func() (lookup.Solution, error) { return t.Solve(pos, m) },
		Count: func() (uint64, error) { return t.Count(pos, m) },
		All:   func(limit int) ([]lookup.Solution, bool, error) { return t.All(pos, m, limit) },
	})
}

// Drawn is one uniformly drawn state: as the puzzle writes it, a move
// sequence that makes it (or, where there is no one solved state, solves
// it), and its distance from the goal.
type Drawn struct {
	State, Moves string
	Dist         int
}

// MaxDraws bounds the search for a state at least --min-moves away, so that
// a bound too rare to meet gives an error rather than no end. The rarest
// farthest states of the puzzles come about once in 150,000 draws.
const MaxDraws = 2_000_000

// DrawAtLeast draws states until one is at least --min-moves from the goal.
// most is the largest distance any state has, and noun names a state in the
// one wording every puzzle refuses a farther --min-moves with.
func DrawAtLeast(o *Options, most int, noun string, draw func() (Drawn, error)) (string, string, int, error) {
	if o.MinMoves > most {
		return "", "", 0, fmt.Errorf("--min-moves %d: no %s is more than %d moves from the goal", o.MinMoves, noun, most)
	}
	return DrawWhere(o, noun, func() (Drawn, bool, error) {
		d, err := draw()
		return d, err == nil && d.Dist >= o.MinMoves, err
	})
}

// DrawWhere draws states until draw keeps one, for a puzzle whose test is
// more than a distance (a competition's minimum besides --min-moves).
func DrawWhere(o *Options, noun string, draw func() (d Drawn, keep bool, err error)) (string, string, int, error) {
	for range MaxDraws {
		d, keep, err := draw()
		if err != nil {
			return "", "", 0, err
		}
		if keep {
			return d.State, d.Moves, d.Dist, nil
		}
	}
	return "", "", 0, fmt.Errorf("--min-moves %d: no such %s in %d draws", o.MinMoves, noun, MaxDraws)
}

// Shown is a state after an optional move sequence, as the web page's show
// endpoint answers it: the state written as the puzzle reads it, whether it
// is solved, and what a picture needs beyond it. The command adds its
// drawing.
type Shown struct {
	State  string
	Solved bool
	Faces  []int // pocket: the face (0..5 for U R F D L B) of each sticker
	Cells  []int // msquare, rotgame, rotgrid: the board
	Centre *int  // rotgame: the number filling the centre, 0 if none
}

// ErrTable marks an unusable table met by After, which the API answers
// with a server error rather than a bad request.
type ErrTable struct{ Err error }

// Error says the answer could not be given, and why.
func (e ErrTable) Error() string { return "cannot answer: " + e.Err.Error() }

// Unwrap returns the table's error.
func (e ErrTable) Unwrap() error { return e.Err }

// Replay applies moves to a state of a puzzle that reads move sequences:
// it checks that moves is a sequence (scramble reads it), then reads the
// sequence that makes the state (made) followed by moves, so that the
// puzzle's own notation reads them. Blank moves leave the state alone.
func Replay[P any](p P, moves string, scramble func(string) (P, error), made func(P) (lookup.Solution, error)) (P, error) {
	if strings.TrimSpace(moves) == "" {
		return p, nil
	}
	if _, err := scramble(moves); err != nil {
		return p, fmt.Errorf("moves: %v", err)
	}
	base, err := made(p)
	if err != nil {
		return p, ErrTable{err}
	}
	q, err := scramble(base.String() + "\n" + moves)
	if err != nil {
		return p, fmt.Errorf("moves: %v", err)
	}
	return q, nil
}

// ReadOps reads a judge puzzle's operations (A to last; white space between
// them is allowed) with parse, naming a bad one with its place first.
func ReadOps(moves string, last rune, parse func(string) (lookup.Solution, error)) (lookup.Solution, error) {
	for i, r := range moves {
		if r != ' ' && r != '\t' && r != '\n' && r != '\r' && (r < 'A' || r > last) {
			return lookup.Solution{}, fmt.Errorf("moves: bad operation %q at character %d (want A to %c)", r, i+1, last)
		}
	}
	sol, err := parse(moves)
	if err != nil {
		return sol, fmt.Errorf("moves: %v", err)
	}
	return sol, nil
}
