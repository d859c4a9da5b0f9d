package app

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtable/godtable/lookup/tws"
)

// gen --mem builds on disk the table gen builds in memory, byte for byte
// but for the facts (its command line), in both metrics; it says how many
// chunks, what the work directory needs, and each level's figures; the
// work directory is gone after.
func TestGenOnDisk(t *testing.T) {
	for _, metric := range []string{"htm", "qtm"} {
		dir := t.TempDir()
		def := "../../lookup/tws/testdata/pocket.tws"
		gen := func(out string, extra ...string) string {
			t.Helper()
			var stderr bytes.Buffer
			args := append([]string{"gen", def, "-o", out, "--metric", metric, "--quiet"}, extra...)
			if code := Run(args, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 0 {
				t.Fatalf("gen %v: exit %d: %s", extra, code, stderr.String())
			}
			return stderr.String()
		}
		mem, disk := filepath.Join(dir, "mem.gdt"), filepath.Join(dir, "disk.gdt")
		gen(mem)
		said := gen(disk, "--mem", "64M")
		a, err := os.ReadFile(mem)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(disk)
		if err != nil {
			t.Fatal(err)
		}
		if !sameTable(t, a, b) {
			t.Fatalf("%s: the table built on disk differs from the one built in memory", metric)
		}
		for _, want := range []string{"on disk in 1 chunks of", "disk.gdt.work needs about", "distance 1: ", " states, forward,", "backward", "MB written", "proved exact"} {
			if !strings.Contains(said, want) {
				t.Errorf("%s: gen --mem does not say %q:\n%s", metric, want, said)
			}
		}
		if _, err := os.Stat(disk + ".work"); !os.IsNotExist(err) {
			t.Errorf("%s: the work directory is left: %v", metric, err)
		}
	}
}

// The disk flags' misuses are refused in one line each, before any search.
func TestGenOnDiskRefusals(t *testing.T) {
	dir := t.TempDir()
	def := "../../lookup/tws/testdata/pocket.tws"
	out := filepath.Join(dir, "t.gdt")
	// A work directory whose manifest is not a search's.
	other := filepath.Join(dir, "other")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "manifest"), []byte("not a manifest"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--work", dir}, ExitUsage, "--work " + dir + ": the work directory is the on-disk search's; give --mem too"},
		{[]string{"--mem", "lots"}, ExitUsage, "--mem lots: want a size such as 512M or 4G"},
		{[]string{"--mem", "-1G"}, ExitUsage, "--mem -1G: want a size such as 512M or 4G"},
		{[]string{"--mem", "1M"}, ExitInvalid, "1 MB of memory does not hold the program with its move tables"},
		{[]string{"--mem", "64M", "--work", other}, ExitInvalid, "is damaged (its checksum does not match)"},
	} {
		var stderr bytes.Buffer
		args := append([]string{"gen", def, "-o", out, "--quiet"}, c.args...)
		code := Run(args, strings.NewReader(""), &bytes.Buffer{}, &stderr)
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		last := lines[len(lines)-1]
		if c.code == ExitUsage {
			last = lines[0] // the usage text follows
		}
		if code != c.code || !strings.Contains(last, c.msg) {
			t.Errorf("gen %v: exit %d, %q; want %d and %q", c.args, code, stderr.String(), c.code, c.msg)
		}
	}
	var stderr bytes.Buffer
	if code := Run([]string{"gen", def, "-go", filepath.Join(dir, "pkg"), "--mem", "1G"}, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != ExitUsage ||
		!strings.Contains(stderr.String(), "--mem with -go: a Go package embeds its table in the program, so it is built in memory") {
		t.Errorf("gen -go --mem: exit %d, %q", code, stderr.String())
	}
}

// parseSize reads the sizes people write.
func TestParseSize(t *testing.T) {
	for in, want := range map[string]uint64{
		"512M": 512 << 20, "4G": 4 << 30, "1.5G": 3 << 29, "100": 100, "64MiB": 64 << 20, "2gb": 2 << 30, "1T": 1 << 40, "8k": 8 << 10,
	} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "M", "-5M", "0", "1X", "1e30G"} {
		if got, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) = %d, want an error", in, got)
		}
	}
}

// memoryFor returns a --mem (in bytes) under which gen, on one worker,
// builds def on disk in 3 to 8 chunks, as the plan says.
func memoryFor(t *testing.T, def string) uint64 {
	t.Helper()
	d := parseDef(t, def)
	for mem := uint64(16 << 20); mem < 1<<30; mem += 64 << 10 {
		pl, err := tws.PlanOnDisk(d, tws.BuildOptions{Workers: 1}, tws.DiskOptions{Memory: mem})
		if err == nil && pl.Chunks >= 3 && pl.Chunks <= 8 {
			return mem
		}
	}
	t.Fatal("no memory gives 3 to 8 chunks")
	return 0
}

// A build stopped, whose work directory is then damaged (two chunk files
// swapped, a frontier file deleted), is refused when run again, in one
// line that names the file and says to remove the directory, not to
// resume; and again the same way through tasks that fail, never with a
// table; the plan's chunks are the build's.
func TestGenOnDiskDamaged(t *testing.T) {
	dir := t.TempDir()
	def := "../../lookup/tws/testdata/pocket.tws"
	mem := fmt.Sprint(memoryFor(t, def))
	stop := filepath.Join(dir, "stop")
	if err := os.WriteFile(stop, []byte("#!/bin/sh\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, damage := range []string{"swap chunks", "delete a frontier"} {
		work := filepath.Join(dir, "w")
		out := filepath.Join(dir, "t.gdt")
		args := []string{"gen", def, "-o", out, "--mem", mem, "--workers", "1", "--work", work, "--quiet"}
		var stderr bytes.Buffer
		if code := Run(append(args, "--launch", stop), strings.NewReader(""), &bytes.Buffer{}, &stderr); code == ExitOK {
			t.Fatalf("gen with a launcher that runs nothing: exit 0")
		}
		var chunks int
		if _, err := fmt.Sscanf(stderr.String()[strings.Index(stderr.String(), "on disk in"):], "on disk in %d chunks", &chunks); err != nil {
			t.Fatalf("the plan: %v\n%s", err, stderr.String())
		}
		made, _ := filepath.Glob(filepath.Join(work, "chunk-*"))
		if len(made) != chunks || chunks < 3 {
			t.Fatalf("the plan says %d chunks, the build made %d", chunks, len(made))
		}
		named := made[0]
		if damage == "swap chunks" {
			tmp := made[0] + ".x"
			for _, mv := range [][2]string{{made[0], tmp}, {made[1], made[0]}, {tmp, made[1]}} {
				if err := os.Rename(mv[0], mv[1]); err != nil {
					t.Fatal(err)
				}
			}
		} else {
			fronts, _ := filepath.Glob(filepath.Join(work, "front-*"))
			named = fronts[len(fronts)-1]
			if err := os.Remove(named); err != nil {
				t.Fatal(err)
			}
		}
		for _, again := range [][]string{args, append(args, "--launch", stop)} {
			// Run again by the search itself, then through tasks that
			// fail: either way the file is named.
			stderr.Reset()
			code := Run(again, strings.NewReader(""), &bytes.Buffer{}, &stderr)
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			last := lines[len(lines)-1]
			if code != ExitInvalid || !strings.Contains(last, filepath.Base(named)) || !strings.Contains(last, "remove "+work) || strings.Contains(stderr.String(), "run it again to resume") {
				t.Fatalf("%s, run again: exit %d:\n%s", damage, code, stderr.String())
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Fatalf("%s: a table was written", damage)
			}
		}
		if err := os.RemoveAll(work); err != nil {
			t.Fatal(err)
		}
	}
}
