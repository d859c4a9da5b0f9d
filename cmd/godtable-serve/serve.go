package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime/debug"
	"time"
)

// Server timeouts. A request's body is read within readTimeout and its answer
// written within writeTimeout; they are generous enough for a batch of a few
// million lines over a local network and short enough that a client that
// stops reading or writing does not hold a connection for long.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 2 * time.Minute
	writeTimeout      = 5 * time.Minute
	idleTimeout       = 2 * time.Minute
	// shutdownTimeout bounds how long a stopping server waits for the
	// requests in flight.
	shutdownTimeout = 30 * time.Second
)

// serve answers on ln until ctx is done, then stops taking connections and
// waits (up to shutdownTimeout) for the requests in flight.
func serve(ctx context.Context, ln net.Listener, logw io.Writer) error {
	srv := newServer(logw)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintln(logw, "godtable: shutting down: waiting for the requests in flight")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newServer is the HTTP server of "godtable serve", with its timeouts.
func newServer(logw io.Writer) *http.Server {
	return &http.Server{
		Handler:           newHandler(logw),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    64 << 10,
	}
}

// newHandler is the page and the API, each request logged on logw and
// guarded against panics.
func newHandler(logw io.Writer) http.Handler {
	return logged(logw, recovering(logw, routes()))
}

// statusWriter records the status of a response for the log, and whether
// anything was written, so that a panic is answered with a 500 only while
// the header can still be sent.
type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.status, w.wrote = http.StatusOK, true
	}
	return w.ResponseWriter.Write(b)
}

// Flush lets a batch stream its answers through the wrapper.
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		if !w.wrote {
			w.status, w.wrote = http.StatusOK, true
		}
		f.Flush()
	}
}

// Unwrap gives http.ResponseController the connection's own writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logged writes one line per request: method, path, status, duration.
func logged(logw io.Writer, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw, ok := w.(*statusWriter)
		if !ok {
			sw = &statusWriter{ResponseWriter: w, status: http.StatusOK}
		}
		defer func() {
			fmt.Fprintf(logw, "godtable: %s %s %d %s\n", r.Method, r.URL.Path, sw.status, time.Since(start).Round(time.Microsecond))
		}()
		h.ServeHTTP(sw, r)
	})
}

// recovering turns a panic in a handler into a 500 answer and a log line
// with the stack, so that one bad request never takes the server down.
func recovering(logw io.Writer, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw, ok := w.(*statusWriter)
		if !ok {
			sw = &statusWriter{ResponseWriter: w, status: http.StatusOK}
		}
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				// The handler gave up on a client that went away: there
				// is no one to answer.
				panic(v)
			}
			fmt.Fprintf(logw, "godtable: panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			if !sw.wrote {
				writeError(sw, http.StatusInternalServerError, errors.New("internal error"))
			} else {
				sw.status = http.StatusInternalServerError
			}
		}()
		h.ServeHTTP(sw, r)
	})
}
