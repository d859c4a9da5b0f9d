//go:build !js

package app

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/godtable/godtable/lookup/tws"
)

// genPrune is gen --prune SIZE: the pruning tables of the definition that
// fit size bytes, chosen by measuring the projections' indices, built and
// written to out with the definition.
func genPrune(e *env, def *tws.Definition, opt tws.BuildOptions, size uint64, out, shown string, showProgress bool) int {
	clearProgress := func() {}
	if showProgress {
		opt.Progress, clearProgress = progressReporter(e.stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	report := func(k, n int, what string, entries uint64) {
		clearProgress()
		fmt.Fprintf(e.stderr, "godtable: gen: %s: pruning table %d of %d: %s, %d entries (%d bytes)\n", def.Name(), k, n, what, entries, (entries+3)/4)
	}
	pz, err := tws.BuildPruned(ctx, def, opt, size, report)
	clearProgress()
	if err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: --prune %d: %v\n", def.Name(), size, err)
		return ExitInvalid
	}
	if err := writeAtomic(out, pz.WriteTo); err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: %v\n", err)
		return ExitIO
	}
	total := uint64(0)
	for _, n := range pz.TableEntries() {
		total += (n + 3) / 4
	}
	fmt.Fprintf(e.stderr, "godtable: gen: %s: %d pruning tables, %d bytes of distances (of %d), %s, in %.1f s: %s\n",
		pz.Name(), len(pz.TableEntries()), total, size, pz.Metric(), time.Since(start).Seconds(), shown)
	return ExitOK
}
