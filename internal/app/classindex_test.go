package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gen --class-index writes the table gen writes by default, on one worker
// and two; it refuses in one line a definition without symmetries and the
// flags it cannot go with.
func TestGenClassIndex(t *testing.T) {
	dir := t.TempDir()
	def := "../../lookup/tws/testdata/cube2_unoriented.tws"
	want := filepath.Join(dir, "want.gdt")
	if code, _, stderr := run("gen", def, "-o", want, "--quiet", "--no-facts"); code != ExitOK {
		t.Fatalf("gen: exit %d: %s", code, stderr)
	}
	for _, workers := range []string{"1", "2"} {
		got := filepath.Join(dir, "got"+workers+".gdt")
		if code, _, stderr := run("gen", def, "-o", got, "--quiet", "--no-facts", "--class-index", "--workers", workers); code != ExitOK {
			t.Fatalf("gen --class-index: exit %d: %s", code, stderr)
		}
		a, err := os.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(got)
		if err != nil {
			t.Fatal(err)
		}
		if string(a) != string(b) {
			t.Fatalf("gen --class-index on %s workers: not the default build's bytes", workers)
		}
	}
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
