//go:build linux && (amd64 || arm64)

package bfs

import (
	"os"
	"syscall"
)

// haveSyncfs says syncfs works here: a step's files are synced at once,
// with their file system, before the manifest that records the step,
// rather than one by one.
const haveSyncfs = true

// syncfs syncs the file system that holds dir.
func syncfs(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, _, e := syscall.Syscall(sysSyncfs, f.Fd(), 0, 0); e != 0 {
		return &os.PathError{Op: "syncfs", Path: dir, Err: e}
	}
	return nil
}
