package command

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/ksolve"
)

// genRun runs gen with args, quietly, and returns its exit status and what
// it wrote on stderr.
func genRun(args ...string) (int, string) {
	var stderr bytes.Buffer
	code := Run(append([]string{"gen"}, append(args, "--quiet")...), strings.NewReader(""), &bytes.Buffer{}, &stderr)
	return code, stderr.String()
}

// The gen of a definition run in a child process, with its address space
// limited where there is a shell to limit it: GODTABLE_TEST_GEN_ARGS is the
// command line.
func TestGenDefinitionSizeHelper(t *testing.T) {
	args := os.Getenv("GODTABLE_TEST_GEN_ARGS")
	if args == "" {
		t.Skip("helper process only")
	}
	os.Exit(Run(strings.Fields(args), strings.NewReader(""), os.Stdout, os.Stderr))
}

// gen reads at most a definition's largest size, ksolve.MaxSize, and
// refuses a longer file in one line naming it and the limit, before any
// parsing: /dev/zero, read whole, took all the memory there was ("fatal
// error: out of memory"). A file of exactly the largest size is read and
// parsed.
func TestGenDefinitionSize(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "t.gdt")
	tooLong := func(code int, stderr, file string) {
		t.Helper()
		want := fmt.Sprintf("godtable: gen: %s: definition too long (at most %d bytes)\n", file, ksolve.MaxSize)
		if code != ExitInvalid || stderr != want {
			t.Errorf("gen %s: exit %d, %q; want %d, %q", file, code, stderr, ExitInvalid, want)
		}
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		// In a child, whose memory is limited (not under the race
		// detector, which reserves terabytes of address space), so that
		// reading it whole fails in a moment instead of taking the
		// machine's memory.
		cmd := exec.Command(os.Args[0], "-test.run=^TestGenDefinitionSizeHelper$")
		if sh, err := exec.LookPath("sh"); err == nil && !raceEnabled {
			cmd = exec.Command(sh, "-c", `ulimit -v 1000000 && exec "$0" "-test.run=^TestGenDefinitionSizeHelper$"`, os.Args[0])
		}
		cmd.Env = append(os.Environ(), "GODTABLE_TEST_GEN_ARGS=gen /dev/zero -o "+out+" --quiet")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		tooLong(code, stderr.String(), "/dev/zero")
	}
	long := filepath.Join(dir, "long.tws")
	if err := os.WriteFile(long, bytes.Repeat([]byte("#\n"), ksolve.MaxSize/2+1), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stderr := genRun(long, "-o", out)
	tooLong(code, stderr, long)
	most := filepath.Join(dir, "most.tws")
	if err := os.WriteFile(most, bytes.Repeat([]byte("#\n"), ksolve.MaxSize/2), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stderr := genRun(most, "-o", out); code != ExitInvalid || strings.Contains(stderr, "too long") || !strings.HasPrefix(stderr, "godtable: gen: "+most) {
		t.Errorf("gen a definition of %d bytes: exit %d, %q; want it parsed (and refused: comments only)", ksolve.MaxSize, code, stderr)
	}
}
