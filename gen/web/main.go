// Command web writes the static page: the page's files, the server built
// to WebAssembly, and Go's wasm_exec.js, into one folder that any static
// file host can serve. "make web" runs it from the module's root:
//
//	go run ./gen/web -o bin/web
package main

import (
	"flag"
	"log"
	"os"

	"github.com/godtable/godtable/internal/app/staticweb"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("web: ")
	out := flag.String("o", "bin/web", "write the static page into `dir`")
	page := flag.String("page", "cmd/godtable-serve/web", "the page's files, from `dir`")
	goCmd := flag.String("go", "", "the go `command` that builds the WebAssembly (default: go on PATH)")
	flag.Parse()
	if flag.NArg() > 0 {
		log.Fatalf("no arguments expected, got %q", flag.Args())
	}
	if err := staticweb.Write(*out, os.DirFS(*page), *goCmd); err != nil {
		log.Fatal(err)
	}
}
