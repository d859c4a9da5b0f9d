package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	pocketapi "github.com/godtable/godtable/lookup/pocket"
	pyraminxapi "github.com/godtable/godtable/lookup/pyraminx"
)

// drawn is one line of scramble --json.
type drawn struct {
	State    string `json:"state"`
	Moves    string `json:"moves"`
	Distance int    `json:"distance"`
}

// draws runs scramble --json with args and returns its states.
func draws(t *testing.T, args ...string) []drawn {
	t.Helper()
	var out, errs bytes.Buffer
	if code := Run(append([]string{"scramble"}, append(args, "--json")...), nil, &out, &errs); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs.String())
	}
	var ds []drawn
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		var d drawn
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatalf("%v: %q: %v", args, sc.Text(), err)
		}
		ds = append(ds, d)
	}
	return ds
}

// scrambleDraws is how many states each test draws: the 100,000 per
// puzzle, a tenth of it in -short runs.
func scrambleDraws() int {
	if testing.Short() {
		return 10_000
	}
	return 100_000
}

// Pocket scrambles meet regulation 4b3b by default, in either metric (the
// WCA counts half turns), and each comes with a sequence that makes it, as
// short as can be in the metric asked for; with
// --wca=false, the same draws include cubes nearer than that, so the test
// would see a missing filter.
func TestScrambleWCAPocket(t *testing.T) {
	n := scrambleDraws()
	for _, metric := range []string{"htm", "qtm"} {
		for _, wca := range []bool{true, false} {
			ds := draws(t, "pocket", "-n", fmt.Sprint(n), "--seed", "5", "--metric", metric, fmt.Sprintf("--wca=%v", wca))
			if len(ds) != n {
				t.Fatalf("%d states, want %d", len(ds), n)
			}
			near := 0
			for _, d := range ds {
				cube, err := pocketapi.Parse(d.State)
				if err != nil {
					t.Fatalf("%q: %v", d.State, err)
				}
				made, err := pocketapi.Scramble(d.Moves)
				if err != nil || made.Facelets() != cube.Facelets() {
					t.Fatalf("%q: its scramble %q makes %q, %v", d.State, d.Moves, made.Facelets(), err)
				}
				m, _ := pocketapi.ParseMetric(metric)
				dm, err := cube.Distance(m)
				if err != nil || dm != d.Distance {
					t.Fatalf("%q: distance %d, the table's %d, %v", d.State, d.Distance, dm, err)
				}
				htm, err := cube.Distance(pocketapi.HTM)
				if err != nil {
					t.Fatal(err)
				}
				// The sequence is as short as can be in the metric the
				// distance is given in: in QTM, a half turn counts 2.
				cost := 0
				for _, tok := range strings.Fields(d.Moves) {
					cost++
					if metric == "qtm" && strings.HasSuffix(tok, "2") {
						cost++
					}
				}
				if cost != d.Distance {
					t.Fatalf("%s: %q's scramble %q costs %d, its distance is %d", metric, d.State, d.Moves, cost, d.Distance)
				}
				if htm < 4 {
					near++
					if wca {
						t.Fatalf("%s: %q is %d moves from solved, under the WCA's 4 (%q)", metric, d.State, htm, d.Moves)
					}
				}
			}
			if !wca && near == 0 {
				t.Fatalf("%s --wca=false: no state under 4 moves in %d draws; the test cannot see a missing filter", metric, n)
			}
			t.Logf("%s --wca=%v: %d of %d states under 4 moves", metric, wca, near, n)
		}
	}
}

// Pyraminx scrambles meet regulation 4b3f by default (6 moves, tips
// included, as TNoodle counts them), are written tips last, and make their
// state; --min-moves counts the body's moves.
func TestScrambleWCAPyraminx(t *testing.T) {
	n := scrambleDraws()
	check := func(args []string, minBody int, wca bool) (near, bodyTooNear int) {
		ds := draws(t, append([]string{"pyraminx", "-n", fmt.Sprint(n)}, args...)...)
		if len(ds) != n {
			t.Fatalf("%v: %d states, want %d", args, len(ds), n)
		}
		for _, d := range ds {
			p, err := pyraminxapi.Parse(d.State)
			if err != nil {
				t.Fatalf("%q: %v", d.State, err)
			}
			made, err := pyraminxapi.Scramble(d.Moves)
			if err != nil || made != p {
				t.Fatalf("%q: its scramble %q makes %q, %v", d.State, d.Moves, made.Stickers(), err)
			}
			dist, err := p.Distance()
			if err != nil || dist != d.Distance {
				t.Fatalf("%q: distance %d, the table's %d, %v", d.State, d.Distance, dist, err)
			}
			toks := strings.Fields(d.Moves)
			if len(toks) != dist {
				t.Fatalf("%q: scramble %q is not %d moves long", d.State, d.Moves, dist)
			}
			for k := 1; k < len(toks); k++ {
				if isTip(toks[k-1]) && !isTip(toks[k]) {
					t.Fatalf("%q: scramble %q has a body move after a tip", d.State, d.Moves)
				}
			}
			if dist < 6 {
				near++
				if wca {
					t.Fatalf("%v: %q is %d moves from solved, under the WCA's 6 (%q)", args, d.State, dist, d.Moves)
				}
			}
			body := dist - p.TwistedTips()
			if body < minBody {
				t.Fatalf("%v: %q has a body %d moves from solved", args, d.State, body)
			}
			if dist >= minBody && body < minBody+1 {
				bodyTooNear++
			}
		}
		return near, bodyTooNear
	}
	check([]string{"--seed", "5"}, 0, true)
	if near, _ := check([]string{"--seed", "5", "--wca=false"}, 0, false); near == 0 {
		t.Fatalf("--wca=false: no state under 6 moves in %d draws; the test cannot see a missing filter", n)
	}
	// Counting the tips, a body 8 moves away would pass --min-moves 9
	// (check refuses it); bodies exactly 9 away must still come.
	if _, edge := check([]string{"--seed", "6", "--min-moves", "9"}, 9, true); edge == 0 {
		t.Fatal("--min-moves 9: no body exactly 9 moves away")
	}
}

// isTip reports whether a Pyraminx token turns a tip alone.
func isTip(tok string) bool { return tok[0] >= 'a' && tok[0] <= 'z' }
