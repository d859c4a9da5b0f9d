//go:build !(js && wasm)

package main

import (
	"io"
	"os"
)

// main runs the command line. Built for the browser (GOOS=js GOARCH=wasm),
// the command has another entry point instead: wasm.go.
func main() {
	var stdout io.Writer = os.Stdout
	if closedAtStart(os.Stdout) {
		stdout = closedWriter{}
	}
	os.Exit(run(os.Args[1:], os.Stdin, stdout, os.Stderr))
}
