// Package app is the godtable command line: its commands, flags,
// input reading and answer writing. The godtable program (cmd/godtable) runs
// it; the server (cmd/godtable-serve) answers its API through the same
// commands (Call), so that an answer over HTTP is the command's own.
//
// Usage:
//
//	godtable solve PUZZLE [flags] [STATE ...]   # no STATE: one state per line on stdin
//	godtable verify PUZZLE [flags]              # stdin lines: STATE <TAB> SOLUTION
//	godtable scramble PUZZLE [-n N] [--seed S]  # random states, uniformly drawn
//	godtable stats PUZZLE [flags]               # states per distance, from the table
//	godtable show PUZZLE STATE [--svg]          # draw the state (--svg: as an SVG image)
//	godtable battery views [--n N]
//	godtable serve [--addr 127.0.0.1:8080]      # the web page and the HTTP API
//	               [--allow-host NAME] [--table TABLE.gdt]
//
// Every input gets exactly one answer, in input order; an invalid input's
// answer is the line "error: MESSAGE" (also written to stderr with its line
// number) and the other inputs go on. Exit status: 0 all good; 1 some input
// invalid, or a verified solution invalid or not optimal; 2 bad usage; 3 a
// table cannot be used; 4 a write or a read failed (said on stderr). A closed
// pipe is not a failure: the command ends quietly.
//
// This package does not run "serve" (the program godtable does, by starting
// godtable-serve): it does not link the HTTP server, which would cost a
// one-shot answer more than the answer itself.
package app

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"syscall"

	"github.com/godtable/godtable/internal/app/cli"
)

// errNotOpen is the write error of a standard output that was closed when
// the command started.
var errNotOpen = errors.New("not open (the descriptor was closed)")

// closedWriter is a standard output that was closed at start: every write
// fails, so that the first answer says so instead of vanishing.
type closedWriter struct{}

func (closedWriter) Write([]byte) (int, error) { return 0, errNotOpen }

// Exit statuses.
const (
	// ExitOK: every input answered, every verified solution optimal.
	ExitOK = 0
	// ExitInvalid: some input invalid, or a verified solution invalid or
	// not optimal.
	ExitInvalid = 1
	// ExitUsage: bad usage.
	ExitUsage = 2
	// ExitTable (3) is in commands.go.

	// ExitIO: writing the answers or reading the input failed.
	ExitIO = 4
)

const usageText = `usage:
  godtable solve PUZZLE [flags] [STATE ...]   no STATE: one state per line on stdin
  godtable verify PUZZLE [flags]              stdin lines: STATE <TAB> SOLUTION
  godtable scramble PUZZLE [-n N] [--seed S]  random states, uniformly drawn
  godtable stats PUZZLE [flags]               states per distance, from the table
  godtable show PUZZLE STATE [--svg]          draw the state (--svg: as an SVG image)
  godtable battery %s [--n N]
  godtable serve [--addr 127.0.0.1:8080]      the web page and the HTTP API
                 [--allow-host NAME] [--table TABLE.gdt]
  godtable gen DEF.tws -o TABLE.gdt           the table of a definition-file puzzle
  godtable check TABLE.gdt [--deep]           verify a table: every block, checksum, count
                                              (--deep: every distance, by a search)
  godtable task WORKDIR --level L --pass P    one chunk's step of gen --slurm/--launch
  godtable --version

puzzles: %s, in any case, or by WCA event
ID or common name (222, 2x2, pyram, ...), or the path of a TABLE.gdt (or of a
small DEF.tws)
'godtable COMMAND PUZZLE -h' lists the flags.

` + exitText

// exitText is the end of every help text.
const exitText = `exit status: 0 all good; 1 some input invalid, or a verified solution illegal
or not optimal; 2 bad usage; 3 a table cannot be used; 4 writing the answers
or reading the input failed (a closed pipe ends quietly), or gen's disk is full.
`

type command struct {
	name string
	run  func(p puzzle, e *env, o *options, args []string) int
}

var commands = []command{
	{"solve", runSolve},
	{"verify", runVerify},
	{"scramble", runScramble},
	{"stats", runStats},
	{"show", runShow},
	{"battery", runBattery},
}

// env is where a command reads and writes.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	out            *outWriter // stdout, remembering its first error
	readErr        error      // why reading stdin stopped, if not its end
}

// outWriter passes writes on until one fails, then fails every later one
// with that error, so that a command's last flush still sees it and the
// run can say what went wrong.
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}

// finish turns a command's status into the run's: a failed write or read
// is said on stderr and exits ExitIO, except a closed pipe, after which no
// one is reading and the command ends quietly with the status it had.
func (e *env) finish(code int) int {
	if err := e.out.err; err != nil && !errors.Is(err, syscall.EPIPE) {
		fmt.Fprintf(e.stderr, "godtable: write: %v\n", ioMessage(err, "standard output"))
		return ExitIO
	}
	if e.readErr != nil {
		fmt.Fprintf(e.stderr, "godtable: read: %v\n", ioMessage(e.readErr, "standard input"))
		return ExitIO
	}
	return code
}

// ioMessage names a failed stream by its role: an *os.File's error names
// the file ("write /dev/stdout: ..."), which says less than the role.
func ioMessage(err error, role string) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return role + ": " + pe.Err.Error()
	}
	return role + ": " + err.Error()
}

func (e *env) usage(format string, args ...any) int {
	fmt.Fprintf(e.stderr, "godtable: "+format+"\n", args...)
	fmt.Fprint(e.stderr, usage())
	return ExitUsage
}

// Main runs the command line args (without the program's name) on the
// process's standard streams and returns the exit status.
func Main(args []string) int {
	var stdout io.Writer = os.Stdout
	if closedAtStart(os.Stdout) {
		stdout = closedWriter{}
	}
	return Run(args, os.Stdin, stdout, os.Stderr)
}

// Call runs command cmd (solve, verify, scramble, stats, show or battery)
// on puzzle p with options o, already set (RegisterFlags) and checked
// (CheckOptions), reading stdin and writing its answers to stdout and its
// messages to stderr, as the command line would; args are its positional
// arguments (the states). It returns the exit status.
//
// A failed read of stdin or write to stdout is said on stderr and gives
// ExitIO, as it does on the command line (a closed pipe ends quietly).
func Call(cmd string, p cli.Puzzle, o *cli.Options, stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	e := newEnv(stdin, stdout, stderr)
	for _, c := range commands {
		if c.name == cmd {
			if code, ok := load(e, cmd, p, o); !ok {
				return code
			}
			return e.finish(c.run(p, e, o, args))
		}
	}
	fmt.Fprintf(stderr, "godtable: unknown command %q\n", cmd)
	return ExitUsage
}

// load reads a puzzle read from a file (see loader) for command cmd: false,
// with the exit status, if it cannot be.
func load(e *env, cmd string, p cli.Puzzle, o *cli.Options) (int, bool) {
	l, ok := p.(loader)
	if !ok {
		return 0, true
	}
	if err := l.Load(o); err != nil {
		if tableFailure(e, err) {
			return ExitTable, false
		}
		fmt.Fprintf(e.stderr, "godtable: %s: %v\n", cmd, err)
		return ExitUsage, false
	}
	return 0, true
}

// Run runs the command line args on the given streams, in process, and
// returns the exit status: Main with other streams.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := newEnv(stdin, stdout, stderr)
	return e.finish(runCommand(e, args))
}

// newEnv is where a command reads and writes: stdout through an outWriter,
// which remembers its first error for finish.
func newEnv(stdin io.Reader, stdout, stderr io.Writer) *env {
	out := &outWriter{w: stdout}
	return &env{stdin: stdin, stdout: out, stderr: stderr, out: out}
}

// runCommand parses the command line and runs the command.
func runCommand(e *env, args []string) int {
	stdout, stderr := e.stdout, e.stderr
	if len(args) == 0 {
		return e.usage("no command")
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, usage())
		return ExitOK
	}
	if code, ok := runTableCommand(e, args); ok {
		return code
	}
	if args[0] == "--version" || args[0] == "-version" || args[0] == "version" {
		fmt.Fprintf(stdout, "godtable %s\n", Version())
		return ExitOK
	}
	var cmd *command
	for i := range commands {
		if commands[i].name == args[0] {
			cmd = &commands[i]
		}
	}
	if cmd == nil {
		return e.usage("unknown command %q", args[0])
	}
	if len(args) >= 2 && (args[1] == "-h" || args[1] == "--help") {
		fmt.Fprint(stdout, usage())
		return ExitOK
	}
	if len(args) < 2 || strings.HasPrefix(args[1], "-") {
		return e.usage("%s: which puzzle?", cmd.name)
	}
	p, ok := definitionPuzzle(args[1])
	if !ok {
		var err error
		if p, err = Resolve(args[1]); err != nil {
			// One line, not the whole usage: the puzzles it names are
			// what a mistyped name needs.
			fmt.Fprintf(stderr, "godtable: %s: %v\n", cmd.name, err)
			return ExitUsage
		}
	}
	name := cmd.name + " " + p.Name()
	fs := flag.NewFlagSet("godtable "+name, flag.ContinueOnError)
	// The flag package's own messages are replaced by ours, which carry
	// the command's prefix.
	fs.SetOutput(io.Discard)
	o := &options{}
	RegisterFlags(o, fs, cmd.name, p)
	err := antipodesCount(fs, args[2:])
	var pos []string
	if err == nil {
		pos, err = parseInterleaved(fs, args[2:])
	}
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stdout, "usage: godtable %s [flags]\n", name)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		fmt.Fprint(stdout, "\n"+exitText)
		return ExitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "godtable: %s: %v%s\n", name, err, searchFlagHint(err, p))
		fmt.Fprintf(stderr, "usage: godtable %s [flags]\n", name)
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return ExitUsage
	}
	if err := CheckOptions(o, cmd.name, p); err != nil {
		return e.usage("%s %s: %v", cmd.name, p.Name(), err)
	}
	if code, ok := load(e, cmd.name, p, o); !ok {
		return code
	}
	return cmd.run(p, e, o, pos)
}

// searchFlagHint says, after the flag package's error, why a search's flag
// is not p's: its answers come from its complete table, with no search.
func searchFlagHint(err error, p cli.Puzzle) string {
	if p.Features().Search {
		return ""
	}
	for _, f := range []string{"-workers", "-timeout", "-max-depth"} {
		if strings.HasSuffix(err.Error(), "flag provided but not defined: "+f) {
			return fmt.Sprintf(" (%s answers from its complete table, with no search: --workers, --timeout and --max-depth are a search's)", p.Name())
		}
	}
	return ""
}

// loader is a puzzle read from a file when the command's options are known
// (see defcli): a table that cannot be used exits ExitTable, a definition
// that cannot be read ExitUsage, each with one line.
type loader interface {
	Load(o *cli.Options) error
}

// parseInterleaved parses flags wherever they stand among the arguments
// (the flag package stops at the first non-flag); "--" ends the flags.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		// fs.Parse consumed a "--" if it met one: then everything left
		// is positional.
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// usage is the command's help text, naming the known puzzles and those
// with a battery.
func usage() string {
	var batteries []string
	for _, p := range puzzles() {
		if _, ok := p.(cli.Batterer); ok {
			batteries = append(batteries, p.Name())
		}
	}
	return fmt.Sprintf(usageText, strings.Join(batteries, "|"), strings.Join(PuzzleNames(), " "))
}

// PuzzleNames are the known puzzles' names, sorted.
func PuzzleNames() []string {
	var names []string
	for _, p := range puzzles() {
		names = append(names, p.Name())
	}
	sort.Strings(names)
	return names
}

// Lookup returns the known puzzle of that name, or nil.
func Lookup(name string) cli.Puzzle {
	for _, p := range puzzles() {
		if p.Name() == name {
			return p
		}
	}
	return nil
}
