package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// A definition puzzle's table served with --table answers through the same
// API as the built-in puzzles, and its answers are the command's.
func TestServeTable(t *testing.T) {
	const gdt = "../../internal/command/testdata/defs/twisty.gdt"
	var stderr bytes.Buffer
	remove, code := addTable(gdt, &stderr)
	if code != 0 {
		t.Fatalf("--table: exit %d: %s", code, stderr.String())
	}
	defer remove()
	h := newHandler(io.Discard)
	for _, c := range []struct{ method, path, body, want string }{
		{"POST", "/api/v1/twisty/solve", `{"state":"A B","scramble":true}`, runOutput([]string{"solve", gdt, "--json", "--scramble", "A B"}, "")},
		{"POST", "/api/v1/twisty/solve", `{"state":"A B A","scramble":true,"count":true}`, runOutput([]string{"solve", gdt, "--json", "--scramble", "--count", "A B A"}, "")},
		{"GET", "/api/v1/twisty/stats", "", runOutput([]string{"stats", gdt, "--json"}, "")},
	} {
		status, out := post(t, h, c.method, c.path, c.body)
		// The command names the puzzle by its path, the server by its name.
		want := strings.ReplaceAll(c.want, gdt, "twisty")
		if status != 200 || out != want {
			t.Errorf("%s %s %s: %d %q, want %q", c.method, c.path, c.body, status, out, want)
		}
	}
	status, out := post(t, h, "GET", "/api/v1/puzzles", "")
	if status != 200 || !strings.Contains(out, `"name":"twisty"`) {
		t.Errorf("puzzles: %d %s", status, out)
	}
	status, out = post(t, h, "GET", "/puzzles.js", "")
	if status != 200 || !strings.Contains(out, `"name":"twisty"`) {
		t.Errorf("the page's puzzles.js lists no twisty: %d", status)
	}
	// A metric or a move restriction that is not the table's is refused,
	// in the API as on the command line, never answered in the table's own;
	// the table's own are taken.
	for _, c := range []struct{ method, path, body, want string }{
		{"POST", "/api/v1/twisty/solve", `{"state":"A B","scramble":true,"metric":"qtm"}`, "is a table of the htm metric, not qtm"},
		{"POST", "/api/v1/twisty/solve", `{"state":"A B","scramble":true,"moves":"A"}`, "is a table of the moves"},
		{"POST", "/api/v1/twisty/verify", `{"state":"A B","solution":"B' A'","metric":"qtm"}`, "not qtm"},
		{"GET", "/api/v1/twisty/stats?metric=qtm", "", "not qtm"},
	} {
		status, out := post(t, h, c.method, c.path, c.body)
		if status != 400 || !strings.Contains(out, c.want) {
			t.Errorf("%s %s %s: %d %q, want 400 and %q", c.method, c.path, c.body, status, out, c.want)
		}
	}
	if status, out := post(t, h, "POST", "/api/v1/twisty/solve", `{"state":"A B","scramble":true,"metric":"htm"}`); status != 200 {
		t.Errorf("the table's own metric: %d %s", status, out)
	}
	// An unknown field is named with the fields the command takes, each once
	// (show's moves are both its input and a definition's --moves).
	if status, out := post(t, h, "POST", "/api/v1/twisty/show", `{"state":"A","bogus":1}`); status != 400 || !strings.Contains(out, "show twisty takes state, moves, metric, scramble)") {
		t.Errorf("an unknown field: %d %s", status, out)
	}
	// A damaged table stops the server before it starts.
	if _, code := addTable("../../internal/command/testdata/defs/damaged.gdt", io.Discard); code != 3 {
		t.Errorf("a damaged table: exit %d, want 3", code)
	}
}
