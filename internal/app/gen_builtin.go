//go:build !js

package app

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/godtable/godtable/internal/app/cube3cli"
	api "github.com/godtable/godtable/lookup/cube3"
)

// builtInPuzzle is the built-in puzzle gen was given by name, when no file
// of that name exists.
func builtInPuzzle(name string) (any, bool) {
	if _, err := os.Stat(name); err == nil {
		return nil, false
	}
	p, err := Resolve(name)
	if err != nil {
		return nil, false
	}
	return p, true
}

// genBuiltIn builds the 3x3x3's tables for a size (--prune SIZE -o FILE);
// every other built-in puzzle's table comes with the program.
func genBuiltIn(e *env, p any, g *genFlags) int {
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(e.stderr, "godtable: gen: "+format+"\n", a...)
		return code
	}
	if _, ok := p.(cube3cli.Puzzle); !ok {
		return fail(ExitUsage, "%s is built in: its complete table comes with godtable; gen takes a definition file (DEF.tws), or 3x3x3 --prune SIZE", g.file)
	}
	switch {
	case g.pruneFlag == "":
		return fail(ExitUsage, "%s: give --prune SIZE, the bytes its tables may take (at least %dM; %dM holds them all)", g.file, mib(api.MinSize), mib(api.FileSize))
	case g.goDir != "" || g.memFlag != "":
		return fail(ExitUsage, "%s: its tables are built in memory and written with -o (no -go, no --mem)", g.file)
	case g.moves != "":
		return fail(ExitUsage, "%s: its tables are of the 18 face turns, in both metrics: no --moves", g.file)
	}
	size, err := parseSize(g.pruneFlag)
	if err != nil {
		return fail(ExitUsage, "--prune %s: %v", g.pruneFlag, err)
	}
	out, err := outputPath(g.out, g.file)
	if err != nil {
		return fail(ExitUsage, "%v", err)
	}
	release, err := prepareOutput(out)
	if err != nil {
		return fail(ExitUsage, "-o %s: %v", g.out, err)
	}
	defer release()
	log := e.stderr
	if g.quiet {
		log = io.Discard
	}
	start := time.Now()
	n, err := api.Build(out, int64(min(size, 1<<62)), api.BuildOptions{Workers: g.workers, Work: g.work, Log: log})
	if err != nil {
		return fail(ExitInvalid, "%s: --prune %s: %v", g.file, g.pruneFlag, err)
	}
	what := "the flip-slice-twist and corner tables"
	if n < int64(api.FileSize) {
		what = fmt.Sprintf("the flip-slice-twist table (the corner table too needs --prune %dM)", mib(api.FileSize))
	}
	fmt.Fprintf(e.stderr, "godtable: gen: wrote %s: %s, %d bytes, in %s; solve, verify and check take it\n", g.out, what, n, time.Since(start).Round(time.Second))
	return ExitOK
}

// mib is n bytes in MiB, rounded up.
func mib(n int) int { return (n + 1<<20 - 1) >> 20 }
