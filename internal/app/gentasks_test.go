package app

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A task's chunk is --chunk, else the Slurm array task's ID, else the
// Kubernetes index, picked from --chunks when given; a missing or bad one
// is an error that says what to give.
func TestTaskChunk(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, c := range []struct {
		list string
		env  func(string) string
		want int
		err  string
	}{
		{"", env("SLURM_ARRAY_TASK_ID", "5"), 5, ""},
		{"", env("JOB_COMPLETION_INDEX", "2"), 2, ""},
		{"", env("SLURM_ARRAY_TASK_ID", "3", "JOB_COMPLETION_INDEX", "9"), 3, ""},
		{"0-3,7,9-10", env("JOB_COMPLETION_INDEX", "4"), 7, ""},
		{"0-3,7,9-10", env("JOB_COMPLETION_INDEX", "6"), 10, ""},
		{"0-3,7", env("JOB_COMPLETION_INDEX", "5"), 0, "has 5 chunks"},
		{"", env(), 0, "give --chunk N"},
		{"", env("SLURM_ARRAY_TASK_ID", "x"), 0, "not an index"},
		{"3-1", env("JOB_COMPLETION_INDEX", "0"), 0, "increasing"},
		{"1,1", env("JOB_COMPLETION_INDEX", "0"), 0, "increasing"},
	} {
		got, err := taskChunk(c.list, c.env)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("taskChunk(%q): %d, %v; want an error saying %q", c.list, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("taskChunk(%q) = %d, %v; want %d", c.list, got, err, c.want)
		}
	}
	if got, err := parseChunkList("0-2,5"); err != nil || !slices.Equal(got, []int{0, 1, 2, 5}) {
		t.Errorf("parseChunkList(0-2,5) = %v, %v", got, err)
	}
}

// The options a build leaves its tasks read back as written; a damaged
// file is an error.
func TestTaskSpec(t *testing.T) {
	want := taskSpec{name: "defs/x.tws", metric: "qtm", moves: "U,F2", memory: 1 << 30, workers: 3}
	got, err := decodeTaskSpec(want.encode())
	if err != nil || got != want {
		t.Fatalf("decoded %+v, %v; want %+v", got, err, want)
	}
	for _, bad := range []string{"", "name=x\n", "name=x\nmetric=htm\nmoves=\nmemory=z\nworkers=1\n", "nonsense\n", "what=1\n"} {
		if _, err := decodeTaskSpec([]byte(bad)); err == nil {
			t.Errorf("%q decodes", bad)
		}
	}
}

// gen refuses a way of running tasks without the memory each takes, two
// ways at once, and --sbatch without --slurm, each in one line; task
// refuses a call that does not say its chunk, or a directory that is not a
// build's.
func TestTaskUsage(t *testing.T) {
	def := "../../lookup/tws/testdata/pocket.tws"
	out := filepath.Join(t.TempDir(), "t.gdt")
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"gen", def, "-o", out, "--slurm"}, "give --mem", ExitUsage},
		{[]string{"gen", def, "-o", out, "--launch", "true"}, "give --mem", ExitUsage},
		{[]string{"gen", def, "-o", out, "--mem", "64M", "--sbatch", "-p x"}, "give --slurm too", ExitUsage},
		{[]string{"gen", def, "-o", out, "--mem", "64M", "--slurm", "--launch", "true"}, "together", ExitUsage},
		{[]string{"task", t.TempDir(), "--level", "3", "--pass", "expand"}, "give --chunk N", ExitUsage},
		{[]string{"task", t.TempDir(), "--pass", "expand", "--chunk", "0"}, "want --level", ExitUsage},
		{[]string{"task", t.TempDir(), "--level", "3", "--pass", "expand", "--chunk", "0"}, "not a work directory of tasks", ExitInvalid},
	} {
		var stderr bytes.Buffer
		code := Run(c.args, strings.NewReader(""), &bytes.Buffer{}, &stderr)
		first, _, _ := strings.Cut(stderr.String(), "\n")
		if code != c.code || !strings.Contains(first, c.want) {
			t.Errorf("%v: exit %d, %q; want exit %d saying %q", c.args, code, first, c.code, c.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused gen wrote %s", out)
	}
}

// A build whose launcher runs no task stops, says which tasks left no
// result and that it resumes; a task over its work directory whose search
// has moved on (a task started late) does nothing and ends well, saying
// so; one whose pass the search has not begun (early) fails, saying so;
// the build resumed without tasks ends.
func TestTaskLate(t *testing.T) {
	dir := t.TempDir()
	work := filepath.Join(dir, "w")
	def := "../../lookup/tws/testdata/pocket.tws"
	var stderr bytes.Buffer
	// Stopped by a launcher that fails after the first level of tasks:
	// its work directory stays.
	stop := filepath.Join(dir, "stop")
	if err := os.WriteFile(stop, []byte("#!/bin/sh\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	args := []string{"gen", def, "-o", filepath.Join(dir, "t.gdt"), "--mem", "200M", "--work", work, "--quiet", "--launch", stop}
	if code := Run(args, strings.NewReader(""), &bytes.Buffer{}, &stderr); code == 0 {
		t.Fatalf("gen with a launcher that runs nothing: exit 0\n%s", stderr.String())
	}
	if !strings.Contains(stderr.String(), "left no result") || !strings.Contains(stderr.String(), "run it again to resume") {
		t.Fatalf("gen with a launcher that runs nothing says:\n%s", stderr.String())
	}
	stderr.Reset()
	code := Run([]string{"task", work, "--level", "1", "--pass", "expand", "--chunk", "0"}, strings.NewReader(""), &bytes.Buffer{}, &stderr)
	if code != ExitOK || !strings.Contains(stderr.String(), "late, nothing to do") {
		t.Fatalf("a late task: exit %d: %s", code, stderr.String())
	}
	stderr.Reset()
	code = Run([]string{"task", work, "--level", "9", "--pass", "apply", "--chunk", "0"}, strings.NewReader(""), &bytes.Buffer{}, &stderr)
	if msg := stderr.String(); code != ExitInvalid || !strings.Contains(msg, "early") || strings.Contains(msg, "late") {
		t.Fatalf("an early task: exit %d: %s", code, msg)
	}
	// Resumed without tasks (a test cannot run this program's tasks: it
	// is the test binary), the build ends.
	stderr.Reset()
	args = args[:len(args)-2]
	if code := Run(args, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("gen resumed: exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "resumed from") {
		t.Fatalf("gen resumed does not say so:\n%s", stderr.String())
	}
}

// gen --slurm looks for sbatch and squeue before any search, and refuses
// in one line naming the one missing; sbatch's error of several lines is
// one line in gen's message.
func TestSlurmCommands(t *testing.T) {
	def := "../../lookup/tws/testdata/pocket.tws"
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	work := filepath.Join(dir, "w")
	args := []string{"gen", def, "-o", filepath.Join(dir, "t.gdt"), "--mem", "200M", "--work", work, "--quiet", "--slurm"}
	for _, missing := range []string{"sbatch", "squeue"} {
		var stderr bytes.Buffer
		code := Run(args, strings.NewReader(""), &bytes.Buffer{}, &stderr)
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		msg := lines[len(lines)-1]
		if code != ExitInvalid || !strings.Contains(msg, missing+" is not on PATH") {
			t.Fatalf("--slurm without %s: exit %d: %s", missing, code, msg)
		}
		if _, err := os.Stat(work); !os.IsNotExist(err) {
			t.Fatalf("--slurm without %s made its work directory: %v", missing, err)
		}
		// sbatch fails as Slurm's does, in two lines.
		script := "#!/bin/sh\nexit 0\n"
		if missing == "sbatch" {
			script = "#!/bin/sh\necho 'sbatch: error: invalid partition specified: big' >&2\necho 'sbatch: error: Batch job submission failed: Invalid partition name specified' >&2\nexit 1\n"
		}
		if err := os.WriteFile(filepath.Join(bin, missing), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", bin+":/bin:/usr/bin")
	var stderr bytes.Buffer
	if code := Run(args, strings.NewReader(""), &bytes.Buffer{}, &stderr); code == ExitOK {
		t.Fatalf("gen with an sbatch that fails: exit 0")
	}
	want := "invalid partition specified: big; Batch job submission failed: Invalid partition name specified"
	for line := range strings.SplitSeq(stderr.String(), "\n") {
		if strings.Contains(line, "sbatch") && !strings.Contains(line, want) {
			t.Errorf("gen says of sbatch: %s", line)
		}
	}
	if !strings.Contains(stderr.String(), want) {
		t.Errorf("gen with an sbatch that fails says:\n%s", stderr.String())
	}
}

// commandErrors makes a command's lines of errors one line.
func TestCommandErrors(t *testing.T) {
	for in, want := range map[string]string{
		"sbatch: error: a\nsbatch: error: b\n": "a; b",
		"  one line  ":                         "one line",
		"\n\n":                                 "no message",
		"sbatch: x\n\ny":                       "x; y",
	} {
		if got := commandErrors("sbatch", in); got != want {
			t.Errorf("commandErrors(%q) = %q, want %q", in, got, want)
		}
	}
}
