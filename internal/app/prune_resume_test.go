package app

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gen --prune killed (SIGKILL) while its first table is being built, once
// that table's checkpoint is kept, and again once tables are finished,
// resumes each time when run again: from the checkpoint, then from the
// tables kept in its work directory; and writes the same file, byte for
// byte, as a build never stopped. Nothing is left but the file.
func TestGenPruneResumesAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command (go build)")
	}
	dir := t.TempDir()
	bin := buildCommand(t, dir)
	def := "../model/ksolve/testdata/3x3x3.tws"
	want := filepath.Join(dir, "want.gdt")
	if _, errs, code := runIn([]string{"gen", def, "--prune", "16M", "-o", want, "--quiet"}, ""); code != ExitOK {
		t.Fatalf("gen: exit %d: %s", code, errs)
	}
	out := filepath.Join(dir, "got.gdt")
	work := out + ".work"
	args := []string{"gen", def, "--prune", "16M", "-o", out, "--workers", "1", "--checkpoint-after", "0s", "--quiet"}
	for _, c := range []struct {
		killAt, resumed string // the file whose coming kills the build; what the next run says
	}{
		{"table-1.gdt.checkpoint", "pruning table 1 resumed from its checkpoint in " + work},
		{"table-2.gdt", "pruning table 2 of 5: EDGES pieces 7,8,9,10,11, 3041280 entries (760320 bytes), kept in " + work},
	} {
		killWhen(t, bin, args, filepath.Join(work, c.killAt), out, func() {
			os.Remove(out)
			os.RemoveAll(work)
		})
		var stderr bytes.Buffer
		cmd := exec.Command(bin, args...)
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("gen after the kill at %s: %v: %s", c.killAt, err, stderr.String())
		}
		if !strings.Contains(stderr.String(), c.resumed) || !strings.Contains(stderr.String(), "godtable: gen: resumed from "+work) {
			t.Fatalf("gen after the kill at %s did not resume as it should (%q):\n%s", c.killAt, c.resumed, stderr.String())
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		wantData, err := os.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, wantData) {
			t.Fatalf("after the kill at %s, the resumed build's file differs from a build never stopped", c.killAt)
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if name := e.Name(); name != "godtable" && name != "want.gdt" && name != "got.gdt" {
				t.Errorf("after the kill at %s, %s was left behind", c.killAt, name)
			}
		}
	}
}
