package app

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/ksolve"
)

const twistyDef = "../../lookup/tws/testdata/twisty.tws"

// genRun runs gen with args, quietly, and returns its exit status and what
// it wrote on stderr.
func genRun(args ...string) (int, string) {
	var stderr bytes.Buffer
	code := Run(append([]string{"gen"}, append(args, "--quiet")...), strings.NewReader(""), &bytes.Buffer{}, &stderr)
	return code, stderr.String()
}

// An -o in a directory no file can be made in is refused before the build,
// in one line naming -o and the reason, exit 2 as every -o refused: not at
// the first checkpoint, or after the whole build. A directory not there
// refuses root too; a read-only one only others.
func TestGenOutputUnwritable(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing", "t.gdt")
	code, stderr := genRun(twistyDef, "-o", missing)
	want := "godtable: gen: -o " + missing + ": cannot write in " + filepath.Dir(missing) + ": "
	if code != ExitUsage || !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("-o in a directory not there: exit %d, %q; want %d and one line starting %q", code, stderr, ExitUsage, want)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !os.IsNotExist(err) {
		t.Errorf("-o in a directory not there made it: %v", err)
	}
	if runtime.GOOS == "windows" {
		return // no permission bits there
	}
	t.Run("read-only", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("root writes in a read-only directory: the missing directory above stands for it")
		}
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(ro, 0o755)
		out := filepath.Join(ro, "t.gdt")
		code, stderr := genRun(twistyDef, "-o", out)
		if want := "-o " + out + ": cannot write in " + ro + ": permission denied"; code != ExitUsage || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("-o in a read-only directory: exit %d, %q; want %d and one line with %q", code, stderr, ExitUsage, want)
		}
		code, stderr = genRun(twistyDef, "-go", ro)
		if want := "-go " + ro + ": cannot write in " + ro + ": permission denied"; code != ExitUsage || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("-go a read-only directory: exit %d, %q; want %d and one line with %q", code, stderr, ExitUsage, want)
		}
	})
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

// isStaleTemp takes only the names os.CreateTemp makes from the table's and
// its checkpoint's patterns.
func TestGenStaleTempNames(t *testing.T) {
	for name, want := range map[string]bool{
		"t.gdt.1.tmp": true, "t.gdt.4294967295.tmp": true, "t.gdt.checkpoint.77.tmp": true,
		"t.gdt.tmp": false, "t.gdt..tmp": false, "t.gdt.checkpoint..tmp": false, "t.gdt.checkpoint.tmp": false,
		"t.gdt.1a.tmp": false, "t.gdt.-1.tmp": false, "t.gdt.1.tmp2": false, "t.gdt": false,
		"s.gdt.1.tmp": false, "at.gdt.1.tmp": false, "t.gdt.lock": false, "t.gdt.x.checkpoint.1.tmp": false,
	} {
		if got := isStaleTemp(name, "t.gdt"); got != want {
			t.Errorf("isStaleTemp(%q, t.gdt) = %v, want %v", name, got, want)
		}
	}
}
