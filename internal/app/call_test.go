package app

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/godtable/godtable/internal/app/cli"
)

// callOptions sets and checks command cmd's options for the puzzle as the
// server does, from flag values (name, value, ...).
func callOptions(t *testing.T, cmd string, p cli.Puzzle, values ...string) *cli.Options {
	t.Helper()
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	o := &cli.Options{}
	RegisterFlags(o, fs, cmd, p)
	for i := 0; i+1 < len(values); i += 2 {
		if err := fs.Set(values[i], values[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := CheckOptions(o, cmd, p); err != nil {
		t.Fatal(err)
	}
	return o
}

// Call answers every command exactly as the command line does, for each
// puzzle: its output, messages and status.
func TestCallAsCommandLine(t *testing.T) {
	cases := []struct {
		cmd, puzzle, stdin string
		flags, args        []string
	}{
		{"solve", "pocket", "", nil, []string{"UUUULRBFRLFBLRBFRLFBDDDD"}},
		{"solve", "pocket", "UUUULRBFRLFBLRBFRLFBDDDD\nnot a cube\n", []string{"metric", "qtm", "count", "true"}, nil},
		{"verify", "rotgrid", "492357816\tTL\n", nil, nil},
		{"scramble", "msquare", "", []string{"n", "3", "seed", "7"}, nil},
		{"stats", "rotgrid", "", nil, nil},
		{"show", "pocket", "", []string{"color", "never"}, []string{"UUUULRBFRLFBLRBFRLFBDDDD"}},
		{"show", "rotgrid", "", nil, []string{"492357816"}},
	}
	for _, c := range cases {
		p := Lookup(c.puzzle)
		o := callOptions(t, c.cmd, p, c.flags...)
		var out, errs bytes.Buffer
		status := Call(c.cmd, p, o, strings.NewReader(c.stdin), &out, &errs, c.args)
		args := []string{c.cmd, c.puzzle}
		for i := 0; i+1 < len(c.flags); i += 2 {
			args = append(args, "--"+c.flags[i]+"="+c.flags[i+1])
		}
		var wantOut, wantErrs bytes.Buffer
		wantStatus := Run(append(append(args, "--"), c.args...), strings.NewReader(c.stdin), &wantOut, &wantErrs)
		if status != wantStatus || out.String() != wantOut.String() || errs.String() != wantErrs.String() {
			t.Errorf("%v: Call gives %d %q %q, the command line %d %q %q", args, status, out.String(), errs.String(), wantStatus, wantOut.String(), wantErrs.String())
		}
		if out.Len() == 0 {
			t.Errorf("%v: no answer", args)
		}
	}
}

// A failed read or write is said, and gives ExitIO, through Call as on the
// command line.
func TestCallIOErrors(t *testing.T) {
	p := Lookup("pocket")
	o := callOptions(t, "solve", p)
	var errs bytes.Buffer
	status := Call("solve", p, o, iotest.ErrReader(errors.New("disk on fire")), io.Discard, &errs, nil)
	if status != ExitIO || !strings.Contains(errs.String(), "godtable: read: standard input: disk on fire") {
		t.Errorf("failed read: status %d, said %q", status, errs.String())
	}
	errs.Reset()
	status = Call("solve", p, o, strings.NewReader("UUUULRBFRLFBLRBFRLFBDDDD\n"), fullWriter{}, &errs, nil)
	if status != ExitIO || !strings.Contains(errs.String(), "godtable: write: standard output: no room") {
		t.Errorf("failed write: status %d, said %q", status, errs.String())
	}
	errs.Reset()
	if status := Call("frobnicate", p, o, strings.NewReader(""), io.Discard, &errs, nil); status != ExitUsage || !strings.Contains(errs.String(), `unknown command "frobnicate"`) {
		t.Errorf("unknown command: status %d, said %q", status, errs.String())
	}
}

// fullWriter fails every write.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no room") }
