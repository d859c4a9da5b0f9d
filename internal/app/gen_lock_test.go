//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package app

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// holdLock takes the lock of a build of out as another gen would (flock on
// out.lock) and returns its release.
func holdLock(t *testing.T, out string) func() {
	t.Helper()
	f, err := os.OpenFile(out+".lock", os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	return func() { f.Close() }
}

// names lists dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var list []string
	for _, e := range entries {
		list = append(list, e.Name())
	}
	return list
}

// A gen to an -o another gen is building refuses, in one line, and touches
// nothing there: not the table, not the other's checkpoint or temporary
// files. Once the other is done (its lock released), a gen builds, removes
// the temporary files an earlier gen killed left, and only those, and
// leaves no lock file behind.
func TestGenLocked(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "t.gdt")
	// What a gen killed (kill -9) while writing its checkpoint or its table
	// leaves, and files of other names that are not gen's to remove.
	stale := []string{"t.gdt.123456.tmp", "t.gdt.checkpoint.987654321.tmp"}
	others := []string{"t.gdt.checkpoint", "t.gdt.notes.tmp", "t.gdt.1.tmp.keep", "t.gdt.checkpoint.x1.tmp",
		"t.gdt..tmp", "u.gdt.123.tmp", "xt.gdt.123.tmp", "t.gdt.lock.1.tmp"}
	for _, name := range append(slices.Clone(stale), others...) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("work"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "t.gdt.55.tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	others = append(others, "t.gdt.55.tmp") // a directory

	release := holdLock(t, out)
	before := names(t, dir)
	code, stderr := genRun(twistyDef, "-o", out)
	if want := "godtable: gen: -o " + out + ": another gen is building it\n"; code != ExitUsage || stderr != want {
		t.Errorf("gen while another holds the lock: exit %d, %q; want %d, %q", code, stderr, ExitUsage, want)
	}
	if after := names(t, dir); !slices.Equal(after, before) {
		t.Errorf("gen refused, but the directory changed: %v, was %v", after, before)
	}
	pkg := mkdir(t, filepath.Join(dir, "pkg"))
	holdPkg := holdLock(t, filepath.Join(pkg, "pkg.gdt"))
	code, stderr = genRun(twistyDef, "-go", pkg)
	if want := "godtable: gen: -go " + pkg + ": another gen is building it\n"; code != ExitUsage || stderr != want {
		t.Errorf("gen -go while another holds the lock: exit %d, %q; want %d, %q", code, stderr, ExitUsage, want)
	}
	holdPkg()
	release()

	if code, stderr := genRun(twistyDef, "-o", out); code != ExitOK {
		t.Fatalf("gen once the lock is released: exit %d, %s", code, stderr)
	}
	left := names(t, dir)
	for _, name := range stale {
		if slices.Contains(left, name) {
			t.Errorf("%s, left by a gen killed, is still there", name)
		}
	}
	for _, name := range others {
		if name != "t.gdt.checkpoint" && !slices.Contains(left, name) {
			t.Errorf("%s, not gen's, was removed", name)
		}
	}
	for _, name := range []string{"t.gdt.lock", "t.gdt.checkpoint"} {
		if slices.Contains(left, name) {
			t.Errorf("%s is left after the build", name)
		}
	}
	if !slices.Contains(left, "t.gdt") {
		t.Error("no table")
	}
}

// mkdir makes dir and returns it.
func mkdir(t *testing.T, dir string) string {
	t.Helper()
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// The lock is one holder's at a time, its file gone once released, and
// taken again after; taken, its file is the one under its name.
func TestGenLockOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "t.gdt")
	release, locked, err := lockOutput(out)
	if err != nil || !locked {
		t.Fatalf("lock: %v, %v", locked, err)
	}
	if _, _, err := lockOutput(out); !errors.Is(err, errBuilding) {
		t.Fatalf("second lock: %v, want %v", err, errBuilding)
	}
	release()
	if _, err := os.Stat(out + ".lock"); !os.IsNotExist(err) {
		t.Fatalf("the lock file after release: %v", err)
	}
	release, locked, err = lockOutput(out)
	if err != nil || !locked {
		t.Fatalf("lock after release: %v, %v", locked, err)
	}
	defer release()
	// Another process's view: the file under the name is locked.
	f, err := os.Open(out + ".lock")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); !errors.Is(err, syscall.EWOULDBLOCK) {
		t.Fatalf("the file under the lock's name is not the one locked: flock %v", err)
	}
}
