package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godtable/godtable/lookup"
)

// pocketLines returns n random pocket states, one per line.
func pocketLines(n int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	for range n {
		b.WriteString(lookup.RandomPocket(rng).Facelets())
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// BenchmarkStreamPocket streams states through the whole command in process
// (reading, parsing, solving, writing); ns/line is the figure to quote.
func BenchmarkStreamPocket(b *testing.B) {
	const lines = 100000
	input := pocketLines(lines)
	for b.Loop() {
		if code := run([]string{"solve", "pocket"}, bytes.NewReader(input), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
}

// buildBinary builds the command once into a temporary directory.
func buildBinary(b testing.TB) string {
	b.Helper()
	bin := filepath.Join(b.TempDir(), "godtable")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		b.Fatal(err)
	}
	return bin
}

// BenchmarkColdStart runs the built binary once per iteration: process
// start, table decode, one solve. It reports the median wall time and the
// largest resident memory seen.
func BenchmarkColdStart(b *testing.B) {
	bin := buildBinary(b)
	for _, p := range []struct{ name, state string }{
		{"pocket", "UUUDLLFRFRBBLLFRFRBBDUDD"},
	} {
		b.Run(p.name, func(b *testing.B) {
			var times []time.Duration
			var maxRSS int64
			for b.Loop() {
				// Through a shell that execs the binary: a child's peak
				// resident memory counts what it had before exec, and the
				// shell's is small, the test binary's is not.
				cmd := exec.Command("/bin/sh", "-c", `exec "$0" "$@"`, bin, "solve", p.name, p.state)
				start := time.Now()
				out, err := cmd.Output()
				times = append(times, time.Since(start))
				if err != nil || len(strings.TrimSpace(string(out))) == 0 {
					b.Fatalf("%v: %q", err, out)
				}
				if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
					maxRSS = max(maxRSS, ru.Maxrss)
				}
			}
			sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
			b.ReportMetric(float64(maxRSS)/1024, "maxRSS-MB")
		})
	}
}
