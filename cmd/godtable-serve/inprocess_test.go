package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The static page's solver answers through callInProcess: it must answer
// every kind of request, good or bad, exactly as the server does over HTTP.
func TestCallInProcessAsServer(t *testing.T) {
	srv := httptest.NewServer(newHandler(io.Discard))
	defer srv.Close()
	h := recovering(io.Discard, routes())
	for _, c := range []struct{ puzzle, action, body string }{
		{"pocket", "solve", `{"state": "FFFUDDRFRULLLDRRUULBBBDB"}`},
		{"pocket", "solve", `{"state": "R U2 F", "scramble": true, "all": true, "limit": 3}`},
		{"pocket", "solve", `{"state": "FFFUDDRFRULLLDRRUULBBBD"}`},
		{"pocket", "solve", `{"state": "FFFUDDRFRULLLDRRUULBBBDB", "bogus": 1}`},
		{"pocket", "solve", `{"state": `},
		{"pocket", "show", `{"state": "UUUULLFFRRBBLLFFRRBBDDDD", "moves": "R U"}`},
		{"msquare", "solve", `{"state": "2 6 8 4 5 7 3 1", "count": true}`},
		{"rotgrid", "verify", `{"state": "492357816", "solution": "TL TR"}`},
		{"pyraminx", "scramble", `{"n": 2, "seed": 7}`},
		{"rotgame", "stats", `{}`},
		{"views", "solve", `{"state": "fe88e8f9b499"}`},
		{"cube", "solve", `{}`},
		{"pocket", "nothing", `{}`},
		{"pocket/../x", "solve", `{}`},
		{"pocket", "batch", "R U\nX\n"},
	} {
		resp, err := http.Post(srv.URL+"/api/v1/"+c.puzzle+"/"+c.action, "application/json", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		status, got := callInProcess(h, c.puzzle, c.action, c.body)
		// A path that HTTP would clean is sent escaped in process: it
		// names no puzzle either way.
		if strings.Contains(c.puzzle, "/") {
			if status != http.StatusNotFound || !strings.Contains(got, `"error"`) {
				t.Errorf("%s %s: in process %d %q, want 404 and an error", c.puzzle, c.action, status, got)
			}
			continue
		}
		if status != resp.StatusCode || got != string(want) {
			t.Errorf("%s %s %s:\nin process %d %q\nserver     %d %q", c.puzzle, c.action, c.body, status, got, resp.StatusCode, want)
		}
	}
}
