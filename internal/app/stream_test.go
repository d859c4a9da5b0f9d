package app

import (
	"bytes"
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

// The real binary under `| head -1`: no stack trace, no message, and the
// status it had (0), not a death by SIGPIPE (141 in the shell, a failure
// under set -o pipefail).
func TestPipeClosedEarly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	cmd := exec.Command(bin, "solve", "pocket")
	cmd.Stdin = strings.NewReader(strings.Repeat("UUUULRBFRLFBLRBFRLFBDDDD\n", 100000))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	first := make([]byte, len("R2 F2 R2\n"))
	if _, err := io.ReadFull(out, first); err != nil || string(first) != "R2 F2 R2\n" {
		t.Errorf("first line %q (%v)", first, err)
	}
	out.Close()
	if err := cmd.Wait(); err != nil {
		t.Errorf("after its reader went away: %v (want exit status 0)", err)
	}
	if s := stderr.String(); s != "" {
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

// A byte-order mark at the start of the input (Notepad's UTF-8) is not part
// of the first line; elsewhere it is a character like any other.
func TestByteOrderMark(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run([]string{"solve", "pocket"}, strings.NewReader("\ufeffUUUULRBFRLFBLRBFRLFBDDDD\r\n\ufeffUUUULRBFRLFBLRBFRLFBDDDD\n"), &stdout, &stderr)
	if want := "R2 F2 R2\nerror: want 24 stickers, got 25 characters\n"; code != 1 || stdout.String() != want {
		t.Errorf("exit %d, stdout %q, want %q", code, stdout.String(), want)
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
