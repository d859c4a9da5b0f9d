package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/lookup/pocket"
	"github.com/godtable/godtable/lookup/pyraminx"
)

// A verify request without a solution is a bad request, not an "illegal"
// verdict on the empty solution; an empty solution is still one (a solved
// state's).
func TestVerifyWithoutSolution(t *testing.T) {
	h := newHandler(io.Discard)
	code, body := post(t, h, "POST", "/api/v1/pocket/verify", `{"state": "FFFUDDRFRULLLDRRUULBBBDB"}`)
	if code != http.StatusBadRequest || !strings.Contains(body, `missing field \"solution\"`) {
		t.Errorf("no solution: %d %s, want 400 naming the field", code, body)
	}
	code, body = post(t, h, "POST", "/api/v1/pocket/verify", `{"state": "UUUULLFFRRBBLLFFRRBBDDDD", "solution": ""}`)
	if code != http.StatusOK || !strings.Contains(body, `"verdict":"optimal"`) {
		t.Errorf("empty solution of the solved cube: %d %s, want 200 optimal", code, body)
	}
}

// The page's bugs: the verify box kept the last puzzle's text; every puzzle
// showed the pocket cube's scramble as its example; a failed Apply left the
// old answer on screen; the Pyraminx chart left out the tips.
func TestBrowserPageBugs(t *testing.T) {
	srv := newPageServer(t)
	b := newBrowser(t, srv.URL, 1200, 1000)

	// The verify box empties with a new puzzle.
	b.setInput("#verify-solution", "R U R'")
	b.choose("pyraminx")
	if got := b.eval(`document.getElementById("verify-solution").value`); got != "" {
		t.Errorf("after choosing the Pyraminx the verify box holds %q", got)
	}

	// Each puzzle's example scramble is its own, and the command reads it.
	for _, name := range []string{"pocket", "pyraminx", "rotgrid"} {
		b.choose(name)
		ex := b.eval(`document.getElementById("scramble-moves").placeholder`)
		if ex == "" {
			t.Errorf("%s: no example scramble", name)
			continue
		}
		if out := runOutput([]string{"solve", name, "--scramble", ex}, ""); strings.HasPrefix(out, "error:") {
			t.Errorf("%s: its example %q is not its moves: %s", name, ex, out)
		}
	}

	// A failed Apply clears the answer to the state it was meant to replace.
	b.choose("pocket")
	b.setInput("#state", "FFFUDDRFRULLLDRRUULBBBDB")
	if sol, _, _ := b.solveOnPage(); sol == "" {
		t.Fatal("no answer on the page")
	}
	b.setInput("#scramble-moves", "R Q")
	b.click("#apply-scramble")
	b.wait(`document.getElementById("error").textContent !== ""`)
	_, perr := pocket.Scramble("R Q")
	if got := b.text("#error"); perr == nil || got != perr.Error() {
		t.Errorf("error %q, want %v", got, perr)
	}
	if sol, length := b.text("#solution"), b.text("#length"); sol != "" || length != "–" {
		t.Errorf("after a failed Apply the page still shows %q (length %s)", sol, length)
	}
	b.screenshot("pocket-failed-apply")

	// The Pyraminx chart counts every position, tips included: the body's
	// distribution spread by the tips' (C(4, k) 2^k settings twist k tips).
	b.choose("pyraminx")
	body, err := pyraminx.Distribution()
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int, len(body)+4)
	for d, c := range body {
		for k, tc := range []int{1, 8, 24, 32, 16} {
			want[d+k] += c * tc
		}
	}
	b.wait(fmt.Sprintf(`document.querySelectorAll("#chart div").length === %d`, len(want)))
	var titles []string
	if err := json.Unmarshal([]byte(b.eval(`JSON.stringify([...document.querySelectorAll("#chart div")].map((d) => d.title))`)), &titles); err != nil {
		t.Fatal(err)
	}
	total := 0
	for d, c := range want {
		total += c
		if w := fmt.Sprintf("distance %d: %s states", d, commas(c)); titles[d] != w {
			t.Errorf("bar %d: %q, want %q", d, titles[d], w)
		}
	}
	if note, w := b.text("#chart-note"), fmt.Sprintf("%s states, at most 15 moves from the goal (tips included)", commas(total)); !strings.HasPrefix(note, w) {
		t.Errorf("chart note %q, want %q", note, w)
	}
	if total != 75_582_720 {
		t.Errorf("%d positions, want 75,582,720", total)
	}
	b.screenshot("pyraminx-chart")

	// A random state comes with a scramble that makes it, tips last, and
	// at least the WCA's 6 moves from solved.
	b.click("#random")
	b.wait(`document.getElementById("scramble-moves").value !== ""`)
	state := b.eval(`document.getElementById("state").value`)
	moves := b.eval(`document.getElementById("scramble-moves").value`)
	made, err := pyraminx.Scramble(moves)
	if err != nil || made.Stickers() != state {
		t.Errorf("random state %s, its scramble %q makes %s (%v)", state, moves, made.Stickers(), err)
	}
	if d, _ := made.Distance(); d < 6 || d != len(strings.Fields(moves)) {
		t.Errorf("random state %s: %d moves from solved, scramble %q", state, d, moves)
	}
	b.screenshot("pyraminx-random")
}

// commas writes n as toLocaleString("en") does.
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// The API's show draws the state as show --svg does, when asked.
func TestShowSVG(t *testing.T) {
	h := newHandler(io.Discard)
	code, body := post(t, h, "POST", "/api/v1/pocket/show", `{"state": "R U F'", "scramble": true, "svg": true}`)
	var got struct{ State, SVG string }
	if err := json.Unmarshal([]byte(body), &got); code != http.StatusOK || err != nil {
		t.Fatalf("%d %s (%v)", code, body, err)
	}
	if want := runOutput([]string{"show", "pocket", "--svg", "--scramble", "R U F'"}, ""); got.SVG+"\n" != want {
		t.Errorf("API svg\n%.200s\ncommand\n%.200s", got.SVG, want)
	}
	if _, body := post(t, h, "POST", "/api/v1/pocket/show", `{"state": "R U F'", "scramble": true}`); strings.Contains(body, `"svg"`) {
		t.Errorf("svg not asked for, yet given: %.200s", body)
	}
}

// The page's pictures are the command's drawings: each puzzle's state
// drawn as show --svg draws it, before and while stepping.
func TestBrowserSVG(t *testing.T) {
	srv := newPageServer(t)
	b := newBrowser(t, srv.URL, 1200, 1000)
	for _, name := range []string{"pocket", "pyraminx", "msquare", "rotgame", "rotgrid", "views"} {
		b.choose(name)
		state := b.eval(`document.getElementById("state").value`)
		want := runOutput([]string{"show", name, "--svg", state}, "")
		_, title, _ := strings.Cut(want, "<title>")
		title, _, _ = strings.Cut(title, "</title>")
		// The picture comes a moment after the puzzle is chosen.
		b.wait(fmt.Sprintf(`document.querySelector("#picture svg title")?.textContent === %q`, title))
		shapes := strings.Count(want, "<polygon") + strings.Count(want, "<rect")
		got := b.eval(`String(document.querySelectorAll("#picture svg polygon, #picture svg rect").length)`)
		if got != fmt.Sprint(shapes) {
			t.Errorf("%s: the page's picture has %s shapes, show --svg %d", name, got, shapes)
		}
		b.screenshot("page-" + name)
	}
	// The Pyraminx's editor is triangles too, laid out as the picture:
	// sticker by sticker, the same colours in the same order.
	b.choose("pyraminx")
	b.setInput("#scramble-moves", "U L' R B' u l'")
	b.click("#apply-scramble")
	p, _ := pyraminx.Scramble("U L' R B' u l'")
	// The picture of the scrambled state, not the solved one's still there.
	b.wait(fmt.Sprintf(`document.querySelector("#picture > [data-state]")?.dataset.state === %q`, p.Stickers()))
	b.wait(`document.querySelectorAll("#picture svg polygon:not([fill=none])").length === 36`)
	editor := b.eval(`[...document.querySelectorAll("#net button")].map((e) => e.dataset.i + (e.classList.contains("up") ? "^" : "v") + getComputedStyle(e).backgroundColor).join(" ")`)
	picture := b.eval(`(() => { const c = document.createElement("canvas").getContext("2d"); return [...document.querySelectorAll("#picture svg polygon:not([fill=none])")].map((e) => { c.fillStyle = e.getAttribute("fill"); return c.fillStyle; }).join(" "); })()`)
	pics := strings.Fields(picture)
	cells := strings.Fields(strings.ReplaceAll(editor, ", ", ","))
	if len(cells) != 36 || len(pics) != 36 {
		t.Fatalf("%d editor cells, %d picture stickers", len(cells), len(pics))
	}
	row, inRow := 0, 0
	for k, c := range cells {
		// Rows of 11, 9, 7, 5, 3 and 1, each pointing down, up, down...
		if inRow == 11-2*row {
			row, inRow = row+1, 0
		}
		if up := strings.Contains(c, "^"); up != (inRow%2 == 1) {
			t.Errorf("editor cell %d (%s), number %d of row %d, points the wrong way", k, c, inRow, row)
		}
		inRow++
		// rgb(r,g,b) against the canvas's #rrggbb.
		var r, g, bl int
		fmt.Sscanf(c[strings.Index(c, "rgb("):], "rgb(%d,%d,%d)", &r, &g, &bl)
		if hex := fmt.Sprintf("#%02x%02x%02x", r, g, bl); hex != pics[k] {
			t.Errorf("editor cell %d (%s) is %s, the picture's %s", k, c, hex, pics[k])
		}
	}

	b.choose("pocket")
	b.setInput("#scramble-moves", "R U F'")
	b.click("#apply-scramble")
	b.wait(`document.getElementById("state").value !== "UUUULLFFRRBBLLFFRRBBDDDD"`)
	b.solveOnPage()
	b.stepThrough(1)
	fills := b.eval(`[...document.querySelectorAll("#step-picture svg polygon, #step-picture svg rect")].map((e) => e.getAttribute("fill")).join(" ")`)
	after := b.eval(`document.getElementById("step-picture").dataset.state`)
	args := []string{"show", "pocket", "--svg", after}
	if toks := strings.Fields(b.text("#solution")); len(toks) > 1 {
		args = append(args, "--next", toks[1]) // the arrow of the move to come
	}
	want := runOutput(args, "")
	var wantFills []string
	for _, elem := range strings.Split(want, "<")[1:] {
		if !strings.HasPrefix(elem, "polygon ") && !strings.HasPrefix(elem, "rect ") {
			continue
		}
		_, fill, _ := strings.Cut(elem, ` fill="`)
		fill, _, _ = strings.Cut(fill, `"`)
		wantFills = append(wantFills, fill)
	}
	if fills != strings.Join(wantFills, " ") {
		t.Errorf("after one move the page shows\n%s\nshow --svg\n%s", fills, strings.Join(wantFills, " "))
	}
	b.screenshot("pocket-svg-step")
}

// acnSpell is alg.cubing.net's spelling of a sequence: _ for a space, -
// for a prime.
func acnSpell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(strings.Join(strings.Fields(s), " "), " ", "_"), "'", "-")
}

// A link to the page restores what it showed: the puzzle, the scramble or
// the state, the metric and the answer; the pocket cube's and the
// Pyraminx's answers open in alg.cubing.net with their setup and solution.
func TestBrowserLinks(t *testing.T) {
	srv := newPageServer(t)
	b := newBrowser(t, srv.URL, 1200, 1000)

	// A pocket cube by a scramble, in QTM.
	const scramble = "R U F'"
	cube, _ := pocket.Scramble(scramble)
	b.setInput("#scramble-moves", scramble)
	b.click("#apply-scramble")
	b.wait(fmt.Sprintf(`document.getElementById("state").value === %q`, cube.Facelets()))
	b.eval(`(() => { const e = document.getElementById("metric"); e.value = "qtm"; e.dispatchEvent(new Event("change")); return "" })()`)
	sol, _, _ := b.solveOnPage()
	best, _ := cube.Solve(pocket.QTM)
	if sol != best.String() {
		t.Fatalf("page %q, library %q", sol, best)
	}
	link := b.eval(`document.getElementById("share-link").href`)
	if want := "?puzzle=pocket&scramble=R+U+F%27&metric=qtm&solve=1"; !strings.HasSuffix(link, want) || b.eval(`location.href`) != link {
		t.Errorf("link %q, want it to end %q and be the page's address", link, want)
	}
	acn := b.eval(`document.getElementById("acn-link").href`)
	if want := "https://alg.cubing.net/?puzzle=2x2x2&setup=" + acnSpell(scramble) + "&alg=" + acnSpell(sol); acn != want {
		t.Errorf("alg.cubing.net link %q, want %q", acn, want)
	}
	// The page links to alg.cubing.net and loads nothing from it: its
	// address is in an anchor alone, opened apart from the page.
	if n := b.eval(`String([...document.querySelectorAll("[src], [href]")].filter((e) => (e.src || e.href || "").includes("alg.cubing.net")).map((e) => e.tagName + " " + e.target + " " + e.rel).join("|"))`); n != "A _blank noopener" {
		t.Errorf("elements naming alg.cubing.net: %q, want the one link, opened apart", n)
	}
	c := newBrowser(t, link, 1200, 1000)
	c.wait(`document.querySelector("#step-picture[data-k='0']") !== null`)
	if st, m, got := c.eval(`document.getElementById("state").value`), c.eval(`document.getElementById("metric").value`), c.text("#solution"); st != cube.Facelets() || m != "qtm" || got != sol {
		t.Errorf("the link opens state %s, metric %s, answer %q; want %s, qtm, %q", st, m, got, cube.Facelets(), sol)
	}
	if sc := c.eval(`document.getElementById("scramble-moves").value`); sc != scramble {
		t.Errorf("the link opens with scramble %q", sc)
	}

	// A Pyraminx typed as stickers: the link carries the stickers, and
	// alg.cubing.net's setup is the solution undone.
	p, _ := pyraminx.Scramble("U L' R B' u l'")
	b.choose("pyraminx")
	b.setInput("#state", p.Stickers())
	sol, _, _ = b.solveOnPage()
	link = b.eval(`document.getElementById("share-link").href`)
	if want := "?puzzle=pyraminx&state=" + p.Stickers() + "&solve=1"; !strings.HasSuffix(link, want) {
		t.Errorf("link %q, want it to end %q", link, want)
	}
	acn = b.eval(`document.getElementById("acn-link").href`)
	_, query, _ := strings.Cut(acn, "?")
	var setup string
	for _, kv := range strings.Split(query, "&") {
		if v, ok := strings.CutPrefix(kv, "setup="); ok {
			setup = strings.ReplaceAll(strings.ReplaceAll(v, "_", " "), "-", "'")
		}
	}
	if made, err := pyraminx.Scramble(setup); err != nil || made != p || !strings.HasSuffix(acn, "&alg="+acnSpell(sol)) || !strings.HasPrefix(acn, "https://alg.cubing.net/?puzzle=pyraminx&") {
		t.Errorf("alg.cubing.net link %q: its setup makes %v (%v), want %s", acn, made.Stickers(), err, p.Stickers())
	}
	d := newBrowser(t, link, 1200, 1000)
	d.wait(`document.querySelector("#step-picture[data-k='0']") !== null`)
	if st, got := d.eval(`document.getElementById("state").value`), d.text("#solution"); st != p.Stickers() || got != sol {
		t.Errorf("the link opens %s with %q; want %s with %q", st, got, p.Stickers(), sol)
	}
	d.screenshot("pyraminx-link")

	// A puzzle answered its own way (the views' blocks) has its link too.
	b.choose("views")
	b.setInput("#state", "670b14728ad9") // not the page's first views, which a link leaves out
	b.click("#solve")
	b.wait(`document.getElementById("solution").textContent !== ""`)
	answer := b.text("#solution")
	link = b.eval(`document.getElementById("share-link").href`)
	if want := "?puzzle=views&state=670b14728ad9&solve=1"; !strings.HasSuffix(link, want) || b.eval(`String(document.getElementById("links").classList.contains("hidden"))`) != "false" {
		t.Errorf("views: link %q (shown: %s), want it to end %q", link, b.eval(`String(!document.getElementById("links").classList.contains("hidden"))`), want)
	}
	v := newBrowser(t, link, 1200, 1000)
	v.wait(`document.getElementById("solution").textContent !== ""`)
	if got := v.text("#solution"); got != answer {
		t.Errorf("views: the link opens with %q, want %q", got, answer)
	}

	// A link with a scramble the puzzle cannot read says so.
	e := newBrowser(t, srv.URL+"/?puzzle=pocket&scramble=R+Q", 1200, 1000)
	_, perr := pocket.Scramble("R Q")
	if got := e.text("#error"); perr == nil || got != perr.Error() {
		t.Errorf("a bad scramble in the link: error %q, want %v", got, perr)
	}
}

// Playback: play steps through the solution on its own, showing each move
// as it is made, the pictures the command's states; the arrow keys step
// and pause.
func TestBrowserPlayback(t *testing.T) {
	srv := newPageServer(t)
	b := newBrowser(t, srv.URL, 1200, 1000)
	const scramble = "R U2 F' R"
	b.setInput("#scramble-moves", scramble)
	b.click("#apply-scramble")
	cube, _ := pocket.Scramble(scramble)
	b.wait(fmt.Sprintf(`document.getElementById("state").value === %q`, cube.Facelets()))
	sol, _, _ := b.solveOnPage()
	toks := strings.Fields(sol)
	b.click("#play")
	if got := b.text("#play"); got != "pause" {
		t.Errorf("playing, the button says %q", got)
	}
	for k := 1; k <= len(toks); k++ {
		b.wait(fmt.Sprintf(`document.querySelector("#step-picture[data-k='%d']") !== null`, k))
		after, _ := pocket.Scramble(scramble + " " + strings.Join(toks[:k], " "))
		if st := b.eval(`document.getElementById("step-picture").dataset.state`); st != after.Facelets() {
			t.Errorf("move %d: picture %s, want %s", k, st, after.Facelets())
		}
		// The move to come, named and drawn as an arrow on its face,
		// as show --svg --next draws it.
		next, args := "", []string{"show", "pocket", "--svg", after.Facelets()}
		if k < len(toks) {
			next = "next: " + toks[k]
			args = append(args, "--next", toks[k])
		}
		if now := b.text("#move-now"); now != next {
			t.Errorf("after move %d the page shows %q, want %q", k, now, next)
		}
		arrows := b.eval(`String(document.querySelectorAll("#step-picture svg polyline").length)`)
		if want := runOutput(args, ""); arrows != fmt.Sprint(strings.Count(want, "<polyline")) {
			t.Errorf("after move %d: %s arrow lines, show --svg --next draws %d", k, arrows, strings.Count(want, "<polyline"))
		}
	}
	b.wait(`document.getElementById("play").textContent === "play"`) // paused at the end
	key := func(k string) {
		b.eval(fmt.Sprintf(`(() => { document.body.dispatchEvent(new KeyboardEvent("keydown", {key: %q, bubbles: true})); return "" })()`, k))
	}
	key("ArrowLeft")
	b.wait(fmt.Sprintf(`document.querySelector("#step-picture[data-k='%d']") !== null`, len(toks)-1))
	key("Home")
	b.wait(`document.querySelector("#step-picture[data-k='0']") !== null`)
	key("ArrowRight")
	b.wait(`document.querySelector("#step-picture[data-k='1']") !== null`)
	if now := b.text("#move-now"); now != "next: "+toks[1] {
		t.Errorf("after the right arrow the page shows %q, want the next move, %q", now, toks[1])
	}
	key(" ")
	b.wait(`document.getElementById("play").textContent === "pause"`)
	key(" ")
	b.wait(`document.getElementById("play").textContent === "play"`)
	b.screenshot("pocket-playback")
}

// The boards' playback marks each next move with its arrow, as show --svg
// --next draws it: the rotation grid and the magic squares, step by step.
func TestBrowserBoardArrows(t *testing.T) {
	srv := newPageServer(t)
	b := newBrowser(t, srv.URL, 1200, 1000)
	for _, c := range []struct{ puzzle, state string }{
		{"rotgrid", "492357816"},
		{"msquare", "2 6 8 4 5 7 3 1"},
	} {
		b.choose(c.puzzle)
		b.setInput("#state", c.state)
		b.solveOnPage()
		for k := 0; ; k++ {
			b.wait(fmt.Sprintf(`document.querySelector("#step-picture[data-k='%d']") !== null`, k))
			next := strings.TrimPrefix(b.text("#move-now"), "next: ")
			if next == "" {
				if k == 0 {
					t.Errorf("%s: no moves to play", c.puzzle)
				}
				break
			}
			st := b.eval(`document.getElementById("step-picture").dataset.state`)
			want := runOutput([]string{"show", c.puzzle, "--svg", "--next", next, st}, "")
			got := b.eval(`(document.querySelector("#step-picture svg") || {outerHTML: ""}).outerHTML`)
			// The same arrows, point for point: the move's own, its own
			// way round.
			if w, g := arrowPoints(want), arrowPoints(got); len(w) == 0 || !slices.Equal(w, g) {
				t.Errorf("%s, before move %d (%s): arrow lines %q, show --svg --next draws %q", c.puzzle, k+1, next, g, w)
			}
			if k > 20 {
				t.Fatalf("%s: no end to the playback", c.puzzle)
			}
			b.click("#next")
		}
	}
}

// arrowPoints returns the points of a drawing's arrow lines, as written.
func arrowPoints(svg string) []string {
	var pts []string
	for _, part := range strings.Split(svg, `<polyline points="`)[1:] {
		p, _, _ := strings.Cut(part, `"`)
		pts = append(pts, p)
	}
	return pts
}

// A cstimer string (faces U R F D L B) pasted into its own box is read as
// the command's --order urfdlb reads it; the box is the pocket cube's alone.
func TestBrowserURFDLB(t *testing.T) {
	srv := newPageServer(t)
	b := newBrowser(t, srv.URL, 1200, 1000)
	const cstimer = "FLUDLUBDFFURBDDRULLRBRFB"
	cube, err := pocket.ParseURFDLB(cstimer)
	if err != nil {
		t.Fatal(err)
	}
	b.setInput("#urfdlb", cstimer)
	b.click("#read-urfdlb")
	b.wait(fmt.Sprintf(`document.getElementById("state").value === %q`, cube.Facelets()))
	sol, _, _ := b.solveOnPage()
	if want := runOutput([]string{"solve", "pocket", "--order", "urfdlb", cstimer}, ""); sol+"\n" != want {
		t.Errorf("page %q, command %q", sol, want)
	}
	b.choose("pyraminx")
	if hidden := b.eval(`String(document.getElementById("order-row").classList.contains("hidden"))`); hidden != "true" {
		t.Error("the Pyraminx shows the cstimer order box")
	}
}

// The API's show marks the next move as show --svg --next does, and
// refuses one the drawing cannot mark with a 400 naming it.
func TestShowSVGNext(t *testing.T) {
	h := newHandler(io.Discard)
	code, body := post(t, h, "POST", "/api/v1/pyraminx/show", `{"state": "U L", "scramble": true, "svg": true, "next": "l'"}`)
	var got struct{ SVG string }
	if err := json.Unmarshal([]byte(body), &got); code != http.StatusOK || err != nil {
		t.Fatalf("%d %s (%v)", code, body, err)
	}
	if want := runOutput([]string{"show", "pyraminx", "--svg", "--next", "l'", "--scramble", "U L"}, ""); got.SVG+"\n" != want || !strings.Contains(want, "<polyline") {
		t.Errorf("API svg\n%.200s\ncommand\n%.200s", got.SVG, want)
	}
	code, body = post(t, h, "POST", "/api/v1/pyraminx/show", `{"state": "U L", "scramble": true, "svg": true, "next": "F"}`)
	if code != http.StatusBadRequest || !strings.Contains(body, `--next \"F\"`) {
		t.Errorf("a move the drawing cannot mark: %d %s", code, body)
	}
	// The boards' arrows, likewise.
	for _, c := range []struct{ puzzle, state, next string }{
		{"msquare", "2 6 8 4 5 7 3 1", "C"},
		{"rotgrid", "492357816", "TL'"},
		{"rotgame", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", "E"},
	} {
		code, body := post(t, h, "POST", "/api/v1/"+c.puzzle+"/show", fmt.Sprintf(`{"state": %q, "svg": true, "next": %q}`, c.state, c.next))
		var got struct{ SVG string }
		if err := json.Unmarshal([]byte(body), &got); code != http.StatusOK || err != nil {
			t.Fatalf("%s: %d %s (%v)", c.puzzle, code, body, err)
		}
		if want := runOutput([]string{"show", c.puzzle, "--svg", "--next", c.next, c.state}, ""); got.SVG+"\n" != want || !strings.Contains(want, "<polyline") {
			t.Errorf("%s: API svg\n%.200s\ncommand\n%.200s", c.puzzle, got.SVG, want)
		}
	}
}
