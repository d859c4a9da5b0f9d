package app

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// Every subcommand that writes, with what it reads.
var writers = []struct {
	args  []string
	stdin string
}{
	{[]string{"solve", "pocket", "UUUULRBFRLFBLRBFRLFBDDDD"}, ""},
	{[]string{"solve", "pocket"}, "UUUULRBFRLFBLRBFRLFBDDDD\n"},
	{[]string{"verify", "pocket"}, "UUUULRBFRLFBLRBFRLFBDDDD\tR2 F2 R2\n"},
	{[]string{"stats", "pocket"}, ""},
	{[]string{"scramble", "pocket", "-n", "5", "--seed", "1"}, ""},
	{[]string{"show", "pocket", "UUUULRBFRLFBLRBFRLFBDDDD"}, ""},
	{[]string{"battery", "views", "--n", "10"}, ""},
	{[]string{"solve", "pocket", "-h"}, ""},
	{[]string{"help"}, ""},
}

// errWriter fails every write with err.
type errWriter struct{ err error }

func (w errWriter) Write([]byte) (int, error) { return 0, w.err }

// A failed write (other than a closed pipe) says so and exits 4.
func TestWriteFailure(t *testing.T) {
	for _, c := range writers {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var stderr bytes.Buffer
			code := Run(c.args, strings.NewReader(c.stdin), errWriter{errors.New("disk full")}, &stderr)
			if code != ExitIO {
				t.Errorf("exit %d, want %d", code, ExitIO)
			}
			if got := stderr.String(); !strings.HasSuffix(got, "godtable: write: standard output: disk full\n") || strings.Count(got, "write:") != 1 {
				t.Errorf("stderr %q", got)
			}
		})
	}
}

// A long batch stops reading at the first failed write.
func TestWriteFailureStopsReading(t *testing.T) {
	input := bytes.Repeat([]byte("UUUULRBFRLFBLRBFRLFBDDDD\n"), 200000)
	in := &countingReader{r: bytes.NewReader(input)}
	var stderr bytes.Buffer
	if code := Run([]string{"solve", "pocket"}, in, errWriter{errors.New("disk full")}, &stderr); code != ExitIO {
		t.Errorf("exit %d", code)
	}
	if in.read > len(input)/2 {
		t.Errorf("read %d of %d bytes after the output failed", in.read, len(input))
	}
}

// A closed pipe stays quiet in process too, for every subcommand.
func TestClosedPipeQuiet(t *testing.T) {
	for _, c := range writers {
		var stderr bytes.Buffer
		code := Run(c.args, strings.NewReader(c.stdin), &failingWriter{n: 3}, &stderr)
		if stderr.Len() != 0 || code != ExitOK {
			t.Errorf("%s: exit %d, stderr %q", strings.Join(c.args, " "), code, stderr.String())
		}
	}
}

// brokenReader gives its data, then fails.
type brokenReader struct {
	data string
	err  error
}

func (r *brokenReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// A read error is not the end of the input: the answers so far stay, the
// line it cut short is not answered, and the command says so and exits 4.
func TestReadFailure(t *testing.T) {
	for _, c := range []struct {
		cmd        string
		in, stdout string
	}{
		{"solve", "UUUULRBFRLFBLRBFRLFBDDDD\nUUUULLFFRRBB", "R2 F2 R2\n"},
		{"verify", "UUUULRBFRLFBLRBFRLFBDDDD\tR2 F2 R2\nUUUU", "optimal: length 3\n"},
	} {
		var stdout, stderr bytes.Buffer
		r := &brokenReader{c.in, errors.New("input/output error")}
		code := Run([]string{c.cmd, "pocket"}, r, &stdout, &stderr)
		if code != ExitIO || stdout.String() != c.stdout || stderr.String() != "godtable: read: standard input: input/output error\n" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", c.cmd, code, stdout.String(), stderr.String())
		}
	}
}

// The built binary with its output on /dev/full, with its standard output
// closed, and with a directory as its input.
func TestIOFailureBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	bin := buildBinary(t)
	sh := func(script string, args []string, stdin string) (int, string, string) {
		cmd := exec.Command("/bin/sh", append([]string{"-c", script, bin}, args...)...)
		cmd.Stdin = strings.NewReader(stdin)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
	}
	for _, c := range writers {
		name := strings.Join(c.args, " ")
		code, _, stderr := sh(`"$0" "$@" > /dev/full`, c.args, c.stdin)
		if code != ExitIO || stderr != "godtable: write: standard output: no space left on device\n" {
			t.Errorf("%s > /dev/full: exit %d, stderr %q", name, code, stderr)
		}
		code, _, stderr = sh(`"$0" "$@" >&-`, c.args, c.stdin)
		if code != ExitIO || stderr != "godtable: write: standard output: not open (the descriptor was closed)\n" {
			t.Errorf("%s >&-: exit %d, stderr %q", name, code, stderr)
		}
		// Output thrown away on purpose is not a failure.
		if code, _, stderr = sh(`"$0" "$@" > /dev/null`, c.args, c.stdin); code != ExitOK || stderr != "" {
			t.Errorf("%s > /dev/null: exit %d, stderr %q", name, code, stderr)
		}
	}
	for _, cmd := range []string{"solve", "verify"} {
		code, stdout, stderr := sh(`"$0" "$1" pocket < /`, []string{cmd}, "")
		if code != ExitIO || stdout != "" || stderr != "godtable: read: standard input: is a directory\n" {
			t.Errorf("%s pocket < /: exit %d, stdout %q, stderr %q", cmd, code, stdout, stderr)
		}
	}
}

// Every numeric flag has a range; outside it the command refuses at once,
// as bad usage, and says the range.
func TestFlagRanges(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"battery", "views", "--n", "10", "--workers", "9223372036854775807"}, "--workers 9223372036854775807: want 0 to 1024 (0: one per CPU)"},
		{[]string{"battery", "views", "--workers", "-1"}, "--workers -1: want 0 to 1024"},
		{[]string{"battery", "views", "--n", "1000001"}, "-n 1000001: want 0 to 1000000"},
		{[]string{"battery", "views", "--n", "-1"}, "-n -1: want 0 to 1000000"},
		{[]string{"scramble", "pocket", "-n", "1000000001"}, "-n 1000000001: want 0 to 1000000000"},
		{[]string{"scramble", "views", "-n", "-3"}, "-n -3: want 0 to 1000000000"},
		{[]string{"scramble", "pocket", "--min-moves", "-1"}, "--min-moves -1: want 0 to 16304"},
		{[]string{"scramble", "rotgrid", "--min-moves", "16305"}, "--min-moves 16305: want 0 to 16304"},
		{[]string{"solve", "pocket", "--all", "--limit", "-1"}, "--limit -1: want 0 to 1000000000 (0: no limit)"},
		{[]string{"solve", "msquare", "--all", "--limit", "1000000001"}, "--limit 1000000001: want 0 to 1000000000"},
		{[]string{"solve", "pocket", "--limit", "3"}, "--limit 3 without --all"},
		{[]string{"solve", "pocket", "--count", "--limit", "3"}, "--limit 3 without --all"},
		{[]string{"scramble", "pocket", "--seed", "-1"}, `invalid value "-1" for flag -seed`},
		{[]string{"battery", "views", "--workers", "99999999999999999999"}, `invalid value "99999999999999999999" for flag -workers`},
	} {
		start := time.Now()
		var stdout, stderr bytes.Buffer
		code := Run(c.args, strings.NewReader(""), &stdout, &stderr)
		if code != ExitUsage || !strings.Contains(stderr.String(), c.msg) || stdout.Len() != 0 {
			t.Errorf("%s: exit %d, stderr %q, want %q", strings.Join(c.args, " "), code, stderr.String(), c.msg)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: refused after %v", strings.Join(c.args, " "), d)
		}
	}
	// The ends of the ranges are taken.
	for _, args := range [][]string{
		{"battery", "views", "--n", "0", "--workers", "1024"},
		{"scramble", "pocket", "-n", "0"},
		{"solve", "pocket", "--all", "--limit", "1000000000", "UUUULRBFRLFBLRBFRLFBDDDD"},
		{"scramble", "pocket", "--seed", "18446744073709551615"},
	} {
		if code := Run(args, strings.NewReader(""), io.Discard, io.Discard); code != ExitOK {
			t.Errorf("%s: exit %d", strings.Join(args, " "), code)
		}
	}
}
