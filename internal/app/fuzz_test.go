package app

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// FuzzCommand runs the whole command on random arguments and random input.
//
// Any command line: no panic, an exit status the documentation lists (0, 1
// or 2 here, where no table is damaged and no write or read fails), and
// nothing on stdout with status 2.
//
// Then solve or verify of a puzzle chosen by sel, with --json and flags
// chosen by sel, on the same input: exactly one answer per input, in order
// (their inputs, joined by line breaks, are the input's lines, up to the
// rotation game's end line "0"), an error answer exactly for each line on
// stderr, and the status 1 exactly when some answer is an error or, for
// verify, a verdict other than optimal.
func FuzzCommand(f *testing.F) {
	f.Add(uint8(0), "solve\npocket", "UUUULRBFRLFBLRBFRLFBDDDD\nxx\n\r\n")
	f.Add(uint8(1), "verify\nmsquare", "2 6 8 4 5 7 3 1\t7 BCABCCB\n1 2 3\n")
	f.Add(uint8(6), "solve\nrotgame\n--all\n--limit\n2", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\nx\n")
	f.Add(uint8(10), "solve\nviews\n--draw", "Top: Front: Side:\n. . . . . . . . . . . .\n. x x . . x x . . x x .\nfe88e8f9b499\n. x x . . x x . . x x .\n")
	f.Add(uint8(11), "verify\nviews", "fe88e8f9b499\t12 8e08008070081008\nfe88e8f9b499\tx\n")
	f.Add(uint8(26), "solve\npyraminx\n--count", "GGGGGGGGGRRRRRRRRRBBBBBBBBBYYYYYYYYY\nU R\n")
	f.Add(uint8(6), "scramble\nrotgrid\n-n\n3\n--seed\n1\n--json", "")
	f.Add(uint8(2), "stats\npocket\n--metric\nQTM", "")
	f.Add(uint8(3), "show\nmsquare\n1 2 3 4 5 6 7 8", "")
	f.Add(uint8(5), "battery\nviews\n--n\n10\n--workers\n2", "")
	f.Add(uint8(7), "solve\nmsquare\n--count\n--from\n2 6 8 4 5 7 3 1", "1 2 3 4 5 6 7 8\n")
	f.Fuzz(func(t *testing.T, sel uint8, argText, stdin string) {
		if len(argText) > 200 || len(stdin) > 2000 {
			return
		}
		args := strings.Split(argText, "\n")
		if bounded(args) {
			var stdout, stderr bytes.Buffer
			code := Run(args, strings.NewReader(stdin), &stdout, &stderr)
			if code < 0 || code > 2 {
				t.Fatalf("godtable %q: exit %d", args, code)
			}
			if code == ExitUsage && stdout.Len() != 0 {
				t.Fatalf("godtable %q: exit 2 with answers %q", args, stdout.String())
			}
		}
		checkAnswers(t, sel, stdin)
	})
}

// bounded reports whether a command line is quick to run: scramble and
// battery only with small numbers, and battery with an explicit -n.
func bounded(args []string) bool {
	if len(args) == 0 || args[0] != "scramble" && args[0] != "battery" {
		return true
	}
	joined := strings.Join(args, " ")
	if regexp.MustCompile(`[0-9]{4}`).MatchString(joined) {
		return false
	}
	return args[0] != "battery" || regexp.MustCompile(`(^| )--?n( |=|$)`).MatchString(joined)
}

// checkAnswers runs solve or verify, as sel picks, with --json on stdin and
// checks that every input has exactly its one answer.
func checkAnswers(t *testing.T, sel uint8, stdin string) {
	ps := puzzles()
	p := ps[int(sel>>1)%len(ps)]
	cmd, name, f := "solve", p.Name(), p.Features()
	if f.Search {
		// A search puzzle's valid input may take minutes; its parser
		// has its own fuzz tests.
		return
	}
	if sel&1 != 0 {
		cmd = "verify"
	}
	args := []string{cmd, name, "--json"}
	if cmd == "solve" {
		switch flags := sel >> 4; {
		case f.Draw && flags&1 != 0:
			args = append(args, "--draw")
		case f.Table && flags&1 != 0:
			args = append(args, "--count")
		case f.Table && flags&2 != 0:
			args = append(args, "--all", "--limit", "3")
		}
		if f.Metric && sel&0x40 != 0 {
			args = append(args, "--metric", "qtm")
		}
	}
	var stdout, stderr bytes.Buffer
	code := Run(args, strings.NewReader(stdin), &stdout, &stderr)

	// The input's lines, as the command reads them.
	var lines []string
	ended := false
	for i, l := range strings.Split(stdin, "\n") {
		if i == strings.Count(stdin, "\n") && l == "" {
			break // after the last line break
		}
		l = strings.TrimSuffix(l, "\r")
		if p.EndsInput(l) {
			ended = true
			break
		}
		lines = append(lines, l)
	}
	// Blank lines at the end of the input are not inputs; before the line
	// that ends it, they still are.
	for !ended && len(lines) > 0 && len(lines[len(lines)-1]) <= MaxLine && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	var inputs []string
	errs, bad := 0, 0
	for _, l := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n") {
		if l == "" && stdout.Len() == 0 {
			break
		}
		var a map[string]any
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatalf("godtable %q: answer %q is not JSON: %v", args, l, err)
		}
		in, ok := a["input"].(string)
		if !ok {
			t.Fatalf("godtable %q: answer %q has no input", args, l)
		}
		inputs = append(inputs, in)
		if _, ok := a["error"]; ok {
			errs++
		} else if cmd == "verify" && a["verdict"] != "optimal" {
			bad++
		}
	}
	if got, want := strings.Join(inputs, "\n"), asJSON(strings.Join(lines, "\n")); got != want || len(inputs) > len(lines) {
		t.Fatalf("godtable %q on %q: %d answers for the inputs %q, want the lines %q", args, stdin, len(inputs), got, want)
	}
	if n := strings.Count(stderr.String(), "\n"); n != errs {
		t.Fatalf("godtable %q on %q: %d error answers, %d lines on stderr: %s", args, stdin, errs, n, stderr.String())
	}
	want := ExitOK
	if errs+bad > 0 {
		want = ExitInvalid
	}
	if code != want {
		t.Fatalf("godtable %q on %q: exit %d with %d errors and %d verdicts not optimal", args, stdin, code, errs, bad)
	}
}

// asJSON returns s as JSON carries it: each byte that is not UTF-8 becomes
// U+FFFD.
func asJSON(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(r) // ranging over s gives U+FFFD for each invalid byte
	}
	return b.String()
}
