package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// doubled returns the first part of a message said twice in a row
// ("Cycles12: Cycles12: ..."), or "".
func doubled(line string) string {
	parts := strings.Split(line, ": ")
	for k := 1; k < len(parts); k++ {
		if parts[k] == parts[k-1] {
			return parts[k]
		}
	}
	return ""
}

// No message of a bad input names what failed twice: definitions that do
// not parse, builds refused in memory and on disk, tables damaged or
// absent, flags out of range.
func TestNoDoubledPrefix(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	bad := write("bad.tws", "Name Bad\nSet S 3 1\nSolved\nS\n1 2\nEnd\n")
	noSet := write("noset.tws", "Name NoSet\n")
	junk := write("junk.gdt", "not a table at all")
	work := write("work", "a file, not a directory")
	twisty := filepath.Join("..", "..", "lookup", "tws", "testdata", "twisty.tws")
	cycles := filepath.Join("..", "..", ".ci", "testdata", "cycles12.tws")
	out := filepath.Join(dir, "out.gdt")
	for _, args := range [][]string{
		{"stats", bad}, {"solve", bad, "x"}, {"gen", bad, "-o", out}, {"gen", noSet, "-o", out},
		{"stats", junk}, {"check", junk}, {"solve", junk, "x"},
		{"stats", filepath.Join(dir, "absent.gdt")},
		{"gen", twisty, "-o", out, "--mem", "1M", "--work", filepath.Join(dir, "w")},
		{"gen", cycles, "-o", out, "--mem", "42M", "--work", filepath.Join(dir, "w2")},
		{"gen", twisty, "-o", out, "--mem", "64M", "--work", work},
		{"stats", twisty, "--moves", "Q"}, {"stats", twisty, "--metric", "zz"},
		{"solve", cycles, "x"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(args, strings.NewReader(""), &stdout, &stderr)
		if code == ExitOK {
			t.Errorf("%v: exit 0, want a failure", args)
		}
		for _, line := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
			if d := doubled(line); d != "" {
				t.Errorf("%v: %q says %q twice", args, line, d)
			}
		}
	}
}

// The build's own errors that already name the puzzle are said with its
// name once.
func TestNamedOnce(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{errors.New("Cycles12: 96 MB of memory does not hold the program"), "Cycles12: 96 MB of memory does not hold the program"},
		{errors.New("the search is wrong"), "Cycles12: the search is wrong"},
		{errors.New("Cycles123: other"), "Cycles12: Cycles123: other"},
	} {
		if got := named("Cycles12", c.err); got != c.want || doubled(got) != "" {
			t.Errorf("named(Cycles12, %q) = %q, want %q", c.err, got, c.want)
		}
	}
}
