// Command godtable answers small puzzles optimally and instantly, from
// distance tables embedded in the binary.
//
// Usage:
//
//	godtable solve PUZZLE [flags] [STATE ...]   # no STATE: one state per line on stdin
//	godtable verify PUZZLE [flags]              # stdin lines: STATE <TAB> SOLUTION
//	godtable scramble PUZZLE [-n N] [--seed S]  # random states, uniformly drawn
//	godtable stats PUZZLE [flags]               # states per distance, from the table
//	godtable show PUZZLE STATE                  # draw the state
//	godtable battery views [--n N]
//	godtable serve [--addr 127.0.0.1:8080]      # the web page and the HTTP API
//	               [--allow-host NAME] [--table TABLE.gdt]
//
// The commands are internal/app's; see its documentation for the
// answers and the exit statuses. "godtable serve" runs the program
// godtable-serve (cmd/godtable-serve), found beside this one or on PATH, as
// git runs git-foo for "git foo": the HTTP server is its own program, so that
// a one-shot answer does not load it.
package main

import (
	"os"

	"github.com/godtable/godtable/internal/app"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "serve" {
		os.Exit(serve(os.Args[2:]))
	}
	ignoreClosedPipe()
	os.Exit(app.Main(os.Args[1:]))
}
