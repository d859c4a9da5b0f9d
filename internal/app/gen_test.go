package app

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/lookup/tws"
)

// The committed tables of the script tests are what gen makes now, byte for
// byte but for the facts of the build (when and where): the table of a
// definition depends on nothing but the definition, its metric and its
// moves.
func TestGenDeterministic(t *testing.T) {
	for _, c := range []struct{ table, def, metric string }{
		{"twisty.gdt", "twisty.tws", "htm"}, {"twisty-qtm.gdt", "twisty.tws", "qtm"},
		// A table of classes: the reduction's workers share the classes
		// out as they come, and write the same bytes.
		{"cube2-unoriented.gdt", "cube2_unoriented.tws", "htm"},
	} {
		for _, workers := range []string{"1", "2", "16"} {
			out := filepath.Join(t.TempDir(), c.table)
			var stderr bytes.Buffer
			code := Run([]string{"gen", "../../lookup/tws/testdata/" + c.def, "-o", out, "--metric", c.metric, "--workers", workers},
				strings.NewReader(""), &bytes.Buffer{}, &stderr)
			if code != 0 {
				t.Fatalf("gen: exit %d: %s", code, stderr.String())
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", "defs", c.table))
			if err != nil {
				t.Fatal(err)
			}
			if !sameTable(t, got, want) {
				t.Fatalf("%s on %s workers differs from testdata/defs/%s (stale? run gen again)", c.table, workers, c.table)
			}
		}
	}
}

// gen -go writes a package that a program imports to solve the puzzle with
// no file at run time: the README's example, built and run.
func TestGenGoPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program (go build)")
	}
	dir := t.TempDir()
	var stderr bytes.Buffer
	if code := Run([]string{"gen", "../../lookup/tws/testdata/pocket.tws", "-go", filepath.Join(dir, "pocketdef")},
		strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("gen -go: exit %d: %s", code, stderr.String())
	}
	// A table of classes embeds and answers alike.
	if code := Run([]string{"gen", "../../lookup/tws/testdata/cube2_unoriented.tws", "-go", filepath.Join(dir, "cube2def")},
		strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("gen -go: exit %d: %s", code, stderr.String())
	}
	// And a table keyed by its class index.
	if code := Run([]string{"gen", "../../lookup/tws/testdata/cube2_unoriented.tws", "--class-index", "-go", filepath.Join(dir, "cube2ci")},
		strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("gen -go --class-index: exit %d: %s", code, stderr.String())
	}
	src, err := os.ReadFile(filepath.Join(dir, "pocketdef", "pocketdef.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(src), "// Code generated ") || !strings.Contains(string(src), "DO NOT EDIT.") {
		t.Fatalf("generated file has no generated-code marker:\n%s", src)
	}
	for _, name := range []string{"pocketdef", "cube2def"} {
		src, err := os.ReadFile(filepath.Join(dir, name, name+".go"))
		if err != nil {
			t.Fatal(err)
		}
		if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
			t.Fatalf("%s.go is not as gofmt writes it (%v):\n%s", name, err, src)
		}
	}
	out := goRunModule(t, dir, `package main

import (
	"fmt"
	"log"

	"example.com/solver/cube2ci"
	"example.com/solver/cube2def"
	"example.com/solver/pocketdef"
)

func main() {
	pz, err := pocketdef.Puzzle()
	if err != nil {
		log.Fatal(err)
	}
	pos, err := pz.ParseMoves("R U R' U'")
	if err != nil {
		log.Fatal(err)
	}
	sol, err := pos.Solve()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sol)
	c2, err := cube2def.Puzzle()
	if err != nil {
		log.Fatal(err)
	}
	pos, err = c2.ParseMoves("U R F D")
	if err != nil {
		log.Fatal(err)
	}
	sol, err = pos.Solve()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sol, c2.Symmetries())
	ci, err := cube2ci.Puzzle()
	if err != nil {
		log.Fatal(err)
	}
	pos, err = ci.ParseMoves("U R F D")
	if err != nil {
		log.Fatal(err)
	}
	sol, err = pos.Solve()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sol, ci.Symmetries())
}
`)
	if got := strings.TrimSpace(out); got != "U R U' R'\nU' R' B' D' 24\nU' R' B' D' 24" {
		t.Fatalf("the generated packages solved R U R' U' and U R F D (by classes of 24 symmetries, by least state and by class index) with %q", got)
	}
}

// gen killed (SIGKILL) once its first checkpoint is written, then run again,
// resumes from the checkpoint and writes the same table, byte for byte, as
// a build never stopped; nothing half-written is left under the table's
// name. So does a build over a class index, whose search keeps its own
// checkpoints in the same place.
func TestGenResumesAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command (go build)")
	}
	bin := buildCommand(t, t.TempDir())
	for _, c := range []struct {
		name string
		args []string
	}{
		{"states", []string{"../../lookup/tws/testdata/pocket.tws", "--metric", "qtm"}},
		{"class index", []string{"../../lookup/tws/testdata/cube2_colours.tws", "--class-index"}},
	} {
		t.Run(c.name, func(t *testing.T) { resumesAfterKill(t, bin, c.args) })
	}
}

// resumesAfterKill is TestGenResumesAfterKill for the gen of args (a
// definition and flags).
func resumesAfterKill(t *testing.T, bin string, args []string) {
	dir := t.TempDir()
	want := filepath.Join(dir, "want.gdt")
	if code, _, stderr := run(append([]string{"gen", "-o", want}, args...)...); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, stderr)
	}
	out := filepath.Join(dir, "got.gdt")
	args = append([]string{"gen", "-o", out, "--workers", "1", "--checkpoint-after", "0s", "--quiet"}, args...)
	killWhen(t, bin, args, out+".checkpoint", out, func() {
		os.Remove(out)
		os.Remove(out + ".checkpoint")
	})
	var stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("gen after the kill: %v: %s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "resumed from") {
		t.Fatalf("gen after the kill did not resume: %s", stderr.String())
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	wantData, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	if !sameTable(t, got, wantData) {
		t.Fatal("the resumed build's table differs from a build never stopped")
	}
	// Nothing else is left: not the checkpoint, not the lock the killed
	// gen held (the system released it, or the second would have been
	// refused), not a temporary file it was writing.
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if name := e.Name(); name != "want.gdt" && name != "got.gdt" {
			t.Errorf("%s was left behind", name)
		}
	}
}

// Progress is said once a build has run a second, on one rewritten line:
// the distance, the states found, the rate and the level's time left; and
// the line is cleared at the end only if something was written.
func TestGenProgress(t *testing.T) {
	var b bytes.Buffer
	report, done := progressReporter(&b)
	report(tws.Progress{Level: 3, Found: 100, Size: 1000, Elapsed: 500 * time.Millisecond, LevelDone: 0.5, LevelElapsed: 100 * time.Millisecond})
	done()
	if b.Len() != 0 {
		t.Fatalf("a build under a second reported %q", b.String())
	}
	report(tws.Progress{Level: 7, Found: 3_000_000, Size: 88_179_840, Elapsed: 2 * time.Second, LevelDone: 0.25, LevelElapsed: 4 * time.Second})
	want := "\r\033[Kdistance 7: 3000000 states found of 88179840 indexed, 1.5M states/s, 2s elapsed, about 12s left at this distance"
	if b.String() != want {
		t.Fatalf("progress %q, want %q", b.String(), want)
	}
	done()
	if !strings.HasSuffix(b.String(), "\r\033[K") {
		t.Fatal("the progress line was not cleared")
	}
}

// gen writes its table beside -o and renames it into place, so it refuses,
// before building, an -o that is not a regular file (a device, a
// directory, standard output) or is the definition itself; a link is
// written through, and stays a link.
func TestGenOutput(t *testing.T) {
	dir := t.TempDir()
	def := filepath.Join(dir, "twisty.tws")
	src, err := os.ReadFile("../../lookup/tws/testdata/twisty.tws")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(def, src, 0o644); err != nil {
		t.Fatal(err)
	}
	gen := func(out string) (int, string) {
		var stderr bytes.Buffer
		code := Run([]string{"gen", def, "-o", out, "--quiet"}, strings.NewReader(""), &bytes.Buffer{}, &stderr)
		return code, stderr.String()
	}
	cases := map[string]string{
		dir: "not a regular file",
		"-": "-o -: the table is binary",
		def: "that is the definition file itself",
	}
	// A named pipe stands for a device: the test never risks a real one.
	fifo := filepath.Join(dir, "fifo")
	if err := exec.Command("mkfifo", fifo).Run(); err == nil {
		cases[fifo] = "not a regular file"
	}
	for out, msg := range cases {
		if code, stderr := gen(out); code != ExitUsage || !strings.Contains(stderr, msg) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("-o %s: exit %d, %q; want %d and one line with %q", out, code, stderr, ExitUsage, msg)
		}
	}
	if fi, err := os.Lstat(fifo); err == nil && fi.Mode().IsRegular() {
		t.Fatalf("the named pipe is now a regular file")
	}
	if got, _ := os.ReadFile(def); !bytes.Equal(got, src) {
		t.Fatal("the definition was overwritten")
	}
	target, link := filepath.Join(dir, "real.gdt"), filepath.Join(dir, "link.gdt")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.gdt", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if code, stderr := gen(link); code != ExitOK {
		t.Fatalf("-o a link: exit %d, %s", code, stderr)
	}
	fi, err := os.Lstat(link)
	plain := filepath.Join(dir, "plain.gdt")
	if code, stderr := gen(plain); code != ExitOK {
		t.Fatalf("-o a new file: exit %d, %s", code, stderr)
	}
	want, _ := os.ReadFile(plain)
	if got, _ := os.ReadFile(target); err != nil || fi.Mode()&os.ModeSymlink == 0 || !sameTable(t, got, want) {
		t.Errorf("-o a link: the link is %v (%v), its target holds %d bytes, want the table's %d", fi.Mode(), err, len(got), len(want))
	}
	// A link to a file not made yet, in another directory, is written
	// through; a link into no directory is refused.
	other := filepath.Join(dir, "other")
	if err := os.Mkdir(other, 0o755); err != nil {
		t.Fatal(err)
	}
	ahead := filepath.Join(dir, "ahead.gdt")
	if err := os.Symlink(filepath.Join("other", "new.gdt"), ahead); err != nil {
		t.Fatal(err)
	}
	if code, stderr := gen(ahead); code != ExitOK {
		t.Fatalf("-o a link to a file not made yet: exit %d, %s", code, stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(other, "new.gdt")); !sameTable(t, got, want) {
		t.Errorf("-o a link to a file not made yet: its target holds %d bytes, want the table's %d", len(got), len(want))
	}
	nowhere := filepath.Join(dir, "nowhere.gdt")
	if err := os.Symlink(filepath.Join("missing", "new.gdt"), nowhere); err != nil {
		t.Fatal(err)
	}
	if code, stderr := gen(nowhere); code != ExitUsage || !strings.Contains(stderr, "in no directory there is") {
		t.Errorf("-o a link into no directory: exit %d, %q", code, stderr)
	}
}

// sameTable reports whether two .gdt files are the same bytes but for the
// facts of their builds (when and where each was built), which a table
// keeps (see buildFacts); it fails the test on a file that does not open.
func sameTable(t *testing.T, a, b []byte) bool {
	t.Helper()
	var out [2][]byte
	for i, data := range [][]byte{a, b} {
		tb, err := deftable.Open("table.gdt", data)
		if err != nil {
			t.Fatalf("%v", err)
		}
		var w bytes.Buffer
		if _, err := tb.WithoutFacts().WriteTo(&w); err != nil {
			t.Fatal(err)
		}
		out[i] = w.Bytes()
	}
	return bytes.Equal(out[0], out[1])
}

// A table gen writes keeps the facts of its build: the program, its
// command line, the machine, the time and the states it reached; the Go
// package gen -go writes embeds the table without them.
func TestGenFacts(t *testing.T) {
	out := filepath.Join(t.TempDir(), "t.gdt")
	var stderr bytes.Buffer
	if code := Run([]string{"gen", twistyDef, "-o", out, "--workers", "1"}, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, stderr.String())
	}
	_, tb := openTable(t, out)
	facts := tb.Facts()
	for _, want := range []string{
		"program=godtable ", "\ncommand=godtable gen " + twistyDef + " -o " + out + " --workers 1\n",
		"\nmachine=" + runtime.GOOS + "/" + runtime.GOARCH + ", ", "\ntime=" + time.Now().UTC().Format("2006-01-02"),
		"\nreachable=216\nindexed=216\n",
	} {
		if !strings.Contains(facts, want) {
			t.Errorf("facts %q lack %q", facts, want)
		}
	}
	if tb.WithoutFacts().Facts() != "" || tb.Facts() != facts {
		t.Error("WithoutFacts changed the table it was called on, or kept the facts")
	}
}

const twistyDef = "../../lookup/tws/testdata/twisty.tws"

// genRun runs gen with args, quietly, and returns its exit status and what
// it wrote on stderr.
func genRun(args ...string) (int, string) {
	var stderr bytes.Buffer
	code := Run(append([]string{"gen"}, append(args, "--quiet")...), strings.NewReader(""), &bytes.Buffer{}, &stderr)
	return code, stderr.String()
}

// An -o in a directory no file can be made in is refused before the build,
// in one line naming -o and the reason, exit 2 as every -o refused: not at
// the first checkpoint, or after the whole build. A directory not there
// refuses root too; a read-only one only others.
func TestGenOutputUnwritable(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing", "t.gdt")
	code, stderr := genRun(twistyDef, "-o", missing)
	want := "godtable: gen: -o " + missing + ": cannot write in " + filepath.Dir(missing) + ": "
	if code != ExitUsage || !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("-o in a directory not there: exit %d, %q; want %d and one line starting %q", code, stderr, ExitUsage, want)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !os.IsNotExist(err) {
		t.Errorf("-o in a directory not there made it: %v", err)
	}
	if runtime.GOOS == "windows" {
		return // no permission bits there
	}
	t.Run("read-only", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("root writes in a read-only directory: the missing directory above stands for it")
		}
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(ro, 0o755)
		out := filepath.Join(ro, "t.gdt")
		code, stderr := genRun(twistyDef, "-o", out)
		if want := "-o " + out + ": cannot write in " + ro + ": permission denied"; code != ExitUsage || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("-o in a read-only directory: exit %d, %q; want %d and one line with %q", code, stderr, ExitUsage, want)
		}
		code, stderr = genRun(twistyDef, "-go", ro)
		if want := "-go " + ro + ": cannot write in " + ro + ": permission denied"; code != ExitUsage || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("-go a read-only directory: exit %d, %q; want %d and one line with %q", code, stderr, ExitUsage, want)
		}
	})
}

// The gen of a definition run in a child process, with its address space
// limited where there is a shell to limit it: GODTABLE_TEST_GEN_ARGS is the
// command line.
func TestGenDefinitionSizeHelper(t *testing.T) {
	args := os.Getenv("GODTABLE_TEST_GEN_ARGS")
	if args == "" {
		t.Skip("helper process only")
	}
	os.Exit(Run(strings.Fields(args), strings.NewReader(""), os.Stdout, os.Stderr))
}

// gen reads at most a definition's largest size, ksolve.MaxSize, and
// refuses a longer file in one line naming it and the limit, before any
// parsing: /dev/zero, read whole, took all the memory there was ("fatal
// error: out of memory"). A file of exactly the largest size is read and
// parsed.
func TestGenDefinitionSize(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "t.gdt")
	tooLong := func(code int, stderr, file string) {
		t.Helper()
		want := fmt.Sprintf("godtable: gen: %s: definition too long (at most %d bytes)\n", file, ksolve.MaxSize)
		if code != ExitInvalid || stderr != want {
			t.Errorf("gen %s: exit %d, %q; want %d, %q", file, code, stderr, ExitInvalid, want)
		}
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		// In a child, whose memory is limited (not under the race
		// detector, which reserves terabytes of address space), so that
		// reading it whole fails in a moment instead of taking the
		// machine's memory.
		cmd := exec.Command(os.Args[0], "-test.run=^TestGenDefinitionSizeHelper$")
		if sh, err := exec.LookPath("sh"); err == nil && !raceEnabled {
			cmd = exec.Command(sh, "-c", `ulimit -v 1000000 && exec "$0" "-test.run=^TestGenDefinitionSizeHelper$"`, os.Args[0])
		}
		cmd.Env = append(os.Environ(), "GODTABLE_TEST_GEN_ARGS=gen /dev/zero -o "+out+" --quiet")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		tooLong(code, stderr.String(), "/dev/zero")
	}
	long := filepath.Join(dir, "long.tws")
	if err := os.WriteFile(long, bytes.Repeat([]byte("#\n"), ksolve.MaxSize/2+1), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stderr := genRun(long, "-o", out)
	tooLong(code, stderr, long)
	most := filepath.Join(dir, "most.tws")
	if err := os.WriteFile(most, bytes.Repeat([]byte("#\n"), ksolve.MaxSize/2), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stderr := genRun(most, "-o", out); code != ExitInvalid || strings.Contains(stderr, "too long") || !strings.HasPrefix(stderr, "godtable: gen: "+most) {
		t.Errorf("gen a definition of %d bytes: exit %d, %q; want it parsed (and refused: comments only)", ksolve.MaxSize, code, stderr)
	}
}

// isStaleTemp takes only the names os.CreateTemp makes from the table's and
// its checkpoint's patterns.
func TestGenStaleTempNames(t *testing.T) {
	for name, want := range map[string]bool{
		"t.gdt.1.tmp": true, "t.gdt.4294967295.tmp": true, "t.gdt.checkpoint.77.tmp": true,
		"t.gdt.tmp": false, "t.gdt..tmp": false, "t.gdt.checkpoint..tmp": false, "t.gdt.checkpoint.tmp": false,
		"t.gdt.1a.tmp": false, "t.gdt.-1.tmp": false, "t.gdt.1.tmp2": false, "t.gdt": false,
		"s.gdt.1.tmp": false, "at.gdt.1.tmp": false, "t.gdt.lock": false, "t.gdt.x.checkpoint.1.tmp": false,
	} {
		if got := isStaleTemp(name, "t.gdt"); got != want {
			t.Errorf("isStaleTemp(%q, t.gdt) = %v, want %v", name, got, want)
		}
	}
}

// gen keeps one entry a class where the definition has symmetries, and
// says so; --symmetry=false keeps every state, with the same distribution
// and no classes.
func TestGenSymmetry(t *testing.T) {
	def := "../../lookup/tws/testdata/cube2_unoriented.tws"
	var jsons [2]string
	for k, flag := range []string{"--symmetry=true", "--symmetry=false"} {
		out := filepath.Join(t.TempDir(), "t.gdt")
		var stderr, stdout bytes.Buffer
		if code := Run([]string{"gen", def, "-o", out, flag}, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 0 {
			t.Fatalf("gen %s: exit %d: %s", flag, code, stderr.String())
		}
		says := strings.Contains(stderr.String(), "in 1844 classes of 24 symmetries")
		if says != (k == 0) {
			t.Errorf("gen %s said: %s", flag, stderr.String())
		}
		if code := Run([]string{"stats", out, "--json"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("stats: exit %d: %s", code, stderr.String())
		}
		jsons[k] = stdout.String()
	}
	counts := `"counts":[1,18,243,2646,12516,17624,7080,192]`
	if !strings.Contains(jsons[0], counts+`,"symmetries":24,"classes":1844,"class_counts":[1,3,15,129,577,793,312,14]}`) {
		t.Errorf("stats of the table of classes: %s", jsons[0])
	}
	if !strings.Contains(jsons[1], counts+"}") || strings.Contains(jsons[1], "classes") {
		t.Errorf("stats of the table of states: %s", jsons[1])
	}
	// On disk the table keeps every state, and gen says so.
	out := filepath.Join(t.TempDir(), "d.gdt")
	var stderr, stdout bytes.Buffer
	if code := Run([]string{"gen", def, "-o", out, "--mem", "64M"}, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("gen --mem: exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "on disk the table keeps every state (its classes of 24 symmetries are built in memory)") {
		t.Errorf("gen --mem said: %s", stderr.String())
	}
	if code := Run([]string{"stats", out, "--json"}, strings.NewReader(""), &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), counts+"}") {
		t.Errorf("stats of the table built on disk: %s", stdout.String())
	}
}

// gen -go --prune writes a package that embeds the pruning file, as gofmt
// writes it, which a program builds and answers from: the command's
// answers from the same file.
func TestGenGoPruned(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program (go build)")
	}
	dir := t.TempDir()
	var stderr bytes.Buffer
	if code := Run([]string{"gen", "../../lookup/tws/testdata/pyraminx.tws", "--prune", "3000", "--metric", "qtm", "-go", filepath.Join(dir, "pyraprune")},
		strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("gen -go --prune: exit %d: %s", code, stderr.String())
	}
	src, err := os.ReadFile(filepath.Join(dir, "pyraprune", "pyraprune.go"))
	if err != nil {
		t.Fatal(err)
	}
	if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) || !strings.HasPrefix(string(src), "// Code generated ") {
		t.Fatalf("pyraprune.go is not as gofmt writes it, or not marked generated (%v):\n%s", err, src)
	}
	gdt := filepath.Join(dir, "pyraprune", "pyraprune.gdt")
	if out, errs, code := runIn([]string{"check", gdt}, ""); code != ExitOK {
		t.Fatalf("check of the embedded file: exit %d: %s %s", code, out, errs)
	}
	scrambles := []string{"U L R' B", "U L R' B U' L' R B'", "R B L U R' L' B' U'"}
	var want strings.Builder
	for _, s := range scrambles {
		sol, errs, code := runIn([]string{"solve", gdt, "--scramble", s}, "")
		n, _, _ := runIn([]string{"solve", gdt, "--scramble", "--count", s}, "")
		if code != ExitOK {
			t.Fatalf("solve %q: exit %d: %s", s, code, errs)
		}
		want.WriteString(strings.TrimSpace(sol) + " / " + n)
	}
	got := goRunModule(t, dir, `package main

import (
	"fmt"
	"log"

	"example.com/solver/pyraprune"
	"github.com/godtable/godtable/lookup/tws"
)

func main() {
	pz, err := pyraprune.Puzzle()
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range []string{`+"`"+strings.Join(scrambles, "`, `")+"`"+`} {
		pos, err := pz.ParseMoves(s)
		if err != nil {
			log.Fatal(err)
		}
		o := tws.SearchOptions{MaxDepth: -1}
		sol, err := pos.Solve(o)
		if err != nil {
			log.Fatal(err)
		}
		n, err := pos.Count(o)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s / %d\n", sol, n)
	}
}
`)
	if got != want.String() {
		t.Fatalf("the generated package answered\n%s\nthe command\n%s", got, want.String())
	}
}

// buildCommand builds the godtable command into dir and returns its path.
func buildCommand(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "godtable")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, "../../cmd/godtable")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// killWhen runs bin with args and kills it (SIGKILL) as soon as the file
// mark appears, before its output out does: up to five tries, each after
// reset, should the build finish first.
func killWhen(t *testing.T, bin string, args []string, mark, out string, reset func()) {
	t.Helper()
	for try := 0; try < 5; try++ {
		reset()
		cmd := exec.Command(bin, args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for {
			if _, err := os.Stat(mark); err == nil {
				cmd.Process.Kill()
				cmd.Wait()
				if _, err := os.Stat(out); os.IsNotExist(err) {
					return
				}
				break
			}
			if _, err := os.Stat(out); err == nil {
				cmd.Wait() // it finished first; try again
				break
			}
			time.Sleep(200 * time.Microsecond)
		}
	}
	t.Fatalf("gen finished every time before %s came", mark)
}

// goRunModule writes main, a program of the module example.com/solver
// that uses this repository (as it is on disk) and the packages gen -go
// wrote into dir, into dir, runs it and returns its output.
func goRunModule(t *testing.T, dir, main string) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":  "module example.com/solver\n\ngo 1.26\n\nrequire github.com/godtable/godtable v0.0.0\n\nreplace github.com/godtable/godtable => " + root + "\n",
		"go.sum":  string(gosum),
		"main.go": main,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "run", "-mod=mod", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	return string(out)
}
