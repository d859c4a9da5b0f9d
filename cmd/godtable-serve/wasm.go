//go:build js && wasm

package main

import (
	"os"
	"syscall/js"
)

// main is the server built for the browser, the solver of the static page
// (make web): instead of reading a command line it gives the page the
// function godtableCall(puzzle, action, bodyJSON), which answers a Promise of
// {status, body} by running the server's own API handler in process, so
// that the static page and "godtable serve" answer alike. It then calls
// godtableReady(), if the page defined it, and waits for calls.
func main() {
	// As in the server, a panic in a handler is answered with a 500 (and
	// its stack goes to the browser's console) instead of ending the
	// program, which would leave the page with no solver.
	h := recovering(os.Stderr, routes())
	call := js.FuncOf(func(this js.Value, args []js.Value) any {
		arg := func(i int) string {
			if i < len(args) && args[i].Type() == js.TypeString {
				return args[i].String()
			}
			return ""
		}
		puzzle, action, body := arg(0), arg(1), arg(2)
		var executor js.Func
		executor = js.FuncOf(func(this js.Value, pargs []js.Value) any {
			resolve := pargs[0]
			// A JavaScript callback must not block, and a handler may
			// (on a lock, say): it runs on its own goroutine, and the
			// Promise settles when it is done.
			go func() {
				status, answer := callInProcess(h, puzzle, action, body)
				resolve.Invoke(map[string]any{"status": status, "body": answer})
			}()
			return nil
		})
		defer executor.Release()
		return js.Global().Get("Promise").New(executor)
	})
	js.Global().Set("godtableCall", call)
	if ready := js.Global().Get("godtableReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
