package app

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/app/defcli"
	"github.com/godtable/godtable/internal/engine/prune"
)

// A pruning file past defcli.PagedAbove is read in place: a batch answers
// as from the file read whole; with a block of its largest table damaged,
// every line whose search reads the block is one error line naming the
// file, the block and its byte, every other line is the intact file's
// answer, and the batch exits 3. check reads every block and names the
// damaged one.
func TestPruneInPlaceDamagedBlock(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cube.gdt")
	if _, errs, code := runIn([]string{"gen", "../model/ksolve/testdata/3x3x3.tws", "--prune", "1M", "-o", path, "--quiet"}, ""); code != ExitOK {
		t.Fatalf("gen --prune: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(31, 32))
	faces := []string{"U", "D", "L", "R", "F", "B"}
	var in strings.Builder
	for range 60 {
		for range rng.IntN(7) {
			in.WriteString(faces[rng.IntN(6)] + []string{"", "2", "'"}[rng.IntN(3)] + " ")
		}
		in.WriteString("\n")
	}
	args := []string{"solve", path, "--scramble", "--workers", "2"}
	whole, errs, code := runIn(args, in.String())
	if code != ExitOK {
		t.Fatalf("read whole: exit %d: %s", code, errs)
	}
	old := defcli.PagedAbove
	defcli.PagedAbove = 0
	t.Cleanup(func() { defcli.PagedAbove = old })
	if got, errs, code := runIn(args, in.String()); code != ExitOK || got != whole {
		t.Fatalf("in place: exit %d, %s\n%s\nwant\n%s", code, errs, got, whole)
	}
	pf, err := prune.OpenInPlace(path, bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	lv := pf.Tables[0].Levels()
	block := len(lv.Blocks) / 2
	at, size := lv.BlockSpan(block)
	bad := bytes.Clone(data)
	bad[at+size/2] ^= 0x55
	if err := os.WriteFile(path, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runIn(args, in.String())
	if code != ExitTable {
		t.Errorf("damaged: exit %d, want %d", code, ExitTable)
	}
	msg := regexp.QuoteMeta(fmt.Sprintf("%s: block %d is damaged (checksum mismatch: ", path, block+1)) + "[0-9a-f]{8}, want [0-9a-f]{8}" +
		regexp.QuoteMeta(fmt.Sprintf(", at byte %d); run godtable check %s", at, path))
	errLine := regexp.MustCompile("^error: " + msg + "$")
	want, got := strings.Split(whole, "\n"), strings.Split(out, "\n")
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d: %q", len(got), len(want), out)
	}
	failed := 0
	for i := range got {
		switch {
		case got[i] == want[i]:
		case errLine.MatchString(got[i]):
			failed++
		default:
			t.Fatalf("line %d: %q, want %q or the block's error", i+1, got[i], want[i])
		}
	}
	if failed == 0 || failed == len(got)-1 {
		t.Fatalf("%d of %d lines failed: want some, not all", failed, len(got)-1)
	}
	if n := strings.Count(errs, "\n"); n != failed {
		t.Fatalf("stderr: %d lines, want %d: %q", n, failed, errs)
	}
	out, errs, code = runIn([]string{"check", path}, "")
	if code == ExitOK || !strings.Contains(errs, fmt.Sprintf("block %d of %d", block+1, len(lv.Blocks))) || !strings.Contains(errs, "checksum") {
		t.Fatalf("check of the damaged file: exit %d, %q %q", code, out, errs)
	}
}
