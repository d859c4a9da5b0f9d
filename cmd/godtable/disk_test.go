package main

import (
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

// A build on disk killed with SIGKILL at five random moments, then run to
// its end, writes a table with the very distances of the build in memory
// (the same CRC-32 of its packed distances, which godtable check reads
// and verifies), says it resumed, and leaves no work directory.
func TestGenOnDiskSurvivesKill(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("builds the command, and kills it")
	}
	dir := t.TempDir()
	build(t, dir, ".")
	bin := filepath.Join(dir, "godtable")
	def := filepath.Join("..", "..", "lookup", "tws", "testdata", "cycles11.tws")
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
	out := filepath.Join(dir, "disk.gdt")
	work := filepath.Join(dir, "work")
	// Four chunks on one worker: about four seconds on this machine.
	args := []string{"gen", def, "-o", out, "--mem", "48M", "--workers", "1", "--work", work}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 38))
	for i := range 5 {
		cmd := exec.Command(bin, args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		at := time.Duration(200+rng.IntN(2000)) * time.Millisecond
		time.Sleep(at)
		cmd.Process.Signal(syscall.SIGKILL)
		err := cmd.Wait()
		t.Logf("kill %d after %v: %v", i+1, at, err)
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("kill %d after %v: the table is there before the build is done", i+1, at)
		}
	}
	said := run(args...)
	if !strings.Contains(said, "resumed from "+work) {
		t.Errorf("the last run does not say it resumed:\n%s", said)
	}
	if got := crc.FindString(run("check", out)); got != want {
		t.Fatalf("the table built on disk, killed five times, has %s; in memory %s", got, want)
	}
	if _, err := os.Stat(work); !os.IsNotExist(err) {
		t.Fatalf("the work directory is left: %v", err)
	}
}
