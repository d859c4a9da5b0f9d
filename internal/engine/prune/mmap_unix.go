//go:build unix

package prune

import (
	"os"
	"runtime"
	"syscall"
)

// mapping is a file mapped to memory, read-only; it is unmapped once
// nothing holds it.
type mapping struct{ data []byte }

// mapFile maps the size bytes of f to memory, or returns nil where they
// cannot be (an empty file, a file too large for an int, a file system
// without mappings); f may be closed after. The mapping reads the file as
// it is: godtable writes a file by renaming a new one over it, which
// leaves a mapping of the old one as it was.
func mapFile(f *os.File, size int64) *mapping {
	if size <= 0 || int64(int(size)) != size {
		return nil
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil
	}
	m := &mapping{data: data}
	runtime.AddCleanup(m, func(b []byte) { syscall.Munmap(b) }, data)
	return m
}
