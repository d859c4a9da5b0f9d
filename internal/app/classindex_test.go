package app

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// classIndexDef is a definition with symmetries and scrambles of it.
type classIndexDef struct {
	def       string
	scrambles []string
}

// classIndexDefs are definitions with symmetries: one set (its own part
// of the class index), and, from twsearch's samples where they are on the
// machine, two sets whose parities are tied, and (not under -short) one
// set beyond what a class index's A holds, indexed within the set.
func classIndexDefs(t *testing.T) []classIndexDef {
	defs := []classIndexDef{{"../../lookup/tws/testdata/cube2_unoriented.tws", []string{"U R F D", "F2 U' R2 D B'", "L D' B2 R U F' L2", "U D'"}}}
	for _, c := range []struct {
		name      string
		scrambles []string
	}{
		{"pyramorphix", []string{"FD LR", "FL DR FD", "DL FR LR FD DR"}},
		{"2x2x2", []string{"U R F D", "F2 U' R2 D B'", "L D' B2 R U F' L2 D2", "R U' F2 R' U F R2 U2 F'"}},
	} {
		if c.name == "2x2x2" && testing.Short() {
			continue
		}
		src, err := exec.Command("git", "-C", "/work/.mirror/cubing+twsearch/repo", "show", "aeed0ed:samples/symm/"+c.name+".tws").Output()
		if err != nil {
			t.Logf("twsearch's samples: %v", err)
			return defs
		}
		def := filepath.Join(t.TempDir(), c.name+".tws")
		if err := os.WriteFile(def, src, 0o644); err != nil {
			t.Fatal(err)
		}
		defs = append(defs, classIndexDef{def, c.scrambles})
	}
	return defs
}

// gen --class-index writes a table keyed by its class index, the same
// bytes on one worker and two, and every mode answers from it as from the
// table of the states' index (--class-index=false): stats (with its antipodes), scramble,
// solve (one solution, the count, all of them), verify, check and check
// --deep. It refuses in one line a definition without symmetries and the
// flags it cannot go with.
func TestGenClassIndex(t *testing.T) {
	dir := t.TempDir()
	for _, cd := range classIndexDefs(t) {
		def, scrambles := cd.def, cd.scrambles
		want := filepath.Join(dir, "want.gdt")
		if code, _, stderr := run("gen", def, "-o", want, "--quiet", "--no-facts", "--class-index=false"); code != ExitOK {
			t.Fatalf("gen: exit %d: %s", code, stderr)
		}
		var first []byte
		got := filepath.Join(dir, "got.gdt")
		for _, workers := range []string{"1", "2"} {
			if code, _, stderr := run("gen", def, "-o", got, "--quiet", "--no-facts", "--class-index", "--workers", workers); code != ExitOK {
				t.Fatalf("gen --class-index: exit %d: %s", code, stderr)
			}
			b, err := os.ReadFile(got)
			if err != nil {
				t.Fatal(err)
			}
			if first != nil && string(first) != string(b) {
				t.Fatalf("%s: gen --class-index on 2 workers wrote other bytes than on 1", def)
			}
			first = b
		}
		var verify strings.Builder
		for _, s := range scrambles {
			_, sol, _ := run("solve", want, "--scramble", s)
			verify.WriteString(s + "\t" + strings.TrimSpace(sol) + "\n")
		}
		modes := [][]string{
			{"stats"}, {"stats", "--json"}, {"stats", "--antipodes", "5"},
			{"scramble", "-n", "5", "--seed", "1"},
			{"solve", "--scramble"}, {"solve", "--scramble", "--count"}, {"solve", "--scramble", "--all"},
		}
		in := strings.Join(scrambles, "\n") + "\n"
		for _, m := range modes {
			_, a, ea := runInput(in, append([]string{m[0], want}, m[1:]...)...)
			_, b, eb := runInput(in, append([]string{m[0], got}, m[1:]...)...)
			a, b = strings.ReplaceAll(a, want, "T"), strings.ReplaceAll(b, got, "T")
			// Progress lines tell of time and of how far each got.
			ea, eb = progressLine.ReplaceAllString(ea, ""), progressLine.ReplaceAllString(eb, "")
			if a != b || ea != eb || a == "" {
				t.Fatalf("%s: %v: the class index's table says\n%s%s\nthe default table\n%s%s", def, m, b, eb, a, ea)
			}
		}
		var verdicts [2]string
		for k, tbl := range []string{want, got} {
			code, out, stderr := runInput(verify.String(), "verify", tbl, "--scramble")
			if code != ExitOK || strings.Count(out, "\n") != len(scrambles) {
				t.Fatalf("verify %s: exit %d: %s%s", tbl, code, out, stderr)
			}
			verdicts[k] = out
		}
		if verdicts[0] != verdicts[1] {
			t.Fatalf("%s: verify says\n%s\nof the class index's table, and\n%s\nof the default one", def, verdicts[1], verdicts[0])
		}
		if code, out, stderr := run("check", got, "--deep"); code != ExitOK || !strings.Contains(out, "keyed by an index of the classes") || !strings.Contains(out, "exact: a search of its class index again") {
			t.Fatalf("check --deep: exit %d: %s%s", code, out, stderr)
		}
	}
	def := "../../lookup/tws/testdata/cube2_unoriented.tws"
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{def, "--symmetry=false"}, "--class-index builds a table of classes in memory"},
		{[]string{"../../lookup/tws/testdata/twisty.tws"}, "a class index needs symmetries"},
	} {
		args := append([]string{"gen", "-o", filepath.Join(dir, "x.gdt"), "--quiet", "--class-index"}, c.args...)
		code, _, stderr := run(args...)
		if code == ExitOK || !strings.Contains(stderr, c.says) {
			t.Fatalf("%v: exit %d, %q; want an error saying %q", c.args, code, stderr, c.says)
		}
	}
}

// progressLine is a line of progress, rewritten in place as it goes.
var progressLine = regexp.MustCompile("\r\x1b\\[K[^\r\n]*")

// runInput is run with in on stdin.
func runInput(in string, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := Run(args, strings.NewReader(in), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// twsearchSample writes twsearch's samples/symm file of that name into a
// temporary directory, skipping where the samples are not on the machine.
func twsearchSample(t *testing.T, name string) string {
	t.Helper()
	src, err := exec.Command("git", "-C", "/work/.mirror/cubing+twsearch/repo", "show", "aeed0ed:samples/symm/"+name+".tws").Output()
	if err != nil {
		t.Skipf("twsearch's samples: %v", err)
	}
	def := filepath.Join(t.TempDir(), name+".tws")
	if err := os.WriteFile(def, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return def
}

// Told nothing, gen searches the class index where it pays (the symm
// skewb: 37.8 million states, its corners' classes times its centres) and
// the states where it does not (the symm pyramorphix: 96 states), and
// says which, and its table's facts too; --class-index=false searches the
// skewb's states, and --class-index the pyramorphix's class index. The
// tables built either way have the same stats.
func TestGenChoosesClassIndex(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name   string
		chosen bool
	}{{"skewb", true}, {"pyramorphix", false}} {
		def := twsearchSample(t, c.name)
		other, says, fact := "--class-index", "searching its states' index, not a class index", "\nindex=states' index, gen's choice: 96 states indexed"
		if c.chosen {
			other, says, fact = "--class-index=false", "searching its class index", "\nindex=class index, gen's choice: about "
		}
		var stats [2]string
		for k, flag := range []string{"", other} {
			out := filepath.Join(dir, c.name+flag+".gdt")
			args := []string{"gen", def, "-o", out, "--quiet", "--no-facts"}
			if flag != "" {
				args = append(args, flag)
			}
			code, _, stderr := run(args...)
			if code != ExitOK {
				t.Fatalf("%v: exit %d: %s", args, code, stderr)
			}
			classIndexed := c.chosen == (flag == "")
			if flag == "" && !strings.Contains(stderr, says) || flag != "" && strings.Contains(stderr, "searching its") {
				t.Fatalf("%v says\n%s\nwant %q from gen's choice alone", args, stderr, says)
			}
			_, checked, _ := run("check", out)
			if strings.Contains(checked, "keyed by an index of the classes") != classIndexed {
				t.Fatalf("%v: keyed by its class index %v, want %v:\n%s", args, !classIndexed, classIndexed, checked)
			}
			_, stats[k], _ = run("stats", out, "--json")
			stats[k] = strings.ReplaceAll(stats[k], out, "T")
		}
		if stats[0] != stats[1] || stats[0] == "" {
			t.Fatalf("%s: stats\n%s\nand\n%s", c.name, stats[0], stats[1])
		}
		// With its facts, the table says which index gen chose.
		out := filepath.Join(dir, c.name+"-facts.gdt")
		if code, _, stderr := run("gen", def, "-o", out, "--quiet"); code != ExitOK {
			t.Fatalf("gen: exit %d: %s", code, stderr)
		}
		_, tb := openTable(t, out)
		if !strings.Contains(tb.Facts(), fact) {
			t.Fatalf("%s: facts %q lack %q", c.name, tb.Facts(), fact)
		}
	}
}
