package app

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/app/defcli"
	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/lookup/tws"
)

// pagedTable writes the pocket cube's table, of eight blocks, to a file
// that the commands read in place (defcli.PagedAbove is 0 until the test
// ends), and returns its path, its bytes, n states drawn from it (a line
// each), the same states as verify takes them (their moves, a tab, their
// solution) and where its last block starts and how long it is.
func pagedTable(t *testing.T, n int) (path string, data []byte, states, verify []string, at, size int64) {
	t.Helper()
	src, err := os.ReadFile("../../lookup/tws/testdata/pocket.tws")
	if err != nil {
		t.Fatal(err)
	}
	def, err := tws.ParseDefinition("pocket.tws", src)
	if err != nil {
		t.Fatal(err)
	}
	pz, err := tws.Build(context.Background(), def, tws.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if _, err := pz.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	data = file.Bytes()
	path = filepath.Join(t.TempDir(), "pocket.gdt")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	old := defcli.PagedAbove
	defcli.PagedAbove = 0
	t.Cleanup(func() { defcli.PagedAbove = old })
	tb, err := deftable.OpenPagedAt(path, bytes.NewReader(data), int64(len(data)), 2)
	if err != nil {
		t.Fatal(err)
	}
	pg := tb.Levels().Paged()
	if pg == nil || len(pg.Blocks) < 4 {
		t.Fatal("the table is not read in place in several blocks")
	}
	at, size = pg.BlockSpan(len(pg.Blocks) - 1)
	rng := rand.New(rand.NewPCG(11, 12))
	for range n {
		p := pz.Random(rng)
		moves, err1 := p.Moves()
		sol, err2 := p.Solve()
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		states = append(states, p.Line())
		verify = append(verify, moves.String()+"\t"+sol.String())
	}
	return path, data, states, verify, at, size
}

// damage writes data to path with a byte in the middle of the block at
// [at, at+size) flipped.
func damage(t *testing.T, path string, data []byte, at, size int64) {
	t.Helper()
	bad := bytes.Clone(data)
	bad[at+size/2] ^= 0x55
	if err := os.WriteFile(path, bad, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A batch on a table read in place with a damaged block answers every
// line whose answer does not read the block as the intact table does, and
// each that does with one error line naming the file, the block and its
// byte, and how to check the file; on stderr each such line is named, and
// the batch exits 3 at its end. Text and JSON alike, and verify as solve.
func TestSolveDamagedBlock(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 150
	}
	path, data, states, verify, at, size := pagedTable(t, n)
	for _, format := range []string{"text", "json", "verify"} {
		t.Run(format, func(t *testing.T) {
			args := []string{"solve", path, "--count"}
			stdin := strings.Join(states, "\n") + "\n"
			switch format {
			case "json":
				args = append(args, "--json")
			case "verify":
				args = []string{"verify", path}
				stdin = strings.Join(verify, "\n") + "\n"
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			var intact, intactErr bytes.Buffer
			if code := Run(args, strings.NewReader(stdin), &intact, &intactErr); code != ExitOK {
				t.Fatalf("intact table: exit %d: %s", code, intactErr.String())
			}
			damage(t, path, data, at, size)
			var out, errs bytes.Buffer
			code := Run(args, strings.NewReader(stdin), &out, &errs)
			if code != ExitTable {
				t.Errorf("exit %d, want %d", code, ExitTable)
			}
			want := strings.Split(intact.String(), "\n")
			got := strings.Split(out.String(), "\n")
			if len(got) != len(want) {
				t.Fatalf("%d lines, want %d: %q", len(got)-1, len(want)-1, out.String())
			}
			msg := regexp.QuoteMeta(path+": block 8 is damaged (checksum mismatch: ") + "[0-9a-f]{8}, want [0-9a-f]{8}" +
				regexp.QuoteMeta(fmt.Sprintf(", at byte %d); run godtable check %s", at, path))
			errLine := regexp.MustCompile("^error: " + msg + "$")
			if format == "json" {
				errLine = regexp.MustCompile(`^\{"input":"[^"]*","error":"` + msg + `"\}$`)
			}
			var failed []string
			for i := range got {
				switch {
				case got[i] == want[i]:
				case errLine.MatchString(got[i]):
					failed = append(failed, fmt.Sprintf("godtable: line %d: ", i+1))
				default:
					t.Fatalf("line %d: %q, want %q or the block's error", i+1, got[i], want[i])
				}
			}
			if len(failed) == 0 || len(failed) > n/4 {
				t.Fatalf("%d of %d lines failed: want a few", len(failed), n)
			}
			lines := strings.Split(strings.TrimSuffix(errs.String(), "\n"), "\n")
			if len(lines) != len(failed) {
				t.Fatalf("stderr: %d lines, want %d: %q", len(lines), len(failed), errs.String())
			}
			for k, l := range lines {
				if !strings.HasPrefix(l, failed[k]) || !regexp.MustCompile(msg+"$").MatchString(l) {
					t.Fatalf("stderr line %d: %q, want %q and the block's error", k+1, l, failed[k])
				}
			}
			t.Logf("%d of %d lines read the damaged block", len(failed), n)
		})
	}
}
