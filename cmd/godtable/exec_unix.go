//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
)

// ignoreClosedPipe makes a write to a closed pipe (| head -1) an error the
// command sees, which ends it quietly with the status it has, rather than
// a signal that kills it (status 141 in the shell, a failure under
// set -o pipefail).
func ignoreClosedPipe() { signal.Ignore(syscall.SIGPIPE) }

// runServer replaces this process with the server: it returns only when
// that fails.
func runServer(path string, args []string) (int, error) {
	err := syscall.Exec(path, append([]string{path}, args...), os.Environ())
	return 0, &os.PathError{Op: "exec", Path: path, Err: err}
}
