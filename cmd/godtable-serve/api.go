package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/godtable/godtable/internal/app"
	"github.com/godtable/godtable/internal/app/cli"
)

// puzzle and options are the command's (see internal/app/cli).
type (
	puzzle  = cli.Puzzle
	options = cli.Options
)

// Request limits. A single request (solve, verify, scramble, stats, show)
// carries one state, so a small body is plenty; a batch carries many lines,
// each at most app.MaxLine bytes as on stdin.
const (
	maxRequestBody = 1 << 20
	// maxScrambleN is the most states one scramble request draws.
	maxScrambleN = 10000
)

// maxBatchBody is the most a batch request's body may hold (a variable so
// that the tests can reach it quickly).
var maxBatchBody int64 = 64 << 20

// routes maps the API and the page.
func routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		if err := takesNothing(r); err != nil {
			writeError(w, http.StatusBadRequest, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"status":"ok"}`+"\n")
	})
	mux.HandleFunc("GET /api/v1/puzzles", handlePuzzles)
	mux.HandleFunc("/api/v1/{puzzle}/{action}", handleAPI)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Errorf("no such endpoint %s (want /api/v1/PUZZLE/ACTION)", r.URL.Path))
	})
	mux.Handle("/", pageHandler())
	return mux
}

// writeError answers {"error": MESSAGE} with the status.
func writeError(w http.ResponseWriter, status int, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	b := app.AppendJSON([]byte(`{"error":`), err.Error())
	w.Write(append(b, "}\n"...))
}

// takesNothing refuses a query or a body on an endpoint that takes neither,
// naming what it got, rather than ignoring it.
func takesNothing(r *http.Request) error {
	if err := noQuery(r, "this endpoint takes no options"); err != nil {
		return err
	}
	if r.ContentLength != 0 {
		return errors.New("this endpoint takes no request body")
	}
	return nil
}

// noQuery refuses a query string, naming its first parameter; why says
// where the options go instead.
func noQuery(r *http.Request, why string) error {
	if r.URL.RawQuery == "" {
		return nil
	}
	q, err := parseQuery(r)
	if err != nil {
		return err
	}
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) == 0 {
		return fmt.Errorf("unexpected query %q (%s)", r.URL.RawQuery, why)
	}
	return fmt.Errorf("unexpected query parameter %q (%s)", keys[0], why)
}

// parseQuery reads the query string strictly: a parameter that cannot be
// decoded, or one given twice, is an error naming it, where
// r.URL.Query() would drop the first and keep one of the second.
func parseQuery(r *http.Request) (map[string]string, error) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, fmt.Errorf("bad query: %v", err)
	}
	values := make(map[string]string, len(q))
	for k, v := range q {
		if len(v) > 1 {
			return nil, fmt.Errorf("duplicate query parameter %q", k)
		}
		values[k] = v[0]
	}
	return values, nil
}

// Content types of request bodies.
const (
	typeJSON      = "application/json"
	typeJSONLines = "application/x-ndjson"
	typeText      = "text/plain"
)

// bodyType checks a request's Content-Type against the types the endpoint
// takes (application/jsonl is read as application/x-ndjson) and returns the
// one it is. A body must say its type, so that a page on another site
// cannot send one without the browser first asking this server (a request
// with another type is "simple" and needs no preflight); a request with no
// body needs no type. The only parameter taken is charset, UTF-8.
func bodyType(r *http.Request, want ...string) (string, error) {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		if r.ContentLength == 0 {
			return "", nil
		}
		return "", fmt.Errorf("no Content-Type (want %s)", strings.Join(want, " or "))
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return "", fmt.Errorf("bad Content-Type %q: %v", ct, err)
	}
	if mt == "application/jsonl" {
		mt = typeJSONLines
	}
	if !slices.Contains(want, mt) {
		return "", fmt.Errorf("Content-Type %q not taken here (want %s)", mt, strings.Join(want, " or "))
	}
	for k, v := range params {
		if k != "charset" {
			return "", fmt.Errorf("Content-Type parameter %q not taken (only charset=utf-8)", k)
		}
		if !strings.EqualFold(v, "utf-8") && !strings.EqualFold(v, "us-ascii") {
			return "", fmt.Errorf("Content-Type charset %q not taken (want utf-8)", v)
		}
	}
	return mt, nil
}

// handlePuzzles lists the puzzles and the options each takes, for the page.
func handlePuzzles(w http.ResponseWriter, r *http.Request) {
	if err := takesNothing(r); err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	var list []cli.Info
	for _, n := range app.PuzzleNames() {
		list = append(list, cli.InfoOf(app.Lookup(n)))
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(list)
}

// actions are the API's endpoints under /api/v1/{puzzle}/, each with the
// command whose options it takes.
var actions = map[string]struct {
	cmd    string
	handle func(w http.ResponseWriter, r *http.Request, p puzzle, req request)
}{
	"solve":    {"solve", handleSolve},
	"verify":   {"verify", handleVerify},
	"scramble": {"scramble", handleScramble},
	"stats":    {"stats", handleStats},
	"show":     {"show", handleShow},
}

// request is a decoded JSON request: the input fields and the command's
// options.
type request struct {
	state, solution, moves string
	opts                   *options
}

// inputFields are the request fields that are inputs rather than options,
// with the endpoints that take them.
var inputFields = map[string][]string{
	"state":    {"solve", "verify", "show"},
	"solution": {"verify"},
	"moves":    {"show"},
}

func handleAPI(w http.ResponseWriter, r *http.Request) {
	name, action := r.PathValue("puzzle"), r.PathValue("action")
	p := app.Lookup(name)
	if p == nil {
		writeError(w, http.StatusNotFound, fmt.Errorf("unknown puzzle %q (want one of %s)", name, strings.Join(app.PuzzleNames(), ", ")))
		return
	}
	if action == "batch" {
		if r.Method != http.MethodPost {
			methodNotAllowed(w, "POST")
			return
		}
		handleBatch(w, r, p)
		return
	}
	act, ok := actions[action]
	if !ok {
		writeError(w, http.StatusNotFound, fmt.Errorf("unknown endpoint %q (want solve, verify, scramble, stats, show or batch)", action))
		return
	}
	switch {
	case r.Method == http.MethodPost:
	case r.Method == http.MethodGet && action == "stats":
	case action == "stats":
		methodNotAllowed(w, "GET, POST")
		return
	default:
		methodNotAllowed(w, "POST")
		return
	}
	if r.Method == http.MethodPost {
		if err := noQuery(r, "the options of a POST go in its JSON body"); err != nil {
			writeError(w, http.StatusBadRequest, err)
			return
		}
	}
	if _, err := bodyType(r, typeJSON); err != nil {
		writeError(w, http.StatusUnsupportedMediaType, err)
		return
	}
	if act.cmd == "stats" && !p.Features().Table {
		writeError(w, http.StatusBadRequest, errors.New("no table for this puzzle"))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequestBody))
	if err != nil {
		if cutByShutdown(r) {
			writeError(w, http.StatusServiceUnavailable, fmt.Errorf("%v: the request was not read to its end", errShutdown))
			return
		}
		writeBodyError(w, err, maxRequestBody)
		return
	}
	req, status, err := decodeRequest(body, act.cmd, p, r)
	if err != nil {
		writeError(w, status, err)
		return
	}
	act.handle(w, r, p, req)
}

func methodNotAllowed(w http.ResponseWriter, allow string) {
	w.Header().Set("Allow", allow)
	writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("method not allowed (want %s)", allow))
}

// writeBodyError answers a body that could not be read: 413 when it is over
// the limit.
func writeBodyError(w http.ResponseWriter, err error, limit int64) {
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Errorf("request body too large (more than %d bytes)", limit))
		return
	}
	writeError(w, http.StatusBadRequest, fmt.Errorf("reading the request: %v", err))
}

// decodeRequest reads a JSON request body (or, for a GET, the query string)
// into the inputs and the command's options. Each option field is set
// through the command's own flag set, so that the API takes exactly the
// options the command takes for that puzzle, with the same checks and the
// same messages; a field name is the flag's with "_" for "-" (min_moves).
func decodeRequest(body []byte, cmd string, p puzzle, r *http.Request) (request, int, error) {
	fields := map[string]json.RawMessage{}
	if len(bytes.TrimSpace(body)) > 0 {
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		if err := dec.Decode(&fields); err != nil {
			return request{}, http.StatusBadRequest, fmt.Errorf("bad JSON request: %v", err)
		}
		if dec.More() {
			return request{}, http.StatusBadRequest, errors.New("bad JSON request: more than one value")
		}
		if k := duplicateKey(body); k != "" {
			return request{}, http.StatusBadRequest, fmt.Errorf("bad JSON request: duplicate field %q", k)
		}
	}
	if r != nil && r.Method == http.MethodGet {
		q, err := parseQuery(r)
		if err != nil {
			return request{}, http.StatusBadRequest, err
		}
		for k, v := range q {
			if _, ok := fields[k]; ok {
				return request{}, http.StatusBadRequest, fmt.Errorf("field %q both in the query and in the body", k)
			}
			b, _ := json.Marshal(v)
			fields[k] = b
		}
	}
	var req request
	values := map[string]string{}
	for k, raw := range fields {
		v, err := fieldValue(raw)
		if err != nil {
			return request{}, http.StatusBadRequest, fmt.Errorf("field %q: %v", k, err)
		}
		values[k] = v
	}
	if _, ok := fields["solution"]; cmd == "verify" && !ok {
		// An empty solution is one (no moves, for a solved state); a
		// missing one is a request that forgot it.
		return request{}, http.StatusBadRequest, errors.New(`missing field "solution" (the moves to verify; "" for none)`)
	}
	o, err := optionsFor(cmd, p, values)
	if err != nil {
		return request{}, http.StatusBadRequest, err
	}
	req.opts = o
	req.state, req.solution, req.moves = values["state"], values["solution"], values["moves"]
	for _, in := range []string{req.state, req.solution, req.moves} {
		if len(in) > app.MaxLine {
			return request{}, http.StatusRequestEntityTooLarge, fmt.Errorf("input too long (more than %d bytes)", app.MaxLine)
		}
	}
	return req, 0, nil
}

// duplicateKey returns a key that the JSON object body, already decoded
// without error, holds twice ("" if none): decoding keeps the last value of
// a key given twice, and a request must not mean something else than it
// says.
func duplicateKey(body []byte) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	if _, err := dec.Token(); err != nil {
		return ""
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return ""
		}
		k, _ := t.(string)
		if seen[k] {
			return k
		}
		seen[k] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return ""
		}
	}
	return ""
}

// fieldValue is a JSON field's value as a flag would take it.
func fieldValue(raw json.RawMessage) (string, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	switch x := v.(type) {
	case string:
		return x, nil
	case bool:
		return strconv.FormatBool(x), nil
	case json.Number:
		return x.String(), nil
	}
	return "", errors.New("want a string, a number or a boolean")
}

// optionsFor sets the command's options from request fields (inputs left
// out), through the flag set the command registers for this puzzle, then
// checks them as the command does. JSON answers are always on.
func optionsFor(cmd string, p puzzle, values map[string]string) (*options, error) {
	fs := flag.NewFlagSet("godtable "+cmd+" "+p.Name(), flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o := &options{}
	app.RegisterFlags(o, fs, cmd, p)
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	given := map[string]string{} // the field each flag was set by
	for _, k := range keys {
		if takesInput(k, cmd) {
			continue
		}
		name := strings.ReplaceAll(k, "_", "-")
		if other, ok := given[name]; ok {
			// min_moves and min-moves are one field: given both, one
			// would be dropped.
			return nil, fmt.Errorf("field %q given twice (as %q and %q)", strings.ReplaceAll(name, "-", "_"), other, k)
		}
		given[name] = k
		if name == "json" || name == "color" || fs.Lookup(name) == nil {
			return nil, fmt.Errorf("unknown field %q (%s %s takes %s)", k, cmd, p.Name(), strings.Join(fieldNames(fs, cmd), ", "))
		}
		if err := fs.Set(name, values[k]); err != nil {
			return nil, fmt.Errorf("field %q: invalid value %q", k, values[k])
		}
	}
	o.JSON = true
	if err := app.CheckOptions(o, cmd, p); err != nil {
		return nil, err
	}
	if cmd == "scramble" && o.N > maxScrambleN {
		return nil, fmt.Errorf("n %d: at most %d states per request", o.N, maxScrambleN)
	}
	if p.Features().Search && (o.Timeout == 0 || o.Timeout > searchTimeout) {
		// A search may run for hours: each request's is bounded, and
		// answers with its proven lower bound when the time is up.
		o.Timeout = searchTimeout
	}
	return o, nil
}

// searchTimeout bounds each search a request of a Search puzzle runs
// (serve's --timeout).
var searchTimeout = cli.ServerSearchTimeout

func takesInput(field, cmd string) bool {
	for _, c := range inputFields[field] {
		if c == cmd {
			return true
		}
	}
	return false
}

// fieldNames lists the fields an endpoint takes, for an error message.
func fieldNames(fs *flag.FlagSet, cmd string) []string {
	var names []string
	for _, k := range []string{"state", "solution", "moves"} {
		if takesInput(k, cmd) {
			names = append(names, k)
		}
	}
	fs.VisitAll(func(f *flag.Flag) {
		// (show's moves are the input's: a flag of that name, a
		// definition puzzle's --moves, is the same field.)
		if n := strings.ReplaceAll(f.Name, "-", "_"); n != "json" && n != "color" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	})
	if len(names) == 0 {
		return []string{"no fields"}
	}
	return names
}

// commandOutput runs one of the command's own commands with the request's
// options, capturing its output and its messages.
func commandOutput(cmd string, p puzzle, o *options, stdin string, args []string) (stdout, stderr string, status int) {
	var out, errs bytes.Buffer
	status = app.Call(cmd, p, o, strings.NewReader(stdin), &out, &errs, args)
	return out.String(), errs.String(), status
}

// writeAnswer writes a JSON answer line as the command wrote it: 200, or
// 400 when it carries an error (an invalid input), or 500 when a table
// could not be used: the command's message when it could not be used at
// all, the answer's line (its input and its error) when the answer read a
// damaged block of a table read in place, which fails that answer alone.
func writeAnswer(w http.ResponseWriter, stdout, stderr string, status int) {
	failed := isErrorLine(stdout)
	if status == app.ExitTable && !failed {
		writeError(w, http.StatusInternalServerError, errors.New(commandMessage(stderr)))
		return
	}
	code := http.StatusOK
	switch {
	case status == app.ExitTable:
		code = http.StatusInternalServerError
	case failed:
		code = http.StatusBadRequest
	}
	if stdout == "" {
		writeError(w, http.StatusBadRequest, errors.New(commandMessage(stderr)))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	io.WriteString(w, stdout)
}

// isErrorLine says whether the command's JSON answer is an error's.
func isErrorLine(stdout string) bool {
	var probe struct {
		Error *string `json:"error"`
	}
	return json.Unmarshal([]byte(stdout), &probe) == nil && probe.Error != nil
}

// commandMessage is the command's first message on stderr without the
// program's name, as a one-line error.
func commandMessage(stderr string) string {
	line, _, _ := strings.Cut(stderr, "\n")
	line = strings.TrimPrefix(line, "godtable: ")
	if line == "" {
		line = "no answer"
	}
	return line
}

// handleSolve answers as "solve --json PUZZLE STATE" does: the state is one
// argument, so a views drawing may span lines. A panic answering it is a
// 500, as any handler's is.
func handleSolve(w http.ResponseWriter, r *http.Request, p puzzle, req request) {
	stdout, stderr, status, panicked := solveOutput(r, p, req.opts, req.state)
	if panicked {
		writeError(w, http.StatusInternalServerError, errInternal)
		return
	}
	writeAnswer(w, stdout, stderr, status)
}

// solveOutput answers "solve" for one state as commandOutput does, the
// puzzle guarded: panicked says whether answering the state panicked (the
// answer then holds errInternal as the state's error).
func solveOutput(r *http.Request, p puzzle, o *options, state string) (stdout, stderr string, status int, panicked bool) {
	g := &guarded{puzzle: p, r: r}
	stdout, stderr, status = commandOutput("solve", g, o, "", []string{state})
	return stdout, stderr, status, g.panicked
}

// handleVerify answers as "verify --json" does for the line STATE<TAB>SOLUTION.
func handleVerify(w http.ResponseWriter, r *http.Request, p puzzle, req request) {
	switch {
	case strings.ContainsAny(req.state, "\r\n") || strings.ContainsAny(req.solution, "\r\n"):
		writeError(w, http.StatusBadRequest, errors.New("state and solution must each be one line"))
		return
	case strings.Contains(req.state, "\t"):
		// The command's line is STATE<TAB>SOLUTION: a tab in the state
		// would move its rest into the solution.
		writeError(w, http.StatusBadRequest, errors.New("state holds a tab: the state and the solution are fields of their own"))
		return
	case strings.TrimSpace(req.state+req.solution) == "":
		// A blank line is no input to the command, and would get no
		// answer. (A blank state alone is the command's to judge: under
		// --scramble it is the solved state.)
		writeError(w, http.StatusBadRequest, errors.New("empty state and solution"))
		return
	}
	stdout, stderr, status := commandOutput("verify", p, req.opts, req.state+"\t"+req.solution+"\n", nil)
	writeAnswer(w, stdout, stderr, status)
}

// handleScramble answers as "scramble --json" does: one JSON line per state.
func handleScramble(w http.ResponseWriter, r *http.Request, p puzzle, req request) {
	out, errs, status := commandOutput("scramble", p, req.opts, "", nil)
	if status != app.ExitOK {
		writeFailure(w, errs, status)
		return
	}
	w.Header().Set("Content-Type", contentType(req.opts.N))
	io.WriteString(w, out)
}

// writeFailure answers a command that did not succeed: its message, as bad
// input (400), or as a server error (500) when a table could not be used.
func writeFailure(w http.ResponseWriter, stderr string, status int) {
	code := http.StatusBadRequest
	if status == app.ExitTable {
		code = http.StatusInternalServerError
	}
	writeError(w, code, errors.New(commandMessage(stderr)))
}

// contentType is JSON for one object, JSON Lines for more.
func contentType(n int) string {
	if n == 1 {
		return "application/json"
	}
	return "application/x-ndjson"
}

// handleStats answers as "stats --json" does.
func handleStats(w http.ResponseWriter, r *http.Request, p puzzle, req request) {
	out, errs, status := commandOutput("stats", p, req.opts, "", nil)
	if status != app.ExitOK {
		writeFailure(w, errs, status)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, out)
}

// flushWriter passes every write on to the client at once, so that a batch
// streams: the command's own buffering decides when to write (when its
// buffer is full, or before it would wait for more input).
type flushWriter struct {
	w http.ResponseWriter
	c *http.ResponseController
}

func (f flushWriter) Write(b []byte) (int, error) {
	n, err := f.w.Write(b)
	if err == nil {
		err = f.c.Flush()
	}
	return n, err
}

// limitNote records why reading a batch's body ended early.
type limitNote struct {
	r   io.Reader
	err error
}

func (l *limitNote) Read(b []byte) (int, error) {
	n, err := l.r.Read(b)
	if err != nil && err != io.EOF && l.err == nil {
		l.err = err
	}
	return n, err
}

// handleBatch answers the body's lines as "solve --json" answers stdin: one
// answer per input, in order, streamed as they are made. The options are
// the query's parameters (?metric=qtm&count=true). With Content-Type
// application/x-ndjson (or application/jsonl) each line is instead a JSON
// solve request, with its own state and options. ?format=text writes the
// command's text answers instead of JSON.
func handleBatch(w http.ResponseWriter, r *http.Request, p puzzle) {
	body := &limitNote{r: http.MaxBytesReader(w, r.Body, maxBatchBody)}
	ct, err := bodyType(r, typeText, typeJSONLines)
	if err != nil {
		writeError(w, http.StatusUnsupportedMediaType, err)
		return
	}
	values, err := parseQuery(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	text := false
	if f, ok := values["format"]; ok {
		switch f {
		case "text":
			text = true
		case "json":
		default:
			writeError(w, http.StatusBadRequest, fmt.Errorf("format %q (want json or text)", f))
			return
		}
		delete(values, "format")
	}
	jsonLines := ct == typeJSONLines
	var o *options
	if jsonLines && text {
		writeError(w, http.StatusBadRequest, errors.New("format text: a JSON Lines batch is answered in JSON Lines"))
		return
	}
	if !jsonLines {
		if _, ok := values["state"]; ok {
			writeError(w, http.StatusBadRequest, errors.New(`unexpected query parameter "state" (a batch's states are the lines of its body)`))
			return
		}
		var err error
		if o, err = optionsFor("solve", p, values); err != nil {
			writeError(w, http.StatusBadRequest, err)
			return
		}
		o.JSON = !text
	} else if len(values) > 0 {
		writeError(w, http.StatusBadRequest, errors.New("with JSON Lines the options go in each line, not the query"))
		return
	}
	if text {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	} else {
		w.Header().Set("Content-Type", "application/x-ndjson")
	}
	// Answers go out while the body is still coming in.
	rc := http.NewResponseController(w)
	rc.EnableFullDuplex()
	out := flushWriter{w: w, c: rc}
	// An input whose answering panics gets its error in its place and the
	// batch goes on (guarded, and each JSON line recovered on its own); a
	// panic anywhere else ends the batch with a line saying so, rather
	// than with an answer that looks whole.
	var panicked bool
	if jsonLines {
		panicked = recovered(r, "", func() { batchJSONLines(out, body, p, r) })
	} else {
		g := &guarded{puzzle: p, r: r}
		panicked = recovered(r, "", func() { app.Call("solve", g, o, body, out, io.Discard, nil) })
	}
	var msg error
	var mb *http.MaxBytesError
	switch {
	case panicked:
		msg = fmt.Errorf("%v: the lines after the answers above were not answered", errInternal)
	case body.err == nil:
	case errors.As(body.err, &mb):
		msg = fmt.Errorf("request body too large (more than %d bytes): the lines after the answers above were not read", maxBatchBody)
	case cutByShutdown(r):
		msg = fmt.Errorf("%v: the lines after the answers above were not read", errShutdown)
	default:
		msg = fmt.Errorf("reading the request: %v", body.err)
	}
	if msg != nil {
		b := app.AppendJSON([]byte(`{"error":`), msg.Error())
		out.Write(append(b, "}\n"...))
	}
	drainBody(r)
}

// drainBody reads and discards what is left of a batch's body (one over
// the limit, or one the command stopped reading early), up to maxBatchBody
// more bytes, once the answer is written. A connection closed with request
// bytes still unread is reset, and the reset throws away the answer's
// bytes still on their way: a client that reads its answer slowly would
// lose its last answers and the line saying why. Reading stops at the
// body's end, at a read error (a client gone, the server's read timeout, a
// shutdown's cut), or at the bound, which keeps a client from holding the
// handler with an endless body.
func drainBody(r *http.Request) {
	io.CopyN(io.Discard, r.Body, maxBatchBody)
}

// maxJSONLine is the longest JSON Lines line taken: a state of
// app.MaxLine bytes may take twice that once escaped.
const maxJSONLine = 2 * app.MaxLine

// batchJSONLines answers JSON Lines of solve requests, each line's answer
// the object the solve endpoint gives for it, or an error in its place
// (a blank line, a line too long, a bad request), so that the n-th answer
// is always the n-th line's. A line whose answering panics gets
// errInternal (the panic is logged on r's log).
func batchJSONLines(out io.Writer, body io.Reader, p puzzle, r *http.Request) {
	bw := bufio.NewWriterSize(out, 64<<10)
	defer bw.Flush()
	lineErr := func(msg string) {
		bw.Write(app.AppendJSON([]byte(`{"error":`), msg))
		bw.WriteString("}\n")
	}
	answer := func(raw []byte, tooLong bool) {
		line := bytes.TrimSpace(raw)
		switch {
		case tooLong:
			lineErr(fmt.Sprintf("line too long (more than %d bytes)", maxJSONLine))
			return
		case len(line) == 0:
			lineErr("empty line (want a JSON solve request)")
			return
		}
		req, _, err := decodeRequest(line, "solve", p, nil)
		if err != nil {
			lineErr(err.Error())
			return
		}
		stdout, stderr, status, _ := solveOutput(r, p, req.opts, req.state)
		if status == app.ExitTable && !isErrorLine(stdout) || stdout == "" {
			// (A damaged block fails this answer alone: its line,
			// with its input and its error, is the command's.)
			lineErr(commandMessage(stderr))
			return
		}
		bw.WriteString(stdout)
	}
	app.EachLine(body, maxJSONLine, bw, func(raw []byte, tooLong bool) bool {
		// The answer is written only once made, so that a panic
		// making it leaves nothing of it behind.
		if recovered(r, string(raw), func() { answer(raw, tooLong) }) {
			lineErr(errInternal.Error())
		}
		return true
	})
}
