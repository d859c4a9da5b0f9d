//go:build !(js && wasm)

// Command godtable-serve is "godtable serve", which runs it: the web page and
// the HTTP API, answering as the godtable command does (see
// internal/app), until SIGINT or SIGTERM.
//
// Usage:
//
//	godtable-serve [--addr 127.0.0.1:8080] [--allow-host NAME ...]
//
// It answers requests for the loopback names and addresses and the address
// it listens on; --allow-host adds a name (a DNS name pointing at the
// machine, or a proxy's), and may be given again for more.
//
// The server is its own program so that the command line, which answers
// most questions in one shot, does not load an HTTP server to do it. Built
// for the browser (GOOS=js GOARCH=wasm) it is instead the static page's
// solver: wasm.go.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/godtable/godtable/internal/app"
	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/app/defcli"
	"github.com/godtable/godtable/internal/app/prunecli"
	"github.com/godtable/godtable/internal/support/sysmem"
	"github.com/godtable/godtable/lookup/tws"
)

func main() { os.Exit(runServe(os.Args[1:], os.Stdout, os.Stderr)) }

const serveUsageText = "usage: godtable serve [--addr 127.0.0.1:8080] [--allow-host NAME ...] [--table TABLE.gdt ...] [--timeout 60s]"

// serveUsage says what is wrong with the command line, and the usage.
func serveUsage(stderr io.Writer, format string, args ...any) int {
	fmt.Fprintf(stderr, "godtable: serve: "+format+"\n", args...)
	fmt.Fprintln(stderr, serveUsageText)
	return app.ExitUsage
}

// runServe is "godtable serve": the page and the HTTP API until SIGINT or
// SIGTERM, which let the requests in flight finish.
func runServe(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return runServeUntil(ctx, args, stdout, stderr)
}

// runServeUntil is runServe until ctx is done in place of a signal. It
// exits 0 when every request finished, and 1, saying how many, when the
// shutdown cut some.
func runServeUntil(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("godtable serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `address` host:port")
	var allow []string
	fs.Func("allow-host", "also answer requests for host `NAME` (loopback names and addresses and the address listened on always; repeatable)", func(v string) error {
		if v == "" || strings.ContainsAny(v, "/ \t\r\n,") {
			return fmt.Errorf("want a host name or address, got %q", v)
		}
		allow = append(allow, v)
		return nil
	})
	var tables []string
	fs.Func("table", "also serve the definition puzzle of `TABLE.gdt`, named by its file's name without .gdt (repeatable)", func(v string) error {
		tables = append(tables, v)
		return nil
	})
	fs.DurationVar(&searchTimeout, "timeout", cli.ServerSearchTimeout, "stop each request's search (a pruning file's, the 3x3x3's) after `T`, answering with the depth\n"+
		"it proved has no solution; a request's shorter timeout field is kept")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, serveUsageText)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return app.ExitOK
		}
		return serveUsage(stderr, "%v", err)
	}
	if fs.NArg() > 0 {
		return serveUsage(stderr, "takes no arguments")
	}
	if searchTimeout <= 0 {
		return serveUsage(stderr, "--timeout %v: want a positive time (each request's search is bounded)", searchTimeout)
	}
	for _, path := range tables {
		if _, code := addTable(path, stderr); code != app.ExitOK {
			return code
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "godtable: serve: %v\n", err)
		return app.ExitUsage
	}
	fmt.Fprintf(stderr, "godtable: serving on http://%s/\n", ln.Addr())
	if err := serve(ctx, ln, stderr, newHosts(*addr, ln.Addr(), allow)); err != nil {
		// Requests cut by the shutdown are said with their number.
		fmt.Fprintf(stderr, "godtable: serve: %v\n", err)
		return 1
	}
	return app.ExitOK
}

// addTable serves the definition puzzle of a .gdt file beside the built-in
// puzzles, under its file's name without .gdt: the API's
// /api/v1/NAME/... and the page's plain page. A table that cannot be used,
// or a definition given in its place, stops the server before it starts
// (exit 3), as the command refuses one; a file that cannot be read (see
// openTable) exits 2. It returns the function that takes the puzzle away
// again.
func addTable(path string, stderr io.Writer) (func(), int) {
	f, size, err := openTable(path)
	if err != nil {
		fmt.Fprintf(stderr, "godtable: serve: --table %v\n", err)
		return nil, app.ExitUsage
	}
	keep := false // a table read in place keeps its file open
	defer func() {
		if !keep {
			f.Close()
		}
	}()
	// A table is read a piece at a time (tws.Open), or, past
	// defcli.Paged's size, left in the file, each answer reading the blocks
	// it needs (tws.Open, in place); anything else is small enough to read
	// whole, to say what it is.
	head := make([]byte, 16)
	n, _ := f.ReadAt(head, 0)
	if tws.IsPruned(head[:n]) {
		return addPruned(path, f, size, &keep, stderr)
	}
	var data []byte
	if !tws.IsTable(head[:n]) {
		if data, err = readAll(path, f, size); err != nil {
			fmt.Fprintf(stderr, "godtable: serve: --table %v\n", err)
			return nil, app.ExitUsage
		}
	}
	if data != nil && isDefinition(path, data) {
		// Its bytes would be a table's with a bad magic number: say
		// what it is instead, and how to make the table it wants.
		out := strings.TrimSuffix(path, filepath.Ext(path)) + ".gdt"
		if out == path {
			out = "TABLE.gdt"
		}
		fmt.Fprintf(stderr, "godtable: serve: --table %s: a puzzle definition, not a table: build its table with \"godtable gen %s -o %s\" and serve that\n", path, path, out)
		return nil, app.ExitTable
	}
	var pz *tws.Puzzle
	switch {
	case data == nil && defcli.Paged(size):
		pz, err = tws.Open(path, f, size, tws.OpenOptions{InPlace: true, CacheBlocks: defcli.PagedCacheBlocks})
		keep = err == nil
	case data == nil:
		pz, err = tws.Open(path, f, size, tws.OpenOptions{})
	default:
		pz, err = tws.Open(path, bytes.NewReader(data), int64(len(data)), tws.OpenOptions{})
	}
	if err != nil {
		fmt.Fprintf(stderr, "godtable: serve: cannot answer: %v\n", err)
		return nil, app.ExitTable
	}
	return serveNamed(path, stderr, func(name string) cli.Puzzle { return defcli.FromTable(name, pz) })
}

// serveNamed adds the puzzle of the table file at path, named by its
// file's name without its extension, to the puzzles served.
func serveNamed(path string, stderr io.Writer, puzzle func(name string) cli.Puzzle) (func(), int) {
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	if !validName(name) {
		fmt.Fprintf(stderr, "godtable: serve: --table %s: %q cannot name a puzzle in the API (letters, digits, - and _)\n", path, name)
		return nil, app.ExitUsage
	}
	remove, err := app.AddPuzzle(puzzle(name))
	if err != nil {
		fmt.Fprintf(stderr, "godtable: serve: --table %s: %v\n", path, err)
		return nil, app.ExitUsage
	}
	return remove, app.ExitOK
}

// addPruned is addTable of a pruning file (godtable gen --prune), open
// as f: read whole, or past defcli.Paged's size in place (keep is then set,
// so that f stays open). Each request's search is bounded by the server's
// --timeout, and answers with its proven lower bound when it stops.
func addPruned(path string, f *os.File, size int64, keep *bool, stderr io.Writer) (func(), int) {
	var pz *tws.Pruned
	var err error
	if defcli.Paged(size) {
		pz, err = tws.OpenPruned(path, f, size, tws.OpenOptions{InPlace: true, CacheBlocks: defcli.PagedCacheBlocks})
		*keep = err == nil
	} else {
		pz, err = tws.OpenPrunedAt(path, f, size)
	}
	if err != nil {
		fmt.Fprintf(stderr, "godtable: serve: cannot answer: %v\n", err)
		return nil, app.ExitTable
	}
	return serveNamed(path, stderr, func(name string) cli.Puzzle { return prunecli.Opened(name, pz) })
}

// validName says whether a table's name can stand in the API's paths.
func validName(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// openTable opens a table file to read, first refusing what it could not:
// a file that is not a regular one (a device such as /dev/zero, a pipe),
// which has no size to check and may never end, and one larger than the
// memory available. It returns the size it checked, which is all that is
// read of it, should the file change meanwhile. The error begins with the
// path.
func openTable(path string) (*os.File, int64, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, 0, tableError(path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("%s: not a regular file (want a .gdt table file)", path)
	}
	size := fi.Size()
	if avail, ok := availableMemory(); ok && uint64(size) > avail {
		return nil, 0, fmt.Errorf("%s: the table is %s; this machine has %s available", path, sizeText(uint64(size)), sizeText(avail))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, tableError(path, err)
	}
	return f, size, nil
}

// readAll reads the size bytes of the file f at path whole.
func readAll(path string, f *os.File, size int64) ([]byte, error) {
	data := make([]byte, size)
	if _, err := f.ReadAt(data, 0); err != nil && !(err == io.EOF && size == 0) {
		return nil, fmt.Errorf("%s: reading: %v", path, err)
	}
	return data, nil
}

// tableError is a file's error with the path first and once: an
// *os.PathError names it after the operation.
func tableError(path string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", path, pe.Err)
	}
	return fmt.Errorf("%s: %v", path, err)
}

// sizeText is a size in bytes for a message: in MB from 10 MB up.
func sizeText(n uint64) string {
	if n >= 10<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// availableMemory is the memory this machine has available, where the
// system says (Linux's MemAvailable); a variable so that the tests need
// not depend on the machine's.
var availableMemory = sysmem.Available

// isDefinition says whether a file given as a table is a puzzle
// definition instead: one that parses as a definition, or a .tws (one
// with a mistake, which gen would name).
func isDefinition(path string, data []byte) bool {
	if strings.EqualFold(filepath.Ext(path), ".tws") {
		return true
	}
	_, err := tws.ParseDefinition(path, data)
	return err == nil
}
