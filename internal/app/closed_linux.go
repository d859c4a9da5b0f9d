package app

import (
	"os"
	"syscall"
)

// closedAtStart reports whether f was closed when the program started. The
// Go runtime opens /dev/null read-write in place of a closed standard
// descriptor, so that writes to it vanish without an error; a shell's
// "> /dev/null" opens it write-only, and os/exec's null output too, so a
// read-write /dev/null on standard output is taken to be a closed one.
func closedAtStart(f *os.File) bool {
	var st, null syscall.Stat_t
	if syscall.Fstat(int(f.Fd()), &st) != nil || syscall.Stat(os.DevNull, &null) != nil {
		return false
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFCHR || st.Rdev != null.Rdev {
		return false
	}
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_GETFL, 0)
	return errno == 0 && flags&syscall.O_ACCMODE == syscall.O_RDWR
}
