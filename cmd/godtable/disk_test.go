package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A build on disk killed with SIGKILL at a random moment, then run again
// to its end, writes a table with the very distances of the build in
// memory (the same CRC-32 of its packed distances, which godtable check
// reads and verifies), says it resumed, and leaves no work directory:
// five times, each from a fresh work directory, the moments spread over
// an uninterrupted build's time.
func TestGenOnDiskSurvivesKill(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("builds the command, and kills it")
	}
	dir := t.TempDir()
	build(t, dir, ".")
	bin := filepath.Join(dir, "godtable")
	def := filepath.Join("testdata", "cycles11.tws")
	run := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(bin, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("godtable %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	crc := regexp.MustCompile(`CRC-32 [0-9a-f]{8}`)
	mem := filepath.Join(dir, "mem.gdt")
	run("gen", def, "-o", mem)
	want := crc.FindString(run("check", mem))
	if want == "" {
		t.Fatal("check gives no CRC-32")
	}
	// Four chunks on one worker.
	args := func(i int) []string {
		return []string{"gen", def, "-o", filepath.Join(dir, fmt.Sprintf("disk%d.gdt", i)), "--mem", "48M", "--workers", "1",
			"--work", filepath.Join(dir, fmt.Sprintf("work%d", i))}
	}
	start := time.Now()
	run(args(0)...)
	whole := time.Since(start)
	if got := crc.FindString(run("check", filepath.Join(dir, "disk0.gdt"))); got != want {
		t.Fatalf("the table built on disk has %s; in memory %s", got, want)
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 38))
	killed, resumed := 0, 0
	for i := 1; i <= 5; i++ {
		a := args(i)
		cmd := exec.Command(bin, a...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		at := time.Duration((0.05 + 0.9*rng.Float64()) * float64(whole))
		time.Sleep(at)
		cmd.Process.Signal(syscall.SIGKILL)
		if err := cmd.Wait(); err == nil {
			t.Logf("build %d ended before its kill at %v of %v", i, at, whole)
			continue
		}
		killed++
		// The table is renamed into place whole, so a kill may come after
		// it is there (while the work directory is being removed): then it
		// must already be the whole table.
		if _, err := os.Stat(a[3]); err == nil {
			if got := crc.FindString(run("check", a[3])); got != want {
				t.Fatalf("kill %d after %v: a table is there with %s before the build ended; in memory %s", i, at, got, want)
			}
			t.Logf("kill %d after %v came after the table was written whole", i, at)
		}
		// A build killed while it still plans has kept nothing yet: the
		// run after starts afresh, and must still build the same table.
		_, err := os.Stat(filepath.Join(a[len(a)-1], "manifest"))
		kept := err == nil
		said := run(a...)
		if kept {
			resumed++
			if !strings.Contains(said, "resumed from ") {
				t.Errorf("kill %d after %v: the run after does not say it resumed:\n%s", i, at, said)
			}
		} else {
			t.Logf("kill %d after %v came before the build kept anything", i, at)
		}
		if got := crc.FindString(run("check", a[3])); got != want {
			t.Fatalf("kill %d after %v of %v: the table built on disk has %s; in memory %s", i, at, whole, got, want)
		}
		if _, err := os.Stat(a[len(a)-1]); !os.IsNotExist(err) {
			t.Fatalf("kill %d: the work directory is left: %v", i, err)
		}
		if kept {
			t.Logf("kill %d after %v of %v: resumed to the same distances", i, at, whole)
		}
	}
	if killed < 3 || resumed < 2 {
		t.Fatalf("only %d of 5 builds were killed before their end, %d after they kept their work", killed, resumed)
	}
}
