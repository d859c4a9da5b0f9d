package defcli

import (
	"fmt"
	"os"
	"strings"
)

// availableMemory is the memory this machine has available, where the
// system says (Linux's MemAvailable): every build or read that allocates in
// proportion to its puzzle is checked against it first, so that one too
// large is refused with what it needs rather than ended by the system. A
// variable so that tests can give a machine of their own.
var availableMemory = memAvailable

func memAvailable() (uint64, bool) {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		var kb uint64
		if _, err := fmt.Sscanf(line, "MemAvailable: %d kB", &kb); err == nil {
			return kb << 10, true
		}
	}
	return 0, false
}

// mb is n bytes in megabytes, rounded up, so that a need is never written
// as 0.
func mb(n uint64) uint64 { return (n + 1<<20 - 1) >> 20 }
