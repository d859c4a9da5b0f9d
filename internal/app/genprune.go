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
// written to g.out with the definition, or with -go into a Go package
// that embeds them.
func genPrune(e *env, g *genFlags, def *tws.Definition, opt tws.BuildOptions, size uint64, shown string, showProgress bool) int {
	gopkg, out, release, code := goPackage(e, g, &shown)
	if code != ExitOK {
		return code
	}
	defer release()
	clearProgress := func() {}
	if showProgress {
		opt.Progress, clearProgress = progressReporter(e.stderr)
	}
	// Each table built is kept in the work directory, and the one under
	// way keeps checkpoints there as a complete build does beside its
	// output: a build run again resumes from them.
	work := g.work
	if work == "" {
		work = out + ".work"
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: --work: %v\n", err)
		return ExitIO
	}
	opt.CheckpointAfter = g.checkpointAfter
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	said := func(how string) tws.PruneReport {
		return func(k, n int, what string, entries uint64) {
			clearProgress()
			fmt.Fprintf(e.stderr, "godtable: gen: %s: pruning table %d of %d: %s, %d entries (%d bytes)%s\n", def.Name(), k, n, what, entries, (entries+3)/4, how)
		}
	}
	kept := 0
	keptReport := said(", kept in " + work)
	po := tws.PruneOptions{Report: said(""), Work: work, Fill: g.fill, Kept: func(k, n int, what string, entries uint64) {
		kept++
		keptReport(k, n, what, entries)
	}, Resumed: func(k, distance int) {
		kept++
		clearProgress()
		fmt.Fprintf(e.stderr, "godtable: gen: %s: pruning table %d resumed from its checkpoint in %s, at distance %d\n", def.Name(), k, work, distance)
	}}
	pz, err := tws.BuildPrunedIn(ctx, def, opt, size, po)
	clearProgress()
	if err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: --prune %d: %v\n", def.Name(), size, err)
		if ctx.Err() != nil {
			fmt.Fprintf(e.stderr, "godtable: gen: run it again to resume from %s\n", work)
			return buildFailed(err)
		}
		os.Remove(work) // only when nothing is kept in it
		return ExitInvalid
	}
	if err := writeAtomic(out, pz.WriteTo); err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: %v\n", err)
		return ExitIO
	}
	if err := tws.RemovePrunedWork(work); err != nil {
		fmt.Fprintf(e.stderr, "godtable: gen: the file is written, but not all of %s is removed: %v\n", work, err)
	}
	if kept > 0 {
		fmt.Fprintf(e.stderr, "godtable: gen: resumed from %s: %d of %d tables kept or resumed there\n", work, kept, len(pz.TableEntries()))
	}
	if gopkg != nil {
		if err := gopkg.WritePruned(pz); err != nil {
			fmt.Fprintf(e.stderr, "godtable: gen: %v\n", err)
			return ExitIO
		}
	}
	if n, looks := len(pz.TableEntries()), pz.Looks(); looks > n {
		fmt.Fprintf(e.stderr, "godtable: gen: %s: a search reads %d lower bounds a state: its %d tables' and %d at its conjugates by the definition's symmetries\n",
			pz.Name(), looks, n, looks-n)
	}
	fmt.Fprintf(e.stderr, "godtable: gen: %s: %d pruning tables, %d bytes of distances (of %d), %s, in %.1f s: %s\n",
		pz.Name(), len(pz.TableEntries()), pz.Bytes(), size, pz.Metric(), time.Since(start).Seconds(), shown)
	return ExitOK
}
