package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/app"
	"github.com/godtable/godtable/internal/app/defcli"
)

// serveTable adds the table at path as --table does, until the test ends,
// or fails the test.
func serveTable(t *testing.T, path string) {
	t.Helper()
	var stderr bytes.Buffer
	remove, code := addTable(path, &stderr)
	if code != 0 {
		t.Fatalf("--table %s: exit %d: %s", path, code, stderr.String())
	}
	t.Cleanup(remove)
}

// A definition puzzle's table served with --table answers through the same
// API as the built-in puzzles, and its answers are the command's.
func TestServeTable(t *testing.T) {
	const gdt = "../../internal/app/testdata/defs/twisty.gdt"
	serveTable(t, gdt)
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
	if _, code := addTable("../../internal/app/testdata/defs/damaged.gdt", io.Discard); code != 3 {
		t.Errorf("a damaged table: exit %d, want 3", code)
	}
}

// refusesTable checks that --table path stops the server before it starts
// with exit status code and the one line want.
func refusesTable(t *testing.T, path string, code int, want string) {
	t.Helper()
	var stderr bytes.Buffer
	remove, got := addTable(path, &stderr)
	if remove != nil {
		remove()
	}
	if got != code || stderr.String() != want+"\n" {
		t.Errorf("--table %s: exit %d, want %d:\n%s\nwant\n%s", path, got, code, stderr.String(), want)
	}
}

// TestServeTableDefinition: a puzzle definition given to --table is said
// to be one, with the command that builds its table (exit 3, as a table
// that cannot be used), whether it is named .tws or known by its text.
func TestServeTableDefinition(t *testing.T) {
	const def = "../../lookup/tws/testdata/twisty.tws"
	refusesTable(t, def, 3, `godtable: serve: --table `+def+`: a puzzle definition, not a table: build its table with "godtable gen `+def+` -o ../../lookup/tws/testdata/twisty.gdt" and serve that`)
	text, err := os.ReadFile(def)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"twisty.txt", "twisty.gdt"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, text, 0o666); err != nil {
			t.Fatal(err)
		}
		// The table is not to be built over its own definition.
		out := filepath.Join(dir, "twisty.gdt")
		if name == "twisty.gdt" {
			out = "TABLE.gdt"
		}
		refusesTable(t, path, 3, `godtable: serve: --table `+path+`: a puzzle definition, not a table: build its table with "godtable gen `+path+` -o `+out+`" and serve that`)
	}
}

// TestServeTableRefusedUnread: a file that is not a regular one (read,
// /dev/zero would never end) and a table larger than the memory available
// are refused before they are read, with one line naming the file and
// saying why.
func TestServeTableRefusedUnread(t *testing.T) {
	const gdt = "../../internal/app/testdata/defs/twisty.gdt"
	defer func(f func() (uint64, bool)) { availableMemory = f }(availableMemory)
	// The memory available not known: no file is refused for its size.
	availableMemory = func() (uint64, bool) { return 0, false }
	refusesTable(t, "/dev/zero", 2, "godtable: serve: --table /dev/zero: not a regular file (want a .gdt table file)")
	dir := t.TempDir()
	refusesTable(t, dir, 2, "godtable: serve: --table "+dir+": not a regular file (want a .gdt table file)")
	none := filepath.Join(dir, "none.gdt")
	refusesTable(t, none, 2, "godtable: serve: --table "+none+": no such file or directory")

	fi, err := os.Stat(gdt)
	if err != nil {
		t.Fatal(err)
	}
	size := uint64(fi.Size())
	availableMemory = func() (uint64, bool) { return size - 1, true }
	refusesTable(t, gdt, 2, fmt.Sprintf("godtable: serve: --table %s: the table is %d bytes; this machine has %d bytes available", gdt, size, size-1))
	availableMemory = func() (uint64, bool) { return size, true }
	remove, code := addTable(gdt, io.Discard)
	if code != 0 {
		t.Fatalf("a table the size of the memory available: exit %d", code)
	}
	remove()
}

// A table past defcli.PagedAbove is served in place, each answer reading
// the blocks it needs, and answers as the table read whole.
func TestServeTablePaged(t *testing.T) {
	const gdt = "../../internal/app/testdata/defs/twisty.gdt"
	want := strings.ReplaceAll(runOutput([]string{"solve", gdt, "--json", "--scramble", "--count", "A B A"}, ""), gdt, "twisty")
	old := defcli.PagedAbove
	defcli.PagedAbove = 0
	defer func() { defcli.PagedAbove = old }()
	serveTable(t, gdt)
	h := newHandler(io.Discard)
	status, out := post(t, h, "POST", "/api/v1/twisty/solve", `{"state":"A B A","scramble":true,"count":true}`)
	if status != 200 || out != want {
		t.Errorf("solve: %d %q, want %q", status, out, want)
	}
}

// A table keyed by its class index (gen --class-index) is served as any
// table, and answers as the default build's table of the same puzzle.
func TestServeClassIndexTable(t *testing.T) {
	dir := t.TempDir()
	const def = "../../lookup/tws/testdata/cube2_unoriented.tws"
	want, got := filepath.Join(dir, "want.gdt"), filepath.Join(dir, "cube2ci.gdt")
	for _, args := range [][]string{{"gen", def, "-o", want, "--quiet"}, {"gen", def, "-o", got, "--quiet", "--class-index"}} {
		var stderr bytes.Buffer
		if code := app.Run(args, strings.NewReader(""), io.Discard, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
	}
	serveTable(t, got)
	h := newHandler(io.Discard)
	for _, c := range []struct {
		method, path, body string
		args               []string
	}{
		{"POST", "/api/v1/cube2ci/solve", `{"state":"U R F D","scramble":true}`, []string{"solve", want, "--json", "--scramble", "U R F D"}},
		{"POST", "/api/v1/cube2ci/solve", `{"state":"U R F D","scramble":true,"count":true}`, []string{"solve", want, "--json", "--scramble", "--count", "U R F D"}},
	} {
		status, out := post(t, h, c.method, c.path, c.body)
		if w := strings.ReplaceAll(runOutput(c.args, ""), want, "cube2ci"); status != 200 || out != w {
			t.Errorf("%s %s %s: %d %q, the default table's %q", c.method, c.path, c.body, status, out, w)
		}
	}
}
