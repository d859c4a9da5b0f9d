// Package sysmem says how much memory this machine has available, so that
// every build or read that allocates in proportion to its puzzle is
// checked against it first and refused with what it needs, rather than
// ended by the system.
package sysmem

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
)

// Available returns the memory this machine has available, in bytes, where
// the system says (Linux's MemAvailable); false where it does not.
func Available() (uint64, bool) {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	return parse(b)
}

// parse reads MemAvailable from the text of /proc/meminfo.
func parse(meminfo []byte) (uint64, bool) {
	sc := bufio.NewScanner(bytes.NewReader(meminfo))
	for sc.Scan() {
		var kb uint64
		if _, err := fmt.Sscanf(sc.Text(), "MemAvailable: %d kB", &kb); err == nil {
			return kb << 10, true
		}
	}
	return 0, false
}

// Resident returns the memory this process holds now, in bytes (Linux's
// resident set, from /proc/self/statm); false where the system does not
// say.
func Resident() (uint64, bool) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	var size, pages uint64
	if _, err := fmt.Sscanf(string(b), "%d %d", &size, &pages); err != nil {
		return 0, false
	}
	return pages * uint64(os.Getpagesize()), true
}
