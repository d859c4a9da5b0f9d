package main

import (
	"bytes"
	"net/http"
	"net/url"
)

// callInProcess asks the API handler h for POST /api/v1/PUZZLE/ACTION with
// a JSON body, with no network, and returns the status and the answer's
// body. The static page's WebAssembly solver answers through it, so that the
// page gets from the browser exactly what the server would have sent.
func callInProcess(h http.Handler, puzzle, action, body string) (int, string) {
	w := &recorder{header: http.Header{}}
	r, err := http.NewRequest(http.MethodPost, "/api/v1/"+url.PathEscape(puzzle)+"/"+url.PathEscape(action), bytes.NewReader([]byte(body)))
	if err != nil {
		// The escaped path is always a valid URL; answer as the server
		// would a request it cannot read, should it ever not be.
		writeError(w, http.StatusBadRequest, err)
	} else {
		r.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(w, r)
	}
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.status, w.body.String()
}

// recorder is the http.ResponseWriter of an in-process call: the status and
// the body, in memory (net/http/httptest's recorder would do, but that
// package registers a command-line flag when linked in).
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *recorder) Header() http.Header { return w.header }

func (w *recorder) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *recorder) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(b)
}

// Flush lets a batch, which flushes as it answers, run to its end: the whole
// answer is handed over at once anyway.
func (w *recorder) Flush() {}
