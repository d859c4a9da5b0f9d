//go:build !linux

package classes

// hugePages does nothing where huge pages are not asked for by madvise.
func hugePages([]uint64) {}
