package sysmem

import (
	"syscall"
	"unsafe"
)

// HugePages asks the kernel to back w with huge pages where it can, before
// w is first written. A search reads its arrays at random, a few lines a
// page, so that with small pages most reads would miss the TLB too
// (docs/MEASUREMENTS.md, "Symmetry classes", has what it saves); and an
// array's first writes fault a page at a time, 4 KB each (a 22 MB array:
// about 5,600 faults). It is advice: where
// the kernel keeps huge pages for itself, or has none, nothing changes.
func HugePages(w []uint64) {
	if len(w) < hugePageWords {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), len(w)*8)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}

// hugePageWords is a huge page's worth of words: a smaller slice cannot
// hold one.
const hugePageWords = 2 << 20 / 8
