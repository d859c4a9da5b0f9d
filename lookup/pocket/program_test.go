package pocket

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// readmeProgram returns the complete program of the README's library
// section: the first Go code block after the heading that names it.
func readmeProgram(t testing.TB) string {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const heading = "### A program that solves one pocket cube"
	_, rest, ok := strings.Cut(string(data), heading)
	if !ok {
		t.Fatalf("README: no heading %q", heading)
	}
	_, rest, ok = strings.Cut(rest, "```go\n")
	code, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 || !strings.Contains(code, "package main") {
		t.Fatal("README: no complete program after the heading")
	}
	return code
}

// buildProgram builds the README's program in a module of its own that
// requires this one from this checkout, and returns the module's directory
// and the binary's path.
func buildProgram(t testing.TB) (dir, bin string) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	goMod := "module example.com/solveone\n\ngo 1.26\n\nrequire github.com/godtable/godtable v0.0.0\n\nreplace github.com/godtable/godtable => " + root + "\n"
	for name, content := range map[string][]byte{"go.mod": []byte(goMod), "go.sum": sum, "main.go": []byte(readmeProgram(t))} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin = filepath.Join(dir, "solveone")
	goCmd(t, dir, "mod", "tidy")
	goCmd(t, dir, "build", "-o", bin, ".")
	return dir, bin
}

func goCmd(t testing.TB, dir string, args ...string) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		// go test runs from the toolchain's own tree even when it is not
		// on PATH.
		goBin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	cmd := exec.Command(goBin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, errOut.String())
	}
	return out.String()
}

// The README's program runs and prints the answer it says, and it links
// the pocket cube alone: no other puzzle's model, answers or tables.
func TestProgramLinksOnlyPocket(t *testing.T) {
	dir, bin := buildProgram(t)
	out, err := exec.Command(bin).Output()
	if err != nil || string(out) != "R2 F2 R2\n" {
		t.Fatalf("the program printed %q (%v), want \"R2 F2 R2\\n\"", out, err)
	}
	deps := goCmd(t, dir, "list", "-deps", ".")
	// The other puzzles are the other public packages beside this one.
	dirs, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	var others []string
	for _, d := range dirs {
		if d.IsDir() && d.Name() != "pocket" {
			others = append(others, d.Name())
		}
	}
	if len(others) < 5 {
		t.Fatalf("other puzzles: %v", others)
	}
	for _, other := range others {
		for _, line := range strings.Fields(deps) {
			if strings.HasPrefix(line, "github.com/godtable/") && strings.HasSuffix(line, "/"+other) {
				t.Errorf("the pocket-only program depends on %s", line)
			}
		}
	}
}

// BenchmarkProgramSize reports the size of the README's pocket-only program
// (bytes, as built by go build with no flags).
func BenchmarkProgramSize(b *testing.B) {
	_, bin := buildProgram(b)
	st, err := os.Stat(bin)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
	}
	b.ReportMetric(float64(st.Size()), "bytes")
}

// BenchmarkProgramRun runs the README's pocket-only program, a one-shot
// answer (process start, move tables and fold index built, table decoded,
// one solve), beside Go programs built alike that do next to nothing: an
// empty one (process start alone, the floor of this machine), and ones that
// only link a package or make a table, to show what that costs any
// program's start (net/http and zstd, which the command leaves out; the
// CRC-32C table, which hash/crc32 makes on first use, against the IEEE
// one the tables use). It reports for each the median wall time of its
// runs and, where GNU time is installed, the median of five peak resident
// sizes. Run it with -benchtime 30x.
func BenchmarkProgramRun(b *testing.B) {
	dir, bin := buildProgram(b)
	programs := []struct{ name, src string }{
		{"empty", "package main\n\nfunc main() {}\n"},
		{"nethttp", "package main\n\nimport _ \"net/http\"\n\nfunc main() {}\n"},
		{"zstd", "package main\n\nimport _ \"github.com/klauspost/compress/zstd\"\n\nfunc main() {}\n"},
		{"crc32c", "package main\n\nimport \"hash/crc32\"\n\nfunc main() { crc32.MakeTable(crc32.Castagnoli) }\n"},
		{"crc32", "package main\n\nimport \"hash/crc32\"\n\nfunc main() { crc32.ChecksumIEEE(nil) }\n"},
	}
	for _, p := range programs {
		if err := os.MkdirAll(filepath.Join(dir, p.name), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p.name, "main.go"), []byte(p.src), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	goCmd(b, dir, "mod", "tidy")
	runs := []struct{ name, bin, want string }{{"pocket", bin, "R2 F2 R2\n"}}
	for _, p := range programs {
		out := filepath.Join(dir, p.name+"bin")
		goCmd(b, dir, "build", "-o", out, "./"+p.name)
		runs = append(runs, struct{ name, bin, want string }{p.name, out, ""})
	}
	for _, p := range runs {
		b.Run(p.name, func(b *testing.B) {
			var times []time.Duration
			for b.Loop() {
				start := time.Now()
				out, err := exec.Command(p.bin).Output()
				times = append(times, time.Since(start))
				if err != nil || string(out) != p.want {
					b.Fatalf("%v: %q", err, out)
				}
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
			gnuTime, err := exec.LookPath("/usr/bin/time")
			if err != nil {
				return
			}
			var peaks []int
			for range 5 {
				var stderr strings.Builder
				cmd := exec.Command(gnuTime, "-f", "%M", p.bin)
				cmd.Stderr = &stderr
				if err := cmd.Run(); err != nil {
					b.Fatal(err)
				}
				kb, err := strconv.Atoi(strings.TrimSpace(stderr.String()))
				if err != nil {
					b.Fatalf("GNU time said %q", stderr.String())
				}
				peaks = append(peaks, kb)
			}
			slices.Sort(peaks)
			b.ReportMetric(float64(peaks[2])/1000, "peakRSS-MB")
		})
	}
}
