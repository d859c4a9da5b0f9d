package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
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
)

// shutdownTimeout bounds how long a stopping server waits for the requests
// in flight (a variable so that the tests can reach it quickly).
var shutdownTimeout = 30 * time.Second

// shutdownGrace is how long a request cut by the shutdown has to end its
// answer (a batch's error line) before its connection is closed.
var shutdownGrace = 5 * time.Second

// errCut is serve's error when the shutdown cut requests short.
type errCut struct{ n int }

func (e errCut) Error() string {
	return fmt.Sprintf("stopped with %s cut short: still in flight %s after the signal", requests(e.n), shutdownTimeout)
}

// requests is "1 request" or "N requests".
func requests(n int) string {
	if n == 1 {
		return "1 request"
	}
	return strconv.Itoa(n) + " requests"
}

// serve answers on ln, for the hosts h allows, until ctx is done, then stops
// taking connections and waits (up to shutdownTimeout) for the requests in
// flight. Those still in flight then are cut: reading their bodies fails,
// so that a batch ends with an error line saying why, and after
// shutdownGrace their connections are closed. The error says how many were
// cut (errCut).
func serve(ctx context.Context, ln net.Listener, logw io.Writer, h *hosts) error {
	t := &tracker{active: map[*inflight]struct{}{}}
	srv := newServer(logw, h, t)
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
	err := srv.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		n := t.cutAll()
		fmt.Fprintf(logw, "godtable: shutting down: cutting %s still in flight after %s\n", requests(n), shutdownTimeout)
		gctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		if err = srv.Shutdown(gctx); err != nil {
			// Still not done (a client that does not read its
			// answer): close the connections, cutting what is left.
			t.closing()
			err = srv.Close()
		}
	}
	if err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	if n := int(t.cut.Load()); n > 0 {
		return errCut{n}
	}
	return nil
}

// tracker keeps the requests in flight, so that a shutdown can cut those
// that outlast it.
type tracker struct {
	mu       sync.Mutex
	active   map[*inflight]struct{}
	stopping bool
	// cut counts the requests the shutdown cut short: those that said so
	// in their answer (cutByShutdown) and those still running when their
	// connections were closed. A request still in flight at the deadline
	// that then ends whole (it was not reading) is not counted.
	cut atomic.Int64
}

// inflight is one request in flight: its tracker, its connection's
// controller, whether the shutdown is cutting it, and whether it has been
// counted as cut.
type inflight struct {
	t       *tracker
	rc      *http.ResponseController
	cutting atomic.Bool
	counted atomic.Bool
}

// count counts the request as cut, once.
func (f *inflight) count() {
	if f.counted.CompareAndSwap(false, true) {
		f.t.cut.Add(1)
	}
}

type inflightKey struct{}

// track registers each request for the duration of its handler.
func (t *tracker) track(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f := &inflight{t: t, rc: http.NewResponseController(w)}
		t.mu.Lock()
		if t.stopping {
			// Came in on a kept-alive connection as the cut began.
			f.cutting.Store(true)
			f.rc.SetReadDeadline(time.Now())
		}
		t.active[f] = struct{}{}
		t.mu.Unlock()
		defer func() {
			t.mu.Lock()
			delete(t.active, f)
			t.mu.Unlock()
		}()
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), inflightKey{}, f)))
	})
}

// cutAll cuts every request in flight: reading its body fails from now on.
// It returns how many there were.
func (t *tracker) cutAll() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopping = true
	for f := range t.active {
		f.cutting.Store(true)
		f.rc.SetReadDeadline(time.Now())
	}
	return len(t.active)
}

// closing counts every request still in flight as cut: their connections
// are about to be closed.
func (t *tracker) closing() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for f := range t.active {
		f.count()
	}
}

// cutByShutdown reports whether the shutdown is cutting request r, so that a
// handler whose body read failed can say why; if so, the request counts as
// cut.
func cutByShutdown(r *http.Request) bool {
	f, _ := r.Context().Value(inflightKey{}).(*inflight)
	if f == nil || !f.cutting.Load() {
		return false
	}
	f.count()
	return true
}

// errShutdown is what a request cut by the shutdown is told.
var errShutdown = errors.New("the server is shutting down")

// newServer is the HTTP server of "godtable serve", with its timeouts,
// answering the hosts h allows, its requests tracked by t.
func newServer(logw io.Writer, h *hosts, t *tracker) *http.Server {
	return &http.Server{
		Handler:           handler(logw, h, t),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    64 << 10,
	}
}

// newHandler is the page and the API, each request logged on logw and
// guarded against panics, for any host (as the tests ask it).
func newHandler(logw io.Writer) http.Handler {
	return handler(logw, nil, nil)
}

// handler is the page and the API: every request logged on logw, every
// answer marked nosniff (a browser must not take an answer for another type
// than it says, such as a JSON error holding the request's text for a
// page), requests for a host h does not allow refused (h nil: any), each
// tracked by t (nil: none), and guarded against panics.
func handler(logw io.Writer, h *hosts, t *tracker) http.Handler {
	inner := recovering(logw, routes())
	if t != nil {
		inner = t.track(inner)
	}
	if h != nil {
		inner = h.check(inner)
	}
	return logged(logw, nosniff(inner))
}

// nosniff marks every answer X-Content-Type-Options: nosniff.
func nosniff(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		h.ServeHTTP(w, r)
	})
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
			fmt.Fprintf(logw, "godtable: %s %s %d %s\n", logText(r.Method), logText(r.URL.EscapedPath()), sw.status, time.Since(start).Round(time.Microsecond))
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
		// A handler that guards a part of its answer (recovered) logs
		// the panics there on the same log.
		r = r.WithContext(context.WithValue(r.Context(), logKey{}, logw))
		if !recovered(r, "", func() { h.ServeHTTP(sw, r) }) {
			return
		}
		if !sw.wrote {
			writeError(sw, http.StatusInternalServerError, errInternal)
		} else {
			sw.status = http.StatusInternalServerError
		}
	})
}

// logText is a request's text as a log line may hold it: as it is when it
// is printable ASCII with no space, quote or backslash (every method, and a
// path as the client escaped it), else quoted with Go's escapes, so that no
// request can write a line of its own, or make one read otherwise.
func logText(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '"' || c == '\\' {
			return strconv.QuoteToASCII(s)
		}
	}
	return s
}
