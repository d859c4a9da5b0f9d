// Package staticweb writes the page of "godtable serve" as static files that
// any file host can serve and that solve in the browser, with no server: the
// page's own files and its puzzles.js, the server (cmd/godtable-serve) built
// for GOOS=js GOARCH=wasm, and Go's wasm_exec.js, which runs it. "make web" and the browser test both
// write the folder through Write, so that the folder the test checks is the
// one make writes.
package staticweb

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/godtable/godtable/internal/app/all"
	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/format/checkedfile"
)

// Command is the package built to WebAssembly: the server, whose
// js/wasm entry point answers the page's API calls in the browser.
const Command = "github.com/godtable/godtable/cmd/godtable-serve"

// WASM is the name of the WebAssembly file in the folder; static.js loads it.
const WASM = "godtable.wasm"

// The page loads puzzles.js and app.js when served; the static page loads
// the Go runtime's glue and static.js before app.js, which start the solver
// and tell app.js to call it instead of the server.
const (
	appScript    = `<script src="app.js"></script>`
	staticScript = `<script src="wasm_exec.js"></script>` + "\n" + `<script src="static.js"></script>` + "\n" + appScript
)

// Write writes the static page into dir (made if missing): every file of
// page (the server's web folder) with index.html loading the solver,
// wasm_exec.js from the Go installation, and the server built to
// WebAssembly. goCmd is the go command to build with ("" finds one: go on
// PATH, else the one this program was built with); the build runs in the
// current directory, which must be inside the module.
func Write(dir string, page fs.FS, goCmd string) error {
	if goCmd == "" {
		goCmd = findGo()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if _, err := fs.Stat(page, "static.js"); err != nil {
		return fmt.Errorf("the page has no static.js: %v", err)
	}
	err := fs.WalkDir(page, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(page, name)
		if err != nil {
			return err
		}
		if name == "index.html" {
			if bytes.Count(b, []byte(appScript)) != 1 {
				return fmt.Errorf("index.html: want exactly one %s to put the solver before", appScript)
			}
			b = bytes.Replace(b, []byte(appScript), []byte(staticScript), 1)
		}
		out := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return checkedfile.ReplaceBytes(out, b, 0o644)
	})
	if err != nil {
		return err
	}
	// The puzzles and their pages, which the server makes from the
	// built-in puzzles, as a file.
	if err := checkedfile.ReplaceBytes(filepath.Join(dir, "puzzles.js"), cli.PageScriptOf(all.Puzzles()), 0o644); err != nil {
		return err
	}
	glue, err := wasmExec(goCmd)
	if err != nil {
		return err
	}
	if err := checkedfile.ReplaceBytes(filepath.Join(dir, "wasm_exec.js"), glue, 0o644); err != nil {
		return err
	}
	// -s -w drop the symbol table and debug information, which the
	// browser never uses; -trimpath keeps the build's paths out of the file.
	cmd := exec.Command(goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, WASM), Command)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, out)
	}
	return nil
}

// wasmExec reads the wasm_exec.js of the Go that builds the WebAssembly: the
// glue must match the compiler. It is in lib/wasm since Go 1.24, misc/wasm
// before.
func wasmExec(goCmd string) ([]byte, error) {
	out, err := exec.Command(goCmd, "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("%s env GOROOT: %v", goCmd, err)
	}
	root := strings.TrimSpace(string(out))
	for _, p := range []string{path.Join("lib", "wasm"), path.Join("misc", "wasm")} {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p), "wasm_exec.js"))
		if err == nil {
			return b, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return nil, fmt.Errorf("no wasm_exec.js in %s (looked in lib/wasm and misc/wasm)", root)
}

func findGo() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}
