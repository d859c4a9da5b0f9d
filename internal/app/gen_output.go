//go:build !js

package app

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/godtable/godtable/internal/app/cube3cli"
	"github.com/godtable/godtable/internal/app/defcli"
	"github.com/godtable/godtable/internal/app/prunecli"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// errBuilding is lockOutput's answer when another process holds the lock.
var errBuilding = errors.New("another gen is building it")

// errDefinitionSize is readDefinition's answer for a file longer than a
// definition may be.
var errDefinitionSize = fmt.Errorf("definition too long (at most %d bytes)", ksolve.MaxSize)

// readDefinition reads a definition file, at most ksolve.MaxSize bytes of
// it: the parser refuses a longer one anyway, and read whole, a device
// such as /dev/zero would take all the memory there is before anything
// could look at its size.
func readDefinition(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, ksolve.MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(src) > ksolve.MaxSize {
		return nil, errDefinitionSize
	}
	return src, nil
}

// prepareOutput readies the directory of the table at path for a build
// that may take hours, before it starts: it checks that a file can be made
// there (the table and its checkpoints are written beside path and renamed
// into place, so otherwise the build would fail only at its first
// checkpoint or at its end), takes the build's lock, so that two builds of
// one table do not share its checkpoint, and, holding it, removes what an
// earlier build of path killed before it could clean up left there.
// release removes the lock file and releases the lock.
func prepareOutput(path string) (release func(), err error) {
	dir := filepath.Dir(path)
	probe, err := os.CreateTemp(dir, filepath.Base(path)+".*.tmp")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("cannot write in %s: %v", dir, err)
	}
	probe.Close()
	os.Remove(probe.Name())
	release, locked, err := lockOutput(path)
	if err != nil {
		return nil, err
	}
	// Without a lock (a system with no flock), a temporary file may be
	// another build's, being written: it stays.
	if locked {
		removeStale(path)
	}
	return release, nil
}

// removeStale removes the temporary files of the table at path that a
// build killed (kill -9, a power cut) left behind, each up to the table's
// size: the table's own (path.NNN.tmp, see writeAtomic) and its
// checkpoint's (path.checkpoint.NNN.tmp, see the bfs package). Only those
// names, only regular files, and only with the build's lock held: no other
// build of path can be writing them then.
func removeStale(path string) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.Type().IsRegular() && isStaleTemp(e.Name(), base) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// isStaleTemp reports whether name is one of the temporary files of the
// table named base: base.NNN.tmp or base.checkpoint.NNN.tmp, NNN the
// decimal number os.CreateTemp puts in place of its pattern's "*".
func isStaleTemp(name, base string) bool {
	rest, ok := strings.CutPrefix(name, base+".")
	if !ok {
		return false
	}
	rest = strings.TrimPrefix(rest, "checkpoint.")
	digits, ok := strings.CutSuffix(rest, ".tmp")
	if !ok || digits == "" {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// checkUsage is "godtable check"'s help.
const checkUsage = `usage: godtable check TABLE.gdt ... [--deep [--workers N] [--progress | --quiet]]

Verifies each table file whole: its header, every block's checksum, the
decoded distances, their checksum and the counts at each distance; a
definition's table against its definition too. With --deep, a
definition's table is proved exact as well: a search of its puzzle, in
memory on every core, compares every state's distance with the table's
(it takes about as long as the build's search).
`

// runCheck is "godtable check TABLE.gdt ...": each file verified whole
// (defcli.Check), its report on stdout, or one line on stderr saying what
// is wrong with it.
func runCheck(e *env, args []string) int {
	fs := flag.NewFlagSet("godtable check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var opt defcli.CheckOptions
	var progress, quiet bool
	fs.BoolVar(&opt.Deep, "deep", false, "prove a definition's table exact: a search of its puzzle compares every state's distance with it")
	fs.IntVar(&opt.Workers, "workers", 0, fmt.Sprintf("`goroutines` of --deep's search (0: one per CPU; at most %d)", maxWorkers))
	fs.BoolVar(&progress, "progress", false, "report --deep's progress on stderr even when it is not a terminal")
	fs.BoolVar(&quiet, "quiet", false, "no progress, even on a terminal")
	pos, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(e.stdout, checkUsage+"\nflags:\n")
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		fmt.Fprint(e.stdout, "\n"+exitText)
		return ExitOK
	}
	switch {
	case err != nil:
		return e.usage("check: %v", err)
	case len(pos) == 0:
		return e.usage("check takes the TABLE.gdt files to verify")
	case opt.Workers < 0 || opt.Workers > maxWorkers:
		return e.usage("check: --workers %d: want 0 to %d (0: one per CPU)", opt.Workers, maxWorkers)
	}
	code := ExitOK
	for i, path := range pos {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		done := func() {}
		if opt.Deep && (progress || !quiet && isTerminal(e.stderr)) {
			opt.Progress, done = progressReporterAs(e.stderr, "checking: ")
		}
		var err error
		switch {
		case cube3cli.IsTableFile(path):
			err = cube3cli.Check(path, e.stdout)
		case prunecli.Is(path):
			err = prunecli.Check(path, e.stdout)
		default:
			err = defcli.Check(path, e.stdout, opt)
		}
		done()
		if err != nil {
			fmt.Fprintf(e.stderr, "godtable: check: %v\n", err)
			code = ExitTable
		}
	}
	return code
}
