package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/app"
	"github.com/godtable/godtable/lookup/msquare"
	"github.com/godtable/godtable/lookup/pocket"
	"github.com/godtable/godtable/lookup/rotgame"
	"github.com/godtable/godtable/lookup/rotgrid"
)

// post sends a request to the handler in-process and returns the status and
// the body. A body goes with the type its endpoint takes (text/plain for a
// batch, application/json for the rest) unless the header pairs say another
// (an empty value: no such header).
func post(t testing.TB, h http.Handler, method, path, body string, header ...string) (int, string) {
	t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		ct := "application/json"
		if strings.Contains(path, "/batch") {
			ct = "text/plain"
		}
		r.Header.Set("Content-Type", ct)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i+1] == "" {
			r.Header.Del(header[i])
			continue
		}
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Code, w.Body.String()
}

// openBatch posts a rotation-grid batch to the server at url with a body
// still open, sends it one grid, and waits for the answer's headers: the
// body's writer and the answer's reader, from which the first answer is
// still to be read. The answer's body is closed when the test ends.
func openBatch(t *testing.T, url string) (*io.PipeWriter, *bufio.Reader) {
	t.Helper()
	pr, pw := io.Pipe()
	req, _ := http.NewRequest("POST", url+"/api/v1/rotgrid/batch", pr)
	req.Header.Set("Content-Type", "text/plain")
	respc := make(chan *http.Response, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			close(respc)
			return
		}
		respc <- resp
	}()
	io.WriteString(pw, "492357816\n")
	resp := <-respc
	if resp == nil {
		t.Fatal("no response")
	}
	t.Cleanup(func() { resp.Body.Close() })
	return pw, bufio.NewReader(resp.Body)
}

// runOutput runs the command in-process and returns its stdout.
func runOutput(args []string, stdin string) string {
	var out bytes.Buffer
	app.Run(args, strings.NewReader(stdin), &out, io.Discard)
	return out.String()
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// apiCase is one input of one puzzle with options, asked of the API and of
// the command.
type apiCase struct {
	puzzle, state string
	fields        string // extra JSON fields, each with a leading comma
	flags         []string
}

var apiCases = []apiCase{
	{"pocket", "FFFUDDRFRULLLDRRUULBBBDB", "", nil},
	{"pocket", "FFFUDDRFRULLLDRRUULBBBDB", `,"metric":"qtm"`, []string{"--metric", "qtm"}},
	{"pocket", "FFFUDDRFRULLLDRRUULBBBDB", `,"count":true`, []string{"--count"}},
	{"pocket", "FFFUDDRFRULLLDRRUULBBBDB", `,"all":true,"limit":5`, []string{"--all", "--limit", "5"}},
	{"pocket", "R U2 F' [R, U]", `,"scramble":true`, []string{"--scramble"}},
	{"pocket", "UUUURRRRFFFFDDDDLLLLBBBB", `,"order":"urfdlb"`, []string{"--order", "urfdlb"}},
	{"pocket", "UUUURRRRFFFFDDDDLLLLBBBX", "", nil},
	{"pocket", "R Q", `,"scramble":true`, []string{"--scramble"}},
	{"msquare", "2 6 8 4 5 7 3 1", "", nil},
	{"msquare", "2 6 8 4 5 7 3 1", `,"all":true`, []string{"--all"}},
	{"msquare", "2 6 8 4 5 7 3 1", `,"from":"8 7 6 5 4 3 2 1"`, []string{"--from", "8 7 6 5 4 3 2 1"}},
	{"msquare", "1 1 2 3 4 5 6 7", "", nil},
	{"rotgame", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", "", nil},
	{"rotgame", "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3", `,"all":true,"limit":3`, []string{"--all", "--limit", "3"}},
	{"rotgame", "1 1 1", "", nil},
	{"rotgrid", "492357816", "", nil},
	{"rotgrid", "492357816", `,"count":true`, []string{"--count"}},
	{"rotgrid", "TL BR' TR", `,"scramble":true`, []string{"--scramble"}},
	{"rotgrid", "492357811", "", nil},
	{"pyraminx", "U L' R B u r'", `,"scramble":true`, []string{"--scramble"}},
	{"pyraminx", "FLRLLLDFFDDFFLRDDDRLLLLRRFRFFRDDFRDR", `,"all":true`, []string{"--all"}},
	{"pyraminx", "FFF", "", nil},
	{"views", "fe88e8f9b499", "", nil},
	{"views", "670b14728ad9", "", nil},
	{"views", "Top:        Front:      Side:\nx x x x     x x x .     x . x x\nx x x .     x . . .     . x . .\nx . . .     x x x x     x . . x\nx . . .     x . . x     x . . x", "", nil},
	{"views", "zz", "", nil},
}

// TestAPIMatchesCommand: for every puzzle, the API's solve answers exactly
// what "solve --json" writes for the same input and options, and its status
// says whether that answer is an error.
func TestAPIMatchesCommand(t *testing.T) {
	h := newHandler(io.Discard)
	for _, c := range apiCases {
		code, body := post(t, h, "POST", "/api/v1/"+c.puzzle+"/solve", `{"state":`+jsonString(c.state)+c.fields+`}`)
		want := runOutput(append(append([]string{"solve", c.puzzle, "--json"}, c.flags...), "--", c.state), "")
		if body != want {
			t.Errorf("%s %q %s: API\n%s\ncommand\n%s", c.puzzle, c.state, c.fields, body, want)
		}
		wantCode := http.StatusOK
		if strings.Contains(want, `"error":`) {
			wantCode = http.StatusBadRequest
		}
		if code != wantCode {
			t.Errorf("%s %q: status %d, want %d", c.puzzle, c.state, code, wantCode)
		}
	}
}

func TestAPIVerifyScrambleStatsMatchCommand(t *testing.T) {
	h := newHandler(io.Discard)
	verifies := []struct{ puzzle, state, solution, fields string }{
		{"pocket", "FFFUDDRFRULLLDRRUULBBBDB", "R U' R F U2 R2 F' U' R F'", ""},
		{"pocket", "FFFUDDRFRULLLDRRUULBBBDB", "R U", ""},
		{"pocket", "FFFUDDRFRULLLDRRUULBBBDB", "R U' R F U2 R2 F' U' R F'", `,"metric":"qtm"`},
		{"msquare", "2 6 8 4 5 7 3 1", "BCABCCB", ""},
		{"rotgame", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", "AC", ""},
		{"rotgrid", "492357816", "TL TR TL BL' TR TL' BL BR' BL'", ""},
		{"pyraminx", "U L", "L' U'", `,"scramble":true`},
		{"views", "fe88e8f9b499", "12 8e08008070081008", ""},
		{"views", "fe88e8f9b499", "impossible", ""},
		{"pocket", "FFF", "R", ""},
	}
	for _, v := range verifies {
		code, body := post(t, h, "POST", "/api/v1/"+v.puzzle+"/verify",
			`{"state":`+jsonString(v.state)+`,"solution":`+jsonString(v.solution)+v.fields+`}`)
		var flags []string
		if v.fields != "" {
			var m map[string]any
			json.Unmarshal([]byte("{"+v.fields[1:]+"}"), &m)
			for k, x := range m {
				flags = append(flags, fmt.Sprintf("--%s=%v", k, x))
			}
		}
		want := runOutput(append([]string{"verify", v.puzzle, "--json"}, flags...), v.state+"\t"+v.solution+"\n")
		if body != want {
			t.Errorf("verify %s %q: API\n%s\ncommand\n%s", v.puzzle, v.solution, body, want)
		}
		if strings.Contains(want, `"error":`) != (code == http.StatusBadRequest) {
			t.Errorf("verify %s: status %d for %s", v.puzzle, code, body)
		}
	}
	for _, p := range app.Puzzles() {
		name := p.Name()
		_, body := post(t, h, "POST", "/api/v1/"+name+"/scramble", `{"n":3,"seed":42}`)
		if want := runOutput([]string{"scramble", name, "--json", "-n", "3", "--seed", "42"}, ""); body != want {
			t.Errorf("scramble %s: API\n%s\ncommand\n%s", name, body, want)
		}
		if !p.Features().Table {
			continue
		}
		_, body = post(t, h, "GET", "/api/v1/"+name+"/stats", "")
		if want := runOutput([]string{"stats", name, "--json"}, ""); body != want {
			t.Errorf("stats %s: API\n%s\ncommand\n%s", name, body, want)
		}
	}
	_, body := post(t, h, "GET", "/api/v1/pocket/stats?metric=qtm", "")
	if want := runOutput([]string{"stats", "pocket", "--json", "--metric", "qtm"}, ""); body != want {
		t.Errorf("stats pocket qtm: API\n%s\ncommand\n%s", body, want)
	}
}

// TestAPIErrors: every class of bad request gets its status and a one-line
// JSON error.
func TestAPIErrors(t *testing.T) {
	h := newHandler(io.Discard)
	long := strings.Repeat("R ", app.MaxLine)
	cases := []struct {
		name, method, path, body string
		code                     int
		msg                      string // a part of the message
	}{
		{"unknown puzzle", "POST", "/api/v1/megaminx/solve", `{}`, 404, `unknown puzzle "megaminx"`},
		{"unknown endpoint", "POST", "/api/v1/pocket/explode", `{}`, 404, `unknown endpoint "explode"`},
		{"outside the API", "GET", "/api/v2/pocket/solve", ``, 404, "no such endpoint"},
		{"GET solve", "GET", "/api/v1/pocket/solve", ``, 405, "method not allowed"},
		{"GET batch", "GET", "/api/v1/pocket/batch", ``, 405, "method not allowed"},
		{"PUT stats", "PUT", "/api/v1/pocket/stats", ``, 405, "method not allowed (want GET, POST)"},
		{"POST page", "POST", "/", ``, 405, "method not allowed"},
		{"bad JSON", "POST", "/api/v1/pocket/solve", `{"state":`, 400, "bad JSON request"},
		{"two values", "POST", "/api/v1/pocket/solve", `{} {}`, 400, "more than one value"},
		{"not an object", "POST", "/api/v1/pocket/solve", `[1]`, 400, "bad JSON request"},
		{"nested value", "POST", "/api/v1/pocket/solve", `{"state":["x"]}`, 400, `field "state": want a string`},
		{"unknown field", "POST", "/api/v1/msquare/solve", `{"state":"1 2 3 4 5 6 7 8","metric":"qtm"}`, 400, `unknown field "metric"`},
		{"json field", "POST", "/api/v1/pocket/solve", `{"json":false}`, 400, `unknown field "json"`},
		{"bad metric", "POST", "/api/v1/pocket/solve", `{"state":"R","metric":"xtm"}`, 400, `unknown metric "xtm" (want htm or qtm)`},
		{"bad bool", "POST", "/api/v1/pocket/solve", `{"state":"R","count":"yes"}`, 400, `field "count": invalid value`},
		{"count and all", "POST", "/api/v1/pocket/solve", `{"state":"R","count":true,"all":true}`, 400, "--count and --all together"},
		{"negative limit", "POST", "/api/v1/pocket/solve", `{"state":"R","all":true,"limit":-1}`, 400, "want 0 to"},
		{"bad state", "POST", "/api/v1/pocket/solve", `{"state":"FFF"}`, 400, "want 24 stickers, got 3 characters"},
		{"bad from", "POST", "/api/v1/msquare/solve", `{"state":"1 2 3 4 5 6 7 8","from":"1 1"}`, 400, "--from:"},
		{"verify on two lines", "POST", "/api/v1/pocket/verify", `{"state":"R\nU","solution":"R"}`, 400, "one line"},
		{"verify a state with a tab", "POST", "/api/v1/pocket/verify", `{"state":"FFFUDDRFRULLLDRRUULBBBDB\tR U' R F U2 R2 F' U' R F'","solution":""}`, 400, "state holds a tab"},
		{"verify nothing", "POST", "/api/v1/msquare/verify", `{"state":" ","solution":""}`, 400, "empty state and solution"},
		{"stats without a table", "GET", "/api/v1/views/stats", ``, 400, "no table for this puzzle"},
		{"too many states", "POST", "/api/v1/pocket/scramble", `{"n":1000000}`, 400, "at most 10000"},
		{"too far", "POST", "/api/v1/pocket/scramble", `{"min_moves":12}`, 400, "--min-moves 12: no position is more than 11 moves from the goal"},
		{"one field in two spellings", "POST", "/api/v1/pocket/scramble", `{"n":1,"min_moves":4,"min-moves":11}`, 400, `field "min_moves" given twice`},
		{"bad moves", "POST", "/api/v1/pocket/show", `{"state":"UUUULLFFRRBBLLFFRRBBDDDD","moves":"R Q"}`, 400, `moves: bad move "Q"`},
		{"bad operations", "POST", "/api/v1/msquare/show", `{"state":"1 2 3 4 5 6 7 8","moves":"AXB"}`, 400, `moves: bad operation 'X' at character 2`},
		{"moves for views", "POST", "/api/v1/views/show", `{"state":"fe88e8f9b499","moves":"A"}`, 400, "views has no moves"},
		{"batch JSON Lines with query options", "POST", "/api/v1/pocket/batch?count=true", ``, 400, "options go in each line"},
		{"batch bad option", "POST", "/api/v1/pocket/batch?metric=xtm", ``, 400, `unknown metric "xtm"`},
		{"body too large", "POST", "/api/v1/pocket/solve", `{"state":"` + strings.Repeat("x", maxRequestBody) + `"}`, 413, "request body too large (more than 1048576 bytes)"},
		{"state too long", "POST", "/api/v1/pocket/solve", `{"state":"` + long + `","scramble":true}`, 413, "input too long (more than 65536 bytes)"},
	}
	for _, c := range cases {
		var header []string
		if strings.HasPrefix(c.name, "batch JSON") {
			header = []string{"Content-Type", "application/x-ndjson"}
		}
		code, body := post(t, h, c.method, c.path, c.body, header...)
		if code != c.code {
			t.Errorf("%s: status %d, want %d (%s)", c.name, code, c.code, body)
		}
		var e struct {
			Error string `json:"error"`
		}
		if err := json.Unmarshal([]byte(body), &e); err != nil || !strings.Contains(e.Error, c.msg) {
			t.Errorf("%s: answer %q, want an error with %q", c.name, body, c.msg)
		}
		if strings.Count(strings.TrimSuffix(body, "\n"), "\n") > 0 {
			t.Errorf("%s: the answer is not one line: %q", c.name, body)
		}
	}
}

func TestAPIHealthAndPage(t *testing.T) {
	h := newHandler(io.Discard)
	if code, body := post(t, h, "GET", "/healthz", ""); code != 200 || body != `{"status":"ok"}`+"\n" {
		t.Errorf("healthz: %d %q", code, body)
	}
	code, body := post(t, h, "GET", "/", "")
	if code != 200 || !strings.Contains(body, "<title>godtable") {
		t.Errorf("page: %d %.80q", code, body)
	}
	if code, body := post(t, h, "GET", "/app.js", ""); code != 200 || !strings.Contains(body, "api/v1/") {
		t.Errorf("app.js: %d", code)
	}
	// The page loads nothing from elsewhere.
	for _, f := range []string{"web/index.html", "web/app.js", "puzzles.js"} {
		b, _ := webFiles.ReadFile(f)
		if f == "puzzles.js" {
			code, body := post(t, h, "GET", "/puzzles.js", "")
			if code != 200 || !strings.Contains(body, "godtablePuzzles.pages.pocket = {") {
				t.Errorf("puzzles.js: %d %.80q", code, body)
			}
			b = []byte(body)
		}
		// The one other address is a link the person may follow, never
		// loaded by the page: alg.cubing.net, to see an answer played
		// there (TestBrowserLinks checks that it is only a link's).
		b = bytes.ReplaceAll(b, []byte("https://alg.cubing.net/?"), nil)
		if bytes.Contains(b, []byte("http://")) || bytes.Contains(b, []byte("https://")) || bytes.Contains(b, []byte("//cdn")) {
			t.Errorf("%s refers to another host", f)
		}
	}
	code, body = post(t, h, "GET", "/api/v1/puzzles", "")
	if code != 200 || !strings.Contains(body, `"name":"pocket"`) {
		t.Errorf("puzzles: %d %s", code, body)
	}
}

// TestAPIShow: the state after a move sequence is the library's, for every
// puzzle with moves; from the solved state, the optimal solution leads to the
// goal.
func TestAPIShow(t *testing.T) {
	h := newHandler(io.Discard)
	type shownJSON struct {
		State  string `json:"state"`
		Solved bool   `json:"solved"`
		Faces  []int  `json:"faces"`
		Cells  []int  `json:"cells"`
		Centre int    `json:"centre"`
	}
	show := func(puzzle, body string) shownJSON {
		t.Helper()
		code, out := post(t, h, "POST", "/api/v1/"+puzzle+"/show", body)
		if code != 200 {
			t.Fatalf("show %s %s: %d %s", puzzle, body, code, out)
		}
		var s shownJSON
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	cube, _ := pocket.Scramble("R U F' R2 U'")
	sol, _ := cube.Solve(pocket.HTM)
	s := show("pocket", `{"state":"`+cube.Facelets()+`","moves":"`+sol.String()+`"}`)
	if !s.Solved || len(s.Faces) != 24 {
		t.Errorf("pocket: after the solution %+v", s)
	}
	want, _ := pocket.Scramble("R U F' R2 U' R")
	if s := show("pocket", `{"state":"`+cube.Facelets()+`","moves":"R"}`); s.State != want.Facelets() {
		t.Errorf("pocket: after R %s, want %s", s.State, want.Facelets())
	}
	grid, _ := rotgrid.Parse("492357816")
	gsol, _ := grid.Solve()
	if s := show("rotgrid", `{"state":"492357816","moves":"`+gsol.String()+`"}`); !s.Solved || s.State != "1 2 3 4 5 6 7 8 9" && !strings.HasPrefix(s.State, "1") {
		t.Errorf("rotgrid: after the solution %+v", s)
	}
	if s := show("pyraminx", `{"state":"U L' R","scramble":true,"moves":"R' L U'"}`); !s.Solved {
		t.Errorf("pyraminx: not solved by the inverse: %+v", s)
	}
	// The magic square's and the rotation game's operations, applied by
	// the page's tables, agree with the library's on every optimal
	// solution of a sample of states.
	for _, target := range []string{"2 6 8 4 5 7 3 1", "8 7 6 5 4 3 2 1", "5 8 7 6 1 2 3 4", "1 2 3 4 5 6 7 8"} {
		q, _ := msquare.Parse(target)
		sols, _, _ := q.All(0)
		for _, sol := range sols {
			s := show("msquare", `{"state":"1 2 3 4 5 6 7 8","moves":"`+sol.String()+`"}`)
			if s.State != q.String() || s.State != (msquare.Position{}).Apply(sol).String() {
				t.Errorf("msquare: %s from the base gives %s, want %s", sol, s.State, q.String())
			}
		}
	}
	for _, board := range []string{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3", "3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2"} {
		g, _ := rotgame.Parse(board)
		answers, _, _ := g.All(20)
		for _, a := range answers {
			s := show("rotgame", `{"state":"`+board+`","moves":"`+a.Moves.String()+`"}`)
			if s.State != g.Apply(a.Moves).String() || !s.Solved || s.Centre != a.Centre {
				t.Errorf("rotgame: %s on %s gives %+v, want %s centre %d", a.Moves, board, s, g.Apply(a.Moves), a.Centre)
			}
		}
	}
}

// TestAPIBatch: a batch answers as "solve --json" answers the same lines on
// stdin, in plain lines and in JSON Lines, with the query's options.
func TestAPIBatch(t *testing.T) {
	h := newHandler(io.Discard)
	lines := "FFFUDDRFRULLLDRRUULBBBDB\nnot a cube\r\nUUUULLFFRRBBLLFFRRBBDDDD\n\n" + strings.Repeat("x", app.MaxLine+1) + "\nLBUUFLFFRURDLFRLBBDBDUDR"
	code, body := post(t, h, "POST", "/api/v1/pocket/batch?metric=qtm&count=true", lines)
	if want := runOutput([]string{"solve", "pocket", "--json", "--metric", "qtm", "--count"}, lines); code != 200 || body != want {
		t.Errorf("batch: %d\n%s\nwant\n%s", code, body, want)
	}
	code, body = post(t, h, "POST", "/api/v1/pocket/batch?format=text", lines)
	if want := runOutput([]string{"solve", "pocket"}, lines); code != 200 || body != want {
		t.Errorf("batch text: %d\n%s\nwant\n%s", code, body, want)
	}
	// The rotation game's judge input ends at a line "0"; views drawings
	// span lines.
	judge := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n1 1 1\n"
	if _, body := post(t, h, "POST", "/api/v1/rotgame/batch", judge); body != runOutput([]string{"solve", "rotgame", "--json"}, judge) {
		t.Errorf("rotgame batch: %s", body)
	}
	drawing := "fe88e8f9b499\nTop:        Front:      Side:\nx x x x     x x x .     x . x x\nx x x .     x . . .     . x . .\nx . . .     x x x x     x . . x\nx . . .     x . . x     x . . x\n670b14728ad9\n"
	if _, body := post(t, h, "POST", "/api/v1/views/batch", drawing); body != runOutput([]string{"solve", "views", "--json"}, drawing) {
		t.Errorf("views batch: %s", body)
	}
	// JSON Lines: each line its own request.
	jl := `{"state":"FFFUDDRFRULLLDRRUULBBBDB","metric":"qtm"}` + "\n" + `{"state":"R U","scramble":true,"count":true}` + "\n" + `{"state":"x"}` + "\n" + `{"stat` + "\n" + `{"state":"R","colour":1}` + "\n"
	code, body = post(t, h, "POST", "/api/v1/pocket/batch", jl, "Content-Type", "application/x-ndjson")
	got := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	want := []string{
		strings.TrimSpace(runOutput([]string{"solve", "pocket", "--json", "--metric", "qtm", "FFFUDDRFRULLLDRRUULBBBDB"}, "")),
		strings.TrimSpace(runOutput([]string{"solve", "pocket", "--json", "--scramble", "--count", "R U"}, "")),
		strings.TrimSpace(runOutput([]string{"solve", "pocket", "--json", "x"}, "")),
		`{"error":"bad JSON request: unexpected EOF"}`,
		`{"error":"unknown field \"colour\" (solve pocket takes state, all, count, limit, metric, order, scramble)"}`,
	}
	if code != 200 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("JSON Lines batch: %d\n%s\nwant\n%s", code, body, strings.Join(want, "\n"))
	}
}

// TestAPIBatchTooLarge: a body over the limit ends the batch with an error
// line after the answers to the lines read.
func TestAPIBatchTooLarge(t *testing.T) {
	defer func(n int64) { maxBatchBody = n }(maxBatchBody)
	maxBatchBody = 1000
	h := newHandler(io.Discard)
	body := strings.Repeat("UUUULLFFRRBBLLFFRRBBDDDD\n", 100)
	code, out := post(t, h, "POST", "/api/v1/pocket/batch", body)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	last := lines[len(lines)-1]
	if code != 200 || !strings.Contains(last, "request body too large (more than 1000 bytes)") || len(lines) < 30 || len(lines) > 45 {
		t.Errorf("%d: %d lines, the last %q", code, len(lines), last)
	}
}

// TestAPIBatchStreams: each answer comes back while the request is still
// open, so a client can send a line and wait for its answer.
func TestAPIBatchStreams(t *testing.T) {
	srv := httptest.NewServer(newHandler(io.Discard))
	defer srv.Close()
	pw, rd := openBatch(t, srv.URL)
	for i, in := range []string{"492357816", "123456789"} {
		if i > 0 {
			io.WriteString(pw, in+"\n")
		}
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if want := runOutput([]string{"solve", "rotgrid", "--json", in}, ""); line != want {
			t.Errorf("answer %d: %q, want %q", i, line, want)
		}
	}
	pw.Close()
	if rest, _ := io.ReadAll(rd); len(rest) != 0 {
		t.Errorf("after the end: %q", rest)
	}
}

// TestServerLogsAndRecovers: one log line per request, and a panic is a 500
// with a JSON error, the server going on.
func TestServerLogsAndRecovers(t *testing.T) {
	var logb syncBuffer
	mux := http.NewServeMux()
	mux.HandleFunc("/boom", func(http.ResponseWriter, *http.Request) { panic("boom") })
	mux.Handle("/", routes())
	h := logged(&logb, recovering(&logb, mux))
	code, body := post(t, h, "GET", "/boom", "")
	if code != 500 || body != `{"error":"internal error"}`+"\n" {
		t.Errorf("panic: %d %q", code, body)
	}
	post(t, h, "POST", "/api/v1/pocket/solve", `{"state":"FFF"}`)
	lines := strings.Split(strings.TrimSuffix(logb.String(), "\n"), "\n")
	var requests []string
	for _, l := range lines {
		if strings.HasPrefix(l, "godtable: GET ") || strings.HasPrefix(l, "godtable: POST ") {
			requests = append(requests, l)
		}
	}
	if len(requests) != 2 || !strings.HasPrefix(requests[0], "godtable: GET /boom 500 ") || !strings.HasPrefix(requests[1], "godtable: POST /api/v1/pocket/solve 400 ") {
		t.Errorf("log:\n%s", logb.String())
	}
	if !strings.Contains(logb.String(), "panic serving GET /boom: boom") {
		t.Errorf("the panic is not logged:\n%s", logb.String())
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServe runs serve on a port of its own until cancel is called: its
// address, its log, and its return on done.
func startServe(t *testing.T) (url string, logb *syncBuffer, cancel context.CancelFunc, done chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	logb = &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done = make(chan error, 1)
	go func() { done <- serve(ctx, ln, logb, newHosts("127.0.0.1:0", ln.Addr(), nil)) }()
	return "http://" + ln.Addr().String(), logb, cancel, done
}

// TestServeShutdown: stopping the server lets a request in flight finish
// with all its answers, then serve returns.
func TestServeShutdown(t *testing.T) {
	url, logb, cancel, done := startServe(t)
	pw, rd := openBatch(t, url)
	first, err := rd.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	// The request is in flight, its first answer out: now stop the server.
	cancel()
	time.Sleep(100 * time.Millisecond)
	select {
	case err := <-done:
		t.Fatalf("serve returned with a request in flight: %v", err)
	default:
	}
	io.WriteString(pw, "123456789\n")
	pw.Close()
	rest, err := io.ReadAll(rd)
	if err != nil {
		t.Fatal(err)
	}
	want := runOutput([]string{"solve", "rotgrid", "--json"}, "492357816\n123456789\n")
	if first+string(rest) != want {
		t.Errorf("in-flight batch: %q, want %q", first+string(rest), want)
	}
	// New connections are refused once the server is stopping.
	if inFlight(url) {
		t.Errorf("the stopping server still takes new requests")
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not return after the last request")
	}
	if !strings.Contains(logb.String(), "shutting down") {
		t.Errorf("log: %s", logb.String())
	}
}

// inFlight reports whether the server at url answers its health check.
func inFlight(url string) bool {
	resp, err := http.Get(url + "/healthz")
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == 200
}

// FuzzAPI: no request body makes a handler panic or answer with a status
// other than 200, 400, 404 or 413, and every answer is JSON (one object or
// JSON Lines).
func FuzzAPI(f *testing.F) {
	f.Add("pocket", "solve", `{"state":"FFFUDDRFRULLLDRRUULBBBDB","all":true,"limit":3}`)
	f.Add("pocket", "verify", `{"state":"R U","scramble":true,"solution":"U' R'"}`)
	f.Add("msquare", "show", `{"state":"1 2 3 4 5 6 7 8","moves":"ABC"}`)
	f.Add("rotgame", "batch", "1 1 1\n0\n")
	f.Add("views", "solve", `{"state":"fe88e8f9b499"}`)
	f.Add("pyraminx", "scramble", `{"n":2,"seed":1,"min_moves":9}`)
	f.Add("rotgrid", "stats", ``)
	f.Add("cube", "solve", `{}`)
	f.Add("pocket", "solve", `{"state":"R","limit":"9999999999999999999999"}`)
	h := newHandler(io.Discard)
	f.Fuzz(func(t *testing.T, puzzle, action, body string) {
		// The puzzle and the action are path segments, escaped; ones the
		// router cleans away ("." and "..") redirect, which is not this
		// target's matter.
		if len(body) > 4096 || puzzle == "" || action == "" || strings.HasPrefix(puzzle, ".") || strings.HasPrefix(action, ".") {
			return
		}
		// Bound the work one input may ask for: thousands of scrambles or
		// every solution of a far position are allowed but slow.
		if strings.Contains(body, `"n"`) || strings.Contains(body, "all") || strings.Contains(body, "min_moves") {
			return
		}
		code, out := post(t, h, "POST", "/api/v1/"+url.PathEscape(puzzle)+"/"+url.PathEscape(action), body)
		switch code {
		case 200, 400, 404, 413:
		default:
			t.Fatalf("status %d for %s %s %q: %s", code, puzzle, action, body, out)
		}
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if line != "" && !json.Valid([]byte(line)) {
				t.Fatalf("not JSON: %q", line)
			}
		}
	})
}
