package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		for _, want := range []string{"on disk in 1 chunks of", "disk.gdt.work needs about", "distance 1: ", " states, forward,", "backward", "MB written"} {
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
