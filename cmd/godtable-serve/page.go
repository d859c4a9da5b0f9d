package main

import (
	"embed"
	"io/fs"
	"net/http"

	"github.com/godtable/godtable/internal/app"
	"github.com/godtable/godtable/internal/app/cli"
)

// The page is plain HTML, CSS and JavaScript, embedded so that the binary
// serves it with no network and no files beside it; puzzles.js, the
// puzzles and their own pages, is made from the command's puzzles (the
// built-in ones, and the tables --table adds).
//
//go:embed web
var webFiles embed.FS

// pageHandler serves the page and its files at /.
func pageHandler() http.Handler {
	sub, err := fs.Sub(webFiles, "web")
	if err != nil {
		panic(err) // the embedded tree always has web/
	}
	files := http.FileServerFS(sub)
	script := cli.PageScriptOf(app.Puzzles())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			methodNotAllowed(w, "GET")
			return
		}
		// The page names everything it loads; nothing from elsewhere runs.
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self' 'wasm-unsafe-eval'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if r.URL.Path == "/puzzles.js" {
			// The puzzles and their pages.
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			w.Write(script)
			return
		}
		files.ServeHTTP(w, r)
	})
}
