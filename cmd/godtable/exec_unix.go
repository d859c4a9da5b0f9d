//go:build unix

package main

import (
	"os"
	"syscall"
)

// runServer replaces this process with the server: it returns only when
// that fails.
func runServer(path string, args []string) (int, error) {
	err := syscall.Exec(path, append([]string{path}, args...), os.Environ())
	return 0, &os.PathError{Op: "exec", Path: path, Err: err}
}
