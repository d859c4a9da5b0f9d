//go:build unix

package bfs_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/godtable/godtable/internal/engine/bfs"
)

// Two searches in one work directory: the second is refused in one line
// while the first holds the directory's lock, and runs once it is free.
func TestSearchDiskLocked(t *testing.T) {
	bfs.NoSync(t)
	x, goal := index(t, "ties.tws")
	dir := t.TempDir()
	lock, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	// Another process's lock, as flock sees it: an open file description
	// of its own.
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	opt := bfs.DiskOptions{Dir: dir, ChunkWords: 100}
	_, err = bfs.SearchDisk(context.Background(), x, goal, opt)
	if !errors.Is(err, bfs.ErrWorkDir) || !strings.Contains(err.Error(), "another build is using it") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("a work directory in use: %v", err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_UN); err != nil {
		t.Fatal(err)
	}
	if _, err := bfs.SearchDisk(context.Background(), x, goal, opt); err != nil {
		t.Fatalf("once free: %v", err)
	}
}
