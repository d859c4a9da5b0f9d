package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
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

// errorOf is the error of a one-line JSON answer ("" if it has none).
func errorOf(t testing.TB, line string) string {
	t.Helper()
	var e struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal([]byte(line), &e); err != nil {
		t.Fatalf("not JSON: %q", line)
	}
	return e.Error
}

// TestAPIBatchJSONLinesEveryLine: every line of a JSON Lines batch gets
// exactly one answer, in its place, whatever is wrong with it: blank, white
// space only, too long, not JSON, a field twice or unknown, a state too
// long; the lines after a bad one are answered as usual.
func TestAPIBatchJSONLinesEveryLine(t *testing.T) {
	h := newHandler(io.Discard)
	good := `{"state":"FFFUDDRFRULLLDRRUULBBBDB"}`
	goodAnswer := strings.TrimSpace(runOutput([]string{"solve", "pocket", "--json", "FFFUDDRFRULLLDRRUULBBBDB"}, ""))
	cases := []struct{ line, answer string }{
		{good, goodAnswer},
		{"", `{"error":"empty line (want a JSON solve request)"}`},
		{"   ", `{"error":"empty line (want a JSON solve request)"}`},
		{"\t \r", `{"error":"empty line (want a JSON solve request)"}`},
		{good + "\r", goodAnswer},
		{strings.Repeat("x", maxJSONLine+1), `{"error":"line too long (more than 131072 bytes)"}`},
		{`{"state":"` + strings.Repeat("R ", maxJSONLine/2+10) + `"}`, `{"error":"line too long (more than 131072 bytes)"}`},
		{good, goodAnswer},
		{"x", `{"error":"bad JSON request: invalid character 'x' looking for beginning of value"}`},
		{`{"state":"R","state":"U"}`, `{"error":"bad JSON request: duplicate field \"state\""}`},
		{`{"state":"R","st\u0061te":"U"}`, `{"error":"bad JSON request: duplicate field \"state\""}`},
		{`{"state":"R","scramble":true,"metric":"qtm","metric":"htm"}`, `{"error":"bad JSON request: duplicate field \"metric\""}`},
		{`{"state":"R","moves":"U"}`, `{"error":"unknown field \"moves\" (solve pocket takes state, all, count, limit, metric, order, scramble)"}`},
		{`{"state":"` + strings.Repeat("R", app.MaxLine+1) + `"}`, `{"error":"input too long (more than 65536 bytes)"}`},
		{`{"state":"x"}`, strings.TrimSpace(runOutput([]string{"solve", "pocket", "--json", "x"}, ""))},
		{good, goodAnswer},
	}
	var body strings.Builder
	for _, c := range cases {
		body.WriteString(c.line + "\n")
	}
	// The last line without its newline is a line all the same.
	body.WriteString(good)
	code, out := post(t, h, "POST", "/api/v1/pocket/batch", body.String(), "Content-Type", "application/x-ndjson")
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 200 || len(got) != len(cases)+1 {
		t.Fatalf("%d: %d answers for %d lines:\n%.2000s", code, len(got), len(cases)+1, out)
	}
	for i, c := range cases {
		if got[i] != c.answer {
			t.Errorf("line %d (%.40q): %.200s, want %.200s", i+1, c.line, got[i], c.answer)
		}
	}
	if got[len(cases)] != goodAnswer {
		t.Errorf("last line: %s", got[len(cases)])
	}
}

// TestAPIRefusesWhatItWouldIgnore: an option or field that is unknown, out
// of its place or given twice is refused with 400 and named, everywhere.
func TestAPIRefusesWhatItWouldIgnore(t *testing.T) {
	h := newHandler(io.Discard)
	cube := `{"state":"FFFUDDRFRULLLDRRUULBBBDB"}`
	cases := []struct {
		name, method, path, body, ct string
		msg                          string
	}{
		{"query on a POST solve", "POST", "/api/v1/pocket/solve?metric=qtm", cube, "", `unexpected query parameter "metric" (the options of a POST go in its JSON body)`},
		{"query on a POST verify", "POST", "/api/v1/pocket/verify?scramble=true", `{"state":"R","solution":"R'"}`, "", `unexpected query parameter "scramble"`},
		{"query on a POST scramble", "POST", "/api/v1/pocket/scramble?n=2", `{}`, "", `unexpected query parameter "n"`},
		{"query on a POST stats", "POST", "/api/v1/pocket/stats?metric=qtm", ``, "", `unexpected query parameter "metric"`},
		{"query on a POST show", "POST", "/api/v1/pocket/show?order=urfdlb", cube, "", `unexpected query parameter "order"`},
		{"bare query on a POST", "POST", "/api/v1/pocket/solve?qtm", cube, "", `unexpected query parameter "qtm"`},
		{"duplicate field", "POST", "/api/v1/pocket/solve", `{"state":"R","state":"U"}`, "", `duplicate field "state"`},
		{"duplicate option", "POST", "/api/v1/pocket/solve", `{"state":"FFFUDDRFRULLLDRRUULBBBDB","metric":"qtm","metric":"htm"}`, "", `duplicate field "metric"`},
		{"duplicate escaped", "POST", "/api/v1/pocket/verify", `{"state":"R","solution":"R'","s\u006flution":"R"}`, "", `duplicate field "solution"`},
		{"duplicate in show", "POST", "/api/v1/msquare/show", `{"state":"1 2 3 4 5 6 7 8","moves":"A","moves":"B"}`, "", `duplicate field "moves"`},
		{"duplicate query on stats", "GET", "/api/v1/pocket/stats?metric=qtm&metric=htm", ``, "", `duplicate query parameter "metric"`},
		{"query and body on stats", "GET", "/api/v1/pocket/stats?metric=qtm", `{"metric":"htm"}`, "", `field "metric" both in the query and in the body`},
		{"bad query on stats", "GET", "/api/v1/pocket/stats?metric=%zz", ``, "", `bad query`},
		{"unknown query on stats", "GET", "/api/v1/pocket/stats?metrc=qtm", ``, "", `unknown field "metrc"`},
		{"bogus format", "POST", "/api/v1/pocket/batch?format=bogus", "R\n", "", `format "bogus" (want json or text)`},
		{"duplicate format", "POST", "/api/v1/pocket/batch?format=text&format=json", "R\n", "", `duplicate query parameter "format"`},
		{"duplicate batch option", "POST", "/api/v1/pocket/batch?metric=qtm&metric=htm", "R\n", "", `duplicate query parameter "metric"`},
		{"state in a batch's query", "POST", "/api/v1/pocket/batch?state=FFFUDDRFRULLLDRRUULBBBDB", "R\n", "", `unexpected query parameter "state"`},
		{"unknown batch option", "POST", "/api/v1/pocket/batch?colour=red", "R\n", "", `unknown field "colour"`},
		{"text format for JSON Lines", "POST", "/api/v1/pocket/batch?format=text", cube + "\n", "application/x-ndjson", `format text: a JSON Lines batch is answered in JSON Lines`},
		{"query on healthz", "GET", "/healthz?verbose=1", ``, "", `unexpected query parameter "verbose"`},
		{"body on healthz", "GET", "/healthz", `{}`, "", `takes no request body`},
		{"query on puzzles", "GET", "/api/v1/puzzles?puzzle=pocket", ``, "", `unexpected query parameter "puzzle"`},
	}
	for _, c := range cases {
		var header []string
		if c.ct != "" {
			header = []string{"Content-Type", c.ct}
		}
		code, body := post(t, h, c.method, c.path, c.body, header...)
		if code != 400 || !strings.Contains(errorOf(t, strings.TrimSpace(body)), c.msg) {
			t.Errorf("%s: %d %s, want 400 with %q", c.name, code, body, c.msg)
		}
	}
	// What the command takes is applied: the query's options on GET stats
	// and on a batch, format json as the default.
	if code, body := post(t, h, "GET", "/api/v1/pocket/stats?metric=qtm", ""); code != 200 || body != runOutput([]string{"stats", "pocket", "--json", "--metric", "qtm"}, "") {
		t.Errorf("stats?metric=qtm: %d %s", code, body)
	}
	want := runOutput([]string{"solve", "pocket", "--json", "--metric", "qtm"}, "FFFUDDRFRULLLDRRUULBBBDB\n")
	if code, body := post(t, h, "POST", "/api/v1/pocket/batch?format=json&metric=qtm", "FFFUDDRFRULLLDRRUULBBBDB\n"); code != 200 || body != want {
		t.Errorf("batch?format=json&metric=qtm: %d %s, want %s", code, body, want)
	}
}

// TestAPIContentTypes: a body must come with the type its endpoint takes
// (application/json; a batch text/plain or JSON Lines), else 415; a request
// without a body needs none. Every answer says nosniff.
func TestAPIContentTypes(t *testing.T) {
	h := newHandler(io.Discard)
	cube := `{"state":"FFFUDDRFRULLLDRRUULBBBDB"}`
	cases := []struct {
		path, body, ct string
		code           int
	}{
		{"/api/v1/pocket/solve", cube, "", 415},
		{"/api/v1/pocket/solve", cube, "text/plain", 415},
		{"/api/v1/pocket/solve", cube, "application/x-www-form-urlencoded", 415},
		{"/api/v1/pocket/solve", cube, "multipart/form-data; boundary=x", 415},
		{"/api/v1/pocket/solve", cube, "application/json; charset=latin1", 415},
		{"/api/v1/pocket/solve", cube, "application/json; version=2", 415},
		{"/api/v1/pocket/solve", cube, "application/jsonx", 415},
		{"/api/v1/pocket/solve", cube, "application/json", 200},
		{"/api/v1/pocket/solve", cube, "Application/JSON; charset=UTF-8", 200},
		{"/api/v1/pocket/stats", "", "", 200},
		{"/api/v1/pocket/batch", "FFFUDDRFRULLLDRRUULBBBDB\n", "", 415},
		{"/api/v1/pocket/batch", "FFFUDDRFRULLLDRRUULBBBDB\n", "application/json", 415},
		{"/api/v1/pocket/batch", "FFFUDDRFRULLLDRRUULBBBDB\n", "application/x-www-form-urlencoded", 415},
		{"/api/v1/pocket/batch", "FFFUDDRFRULLLDRRUULBBBDB\n", "text/plain; charset=utf-8", 200},
		{"/api/v1/pocket/batch", cube + "\n", "application/x-ndjson", 200},
		{"/api/v1/pocket/batch", cube + "\n", "application/jsonl", 200},
	}
	for _, c := range cases {
		r := httptest.NewRequest("POST", c.path, strings.NewReader(c.body))
		if c.ct != "" {
			r.Header.Set("Content-Type", c.ct)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.code {
			t.Errorf("%s with %q: %d %s, want %d", c.path, c.ct, w.Code, w.Body, c.code)
		}
		if c.code == 415 && !strings.Contains(errorOf(t, strings.TrimSpace(w.Body.String())), "Content-Type") {
			t.Errorf("%s with %q: %s", c.path, c.ct, w.Body)
		}
	}
	// nosniff on every answer: the page, its files, the API, its errors.
	for _, rq := range []struct{ method, path, body string }{
		{"GET", "/", ""}, {"GET", "/app.js", ""}, {"GET", "/puzzles.js", ""}, {"GET", "/healthz", ""},
		{"GET", "/api/v1/puzzles", ""}, {"POST", "/api/v1/pocket/solve", cube}, {"POST", "/api/v1/pocket/solve", "{"},
		{"GET", "/api/v1/pocket/solve", ""}, {"POST", "/api/v1/cube/solve", "{}"}, {"GET", "/api/v2/x", ""},
		{"POST", "/api/v1/pocket/batch", "R\n"}, {"GET", "/nothing-here", ""},
	} {
		r := httptest.NewRequest(rq.method, rq.path, strings.NewReader(rq.body))
		if rq.body != "" {
			r.Header.Set("Content-Type", "application/json")
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if got := w.Header().Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s %s (%d): X-Content-Type-Options %q", rq.method, rq.path, w.Code, got)
		}
	}
}

// TestServerHosts: the server answers its loopback names and addresses, the
// address it listens on and the names --allow-host adds, and refuses any
// other Host with 421, naming it and the flag that would serve it.
func TestServerHosts(t *testing.T) {
	ln := &net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 8080}
	h := handler(io.Discard, newHosts("127.0.0.1:8080", ln, []string{"godtable.example", "10.9.8.7"}), nil)
	for host, want := range map[string]int{
		"localhost:8080":         200,
		"LOCALHOST":              200,
		"app.localhost:8080":     200,
		"127.0.0.1:8080":         200,
		"127.0.0.2":              200,
		"[::1]:8080":             200,
		"godtable.example":       200,
		"GodTable.Example.:80":   200,
		"10.9.8.7:8080":          200,
		"evil.example":           421,
		"evil.example:8080":      421,
		"localhost.evil.example": 421,
		"godtable.example.evil":  421,
		"10.1.2.3:8080":          421,
		"[2001:db8::1]:8080":     421,
		"":                       421,
	} {
		r := httptest.NewRequest("GET", "/healthz", nil)
		r.Host = host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != want {
			t.Errorf("Host %q: %d, want %d", host, w.Code, want)
		}
		if want == 421 && host != "" {
			name := normalHost(host)
			if msg := errorOf(t, strings.TrimSpace(w.Body.String())); !strings.Contains(msg, `host "`+name+`" not served here`) || !strings.Contains(msg, "--allow-host "+name) {
				t.Errorf("Host %q: %q", host, msg)
			}
		}
		if w.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("Host %q: no nosniff", host)
		}
	}
	// Listening on every address: the machine's own addresses are its.
	all := newHosts(":8080", &net.TCPAddr{IP: net.IPv4zero, Port: 8080}, nil)
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !all.allows(net.JoinHostPort(n.IP.String(), "8080")) {
			t.Errorf("listening on all addresses, %s is refused", n.IP)
		}
	}
	if all.allows("evil.example") {
		t.Error("listening on all addresses, any name is served")
	}
	// A real server, as godtable serve starts it.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, l, io.Discard, newHosts("127.0.0.1:0", l.Addr(), nil)) }()
	req, _ := http.NewRequest("GET", "http://"+l.Addr().String()+"/api/v1/pocket/stats", nil)
	req.Host = "evil.example"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("serve: Host evil.example: %d", resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
	// The flag.
	var stderr strings.Builder
	if code := runServe([]string{"--allow-host", "", "--addr", "127.0.0.1:0"}, io.Discard, &stderr); code != app.ExitUsage || !strings.Contains(stderr.String(), "want a host name or address") {
		t.Errorf("--allow-host \"\": %d %s", code, stderr.String())
	}
}

// TestServerLogEscapes: a request cannot write a log line of its own: what
// the log quotes of it is escaped.
func TestServerLogEscapes(t *testing.T) {
	var logb syncBuffer
	h := newHandler(&logb)
	post(t, h, "GET", "/x%0Agodtable:%20GET%20/forged", "")
	post(t, h, "GET", "/caf%C3%A9%22%5C", "")
	post(t, h, "POST", "/api/v1/pocket/solve", `{"state":"FFF"}`)
	lines := strings.Split(strings.TrimSuffix(logb.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d log lines for 3 requests:\n%s", len(lines), logb.String())
	}
	if !strings.HasPrefix(lines[0], "godtable: GET /x%0Agodtable:%20GET%20/forged 404 ") {
		t.Errorf("log: %q", lines[0])
	}
	if !strings.HasPrefix(lines[1], "godtable: GET /caf%C3%A9%22%5C 404 ") {
		t.Errorf("log: %q", lines[1])
	}
	if !strings.HasPrefix(lines[2], "godtable: POST /api/v1/pocket/solve 400 ") {
		t.Errorf("log: %q", lines[2])
	}
	for in, want := range map[string]string{
		"/api/v1/pocket/solve": "/api/v1/pocket/solve",
		"/a\nb":                `"/a\nb"`,
		"/a b":                 `"/a b"`,
		`/a"b`:                 `"/a\"b"`,
		"/é\x1b[31m":           `"/\u00e9\x1b[31m"`,
	} {
		if got := logText(in); got != want {
			t.Errorf("logText(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestServeShutdownCutsBatch: a batch still sending its body when the
// shutdown's wait runs out ends with an error line saying so, and a proper
// end (the chunked terminator: the client reads to EOF, not an unexpected
// one), and serve says how many requests it cut.
func TestServeShutdownCutsBatch(t *testing.T) {
	defer func(d, g time.Duration) { shutdownTimeout, shutdownGrace = d, g }(shutdownTimeout, shutdownGrace)
	shutdownTimeout, shutdownGrace = 300*time.Millisecond, 5*time.Second
	url, logb, cancel, done := startServe(t)
	pw, rd := openBatch(t, url)
	defer pw.Close()
	first, err := rd.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	// The client keeps its body open: the server stops.
	cancel()
	rest, err := io.ReadAll(rd)
	if err != nil {
		t.Fatalf("the answer did not end properly: %v (read %q)", err, rest)
	}
	want := runOutput([]string{"solve", "rotgrid", "--json"}, "492357816\n") +
		`{"error":"the server is shutting down: the lines after the answers above were not read"}` + "\n"
	if first+string(rest) != want {
		t.Errorf("cut batch: %q, want %q", first+string(rest), want)
	}
	select {
	case err := <-done:
		var cut errCut
		if !errors.As(err, &cut) || cut.n != 1 || !strings.Contains(err.Error(), "stopped with 1 request cut short") {
			t.Errorf("serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not return")
	}
	if !strings.Contains(logb.String(), "cutting 1 request still in flight") {
		t.Errorf("log: %s", logb.String())
	}
}

// TestRunServeSaysWhatItCut: the server's exit status and its last message
// say that the shutdown cut a request, and how many; a single request cut
// while its body is being read is answered 503.
func TestRunServeSaysWhatItCut(t *testing.T) {
	defer func(d, g time.Duration) { shutdownTimeout, shutdownGrace = d, g }(shutdownTimeout, shutdownGrace)
	shutdownTimeout, shutdownGrace = 300*time.Millisecond, 5*time.Second
	var stderr syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- runServeUntil(ctx, []string{"--addr", "127.0.0.1:0"}, io.Discard, &stderr) }()
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == ""; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no address: %s", stderr.String())
		}
		if _, rest, ok := strings.Cut(stderr.String(), "serving on "); ok {
			base = strings.TrimSuffix(strings.TrimSpace(rest), "/")
		}
	}
	// Two requests still sending their bodies: a batch and a solve.
	start := func(path, ct, first string) (*io.PipeWriter, chan *http.Response) {
		pr, pw := io.Pipe()
		req, _ := http.NewRequest("POST", base+path, pr)
		req.Header.Set("Content-Type", ct)
		respc := make(chan *http.Response, 1)
		go func() {
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
			}
			respc <- resp
		}()
		io.WriteString(pw, first)
		return pw, respc
	}
	bw, batchc := start("/api/v1/pocket/batch", "text/plain", "FFFUDDRFRULLLDRRUULBBBDB\n")
	defer bw.Close()
	// The solve over a connection of its own, as curl sends it: the
	// headers and part of the body (Go's client, its body unfinished,
	// waits for it before it gives the answer).
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "POST /api/v1/pocket/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 40\r\nExpect: 100-continue\r\n\r\n")
	// The server asks for the body once the handler reads it: from then
	// on the request is in flight.
	cr := bufio.NewReader(conn)
	if line, err := cr.ReadString('\n'); err != nil || !strings.HasPrefix(line, "HTTP/1.1 100 ") {
		t.Fatalf("%q %v", line, err)
	}
	if line, err := cr.ReadString('\n'); err != nil || line != "\r\n" {
		t.Fatalf("%q %v", line, err)
	}
	io.WriteString(conn, `{"state":`)
	batch := <-batchc
	if batch == nil {
		t.FailNow()
	}
	defer batch.Body.Close()
	rd := bufio.NewReader(batch.Body)
	if _, err := rd.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	cancel()
	// Its answer, then the server closes the connection.
	raw, _ := io.ReadAll(cr)
	solve, err := http.ReadResponse(bufio.NewReader(strings.NewReader(string(raw))), nil)
	if err != nil {
		t.Fatalf("%v: %q", err, raw)
	}
	body, _ := io.ReadAll(solve.Body)
	solve.Body.Close()
	if solve.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "the server is shutting down") {
		t.Errorf("cut solve: %d %s", solve.StatusCode, body)
	}
	rest, err := io.ReadAll(rd)
	if err != nil || !strings.Contains(string(rest), "the server is shutting down") {
		t.Errorf("cut batch: %q %v", rest, err)
	}
	select {
	case code := <-done:
		if code != 1 || !strings.Contains(stderr.String(), "godtable: serve: stopped with 2 requests cut short: still in flight 300ms after the signal\n") {
			t.Errorf("exit %d:\n%s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop")
	}
}

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
