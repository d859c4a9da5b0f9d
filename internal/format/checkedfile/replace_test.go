package checkedfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Replace puts the new file in place only when write succeeds; otherwise
// the old file stays and no temporary file is left.
func TestReplace(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := Replace(path, 0o644, func(f *os.File) error { _, err := f.WriteString("one"); return err }); err != nil {
		t.Fatal(err)
	}
	failed := errors.New("no room")
	err := Replace(path, 0o644, func(f *os.File) error {
		f.WriteString("two, half written")
		return failed
	})
	if !errors.Is(err, failed) {
		t.Fatalf("the write's error: %v", err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "one" {
		t.Fatalf("after a failed replace: %q, %v", b, err)
	}
	if err := Replace(path, 0o600, func(f *os.File) error { _, err := f.WriteString("two"); return err }); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if b, _ := os.ReadFile(path); string(b) != "two" || err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("after a replace: %q, %v, %v", b, fi.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("%d files left in the directory, want 1", len(entries))
	}
}
