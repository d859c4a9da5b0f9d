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
// has moved on (a task started late) is refused, and says so; the build
// resumed without tasks ends.
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
	if code != ExitInvalid || !strings.Contains(stderr.String(), "this task is late") {
		t.Fatalf("a late task: exit %d: %s", code, stderr.String())
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
