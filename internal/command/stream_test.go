package command

import (
	"bytes"
	"errors"
	"io"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/godtable/godtable/lookup"
)

// failingWriter accepts n bytes, then fails as a closed pipe does.
type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, syscall.EPIPE
	}
	w.n -= len(p)
	return len(p), nil
}

// countingReader counts how much of its input was read.
type countingReader struct {
	r    io.Reader
	read int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.read += n
	return n, err
}

// When the output goes away, the command stops reading and ends quietly.
func TestClosedOutputStopsQuietly(t *testing.T) {
	input := bytes.Repeat([]byte("UUUULRBFRLFBLRBFRLFBDDDD\n"), 200000)
	in := &countingReader{r: bytes.NewReader(input)}
	var stderr bytes.Buffer
	Run([]string{"solve", "pocket"}, in, &failingWriter{n: 100}, &stderr)
	if stderr.Len() != 0 {
		t.Errorf("stderr: %q", stderr.String())
	}
	if in.read > len(input)/2 {
		t.Errorf("read %d of %d bytes after the output closed", in.read, len(input))
	}
}

// The real binary under `| head -1`: no stack trace, no message.
func TestPipeClosedEarly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	cmd := exec.Command("/bin/sh", "-c", `yes UUUULRBFRLFBLRBFRLFBDDDD | head -n 100000 | "$0" solve pocket | head -n 1`, bin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatal(err)
		}
	}
	if got := stdout.String(); got != "R2 F2 R2\n" {
		t.Errorf("stdout %q", got)
	}
	if s := stderr.String(); strings.Contains(s, "goroutine") || strings.Contains(s, "panic") || s != "" {
		t.Errorf("stderr %q", s)
	}
}

// Windows line endings are taken off.
func TestCRLF(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run([]string{"solve", "pocket"}, strings.NewReader("UUUULRBFRLFBLRBFRLFBDDDD\r\nUUUULLFFRRBBLLFFRRBBDDDD\r\n"), &stdout, &stderr)
	if code != 0 || stdout.String() != "R2 F2 R2\n\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

// A huge line is an error for that line only, read in bounded memory.
func TestHugeLine(t *testing.T) {
	huge := strings.Repeat("U", 10<<20)
	var stdout, stderr bytes.Buffer
	code := Run([]string{"solve", "pocket"}, strings.NewReader("UUUULRBFRLFBLRBFRLFBDDDD\n"+huge+"\nUUUULRBFRLFBLRBFRLFBDDDD\n"), &stdout, &stderr)
	want := "R2 F2 R2\nerror: line too long (more than 65536 bytes)\nR2 F2 R2\n"
	if code != 1 || stdout.String() != want {
		t.Errorf("exit %d, stdout %q", code, stdout.String())
	}
}

// TestAppendVerdict: the verdict's line written in place is String's.
func TestAppendVerdict(t *testing.T) {
	for _, v := range []lookup.Verdict{
		{Legal: true, Length: 7, Optimal: 7},
		{Legal: true},
		{Legal: true, Length: 9, Optimal: 7},
		{Legal: true, Length: 7, Optimal: 7, Smallest: "BCABCCB"},
		{Problem: "does not solve the cube", Optimal: 4},
		{Impossible: true, Legal: true},
		{Impossible: true, Problem: "x"},
	} {
		if got := string(appendVerdict([]byte("> "), v)); got != "> "+v.String() {
			t.Errorf("%+v: %q, want %q", v, got, "> "+v.String())
		}
	}
}
