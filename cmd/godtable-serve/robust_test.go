package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/command"
)

// TestAPIBatchTooLargeSlowReader: a batch over the limit, sent by a client
// that reads nothing of its answer until it has sent its whole body, gets
// every answer to the lines read, then the line saying the body is too
// large, then a proper end. Closing the connection on request bytes still
// unread would reset it, and a reset throws away the answers the client
// has not read yet.
func TestAPIBatchTooLargeSlowReader(t *testing.T) {
	defer func(n int64) { maxBatchBody = n }(maxBatchBody)
	// Over the limit by more than net/http reads of a body after its
	// handler (256 KiB), and within what the handler drains.
	maxBatchBody = 1 << 20
	srv := httptest.NewServer(newHandler(io.Discard))
	defer srv.Close()
	// Inputs too long to take make the body large; each is followed by
	// one whose answer holds it twice, so that the answers are more than
	// the client's receive buffer holds.
	state := strings.Repeat("x", 16000)
	answer := strings.TrimSpace(runOutput([]string{"solve", "rotgrid", "--json", state}, ""))
	for _, c := range []struct {
		contentType string
		lines       []string // the body's lines, in turn
		answers     []string // their answers
	}{
		{"text/plain",
			[]string{strings.Repeat("x", command.MaxLine+1), state},
			[]string{`{"input":"","error":"line too long (more than 65536 bytes)"}`, answer}},
		{"application/x-ndjson",
			[]string{`{"state":"` + strings.Repeat("x", command.MaxLine+1) + `"}`, `{"state":"` + state + `"}`},
			[]string{`{"error":"input too long (more than 65536 bytes)"}`, answer}},
	} {
		var body strings.Builder
		var want []string
		for i := 0; int64(body.Len()) < maxBatchBody*3/2; i++ {
			k := i % len(c.lines)
			body.WriteString(c.lines[k] + "\n")
			if int64(body.Len()) <= maxBatchBody {
				want = append(want, c.answers[k])
			}
		}
		want = append(want, fmt.Sprintf(`{"error":"request body too large (more than %d bytes): the lines after the answers above were not read"}`, maxBatchBody))

		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		// A buffer of a set size, not one the system grows as it likes,
		// so that the answers are more than it holds.
		conn.(*net.TCPConn).SetReadBuffer(64 << 10)
		fmt.Fprintf(conn, "POST /api/v1/rotgrid/batch HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n", srv.Listener.Addr(), c.contentType, body.Len())
		written := make(chan error, 1)
		go func() {
			_, err := io.WriteString(conn, body.String())
			written <- err
		}()
		// The slow reader: it reads nothing for a while, so that the
		// server is done with the request before its answers are read.
		time.Sleep(time.Second)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", c.contentType, err)
		}
		out, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Errorf("%s: the answer did not end properly after %d bytes: %v", c.contentType, len(out), err)
		}
		got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if resp.StatusCode != 200 || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: %d, %d lines, want %d; the last %.200q", c.contentType, resp.StatusCode, len(got), len(want), got[len(got)-1])
		}
		if err := <-written; err != nil {
			t.Errorf("%s: sending the body: %v", c.contentType, err)
		}
	}
}
