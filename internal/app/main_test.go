package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// script is one end-to-end case of testdata/script/*.txt: the command's
// arguments, its stdin, and the exact stdout, stderr and exit status.
//
// File format: sections introduced by lines "-- args --" (one argument per
// line), "-- stdin --", "-- stdout --", "-- stderr --" and "-- exit --"
// (the status; lines after it are comments). Lines before the first section
// are comments. A file may
// hold several cases, each starting with its own "-- args --".
type script struct {
	file, name                 string
	args                       []string
	stdin, stdout, stderr      string
	exit                       int
	hasStdout, hasStderr, hasX bool
}

func parseScripts(t *testing.T, file string) []script {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var cases []script
	var cur *script
	section := ""
	var body strings.Builder
	flush := func() {
		if cur == nil || section == "" {
			return
		}
		text := body.String()
		switch section {
		case "args":
			for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
				if l != "" {
					cur.args = append(cur.args, l)
				}
			}
		case "stdin":
			cur.stdin = text
		case "stdout":
			cur.stdout, cur.hasStdout = text, true
		case "stderr":
			cur.stderr, cur.hasStderr = text, true
		case "exit":
			// The status is the first line; later lines are comments.
			first, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
			n, err := strconv.Atoi(first)
			if err != nil {
				t.Fatalf("%s: bad exit section %q", file, text)
			}
			cur.exit, cur.hasX = n, true
		default:
			t.Fatalf("%s: unknown section %q", file, section)
		}
		body.Reset()
	}
	for _, line := range strings.SplitAfter(string(data), "\n") {
		trimmed := strings.TrimRight(line, "\n")
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") {
			flush()
			section = strings.TrimSuffix(strings.TrimPrefix(trimmed, "-- "), " --")
			if section == "args" {
				cases = append(cases, script{file: file, name: strconv.Itoa(len(cases) + 1)})
				cur = &cases[len(cases)-1]
			}
			continue
		}
		if cur != nil {
			body.WriteString(line)
		}
	}
	flush()
	return cases
}

// TestScripts runs every case of testdata/script through run, in process.
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("testdata/script/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scripts")
	}
	for _, f := range files {
		for _, c := range parseScripts(t, f) {
			t.Run(filepath.Base(f)+"/"+c.name, func(t *testing.T) {
				var stdout, stderr bytes.Buffer
				code := Run(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
				if c.hasStdout && stdout.String() != c.stdout {
					t.Errorf("godtable %s\nstdout:\n%s\nwant:\n%s", strings.Join(c.args, " "), stdout.String(), c.stdout)
				}
				if c.hasStderr && stderr.String() != c.stderr {
					t.Errorf("godtable %s\nstderr:\n%s\nwant:\n%s", strings.Join(c.args, " "), stderr.String(), c.stderr)
				}
				if c.hasX && code != c.exit {
					t.Errorf("godtable %s: exit %d, want %d (stderr: %s)", strings.Join(c.args, " "), code, c.exit, stderr.String())
				}
			})
		}
	}
}
