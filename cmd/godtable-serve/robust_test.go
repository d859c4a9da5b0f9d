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

	"github.com/godtable/godtable/internal/app"
	"github.com/godtable/godtable/internal/app/cli"
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
			[]string{strings.Repeat("x", app.MaxLine+1), state},
			[]string{`{"input":"","error":"line too long (more than 65536 bytes)"}`, answer}},
		{"application/x-ndjson",
			[]string{`{"state":"` + strings.Repeat("x", app.MaxLine+1) + `"}`, `{"state":"` + state + `"}`},
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

// TestAPIAnswersPastAPanic: an input whose answering panics gets an error
// in its place, in a JSON Lines batch, a batch of lines (JSON or text) and
// a single solve, and the inputs after it are answered as usual; the
// panic is logged with the input and the stack.
func TestAPIAnswersPastAPanic(t *testing.T) {
	const boom = "LBUUFLFFRURDLFRLBBDBDUDR"
	defer func(f func(puzzle, string, *options, *cli.Answer) error) { solveInput = f }(solveInput)
	solveInput = func(p puzzle, in string, o *options, a *cli.Answer) error {
		if in == boom {
			panic("boom")
		}
		return p.Solve(in, o, a)
	}
	var logb syncBuffer
	h := newHandler(&logb)
	const good = "FFFUDDRFRULLLDRRUULBBBDB"
	goodJSON := runOutput([]string{"solve", "pocket", "--json", good}, "")
	boomJSON := `{"input":"` + boom + `","error":"internal error"}` + "\n"
	for _, c := range []struct {
		path, contentType, body, want string
	}{
		{"/api/v1/pocket/batch", "application/x-ndjson",
			`{"state":"` + good + `"}` + "\n" + `{"state":"` + boom + `"}` + "\n" + `{"state":"` + good + `"}` + "\n",
			goodJSON + boomJSON + goodJSON},
		{"/api/v1/pocket/batch", "text/plain",
			good + "\n" + boom + "\n" + good + "\n",
			goodJSON + boomJSON + goodJSON},
		{"/api/v1/pocket/batch?format=text", "text/plain",
			good + "\n" + boom + "\n" + good + "\n",
			runOutput([]string{"solve", "pocket", good}, "") + "error: internal error\n" + runOutput([]string{"solve", "pocket", good}, "")},
	} {
		code, out := post(t, h, "POST", c.path, c.body, "Content-Type", c.contentType)
		if code != 200 || out != c.want {
			t.Errorf("%s %s: %d\n%s\nwant\n%s", c.path, c.contentType, code, out, c.want)
		}
	}
	if code, out := post(t, h, "POST", "/api/v1/pocket/solve", `{"state":"`+boom+`"}`); code != 500 || out != `{"error":"internal error"}`+"\n" {
		t.Errorf("solve: %d %s", code, out)
	}
	if code, out := post(t, h, "POST", "/api/v1/pocket/solve", `{"state":"`+good+`"}`); code != 200 || out != goodJSON {
		t.Errorf("solve after a panic: %d %s", code, out)
	}
	log := logb.String()
	if n := strings.Count(log, `godtable: panic serving POST /api/v1/pocket/batch (input "`+boom+`"): boom`+"\n"); n != 3 {
		t.Errorf("%d batch panics logged, want 3:\n%s", n, log)
	}
	if !strings.Contains(log, `godtable: panic serving POST /api/v1/pocket/solve (input "`+boom+`"): boom`+"\n") || !strings.Contains(log, "runtime/debug.Stack") {
		t.Errorf("the solve's panic is not logged with its stack:\n%s", log)
	}
}

// panicky is the rotation grid under another name, except that its own
// code panics outside its Solve, where no input's answering is guarded:
// checking the options --all --limit 7, and reading the line "boom".
type panicky struct{ cli.Puzzle }

func (panicky) Name() string { return "panicky" }

func (panicky) CheckOptions(cmd string, o *cli.Options) error {
	if o.Limit == 7 {
		panic("boom")
	}
	return nil
}

func (p panicky) EndsInput(line string) bool {
	if line == "boom" {
		panic("boom")
	}
	return p.Puzzle.EndsInput(line)
}

// TestAPIBatchPanicElsewhere: a JSON Lines line whose answering panics
// anywhere gets an error in its place, and the lines after it their
// answers; a panic in a batch of lines outside any input's answering ends
// the batch with a line saying so, not with an answer that looks whole.
func TestAPIBatchPanicElsewhere(t *testing.T) {
	remove, err := app.AddPuzzle(panicky{app.Lookup("rotgrid")})
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	h := newHandler(io.Discard)
	good := runOutput([]string{"solve", "rotgrid", "--json", "492357816"}, "")
	jl := `{"state":"492357816"}` + "\n" + `{"state":"492357816","all":true,"limit":7}` + "\n" + `{"state":"492357816"}` + "\n"
	if code, out := post(t, h, "POST", "/api/v1/panicky/batch", jl, "Content-Type", "application/x-ndjson"); code != 200 || out != good+`{"error":"internal error"}`+"\n"+good {
		t.Errorf("JSON Lines: %d\n%s", code, out)
	}
	code, out := post(t, h, "POST", "/api/v1/panicky/batch", "492357816\nboom\n492357816\n")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if last := lines[len(lines)-1]; code != 200 || last != `{"error":"internal error: the lines after the answers above were not answered"}` || len(lines) > 2 || len(lines) == 2 && lines[0]+"\n" != good {
		t.Errorf("lines: %d\n%s", code, out)
	}
}
