package defcli

import "github.com/godtable/godtable/internal/support/sysmem"

// availableMemory is the memory this machine has available, where the
// system says (Linux's MemAvailable): every build or read that allocates in
// proportion to its puzzle is checked against it first, so that one too
// large is refused with what it needs rather than ended by the system. A
// variable so that tests can give a machine of their own.
var availableMemory = sysmem.Available

// mb is n bytes in megabytes, rounded up, so that a need is never written
// as 0.
func mb(n uint64) uint64 { return (n + 1<<20 - 1) >> 20 }
