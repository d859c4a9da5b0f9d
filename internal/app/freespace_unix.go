//go:build unix

package app

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
)

// freeSpace returns the bytes free to this user on the file system that
// holds dir (or would: its nearest existing parent).
func freeSpace(dir string) (uint64, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		var st syscall.Statfs_t
		if err := syscall.Statfs(d, &st); err == nil {
			return st.Bavail * uint64(st.Bsize), true
		} else if !errors.Is(err, os.ErrNotExist) || d == filepath.Dir(d) {
			return 0, false
		}
	}
}
