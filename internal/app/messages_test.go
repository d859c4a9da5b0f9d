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

// A search's flag given to a puzzle answered from its complete table is a
// usage error whose first line says why; a searched puzzle takes it.
func TestSearchFlagsOfACompleteTable(t *testing.T) {
	for _, flag := range []string{"--workers=2", "--timeout=1s", "--max-depth=3"} {
		code, _, stderr := run("solve", "pocket", flag, "--scramble", "R U")
		first, _, _ := strings.Cut(stderr, "\n")
		if code != ExitUsage || !strings.Contains(first, "pocket answers from its complete table, with no search") {
			t.Fatalf("%s: exit %d, %q", flag, code, first)
		}
	}
	pruned := filepath.Join(t.TempDir(), "p.gdt")
	if code, _, stderr := run("gen", "../../lookup/tws/testdata/pocket.tws", "--prune", "64K", "-o", pruned, "--quiet"); code != ExitOK {
		t.Fatalf("gen --prune: exit %d: %s", code, stderr)
	}
	if code, out, stderr := run("solve", pruned, "--workers=2", "--timeout=1m", "--max-depth=5", "--scramble", "R U"); code != ExitOK || strings.TrimSpace(out) != "U' R'" {
		t.Fatalf("a pruning table with a search's flags: exit %d, %q, %q", code, out, stderr)
	}
	_, _, stderr := run("solve", "pocket", "--nosuch", "R U")
	if strings.Contains(stderr, "complete table") {
		t.Fatalf("another flag's error names the search's: %q", stderr)
	}
}
