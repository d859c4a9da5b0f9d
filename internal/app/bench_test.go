package app

import (
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/godtable/godtable/lookup/msquare"
	"github.com/godtable/godtable/lookup/pocket"
	"github.com/godtable/godtable/lookup/rotgame"
	"github.com/godtable/godtable/lookup/rotgrid"
	"github.com/godtable/godtable/lookup/views"
)

// streamInputs returns n random inputs of each puzzle, one per line.
func streamInputs(n int) map[string]string {
	rng := rand.New(rand.NewPCG(1, 2))
	var cube, squares, games, grids, viewsIn strings.Builder
	for range n {
		cube.WriteString(pocket.Random(rng).Facelets() + "\n")
		squares.WriteString(msquare.Random(rng).String() + "\n")
		games.WriteString(rotgame.Random(rng).String() + "\n")
		grids.WriteString(rotgrid.Random(rng).String() + "\n")
		viewsIn.WriteString(views.BatteryCase(rng.IntN(1000000)).Hex() + "\n")
	}
	return map[string]string{"pocket": cube.String(), "msquare": squares.String(),
		"rotgame": games.String(), "rotgrid": grids.String(), "views": viewsIn.String()}
}

// BenchmarkStream streams random inputs through the whole command in
// process (reading, parsing, solving, writing); ns/line is the figure to
// quote.
func BenchmarkStream(b *testing.B) {
	const lines = 50000
	inputs := streamInputs(lines)
	for _, name := range []string{"pocket", "msquare", "rotgame", "rotgrid", "views"} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if code := Run([]string{"solve", name}, strings.NewReader(inputs[name]), io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
		})
	}
}

// buildBinary builds the command once into a temporary directory.
func buildBinary(b testing.TB) string {
	return buildBinaryCgo(b, false)
}

// buildBinaryCgo builds the command as make build does (without cgo), or
// with cgo when cgo is true (as a plain go build does on a machine with a C
// compiler), to compare the two; with cgo, "" where it cannot be built (no
// C compiler).
func buildBinaryCgo(b testing.TB, cgo bool) string {
	b.Helper()
	bin := filepath.Join(b.TempDir(), "godtable")
	cmd := exec.Command("go", "build", "-o", bin, "../../cmd/godtable")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if cgo {
		cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	}
	out, err := cmd.CombinedOutput()
	switch {
	case err != nil && cgo:
		b.Logf("no cgo build: %v\n%s", err, out)
		return ""
	case err != nil:
		b.Fatalf("%v\n%s", err, out)
	}
	return bin
}

// BenchmarkColdStart runs the built binary once per iteration: process
// start, table decode, one solve, the binary built as make build builds it
// and, for the pocket cube, with cgo besides (pocket-cgo). It reports the median wall time and, when
// GNU time is there to measure it, the largest peak resident memory seen
// (GNU time forks a small process that execs the binary; the test binary
// cannot measure a child itself, since Linux counts in a child's peak the
// memory of the process it was forked from).
func BenchmarkColdStart(b *testing.B) {
	bin, cgoBin := buildBinary(b), buildBinaryCgo(b, true)
	gnuTime, _ := exec.LookPath("/usr/bin/time")
	for _, p := range []struct{ name, puzzle, state, bin string }{
		{"pocket", "pocket", "UUUDLLFRFRBBLLFRFRBBDUDD", bin},
		// The same, built with cgo, as a plain go build makes it where a
		// C compiler is installed: statically linked all the same, as the
		// command links no network code.
		{"pocket-cgo", "pocket", "UUUDLLFRFRBBLLFRFRBBDUDD", cgoBin},
		{"msquare", "msquare", "2 6 8 4 5 7 3 1", bin},
		{"rotgame", "rotgame", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", bin},
		{"rotgrid", "rotgrid", "492357816", bin},
		{"views", "views", "fe88e8f9b499", bin},
	} {
		b.Run(p.name, func(b *testing.B) {
			if p.bin == "" {
				b.Skip("not built")
			}
			var times []time.Duration
			maxKB := 0
			for b.Loop() {
				cmd := exec.Command(p.bin, "solve", p.puzzle, p.state)
				start := time.Now()
				out, err := cmd.Output()
				times = append(times, time.Since(start))
				if err != nil || len(strings.TrimSpace(string(out))) == 0 {
					b.Fatalf("%v: %q", err, out)
				}
			}
			sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
			if gnuTime != "" {
				for range 5 {
					var stderr strings.Builder
					cmd := exec.Command(gnuTime, "-f", "%M", p.bin, "solve", p.puzzle, p.state)
					cmd.Stderr = &stderr
					if err := cmd.Run(); err != nil {
						b.Fatal(err)
					}
					kb, _ := strconv.Atoi(strings.TrimSpace(stderr.String()))
					maxKB = max(maxKB, kb)
				}
				b.ReportMetric(float64(maxKB)/1024, "peakRSS-MB")
			}
		})
	}
}

// BenchmarkStreamVerify streams the same random pocket positions through
// solve and through verify (each with its optimal solution), in process;
// ns/line is the figure to quote. The scramble cases give each position as
// the inverse of its solution, read with --scramble.
func BenchmarkStreamVerify(b *testing.B) {
	const lines = 50000
	rng := rand.New(rand.NewPCG(3, 4))
	var states, verifies, scrambles, scrambleVerifies strings.Builder
	for range lines {
		c := pocket.Random(rng)
		sol, err := c.Solve(pocket.HTM)
		if err != nil {
			b.Fatal(err)
		}
		scr, err := c.Moves()
		if err != nil {
			b.Fatal(err)
		}
		states.WriteString(c.Facelets() + "\n")
		verifies.WriteString(c.Facelets() + "\t" + sol.String() + "\n")
		scrambles.WriteString(scr.String() + "\n")
		scrambleVerifies.WriteString(scr.String() + "\t" + sol.String() + "\n")
	}
	for _, bc := range []struct {
		name  string
		args  []string
		input string
	}{
		{"solve", []string{"solve", "pocket"}, states.String()},
		{"verify", []string{"verify", "pocket"}, verifies.String()},
		{"solve-scramble", []string{"solve", "pocket", "--scramble"}, scrambles.String()},
		{"verify-scramble", []string{"verify", "pocket", "--scramble"}, scrambleVerifies.String()},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if code := Run(bc.args, strings.NewReader(bc.input), io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
		})
	}
}

// commandRunner runs the built command bin as a process, its stdin from a
// file and its stdout to one (opened write-only, as a shell's > opens it: a
// read-write /dev/null is how a closed standard output looks, see
// closedAtStart), and returns the wall time.
func commandRunner(tb testing.TB, bin string) func(stdin, stdout string, args ...string) time.Duration {
	return func(stdin, stdout string, args ...string) time.Duration {
		tb.Helper()
		in, err := os.Open(stdin)
		if err != nil {
			tb.Fatal(err)
		}
		defer in.Close()
		out, err := os.OpenFile(stdout, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			tb.Fatal(err)
		}
		defer out.Close()
		cmd := exec.Command(bin, args...)
		var stderr strings.Builder
		cmd.Stdin, cmd.Stdout, cmd.Stderr = in, out, &stderr
		start := time.Now()
		if err := cmd.Run(); err != nil {
			tb.Fatalf("%v: %v: %s", args, err, stderr.String())
		}
		return time.Since(start)
	}
}

// verifyFiles writes, in dir, the files a user would make to check a solver
// with the command: "states", n random pocket positions (scramble pocket -n
// N --seed 1, its first column), and "verify", each with its answer from
// solve pocket, as STATE<TAB>SOLUTION lines.
func verifyFiles(tb testing.TB, run func(stdin, stdout string, args ...string) time.Duration, dir string, n int) (states, verify string) {
	path := func(name string) string { return filepath.Join(dir, name) }
	run(os.DevNull, path("scrambles"), "scramble", "pocket", "-n", strconv.Itoa(n), "--seed", "1")
	scrambles, err := os.ReadFile(path("scrambles"))
	if err != nil {
		tb.Fatal(err)
	}
	var sb strings.Builder
	for _, line := range strings.SplitAfter(string(scrambles), "\n") {
		if state, _, ok := strings.Cut(line, "\t"); ok {
			sb.WriteString(state + "\n")
		}
	}
	if err := os.WriteFile(path("states"), []byte(sb.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	run(path("states"), path("answers"), "solve", "pocket")
	answers, err := os.ReadFile(path("answers"))
	if err != nil {
		tb.Fatal(err)
	}
	stateLines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	answerLines := strings.Split(strings.TrimSuffix(string(answers), "\n"), "\n")
	if len(stateLines) != n || len(answerLines) != n {
		tb.Fatalf("%d positions, %d answers", len(stateLines), len(answerLines))
	}
	var vb strings.Builder
	for i := range stateLines {
		vb.WriteString(stateLines[i] + "\t" + answerLines[i] + "\n")
	}
	if err := os.WriteFile(path("verify"), []byte(vb.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path("states"), path("verify")
}

// medianMS is the median of the durations, in milliseconds.
func medianMS(d []time.Duration) float64 {
	d = slices.Clone(d)
	slices.Sort(d)
	return float64(d[len(d)/2].Microseconds()) / 1000
}

// BenchmarkCommandVerify measures what a user runs: the built command, as a
// process, on 500,000 random pocket positions (scramble pocket -n 500000
// --seed 1), solve on the positions and verify on the positions with those
// answers, alternating, each with its input from a file and its answers to
// /dev/null. It reports the median wall time of each (solve-ms, verify-ms)
// and their ratio; -benchtime 5x gives five runs of each.
func BenchmarkCommandVerify(b *testing.B) {
	run := commandRunner(b, buildBinary(b))
	states, verify := verifyFiles(b, run, b.TempDir(), 500000)
	var solveT, verifyT []time.Duration
	for b.Loop() {
		solveT = append(solveT, run(states, os.DevNull, "solve", "pocket"))
		verifyT = append(verifyT, run(verify, os.DevNull, "verify", "pocket"))
	}
	b.ReportMetric(medianMS(solveT), "solve-ms")
	b.ReportMetric(medianMS(verifyT), "verify-ms")
	b.ReportMetric(medianMS(verifyT)/medianMS(solveT), "verify/solve")
	b.ReportMetric(0, "ns/op")
}
