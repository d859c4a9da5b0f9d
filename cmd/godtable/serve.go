package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/godtable/godtable/internal/app"
)

// serverProgram is the program "godtable serve" runs.
const serverProgram = "godtable-serve"

// serve runs godtable-serve with args and returns its exit status, or
// app.ExitUsage when it cannot be found or started (said on stderr).
// Where the system allows, the server replaces this process, so that its
// signals (SIGINT, SIGTERM: a graceful stop) and its status are its own.
func serve(args []string) int {
	path, err := findServer()
	if err == nil {
		var status int
		if status, err = runServer(path, args); err == nil {
			return status
		}
	}
	fmt.Fprintf(os.Stderr, "godtable: serve: %v\n", err)
	return app.ExitUsage
}

// findServer looks for godtable-serve beside this program (where make build
// and go install put both), then on PATH.
func findServer() (string, error) {
	name := serverProgram
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if self, err := os.Executable(); err == nil {
		if self, err := filepath.EvalSymlinks(self); err == nil {
			p := filepath.Join(filepath.Dir(self), name)
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && (runtime.GOOS == "windows" || st.Mode().Perm()&0o111 != 0) {
				return p, nil
			}
		}
	}
	p, err := exec.LookPath(serverProgram)
	switch {
	case err == nil:
		return p, nil
	case errors.Is(err, exec.ErrDot):
		// Go does not run a program found through a relative PATH entry
		// (such as "."), which may be anyone's.
		return "", fmt.Errorf("%s is found only through a relative directory on PATH (%s), which is not run", serverProgram, p)
	}
	return "", fmt.Errorf("the server is the program %s, which is neither beside this program nor on PATH: "+
		"install it with go install github.com/godtable/godtable/cmd/%s@latest (make build puts both in bin/), or run go run ./cmd/%s in the source tree",
		serverProgram, serverProgram, serverProgram)
}
