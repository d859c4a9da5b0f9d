package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/godtable/godtable/internal/app"
	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/app/staticweb"
	"github.com/godtable/godtable/lookup/msquare"
	"github.com/godtable/godtable/lookup/pocket"
	"github.com/godtable/godtable/lookup/pyraminx"
	"github.com/godtable/godtable/lookup/rotgrid"
)

// The browser tests drive the page in headless Chromium against the server,
// read the answers off the page and compare them with the library's. They
// skip only when no Chromium is installed and CI is unset; under CI a
// missing browser fails them.

// chromiumPath finds a Chromium binary ($CHROMIUM first).
func chromiumPath(t *testing.T) string {
	t.Helper()
	candidates := []string{os.Getenv("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"}
	for _, p := range candidates {
		if p == "" {
			continue
		}
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	msg := "no Chromium found (looked for $CHROMIUM, /usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome); install Debian's chromium package to run the browser tests"
	if os.Getenv("CI") != "" {
		t.Fatal("CI is set and " + msg)
	}
	t.Skip(msg)
	return ""
}

// artifactsDir is where the screenshots go: $GODTABLE_ARTIFACTS, else
// godtable-artifacts in the temporary directory. Both are outside the
// repository.
func artifactsDir(t *testing.T) string {
	dir := os.Getenv("GODTABLE_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "godtable-artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// browser is a page in a headless Chromium, on the server under test.
type browser struct {
	t   *testing.T
	ctx context.Context
	url string
	dir string
}

func newBrowser(t *testing.T, url string, width, height int) *browser {
	t.Helper()
	exe := chromiumPath(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox, // the CI container runs as root
		chromedp.DisableGPU,
		chromedp.WindowSize(width, height),
	)
	// A browser that fails to start (seen now and then on a loaded
	// machine: it exits before it says where its DevTools listen) is
	// started again, up to three times; a page that fails to load is not.
	var b *browser
	for try := 1; ; try++ {
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(actx)
		// The first run starts the browser; it must not carry a timeout.
		err := chromedp.Do(ctx, chromedp.Navigate(url))
		if err == nil {
			t.Cleanup(func() { cancel(); cancelA() })
			b = &browser{t: t, ctx: ctx, url: url, dir: artifactsDir(t)}
			break
		}
		cancel()
		cancelA()
		if try == 3 || !strings.Contains(err.Error(), "chrome failed to start") {
			t.Fatalf("loading the page: %v", err)
		}
		t.Logf("the browser did not start (%v); starting it again", strings.SplitN(err.Error(), "\n", 2)[0])
	}
	b.do(chromedp.WaitReady(chromedp.CSS(`body[data-ready="1"]`)))
	return b
}

// do runs actions with a time limit, failing the test on an error.
func (b *browser) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("browser: %v", err)
	}
}

// eval evaluates a JavaScript expression to a string.
func (b *browser) eval(expr string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		b.t.Fatalf("browser: %s: %v", expr, err)
	}
	return s
}

// wait waits until a JavaScript expression is true.
func (b *browser) wait(expr string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr)); err != nil {
		b.t.Fatalf("browser: waiting for %s: %v (error shown: %q)", expr, err, b.text("#error"))
	}
}

func (b *browser) text(sel string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).textContent`, sel)))
	if err != nil {
		b.t.Fatalf("browser: reading %s: %v", sel, err)
	}
	return strings.Join(strings.Fields(s), " ")
}

func (b *browser) click(sel string) { b.t.Helper(); b.do(chromedp.Click(chromedp.CSS(sel))) }

// setInput sets a text field as if typed, so that the page hears of it.
func (b *browser) setInput(sel, value string) {
	b.t.Helper()
	b.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q; e.dispatchEvent(new Event("input")); return "" })()`, sel, value))
}

func (b *browser) choose(puzzle string) {
	b.t.Helper()
	b.eval(fmt.Sprintf(`(() => { const e = document.getElementById("puzzle"); e.value = %q; e.dispatchEvent(new Event("change")); return "" })()`, puzzle))
}

func (b *browser) screenshot(name string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	path := filepath.Join(b.dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot %s", path)
}

// solveOnPage presses Solve and waits for the whole answer: the solution,
// the count, the list and the picture at the start.
func (b *browser) solveOnPage() (solution, length, count string) {
	b.t.Helper()
	b.click("#solve")
	b.wait(`document.getElementById("count").textContent !== "–" && document.querySelector("#step-picture[data-k='0']") !== null`)
	return b.text("#solution"), b.text("#length"), b.text("#count")
}

// solveExpectingError enters state, presses Solve and checks that the page
// shows want's message, the command's words.
func (b *browser) solveExpectingError(state string, want error) {
	b.t.Helper()
	b.setInput("#state", state)
	b.click("#solve")
	b.wait(`document.getElementById("error").textContent !== ""`)
	if got := b.text("#error"); want == nil || got != want.Error() {
		b.t.Errorf("error %q, want %v", got, want)
	}
}

// stepThrough presses next once per move and returns the picture's state
// after each.
func (b *browser) stepThrough(moves int) []string {
	b.t.Helper()
	var states []string
	for k := 1; k <= moves; k++ {
		b.click("#next")
		b.wait(fmt.Sprintf(`document.querySelector("#step-picture[data-k='%d']") !== null`, k))
		states = append(states, b.eval(`document.getElementById("step-picture").dataset.state`))
	}
	return states
}

func newPageServer(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(newHandler(io.Discard))
	t.Cleanup(srv.Close)
	return srv
}

func TestBrowserPocket(t *testing.T) {
	srv := newPageServer(t)
	b := newBrowser(t, srv.URL, 1200, 1000)

	// A cube entered by clicking stickers: the palette colour, then the
	// sticker, for each sticker that differs from the solved cube.
	const scramble = "R U F' R2 U'"
	want, err := pocket.Scramble(scramble)
	if err != nil {
		t.Fatal(err)
	}
	target := want.Facelets()
	current := b.eval(`document.getElementById("state").value`)
	clicks := 0
	for i := 0; i < 24; i++ {
		if current[i] == target[i] {
			continue
		}
		b.click("#paint-" + string(target[i]))
		b.click(fmt.Sprintf(`#net button[data-i="%d"]`, i))
		clicks++
	}
	if got := b.eval(`document.getElementById("state").value`); got != target {
		t.Fatalf("after %d clicks the state is %q, want %q", clicks, got, target)
	}
	b.screenshot("pocket-clicked")
	sol := b.checkPocketAnswer("page", want)
	// The same answer as the command.
	var out strings.Builder
	app.Run([]string{"solve", "pocket", target}, strings.NewReader(""), &out, io.Discard)
	if strings.TrimSpace(out.String()) != sol {
		t.Errorf("page %q, command %q", sol, out.String())
	}
	b.screenshot("pocket-solved")
	b.checkPocketSteps(scramble, sol)
	b.screenshot("pocket-stepped")

	// A cube entered by a scramble.
	const scramble2 = "[R, U] F2 (R' U)2"
	b.setInput("#scramble-moves", scramble2)
	b.click("#apply-scramble")
	want2, _ := pocket.Scramble(scramble2)
	b.wait(fmt.Sprintf(`document.getElementById("state").value === %q`, want2.Facelets()))
	sol2, _, count2 := b.solveOnPage()
	best2, _ := want2.Solve(pocket.HTM)
	n2, _ := want2.Count(pocket.HTM)
	if sol2 != best2.String() || count2 != fmt.Sprint(n2) {
		t.Errorf("scrambled: page %q (%s solutions), library %q (%d)", sol2, count2, best2, n2)
	}

	// Verify a pasted solution.
	b.setInput("#verify-solution", best2.String()+" R R'")
	b.click("#verify")
	b.wait(`document.getElementById("verdict").textContent !== ""`)
	if v := b.text("#verdict"); !strings.HasPrefix(v, "not optimal") {
		t.Errorf("verdict %q, want not optimal", v)
	}

	// An error, in the command's words, next to the input.
	_, perr := pocket.Parse("FFFUDDRFRULLLDRRUULBBBDBX")
	b.solveExpectingError("FFFUDDRFRULLLDRRUULBBBDBX", perr)
	b.screenshot("pocket-error")
}

func TestBrowserMagicSquare(t *testing.T) {
	srv := newPageServer(t)
	b := newBrowser(t, srv.URL, 1200, 1000)
	b.choose("msquare")
	b.wait(`document.querySelector(".msq input") !== null`)
	// Type the target into the board's cells, top row, then the bottom
	// row left to right.
	const target = "2 6 8 4 5 7 3 1"
	n := strings.Fields(target)
	for k, i := range []int{0, 1, 2, 3, 7, 6, 5, 4} {
		b.setInput(fmt.Sprintf(`.msq input:nth-child(%d)`, k+1), n[i])
	}
	if got := b.eval(`document.getElementById("state").value`); got != target {
		t.Fatalf("the board reads %q, want %q", got, target)
	}
	sol, length, count := b.solveOnPage()
	q, _ := msquare.Parse(target)
	best, _ := q.Solve()
	nc, _ := q.Count()
	if strings.ReplaceAll(sol, " ", "") != best.String() || length != fmt.Sprint(best.Len()) || count != fmt.Sprint(nc) {
		t.Errorf("page: %q length %s count %s; library %q %d %d", sol, length, count, best, best.Len(), nc)
	}
	states := b.stepThrough(best.Len())
	if last := states[len(states)-1]; last != q.String() {
		t.Errorf("after the last operation the board is %q, want the target %q", last, q.String())
	}
	b.screenshot("msquare-stepped")

	_, perr := msquare.Parse("1 1 2 3 4 5 6 7")
	b.solveExpectingError("1 1 2 3 4 5 6 7", perr)
	b.screenshot("msquare-error")
}

// TestBrowserPhone looks at the page on a phone-sized screen, for every
// puzzle, with an answer on it.
func TestBrowserPhone(t *testing.T) {
	srv := newPageServer(t)
	b := newBrowser(t, srv.URL, 1200, 1000)
	// A window cannot be made this narrow; the phone's viewport is
	// emulated, as the browsers' device modes do.
	b.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Reload())
	b.do(chromedp.WaitReady(chromedp.CSS(`body[data-ready="1"]`)))
	for _, p := range app.Puzzles() {
		name := p.Name()
		b.choose(name)
		solved := b.eval(`document.getElementById("state").value`)
		b.click("#random")
		// The drawn state, not the solved one still there: the page
		// drops an answer to a state replaced while it was asked for.
		b.wait(fmt.Sprintf(`document.getElementById("state").value !== %q`, solved))
		switch {
		case p.Features().Search:
			// A drawn state of a puzzle answered by a search (the
			// 3x3x3) may take the server's whole search time: the page
			// is looked at with the state alone.
		case !p.Features().Table:
			// A drawn views state is not always solvable; the page says
			// which.
			b.click("#solve")
			b.wait(`document.getElementById("solution").textContent !== ""`)
		default:
			b.solveOnPage()
		}
		if e := b.text("#error"); e != "" {
			t.Errorf("%s: error %q on a random state", name, e)
		}
		// Nothing may be wider than the screen.
		if w := b.eval(`String(document.documentElement.scrollWidth)`); w != "390" {
			t.Errorf("%s: the page is %s pixels wide on a 390-pixel screen", name, w)
		}
		b.screenshot("phone-" + name)
	}
}

// staticPage is the static page (make web's folder), written once per test
// binary: building the command to WebAssembly is the slow part.
var staticPage struct {
	once sync.Once
	dir  string
	err  error
}

// staticSite writes the static page as make web does, from the page files
// the server embeds, and serves it with a plain file server: no API. It
// counts the requests for anything under /api/, which must stay at none.
func staticSite(t *testing.T) (url string, apiRequests *atomic.Int64) {
	t.Helper()
	chromiumPath(t) // skip before the slow build if there is no browser
	staticPage.once.Do(func() {
		start := time.Now()
		staticPage.dir, staticPage.err = os.MkdirTemp("", "godtable-web-")
		if staticPage.err != nil {
			return
		}
		page, err := fs.Sub(webFiles, "web")
		if err != nil {
			staticPage.err = err
			return
		}
		staticPage.err = staticweb.Write(staticPage.dir, page, "")
		t.Logf("static page written to %s in %s", staticPage.dir, time.Since(start).Round(time.Millisecond))
	})
	if staticPage.err != nil {
		t.Fatalf("writing the static page: %v", staticPage.err)
	}
	apiRequests = new(atomic.Int64)
	files := http.FileServer(http.Dir(staticPage.dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			apiRequests.Add(1)
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, apiRequests
}

// TestBrowserStatic loads the static page from a plain file server, solves
// a pocket cube entered by a scramble and a magic square entered on its
// board with the WebAssembly solver, and compares the answers with the
// library's. It logs the time from the page's load to its first answer.
func TestBrowserStatic(t *testing.T) {
	url, apiRequests := staticSite(t)
	b := newBrowser(t, url, 1200, 1000)
	if got := b.eval(`typeof godtableCall`); got != "function" {
		t.Fatalf("the static page has no solver: godtableCall is %s", got)
	}
	ready := b.eval(`String(Math.round(performance.now()))`)

	const scramble = "[R, U] F2 (R' U)2"
	want, _ := pocket.Scramble(scramble)
	b.setInput("#scramble-moves", scramble)
	b.click("#apply-scramble")
	b.wait(fmt.Sprintf(`document.getElementById("state").value === %q`, want.Facelets()))
	sol := b.checkPocketAnswer("static page", want)
	first := b.eval(`String(Math.round(performance.now()))`)
	t.Logf("static page: solver ready %s ms after the page began to load, first answer shown at %s ms", ready, first)
	b.checkPocketSteps(scramble, sol)
	b.screenshot("static-pocket")

	// The command's error message, from the solver in the browser.
	_, perr := pocket.Parse("FFFUDDRFRULLLDRRUULBBBDBX")
	b.solveExpectingError("FFFUDDRFRULLLDRRUULBBBDBX", perr)

	b.choose("msquare")
	b.wait(`document.querySelector(".msq input") !== null`)
	const target = "2 6 8 4 5 7 3 1"
	cells := strings.Fields(target)
	for k, i := range []int{0, 1, 2, 3, 7, 6, 5, 4} {
		b.setInput(fmt.Sprintf(`.msq input:nth-child(%d)`, k+1), cells[i])
	}
	sol, length, count := b.solveOnPage()
	q, _ := msquare.Parse(target)
	qbest, _ := q.Solve()
	qn, _ := q.Count()
	if strings.ReplaceAll(sol, " ", "") != qbest.String() || length != fmt.Sprint(qbest.Len()) || count != fmt.Sprint(qn) {
		t.Errorf("static page: %q length %s count %s; library %q %d %d", sol, length, count, qbest, qbest.Len(), qn)
	}
	if chart := b.eval(`String(document.querySelectorAll("#chart div").length)`); chart == "0" {
		t.Errorf("no distance chart on the static page")
	}
	b.screenshot("static-msquare")
	if n := apiRequests.Load(); n != 0 {
		t.Errorf("the static page sent %d requests to /api/", n)
	}
}

// checkPocketAnswer solves the cube on the page and compares its answer
// with the library's: the solution, its length, the number of optimal
// solutions and the list of them (at most 50 shown). where names the page
// in errors; the page's solution is returned.
func (b *browser) checkPocketAnswer(where string, cube pocket.Cube) string {
	b.t.Helper()
	sol, length, count := b.solveOnPage()
	best, _ := cube.Solve(pocket.HTM)
	n, _ := cube.Count(pocket.HTM)
	if sol != best.String() || length != fmt.Sprint(best.Cost()) || count != fmt.Sprint(n) {
		b.t.Errorf("%s: solution %q length %s count %s; library: %q %d %d", where, sol, length, count, best, best.Cost(), n)
	}
	if items := b.eval(`String(document.querySelectorAll("#all li").length)`); items != fmt.Sprint(min(n, 50)) {
		b.t.Errorf("%s: the list has %s solutions, want %d", where, items, min(n, 50))
	}
	return sol
}

// checkPocketSteps steps through the page's solution sol of the cube that
// scramble makes: the picture follows, move by move, to the solved cube.
func (b *browser) checkPocketSteps(scramble, sol string) {
	b.t.Helper()
	toks := strings.Fields(sol)
	states := b.stepThrough(len(toks))
	for k, st := range states {
		prefix, _ := pocket.Scramble(scramble + " " + strings.Join(toks[:k+1], " "))
		if st != prefix.Facelets() {
			b.t.Errorf("after %d moves the picture shows %s, want %s", k+1, st, prefix.Facelets())
		}
	}
	if solved := b.eval(`document.getElementById("step-picture").dataset.solved`); solved != "true" {
		b.t.Errorf("after the last move the picture is not solved")
	}
}

// TestMain removes the static page written for the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if staticPage.dir != "" {
		os.RemoveAll(staticPage.dir)
	}
	os.Exit(code)
}

// TestBrowserPyraminx enters a Pyraminx by clicking stickers of its net,
// solves it, checks the answer against the library's, and steps through it.
func TestBrowserPyraminx(t *testing.T) {
	srv := newPageServer(t)
	b := newBrowser(t, srv.URL, 1200, 1000)
	b.choose("pyraminx")
	b.wait(`document.querySelector("#net") !== null`)
	const scramble = "U L' r B b'"
	want, err := pyraminx.Scramble(scramble)
	if err != nil {
		t.Fatal(err)
	}
	target := want.Stickers()
	current := b.eval(`document.getElementById("state").value`)
	for i := 0; i < 36; i++ {
		if current[i] == target[i] {
			continue
		}
		b.click("#paint-" + string(target[i]))
		b.click(fmt.Sprintf(`#net button[data-i="%d"]`, i))
	}
	if got := b.eval(`document.getElementById("state").value`); got != target {
		t.Fatalf("after clicking, the state is %q, want %q", got, target)
	}
	b.screenshot("pyraminx-clicked")
	sol, length, count := b.solveOnPage()
	best, _ := want.Solve()
	n, _ := want.Count()
	if sol != best.String() || length != fmt.Sprint(best.Len()) || count != fmt.Sprint(n) {
		t.Errorf("page: solution %q length %s count %s; library: %q %d %d", sol, length, count, best, best.Len(), n)
	}
	toks := strings.Fields(sol)
	states := b.stepThrough(len(toks))
	for k, st := range states {
		prefix, _ := pyraminx.Scramble(scramble + " " + strings.Join(toks[:k+1], " "))
		if st != prefix.Stickers() {
			t.Errorf("after %d moves the picture shows %s, want %s", k+1, st, prefix.Stickers())
		}
	}
	if solved := b.eval(`document.getElementById("step-picture").dataset.solved`); solved != "true" {
		t.Errorf("after the last move the picture is not solved")
	}
	b.screenshot("pyraminx-stepped")
}

// TestBrowserPlainPage serves the page with the rotation grid's own page
// left out of puzzles.js, as a puzzle added without one would be: the page
// still lists it, takes its state as typed, solves it as the library does,
// and steps through the answer showing the command's drawing of each state.
func TestBrowserPlainPage(t *testing.T) {
	var plain []cli.Puzzle
	for _, rp := range app.Puzzles() {
		var p cli.Puzzle = rp
		if p.Name() == "rotgrid" {
			p = struct{ cli.Puzzle }{p} // no Page
		}
		plain = append(plain, p)
	}
	script := cli.PageScriptOf(plain)
	h := newHandler(io.Discard)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/puzzles.js" {
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			w.Write(script)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	b := newBrowser(t, srv.URL, 1200, 1000)
	b.choose("rotgrid")
	if got := b.eval(`document.getElementById("how").textContent`); got != "Type or paste a state." {
		t.Fatalf("the rotation grid's page says %q: not the plain page", got)
	}
	const state = "492357816"
	b.setInput("#state", state)
	want, err := rotgrid.Parse(state)
	if err != nil {
		t.Fatal(err)
	}
	sol, length, count := b.solveOnPage()
	best, _ := want.Solve()
	n, _ := want.Count()
	if sol != best.String() || length != fmt.Sprint(best.Len()) || count != fmt.Sprint(n) {
		t.Errorf("page: solution %q length %s count %s; library: %q %d %d", sol, length, count, best, best.Len(), n)
	}
	base, err := want.Moves()
	if err != nil {
		t.Fatal(err)
	}
	toks := strings.Fields(sol)
	for k := 1; k <= len(toks); k++ {
		b.click("#next")
		b.wait(fmt.Sprintf(`document.querySelector("#step-picture[data-k='%d']") !== null`, k))
		g, err := rotgrid.Scramble(base.String() + " " + strings.Join(toks[:k], " "))
		if err != nil {
			t.Fatal(err)
		}
		// The picture is the command's drawing, show --svg's: its
		// numbers, row by row.
		st := b.eval(`document.getElementById("step-picture").dataset.state`)
		drawn := b.eval(`[...document.querySelectorAll("#step-picture svg text")].map((e) => e.textContent).join(" ")`)
		if want := strings.Join(strings.Fields(g.Draw(false)), " "); st != g.String() || drawn != want {
			t.Errorf("after %d moves the page shows %q, drawn %q; want %q, drawn %q", k, st, drawn, g.String(), want)
		}
	}
	if solved := b.eval(`document.getElementById("step-picture").dataset.solved`); solved != "true" {
		t.Errorf("after the last move the picture is not solved")
	}
	b.screenshot("plain-rotgrid")
}
