// Command godtable answers small puzzles optimally and instantly, from
// distance tables embedded in the binary.
//
// Usage:
//
//	godtable solve PUZZLE [flags] [STATE ...]   # no STATE: one state per line on stdin
//	godtable verify PUZZLE [flags]              # stdin lines: STATE <TAB> SOLUTION
//	godtable scramble PUZZLE [-n N] [--seed S]  # random states, uniformly drawn
//	godtable stats PUZZLE [flags]               # states per distance, from the table
//	godtable show PUZZLE STATE                  # draw the state
//	godtable battery views [--n N]
//	godtable serve [--addr 127.0.0.1:8080]      # the web page and the HTTP API
//
// Every input gets exactly one answer, in input order; an invalid input's
// answer is the line "error: MESSAGE" (also written to stderr with its line
// number) and the other inputs go on. Exit status: 0 all good; 1 some input
// invalid, or a verified solution invalid or not optimal; 2 bad usage.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2
)

const usageText = `usage:
  godtable solve PUZZLE [flags] [STATE ...]   no STATE: one state per line on stdin
  godtable verify PUZZLE [flags]              stdin lines: STATE <TAB> SOLUTION
  godtable scramble PUZZLE [-n N] [--seed S]  random states, uniformly drawn
  godtable stats PUZZLE [flags]               states per distance, from the table
  godtable show PUZZLE STATE                  draw the state
  godtable battery views [--n N]
  godtable serve [--addr 127.0.0.1:8080]      the web page and the HTTP API

puzzles: %s
'godtable COMMAND PUZZLE -h' lists the flags.
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
}

func (e *env) usage(format string, args ...any) int {
	fmt.Fprintf(e.stderr, "godtable: "+format+"\n", args...)
	fmt.Fprintf(e.stderr, usageText, strings.Join(puzzleNames(), " "))
	return exitUsage
}

// run is the whole command, testable in-process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		return e.usage("no command")
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintf(stdout, usageText, strings.Join(puzzleNames(), " "))
		return exitOK
	}
	if args[0] == "serve" {
		return runServe(e, args[1:])
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
		fmt.Fprintf(stdout, usageText, strings.Join(puzzleNames(), " "))
		return exitOK
	}
	if len(args) < 2 || strings.HasPrefix(args[1], "-") {
		return e.usage("%s: which puzzle?", cmd.name)
	}
	p := lookupPuzzle(args[1])
	if p == nil {
		return e.usage("%s: unknown puzzle %q", cmd.name, args[1])
	}
	name := cmd.name + " " + p.name()
	fs := flag.NewFlagSet("godtable "+name, flag.ContinueOnError)
	// The flag package's own messages are replaced by ours, which carry
	// the command's prefix.
	fs.SetOutput(io.Discard)
	o := &options{}
	o.register(fs, cmd.name, p)
	pos, err := parseInterleaved(fs, args[2:])
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stdout, "usage: godtable %s [flags]\n", name)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "godtable: %s: %v\n", name, err)
		fmt.Fprintf(stderr, "usage: godtable %s [flags]\n", name)
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return exitUsage
	}
	if err := o.check(cmd.name, p); err != nil {
		return e.usage("%s %s: %v", cmd.name, p.name(), err)
	}
	return cmd.run(p, e, o, pos)
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

func puzzleNames() []string {
	var names []string
	for _, p := range puzzles {
		names = append(names, p.name())
	}
	sort.Strings(names)
	return names
}

func lookupPuzzle(name string) puzzle {
	for _, p := range puzzles {
		if p.name() == name {
			return p
		}
	}
	return nil
}
