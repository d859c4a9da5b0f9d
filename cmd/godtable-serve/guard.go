package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime/debug"

	"github.com/godtable/godtable/internal/app/cli"
)

// solveInput answers one input of a solve: the puzzle's own Solve (a
// variable so that the tests can make answering one input fail).
var solveInput = func(p puzzle, in string, o *options, a *cli.Answer) error {
	return p.Solve(in, o, a)
}

// errInternal is what a client is told of a panic; the log has the rest.
var errInternal = errors.New("internal error")

// guarded is a puzzle whose Solve answers through solveInput and makes a
// panic there that input's error, errInternal, so that an input the
// library fails on costs only its own answer: the solve command writes the
// error in the input's place and goes on with the next, and the answers
// made before it, still in the command's buffer, are kept. It passes on
// the optional methods the solve command asks of a puzzle, answering as a
// puzzle without them when its own has none.
type guarded struct {
	puzzle
	r        *http.Request // the request answered, for the log
	panicked bool          // whether answering an input panicked
}

func (g *guarded) Solve(in string, o *options, a *cli.Answer) error {
	var err error
	if recovered(g.r, in, func() { err = solveInput(g.puzzle, in, o, a) }) {
		g.panicked = true
		return errInternal
	}
	return err
}

// Load reads a puzzle read from a file (defcli's) with the options.
func (g *guarded) Load(o *options) error {
	if l, ok := g.puzzle.(interface{ Load(*options) error }); ok {
		return l.Load(o)
	}
	return nil
}

// Group gathers a drawing's lines into one input as the puzzle does
// (cli.Grouper); no line starts one when the puzzle has no drawings.
func (g *guarded) Group(line string) (starts, row bool) {
	if d, ok := g.puzzle.(cli.Grouper); ok {
		return d.Group(line)
	}
	return false, false
}

// GroupRows is the puzzle's (cli.Grouper).
func (g *guarded) GroupRows() int {
	if d, ok := g.puzzle.(cli.Grouper); ok {
		return d.GroupRows()
	}
	return 0
}

// EndsGroup is the puzzle's (cli.GroupEnder); without it, a drawing ends
// at its count of rows.
func (g *guarded) EndsGroup(line string) bool {
	if e, ok := g.puzzle.(cli.GroupEnder); ok {
		return e.EndsGroup(line)
	}
	return false
}

// recovered runs f and reports whether it panicked, logging the panic with
// its stack and the input answered ("" if none), so that a handler can say
// in its answer what it could not do instead of losing the rest of the
// answer. http.ErrAbortHandler, a handler giving up on a client gone, goes
// on up.
func recovered(r *http.Request, input string, f func()) (panicked bool) {
	defer func() {
		v := recover()
		if v == nil {
			return
		}
		if v == http.ErrAbortHandler {
			// The handler gave up on a client that went away: there is
			// no one to answer.
			panic(v)
		}
		logPanic(panicLog(r), r, v, input)
		panicked = true
	}()
	f()
	return false
}

// logKey is the key of the log a request's panics go to in its context.
type logKey struct{}

// panicLog is the log a panic serving r goes to: the one recovering was
// given, or else the standard error.
func panicLog(r *http.Request) io.Writer {
	if w, ok := r.Context().Value(logKey{}).(io.Writer); ok {
		return w
	}
	return os.Stderr
}

// logPanic logs a panic serving r, with the input answered (if any, its
// start) and the stack.
func logPanic(logw io.Writer, r *http.Request, v any, input string) {
	where := ""
	if input != "" {
		where = fmt.Sprintf(" (input %.200q)", input)
	}
	fmt.Fprintf(logw, "godtable: panic serving %s %s%s: %v\n%s", logText(r.Method), logText(r.URL.EscapedPath()), where, v, debug.Stack())
}
