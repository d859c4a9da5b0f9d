package app

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/lookup/tws"
)

// run runs the command line args and returns its exit status, stdout and
// stderr.
func run(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := Run(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// genQuiet builds def's table into out with gen --quiet, or fails the test.
func genQuiet(t *testing.T, def, out string) {
	t.Helper()
	if code, _, stderr := run("gen", def, "-o", out, "--quiet"); code != ExitOK {
		t.Fatalf("gen: exit %d: %s", code, stderr)
	}
}

// openTable reads the table file path and opens it, or fails the test.
func openTable(t *testing.T, path string) ([]byte, *deftable.Table) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := deftable.Open(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return data, tb
}

// parseDef reads the definition file def, or fails the test.
func parseDef(t *testing.T, def string) *tws.Definition {
	t.Helper()
	src, err := os.ReadFile(def)
	if err != nil {
		t.Fatal(err)
	}
	d, err := tws.ParseDefinition(def, src)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// A table with two states' distances swapped, rewritten with every
// checksum right and its levels still matching its counts, is intact to
// check, and check --deep refuses it in one line naming the first state
// wrong and its distance, exit 3, printing nothing of it on stdout; the
// table as built passes, with a line saying it is exact. A built-in
// puzzle's table is not checked deep, in one line.
func TestCheckDeep(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.gdt")
	genQuiet(t, "../../lookup/tws/testdata/pocket.tws", good)
	data, tb := openTable(t, good)
	lv := tb.Levels()
	packed := slices.Clone(lv.Packed())
	var a, b uint32
	for a = 0; table.Mod3At(packed, a) != 1; a++ {
	}
	for b = 0; table.Mod3At(packed, b) != 2; b++ {
	}
	set := func(e uint32, v uint8) { packed[e>>2] = packed[e>>2]&^(3<<(e&3*2)) | v<<(e&3*2) }
	set(a, 2)
	set(b, 1)
	h := lv.Header
	h.PackedCRC = crc32.ChecksumIEEE(packed)
	var w bytes.Buffer
	w.Write(data[:bytes.Index(data, []byte("GODTABLE"))]) // the definition
	if _, err := table.WritePacked(&w, &h, packed); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.gdt")
	if err := os.WriteFile(bad, w.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	if code, stdout, stderr := run("check", bad); code != ExitOK || !strings.Contains(stdout, "counts: the stored levels match the counts at every distance") {
		t.Fatalf("check of the swapped table: exit %d, %q %q; want it intact (the fault the deep check is for)", code, stdout, stderr)
	}
	code, stdout, stderr := run("check", "--deep", bad)
	want := "godtable: check: " + bad + ": the table's distances are wrong: index "
	if code != ExitTable || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, " moves from the goal, the table says ") && !strings.Contains(stderr, " move from the goal, the table says ") {
		t.Fatalf("check --deep of the swapped table: exit %d, %q, %q; want %d and one line %q...", code, stdout, stderr, ExitTable, want)
	}
	if !strings.Contains(stderr, "index "+strconv.Itoa(int(a))+" ") && !strings.Contains(stderr, "index "+strconv.Itoa(int(b))+" ") {
		t.Fatalf("check --deep names neither swapped index (%d, %d): %s", a, b, stderr)
	}
	if code, stdout, stderr := run("check", "--deep", "--quiet", good); code != ExitOK || !strings.Contains(stdout, "exact: a search of its 3674160 indices") {
		t.Fatalf("check --deep of the table as built: exit %d, %q, %q", code, stdout, stderr)
	}
	builtin := "../../tables/pocket/pocket-htm.gdt"
	if code, _, stderr := run("check", "--deep", builtin); code != ExitTable || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "--deep proves a definition's table") {
		t.Fatalf("check --deep of a built-in table: exit %d, %q", code, stderr)
	}
}

// gen --mem run again on the work directory of a build stopped where
// update files wait, with one of them gone or all of them gone (a file of
// a shared filesystem not yet visible), never writes a wrong table: it
// writes the table the build in memory makes, proved exact, or it writes
// nothing and says in its last line what is wrong, exit 1.
func TestGenDiskDamagedWork(t *testing.T) {
	def := "../../lookup/tws/testdata/pocket.tws"
	d := parseDef(t, def)
	dir := t.TempDir()
	mem := filepath.Join(dir, "mem.gdt")
	genQuiet(t, def, mem)
	want, err := os.ReadFile(mem)
	if err != nil {
		t.Fatal(err)
	}
	damages := map[string]func([]string) error{
		"one update file deleted": func(u []string) error { return os.Remove(u[0]) },
		"every update file deleted": func(u []string) error {
			for _, f := range u {
				if err := os.Remove(f); err != nil {
					return err
				}
			}
			return nil
		},
	}
	caught := 0
	for name, damage := range damages {
		// The one chunk's updates of levels 4 and 5 (two steps a level:
		// its expansion, which writes them, and their application).
		for _, steps := range []int{9, 11} {
			out := filepath.Join(t.TempDir(), "t.gdt")
			work := out + ".work"
			ctx, cancel := context.WithCancel(context.Background())
			done := 0
			_, err := tws.BuildOnDisk(ctx, d, tws.BuildOptions{}, tws.DiskOptions{Work: work, Memory: 64 << 20, Progress: func(tws.DiskProgress) {
				if done++; done == steps {
					cancel()
				}
			}}, io.Discard)
			cancel()
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("%s: the build stopped after %d steps: %v", name, steps, err)
			}
			updates, _ := filepath.Glob(filepath.Join(work, "update-*"))
			if len(updates) == 0 {
				t.Fatalf("%s: no update file after %d steps", name, steps)
			}
			if err := damage(updates); err != nil {
				t.Fatal(err)
			}
			code, _, stderr := run("gen", def, "-o", out, "--mem", "64M", "--quiet")
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			last := lines[len(lines)-1]
			got, rerr := os.ReadFile(out)
			t.Logf("%s after %d steps: exit %d: %s", name, steps, code, last)
			switch {
			case code == ExitOK:
				if rerr != nil || !sameTable(t, got, want) || !strings.Contains(stderr, "proved exact") {
					t.Fatalf("%s after %d steps: exit 0 and a table that is not the right one, or not proved: %s", name, steps, stderr)
				}
			case rerr == nil:
				t.Fatalf("%s after %d steps: exit %d, and a table written: %s", name, steps, code, stderr)
			case code == ExitInvalid && strings.Contains(last, "the table's distances are wrong: index ") &&
				strings.HasSuffix(last, "the work directory "+work+" is damaged; the table is not written: remove it and build again"):
				caught++
			case code == ExitInvalid && strings.Contains(last, work):
				// Refused as a damaged work directory.
			default:
				t.Fatalf("%s after %d steps: exit %d, %q", name, steps, code, stderr)
			}
		}
	}
	t.Logf("%d wrong tables refused by the deep check", caught)
}

// gen resumed from a checkpoint whose checksum is right and whose levels
// are not (one of the goal's neighbours left unseen: a checkpoint of a
// search that went wrong) writes no table, and says in one line which
// state is wrong and that the checkpoint is damaged, exit 1.
func TestGenResumedWrongCheckpoint(t *testing.T) {
	def := "../../lookup/tws/testdata/pocket.tws"
	dir := t.TempDir()
	good := filepath.Join(dir, "good.gdt")
	genQuiet(t, def, good)
	_, tb := openTable(t, good)
	x := tb.Index
	goal, _ := x.Index(tb.Puzzle.Def.Solved)
	words := make([]uint64, (x.Size()+31)/32)
	for i := range words {
		words[i] = ^uint64(0)
	}
	set := func(i uint64, v uint64) { words[i/32] &^= (3 ^ v) << (i % 32 * 2) }
	set(goal, 0)
	var near []uint64
	for g := range x.Degree() {
		if n := x.Apply(goal, g); !slices.Contains(near, n) && n != goal {
			near = append(near, n)
		}
	}
	left := near[len(near)-1]
	for _, n := range near[:len(near)-1] {
		set(n, 1)
	}
	id := deftable.ID(tb.Puzzle, x)
	ck := []byte("GDTCKPT1")
	ck = append(ck, id[:]...)
	ck = binary.LittleEndian.AppendUint64(ck, x.Size())
	ck = binary.LittleEndian.AppendUint32(ck, 2)
	ck = binary.LittleEndian.AppendUint64(ck, 1)
	ck = binary.LittleEndian.AppendUint64(ck, uint64(len(near)-1))
	for _, w := range words {
		ck = binary.LittleEndian.AppendUint64(ck, w)
	}
	ck = binary.LittleEndian.AppendUint32(ck, crc32.ChecksumIEEE(ck))
	out := filepath.Join(dir, "t.gdt")
	if err := os.WriteFile(out+".checkpoint", ck, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := run("gen", def, "-o", out, "--quiet")
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	last := lines[len(lines)-1]
	want := "godtable: gen: Pocket: the table's distances are wrong: index " + strconv.FormatUint(left, 10) + " is 1 move from the goal, the table says 2 (mod 3): the checkpoint " + out + ".checkpoint is damaged; the table is not written: remove it and build again"
	if code != ExitInvalid || last != want {
		t.Fatalf("gen resumed from a wrong checkpoint: exit %d, %q; want %d and last %q", code, stderr, ExitInvalid, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("a table is written: %v", err)
	}
}

// gen --launch, its passes' chunk steps run as tasks by a launcher, proves
// the table the tasks made before it takes its name.
func TestGenLaunchProves(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command (go build)")
	}
	dir := t.TempDir()
	bin := buildCommand(t, dir)
	launcher := filepath.Join(dir, "launch")
	script := `#!/bin/sh
i=0
while [ $i -lt "$GODTABLE_TASKS" ]; do
	JOB_COMPLETION_INDEX=$i sh -c "$GODTABLE_TASK" 2>/dev/null || exit 1
	i=$((i+1))
done
`
	if err := os.WriteFile(launcher, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "t.gdt")
	var stderr bytes.Buffer
	cmd := exec.Command(bin, "gen", "../../lookup/tws/testdata/pocket.tws", "-o", out, "--mem", "64M", "--work", filepath.Join(dir, "w"), "--quiet", "--launch", launcher)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("gen --launch: %v: %s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), " tasks (one wrote") || !strings.Contains(stderr.String(), "Pocket: proved exact") {
		t.Fatalf("gen --launch ran no task, or did not prove the table:\n%s", stderr.String())
	}
	if code, stdout, stderr := run("check", "--deep", out); code != ExitOK || !strings.Contains(stdout, "exact: ") {
		t.Fatalf("check --deep of the table the tasks made: exit %d: %s%s", code, stdout, stderr)
	}
}
