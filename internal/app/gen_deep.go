//go:build !js

package app

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/signal"
	"runtime/debug"
	"time"

	"github.com/godtable/godtable/internal/support/sysmem"
	"github.com/godtable/godtable/lookup/tws"
)

// A build that took its work from files an earlier run left (a checkpoint,
// a work directory) or that others wrote (its tasks) trusts them: a file
// lost, swapped or not yet visible on a shared filesystem gives a table
// whose checksums and counts all pass, and whose distances are wrong. Such
// a table is proved exact (tws.Puzzle.DeepCheck) before it takes its name.

// deepChecked proves the table pz exact for gen, telling the user how it
// went, and returns what is wrong with it (ErrNotExact), or nil. A table
// whose proof does not fit in the memory available is said so and taken:
// a build on disk is for a table larger than the memory, whose proof is
// then for a larger machine (godtable check --deep).
func deepChecked(e *env, pz *tws.Puzzle, out string, workers int, showProgress bool) error {
	name := pz.Name()
	need := pz.CheckMemory()
	if avail, ok := sysmem.Available(); ok && need > avail {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: not proved exact: the search that proves it takes about %d MB besides the table, and %d MB are available; prove it where they are: godtable check --deep %s\n",
			name, need>>20, avail>>20, out)
		return nil
	}
	// The proof is a search in memory: the limit a build on disk set for
	// its chunks is not its own.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	opt := tws.CheckOptions{Workers: workers}
	done := func() {}
	if showProgress {
		opt.Progress, done = progressReporterAs(e.stderr, "checking: ")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	err := pz.DeepCheck(ctx, opt)
	done()
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "godtable: gen: %s: proved exact (a search in memory gave every state the distance the table holds), in %.1f s\n", name, time.Since(start).Seconds())
	return nil
}

// notExact says, in one line, that the table built from what is wrong and
// is not written.
func notExact(e *env, name string, err error, what string) int {
	if errors.Is(err, tws.ErrNotExact) {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: %v: %s is damaged; the table is not written: remove it and build again\n", name, err, what)
	} else {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: the table built is not proved: %v; it is not written\n", name, err)
	}
	return ExitInvalid
}
