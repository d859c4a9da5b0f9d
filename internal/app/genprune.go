//go:build !js

package app

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/godtable/godtable/internal/app/gogen"
	"github.com/godtable/godtable/lookup/tws"
)

// genPrune is gen --prune SIZE: the pruning tables of the definition that
// fit size bytes, chosen by measuring the projections' indices, built and
// written to g.out with the definition, or with -go into a Go package
// that embeds them.
func genPrune(e *env, g *genFlags, def *tws.Definition, opt tws.BuildOptions, size uint64, shown string, showProgress bool) int {
	out := g.out
	var gopkg *gogen.Package
	if g.goDir != "" {
		var err error
		if gopkg, err = gogen.New(g.goDir, g.pkg); err != nil {
			return genUsageError(e, "%v", err)
		}
		out = gopkg.TablePath()
		shown = out
		release, err := prepareOutput(out)
		if err != nil {
			fmt.Fprintf(e.stderr, "godtable: gen: -go %s: %v\n", g.goDir, err)
			return ExitUsage
		}
		defer release()
	}
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
	if gopkg != nil {
		if err := gopkg.WritePruned(pz); err != nil {
			fmt.Fprintf(e.stderr, "godtable: gen: %v\n", err)
			return ExitIO
		}
	}
	fmt.Fprintf(e.stderr, "godtable: gen: %s: %d pruning tables, %d bytes of distances (of %d), %s, in %.1f s: %s\n",
		pz.Name(), len(pz.TableEntries()), pz.Bytes(), size, pz.Metric(), time.Since(start).Seconds(), shown)
	return ExitOK
}
