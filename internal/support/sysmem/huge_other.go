//go:build !linux

package sysmem

// HugePages does nothing where huge pages are not asked for by madvise.
func HugePages([]uint64) {}
