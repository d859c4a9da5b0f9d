//go:build !unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"os/signal"
)

// ignoreClosedPipe does nothing: there is no SIGPIPE to ignore here.
func ignoreClosedPipe() {}

// runServer runs the server as a child on this process's streams and
// returns its exit status: there is no exec(2) to replace this process with.
// An interrupt (Ctrl-C) reaches the child too, which stops gracefully: this
// process ignores it and waits, so that the child's status is the one
// returned.
func runServer(path string, args []string) (int, error) {
	signal.Ignore(os.Interrupt)
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), nil
	}
	return 0, err
}
