// The command's handling of the 3x3x3's table files, in a test process of
// its own: the files it maps stay mapped for the process's life, which
// would weigh on the measures of memory other commands' tests make.
package cube3cli_test

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/app"
	"github.com/godtable/godtable/internal/model/cube3"
)

// runIn runs the command over stdin and returns stdout, stderr and the exit
// status.
func runIn(args []string, stdin string) (string, string, int) {
	var out, errs bytes.Buffer
	code := app.Run(args, strings.NewReader(stdin), &out, &errs)
	return out.String(), errs.String(), code
}

const (
	ExitOK      = app.ExitOK
	ExitInvalid = app.ExitInvalid
	ExitUsage   = app.ExitUsage
	ExitTable   = app.ExitTable
)

// gen takes the 3x3x3 by name only with --prune SIZE and -o, refusing a
// size too small, -go, --mem and --moves, each in its first line, and
// writing nothing; any other built-in puzzle is refused, its table being built in.
func TestGenBuiltInRefusals(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "c.gdt")
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"gen", "pocket", "-o", out}, ExitUsage, "built in"},
		{[]string{"gen", "3x3x3", "-o", out}, ExitUsage, "give --prune SIZE"},
		{[]string{"gen", "333", "--prune", "50M", "-o", out}, ExitInvalid, "too small"},
		{[]string{"gen", "3x3x3", "--prune", "200M", "-go", dir}, ExitUsage, "-go"},
		{[]string{"gen", "rubik", "--prune", "200M", "--mem", "1G", "-o", out}, ExitUsage, "--mem"},
		{[]string{"gen", "3x3x3", "--prune", "200M", "--moves", "U,R", "-o", out}, ExitUsage, "no --moves"},
		{[]string{"gen", "3x3x3", "--prune", "lots", "-o", out}, ExitUsage, "--prune lots"},
	} {
		_, errs, code := runIn(c.args, "")
		if code != c.code || !strings.HasPrefix(errs, "godtable: gen: ") || !strings.Contains(strings.SplitN(errs, "\n", 2)[0], c.says) {
			t.Errorf("%v: exit %d, %q; want exit %d saying %q", c.args, code, errs, c.code, c.says)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("a refused build left its output")
	}
}

// A file of 3x3x3 tables is taken wherever a puzzle is: solve, verify and
// check read it (here tables that know nothing, which still answer
// optimally, near solved); a damaged or cut file stops solve and check
// with exit 3 and one line naming it.
func TestCube3TableFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.gdt")
	if err := cube3.Uninformed().Save(path); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runIn([]string{"solve", path, "--scramble"}, "R U F\nx y R\n")
	if code != ExitOK || out != "F' U' R'\nR'\n" {
		t.Fatalf("solve: exit %d, %q, %s", code, out, errs)
	}
	out, _, code = runIn([]string{"verify", path, "--scramble"}, "R U F\tF' U' R'\nR U F\tF' U' R' U U'\n")
	if code != ExitInvalid || out != "optimal: length 3\nnot optimal: length 5, optimal 3\n" {
		t.Fatalf("verify: exit %d, %q", code, out)
	}
	out, errs, code = runIn([]string{"check", path}, "")
	if code != ExitOK || !strings.Contains(out, "intact") {
		t.Fatalf("check: exit %d, %q, %s", code, out, errs)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	damaged := filepath.Join(dir, "damaged.gdt")
	cut := filepath.Join(dir, "cut.gdt")
	if os.WriteFile(damaged, data, 0o644) != nil || os.WriteFile(cut, data[:1000], 0o644) != nil {
		t.Fatal("cannot write the damaged files")
	}
	for _, f := range []string{damaged, cut} {
		for _, args := range [][]string{{"solve", f, "--scramble", "R U"}, {"check", f}} {
			out, errs, code := runIn(args, "")
			if code != ExitTable || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, f) {
				t.Errorf("%v: exit %d, %q, %q", args, code, out, errs)
			}
		}
	}
}

// The built-in 3x3x3 and the general search over twsearch's 3x3x3
// definition (its pruning tables) agree: on random scrambles of up to five
// moves the same length and the same number of optimal solutions, and
// each solution of the one is proven optimal by the other's verify.
func TestCube3AgreesWithDefinition(t *testing.T) {
	dir := t.TempDir()
	tables := filepath.Join(dir, "c.gdt")
	if err := cube3.Uninformed().Save(tables); err != nil {
		t.Fatal(err)
	}
	faces := []string{"U", "R", "F", "D", "L", "B"}
	rng := rand.New(rand.NewPCG(3, 3))
	var scrambles []string
	for range 12 {
		var s []string
		for range 1 + rng.IntN(5) {
			s = append(s, faces[rng.IntN(6)]+[]string{"", "'", "2"}[rng.IntN(3)])
		}
		scrambles = append(scrambles, strings.Join(s, " "))
	}
	in := strings.Join(scrambles, "\n") + "\n"
	for _, metric := range []string{"htm", "qtm"} {
		pruned := filepath.Join(dir, metric+".gdt")
		if _, errs, code := runIn([]string{"gen", "../../model/ksolve/testdata/3x3x3.tws", "--prune", "1M", "--metric", metric, "-o", pruned, "--quiet"}, ""); code != ExitOK {
			t.Fatalf("gen --prune: exit %d: %s", code, errs)
		}
		defSols, errs, code := runIn([]string{"solve", pruned, "--scramble", "--metric", metric}, in)
		if code != ExitOK {
			t.Fatalf("solve the definition: exit %d, %s", code, errs)
		}
		defCounts, _, _ := runIn([]string{"solve", pruned, "--scramble", "--count", "--metric", metric}, in)
		cubeCounts, errs, code := runIn([]string{"solve", tables, "--scramble", "--count", "--metric", metric}, in)
		if code != ExitOK || cubeCounts != defCounts {
			t.Fatalf("%s counts: the 3x3x3 %q (exit %d, %s), the definition %q", metric, cubeCounts, code, errs, defCounts)
		}
		var pairs []string
		for i, sol := range strings.Split(strings.TrimSuffix(defSols, "\n"), "\n") {
			pairs = append(pairs, scrambles[i]+"\t"+sol)
		}
		verdicts, errs, code := runIn([]string{"verify", tables, "--scramble", "--metric", metric}, strings.Join(pairs, "\n")+"\n")
		if code != ExitOK || strings.Count(verdicts, "optimal: length") != len(scrambles) || strings.Contains(verdicts, "not optimal") {
			t.Fatalf("%s: the 3x3x3 verifies the definition's solutions: exit %d, %q, %s", metric, code, verdicts, errs)
		}
	}
}
