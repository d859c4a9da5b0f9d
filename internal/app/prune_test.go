package app

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runIn runs the command over stdin and returns stdout, stderr and the exit
// status.
func runIn(args []string, stdin string) (string, string, int) {
	var out, errs bytes.Buffer
	code := Run(args, strings.NewReader(stdin), &out, &errs)
	return out.String(), errs.String(), code
}

// gen --prune writes a file that check verifies and that solve answers
// from, every mode as the complete table answers: the same solutions, byte
// for byte, counts and lists, as text and JSON, on one worker and several.
func TestPruneCommands(t *testing.T) {
	dir := t.TempDir()
	def := "../../lookup/tws/testdata/pyraminx.tws"
	full := filepath.Join(dir, "full.gdt")
	pruned := filepath.Join(dir, "pruned.gdt")
	filled := filepath.Join(dir, "filled.gdt")
	for _, metric := range []string{"htm", "qtm"} {
		if _, errs, code := runIn([]string{"gen", def, "-o", full, "--metric", metric, "--quiet"}, ""); code != ExitOK {
			t.Fatalf("gen: exit %d: %s", code, errs)
		}
		if _, errs, code := runIn([]string{"gen", def, "--prune", "3000", "-o", pruned, "--metric", metric, "--quiet"}, ""); code != ExitOK || !strings.Contains(errs, "pruning table 2 of") {
			t.Fatalf("gen --prune: exit %d: %s", code, errs)
		}
		if _, errs, code := runIn([]string{"gen", def, "--prune", "3000", "--fill", "-o", filled, "--metric", metric, "--quiet"}, ""); code != ExitOK {
			t.Fatalf("gen --prune --fill: exit %d: %s", code, errs)
		}
		if out, errs, code := runIn([]string{"check", pruned}, ""); code != ExitOK || !strings.Contains(out, "intact, a pruning file of") {
			t.Fatalf("check: exit %d: %s %s", code, out, errs)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		names := []string{"U", "L", "R", "B", "U'", "L'", "R'", "B'"}
		var in strings.Builder
		for range 40 {
			for range 2 + rng.IntN(12) {
				in.WriteString(names[rng.IntN(len(names))] + " ")
			}
			in.WriteString("\n")
		}
		for _, mode := range [][]string{nil, {"--count"}, {"--all"}, {"--json"}, {"--all", "--limit", "2", "--json"}} {
			args := append([]string{"solve", "", "--scramble"}, mode...)
			args[1] = full
			want, errs, code := runIn(args, in.String())
			if code != ExitOK {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			for _, workers := range []string{"1", "3"} {
				for _, file := range []string{pruned, filled} {
					args[1] = file
					got, errs, code := runIn(append(args, "--workers", workers), in.String())
					if code != ExitOK || got != want {
						t.Fatalf("%s %v: exit %d, %s\ngot\n%s\nwant\n%s", metric, args, code, errs, got, want)
					}
				}
			}
		}
	}
}

// A search that stops at --max-depth answers with the depth proven, in
// text and JSON; verify judges optimality; a size too small, and a
// definition too large without --prune, are one line each.
func TestPruneBoundsAndRefusals(t *testing.T) {
	dir := t.TempDir()
	pruned := filepath.Join(dir, "cube.gdt")
	cube := "../model/ksolve/testdata/3x3x3.tws"
	if _, errs, code := runIn([]string{"gen", cube, "--prune", "1M", "-o", pruned, "--quiet"}, ""); code != ExitOK {
		t.Fatalf("gen --prune: exit %d: %s", code, errs)
	}
	out, errs, code := runIn([]string{"solve", pruned, "--scramble", "--max-depth", "3"}, "R U F D\nR U\n")
	if code != ExitOK || out != "no solution of 3 moves or fewer\nU' R'\n" {
		t.Fatalf("--max-depth 3: exit %d, %q, %s", code, out, errs)
	}
	out, _, code = runIn([]string{"solve", pruned, "--scramble", "--max-depth", "3", "--json"}, "R U F D\n")
	if code != ExitOK || !strings.Contains(out, `"no_solution_within":3`) {
		t.Fatalf("--max-depth 3 --json: exit %d, %q", code, out)
	}
	out, _, code = runIn([]string{"verify", pruned}, "R U F\tF' U' R'\nR U F\tF' U' R' U U'\n")
	if code == ExitUsage || code == ExitTable || !strings.HasPrefix(out, "optimal: length 3\n") || !strings.Contains(out, "not optimal") {
		t.Fatalf("verify: exit %d, %q", code, out)
	}
	_, errs, code = runIn([]string{"gen", cube, "--prune", "8", "-o", filepath.Join(dir, "tiny.gdt")}, "")
	if code == ExitOK || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "too small") {
		t.Fatalf("--prune 8: exit %d, %q", code, errs)
	}
	_, errs, code = runIn([]string{"gen", cube, "-o", filepath.Join(dir, "whole.gdt")}, "")
	if code == ExitOK || !strings.Contains(errs, "--prune SIZE") {
		t.Fatalf("without --prune: exit %d, %q", code, errs)
	}
	_, errs, code = runIn([]string{"gen", cube, "--prune", "1M", "--mem", "1G", "-o", filepath.Join(dir, "mem.gdt")}, "")
	if code != ExitUsage || !strings.HasPrefix(errs, "godtable: gen: --prune with --mem: pruning tables are built in memory\n") {
		t.Fatalf("--prune --mem: exit %d, %q", code, errs)
	}
	_, errs, code = runIn([]string{"gen", cube, "--fill", "-o", filepath.Join(dir, "fill.gdt")}, "")
	if code != ExitUsage || !strings.HasPrefix(errs, "godtable: gen: --fill: it chooses pruning tables; give --prune SIZE too\n") {
		t.Fatalf("--fill without --prune: exit %d, %q", code, errs)
	}
	for _, name := range []string{"tiny.gdt.work", "mem.gdt.work"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Fatalf("a refused build left %s", name)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "tiny.gdt")); err == nil {
		t.Fatal("a refused build left its output")
	}
}

// The 3x3x3's tables of 128 MiB are cut short where their last levels
// cost the most: check says so, table by table, with what the entries past
// the cut read as, and solve and verify answer from them.
func TestPruneTruncatedTables(t *testing.T) {
	if testing.Short() {
		t.Skip("a build of 60 million entries")
	}
	pruned := filepath.Join(t.TempDir(), "333.gdt")
	if _, errs, code := runIn([]string{"gen", "../model/ksolve/testdata/3x3x3.tws", "--prune", "128M", "-o", pruned, "--quiet"}, ""); code != ExitOK {
		t.Fatalf("gen --prune: exit %d: %s", code, errs)
	}
	out, errs, code := runIn([]string{"check", pruned}, "")
	if code != ExitOK || !strings.Contains(out, "table 1: ") || !strings.Contains(strings.Split(out, "table 1: ")[1], "(truncated)") {
		t.Fatalf("check: exit %d: %s %s", code, out, errs)
	}
	if got, errs, code := runIn([]string{"solve", pruned, "--scramble", "--workers", "1"}, "R U F2 D'\n"); code != ExitOK || got != "D F2 U' R'\n" {
		t.Fatalf("solve: exit %d: %q %s", code, got, errs)
	}
	if got, errs, code := runIn([]string{"verify", pruned, "--scramble"}, "R U F2 D'\tD F2 U' R'\nR U F2 D'\tD F2 U' R' U U'\n"); code != ExitInvalid || !strings.Contains(got, "optimal") || !strings.Contains(got, "not optimal") {
		t.Fatalf("verify: exit %d: %q %s", code, got, errs)
	}
}
