package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/app/defcli"
	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/lookup/tws"
)

// servedDamaged serves the pocket cube's table, of eight blocks, read in
// place, twice: intact as "corners", and with its last block damaged as
// "corners-damaged". It returns the damaged file's path, the error its
// block gives (a pattern), and n states drawn from the table.
func servedDamaged(t *testing.T, n int) (bad string, blockErr string, states []string) {
	t.Helper()
	src, err := os.ReadFile("../../lookup/tws/testdata/pocket.tws")
	if err != nil {
		t.Fatal(err)
	}
	def, err := tws.ParseDefinition("pocket.tws", src)
	if err != nil {
		t.Fatal(err)
	}
	pz, err := tws.Build(context.Background(), def, tws.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if _, err := pz.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	data := file.Bytes()
	tb, err := deftable.OpenPagedAt("corners.gdt", bytes.NewReader(data), int64(len(data)), 2)
	if err != nil {
		t.Fatal(err)
	}
	pg := tb.Levels().Paged()
	last := len(pg.Blocks) - 1
	at, size := pg.BlockSpan(last)
	damaged := bytes.Clone(data)
	damaged[at+size/2] ^= 0x55
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "corners.gdt"), filepath.Join(dir, "corners-damaged.gdt")
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, damaged, 0o644); err != nil {
		t.Fatal(err)
	}
	old := defcli.PagedAbove
	defcli.PagedAbove = 0
	t.Cleanup(func() { defcli.PagedAbove = old })
	for _, path := range []string{good, bad} {
		serveTable(t, path)
	}
	blockErr = regexp.QuoteMeta(fmt.Sprintf("%s: block %d is damaged (checksum mismatch: ", bad, last+1)) + "[0-9a-f]{8}, want [0-9a-f]{8}" +
		regexp.QuoteMeta(fmt.Sprintf(", at byte %d); run godtable check %s", at, bad))
	rng := rand.New(rand.NewPCG(13, 14))
	for range n {
		states = append(states, pz.Random(rng).Line())
	}
	return bad, blockErr, states
}

// A table served in place with a damaged block fails the requests whose
// answer reads the block, each time, with a 500 whose body is the answer's
// input and the block's error, and no other: a request answered before
// such a failure is answered after it, the same. A batch answers every
// line, those that read the block with the block's error in their place,
// in text, in JSON and in JSON Lines, with a 200.
func TestServeDamagedBlock(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 60
	}
	_, blockErr, states := servedDamaged(t, n)
	h := newHandler(io.Discard)
	errJSON := regexp.MustCompile(`^\{"input":"[^"]*","error":"` + blockErr + `"\}$`)
	var answered, failed []string
	for _, s := range states {
		body := `{"state":"` + s + `","count":true}`
		code, want := post(t, h, "POST", "/api/v1/corners/solve", body)
		if code != 200 {
			t.Fatalf("intact %q: %d %s", s, code, want)
		}
		code, got := post(t, h, "POST", "/api/v1/corners-damaged/solve", body)
		switch {
		case code == 200 && got == want:
			answered = append(answered, body)
		case code == 500 && errJSON.MatchString(strings.TrimSuffix(got, "\n")) && strings.Contains(got, s):
			failed = append(failed, body)
		default:
			t.Fatalf("damaged %q: %d %q, want 200 %q or 500 and the block's error", s, code, got, want)
		}
	}
	if len(failed) == 0 || len(answered) == 0 {
		t.Fatalf("%d requests failed, %d answered: want some of each", len(failed), len(answered))
	}
	// No failure is kept: each request, asked again after all the
	// failures, gets what it got before.
	for _, body := range append(answered[:1], failed[0], answered[len(answered)-1], failed[0]) {
		_, want := post(t, h, "POST", "/api/v1/corners/solve", body)
		code, got := post(t, h, "POST", "/api/v1/corners-damaged/solve", body)
		if code == 200 && got != want || code == 500 && !errJSON.MatchString(strings.TrimSuffix(got, "\n")) || code != 200 && code != 500 {
			t.Fatalf("asked again: %s: %d %q", body, code, got)
		}
		if (code == 500) != (body == failed[0]) {
			t.Fatalf("asked again: %s: %d, %q", body, code, got)
		}
	}

	stdin := strings.Join(states, "\n") + "\n"
	var jsonLines strings.Builder
	for _, s := range states {
		jsonLines.WriteString(`{"state":"` + s + `","count":true}` + "\n")
	}
	for _, c := range []struct {
		name, query, body string
		header            []string
		errLine           *regexp.Regexp
	}{
		{"text", "?format=text&count=true", stdin, nil, regexp.MustCompile("^error: " + blockErr + "$")},
		{"json", "?count=true", stdin, nil, errJSON},
		{"json lines", "", jsonLines.String(), []string{"Content-Type", "application/x-ndjson"}, errJSON},
	} {
		code, want := post(t, h, "POST", "/api/v1/corners/batch"+c.query, c.body, c.header...)
		if code != 200 {
			t.Fatalf("%s batch, intact: %d %s", c.name, code, want)
		}
		code, got := post(t, h, "POST", "/api/v1/corners-damaged/batch"+c.query, c.body, c.header...)
		if code != 200 {
			t.Fatalf("%s batch: %d, want 200", c.name, code)
		}
		wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
		if len(gl) != len(wl) || len(gl) != n+1 {
			t.Fatalf("%s batch: %d lines, want %d: %q", c.name, len(gl)-1, len(wl)-1, got)
		}
		errs := 0
		for i := range gl {
			switch {
			case gl[i] == wl[i]:
			case c.errLine.MatchString(gl[i]):
				errs++
			default:
				t.Fatalf("%s batch: line %d: %q, want %q or the block's error", c.name, i+1, gl[i], wl[i])
			}
			if c.errLine == errJSON && strings.Contains(gl[i], `"error"`) {
				var line struct{ Input string }
				if json.Unmarshal([]byte(gl[i]), &line) != nil || line.Input != states[i] {
					t.Fatalf("%s batch: line %d: %q is not state %d's", c.name, i+1, gl[i], i+1)
				}
			}
		}
		if errs != len(failed) {
			t.Errorf("%s batch: %d error lines; the requests one by one: %d", c.name, errs, len(failed))
		}
	}
}
