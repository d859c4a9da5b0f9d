package app

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fullAfter is a disk that fills after n bytes.
type fullAfter struct {
	w io.Writer
	n int
}

func (f *fullAfter) Write(b []byte) (int, error) {
	if len(b) > f.n {
		k, _ := f.w.Write(b[:f.n])
		f.n = 0
		return k, &fs.PathError{Op: "write", Path: "table", Err: syscall.ENOSPC}
	}
	f.n -= len(b)
	return f.w.Write(b)
}

// A full disk exits ExitIO wherever it fills: found before a build on
// disk, met while a build on disk or in memory writes its table, or
// reported by the search through its own errors; no table is left.
func TestFullDiskOneStatus(t *testing.T) {
	def := filepath.Join("..", "..", "lookup", "tws", "testdata", "twisty.tws")
	gen := func(t *testing.T, args ...string) (int, string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		code := Run(append([]string{"gen", def}, args...), strings.NewReader(""), &stdout, &stderr)
		return code, stderr.String()
	}
	t.Run("before a build on disk", func(t *testing.T) {
		defer func(f func(string) (uint64, bool)) { freeSpaceOf = f }(freeSpaceOf)
		freeSpaceOf = func(string) (uint64, bool) { return 0, true }
		dir := t.TempDir()
		out := filepath.Join(dir, "t.gdt")
		if code, msg := gen(t, "-o", out, "--mem", "64M", "--work", filepath.Join(dir, "w")); code != ExitIO || !strings.Contains(msg, "MB free") {
			t.Errorf("exit %d, %q; want %d and the free space", code, msg, ExitIO)
		}
	})
	for _, mode := range [][]string{{"--mem", "64M", "--work"}, nil} {
		t.Run(fmt.Sprintf("writing the table %v", mode), func(t *testing.T) {
			defer func() { tableOutput = nil }()
			tableOutput = func(w io.Writer) io.Writer { return &fullAfter{w, 100} }
			dir := t.TempDir()
			out := filepath.Join(dir, "t.gdt")
			args := []string{"-o", out}
			if mode != nil {
				args = append(append(args, mode...), filepath.Join(dir, "w"))
			}
			code, msg := gen(t, args...)
			if code != ExitIO || !strings.Contains(msg, "no space left on device") {
				t.Errorf("exit %d, %q; want %d and the full disk", code, msg, ExitIO)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("a table is left at %s", out)
			}
		})
	}
	for _, c := range []struct {
		err  error
		want int
	}{
		{&fs.PathError{Op: "write", Path: "w/chunk-3", Err: syscall.ENOSPC}, ExitIO},
		{fmt.Errorf("%w: %v", errors.New("work directory"), &fs.PathError{Op: "write", Path: "w/update-1-2", Err: syscall.ENOSPC}), ExitIO},
		{fmt.Errorf("checkpoint: %w", syscall.ENOSPC), ExitIO},
		{errors.New("the search reached 5 states, but the moves reach 6"), ExitInvalid},
	} {
		if got := buildFailed(c.err); got != c.want {
			t.Errorf("buildFailed(%v) = %d, want %d", c.err, got, c.want)
		}
	}
}
