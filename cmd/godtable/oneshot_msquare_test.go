package main

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// buildCommand builds the command into a temporary directory, or skips the
// benchmark when there is no go tool to build it with.
func buildCommand(b *testing.B) string {
	b.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		b.Skip("no go tool to build the command")
	}
	bin := filepath.Join(b.TempDir(), "godtable")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// A one-shot answer as a shell gets it: the process starts, decodes and
// checks the table, builds the move table, answers once and exits.
func BenchmarkOneShot_Msquare(b *testing.B) {
	bin := buildCommand(b)
	for b.Loop() {
		out, err := exec.Command(bin, "solve", "msquare", "2 6 8 4 5 7 3 1").Output()
		if err != nil {
			b.Fatal(err)
		}
		if string(out) != "7\nBCABCCB\n" {
			b.Fatalf("answer %q", out)
		}
	}
}
