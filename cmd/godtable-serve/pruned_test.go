package main

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/app"
	"github.com/godtable/godtable/internal/app/defcli"
)

// prunedFile builds the pruning file of def (size bytes) as name.gdt with
// the command, and returns its path.
func prunedFile(t *testing.T, def, size, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name+".gdt")
	var errs bytes.Buffer
	if code := app.Run([]string{"gen", def, "--prune", size, "-o", path, "--quiet"}, strings.NewReader(""), io.Discard, &errs); code != 0 {
		t.Fatalf("gen --prune: exit %d: %s", code, errs.String())
	}
	return path
}

// A pruning file given to --table is served as a table is: its answers
// are the command's, read whole and in place; a request's search is
// bounded by its timeout field and by the server's --timeout, and one
// stopped answers with the depth it proved has no solution, below the
// scramble's length.
func TestServePruned(t *testing.T) {
	pyra := prunedFile(t, "../../lookup/tws/testdata/pyraminx.tws", "3000", "pyra")
	cube := prunedFile(t, "../../internal/model/ksolve/testdata/3x3x3.tws", "300K", "cube")
	old, oldTimeout := defcli.PagedAbove, searchTimeout
	t.Cleanup(func() { defcli.PagedAbove, searchTimeout = old, oldTimeout })
	for _, above := range []int64{old, 0} {
		defcli.PagedAbove = above
		var removes []func()
		for _, path := range []string{pyra, cube} {
			var stderr bytes.Buffer
			remove, code := addTable(path, &stderr)
			if code != 0 {
				t.Fatalf("--table %s: exit %d: %s", path, code, stderr.String())
			}
			removes = append(removes, remove)
		}
		h := newHandler(io.Discard)
		for _, c := range []struct {
			name, path, body string
			args             []string
		}{
			{"pyra", pyra, `{"state":"U L R' B U'","scramble":true}`, []string{"--scramble", "U L R' B U'"}},
			{"pyra", pyra, `{"state":"U L R' B U'","scramble":true,"count":true}`, []string{"--scramble", "--count", "U L R' B U'"}},
			{"pyra", pyra, `{"state":"U L R' B","scramble":true,"all":true}`, []string{"--scramble", "--all", "U L R' B"}},
			{"cube", cube, `{"state":"R U F' D2","scramble":true}`, []string{"--scramble", "R U F' D2"}},
			{"cube", cube, `{"state":"R U F' D2 L","scramble":true,"max_depth":3}`, []string{"--scramble", "--max-depth", "3", "R U F' D2 L"}},
		} {
			want := strings.ReplaceAll(runOutput(append([]string{"solve", c.path, "--json"}, c.args...), ""), c.path, c.name)
			status, out := post(t, h, "POST", "/api/v1/"+c.name+"/solve", c.body)
			if status != 200 || out != want {
				t.Errorf("PagedAbove %d: %s: %d %q, want %q", above, c.body, status, out, want)
			}
		}
		for _, p := range []string{"/api/v1/pyra/stats", "/api/v1/cube/stats"} {
			if status, out := post(t, h, "GET", p, ""); status != 400 || !strings.Contains(out, "no distribution") {
				t.Errorf("%s: %d %q", p, status, out)
			}
		}
		for k, server := range []time.Duration{time.Minute, 200 * time.Millisecond} {
			// First the request's own timeout field, then the server's.
			searchTimeout = server
			const scramble = "R U F' D2 L B' U2 R' F D L2 B U' R2 F'" // 15 moves
			body := `{"state":"` + scramble + `","scramble":true,"timeout":"200ms"}`
			if k == 1 {
				body = `{"state":"` + scramble + `","scramble":true}`
			}
			start := time.Now()
			status, out := post(t, h, "POST", "/api/v1/cube/solve", body)
			took := time.Since(start)
			var a struct {
				Within  *int   `json:"no_solution_within"`
				Stopped string `json:"stopped"`
			}
			if err := json.Unmarshal([]byte(out), &a); status != 200 || err != nil || a.Within == nil || a.Stopped == "" {
				t.Fatalf("a search out of time: %d %q, %v", status, out, err)
			}
			if *a.Within < 0 || *a.Within >= 15 || took > 20*time.Second {
				t.Fatalf("a search out of time: no solution within %d (of a 15-move scramble), after %v", *a.Within, took)
			}
		}
		for _, remove := range removes {
			remove()
		}
	}
	// --timeout must be positive.
	var stderr bytes.Buffer
	if code := runServeUntil(t.Context(), []string{"--timeout", "0s"}, io.Discard, &stderr); code != app.ExitUsage || !strings.Contains(stderr.String(), "--timeout 0s") {
		t.Errorf("--timeout 0s: exit %d: %s", code, stderr.String())
	}
}
