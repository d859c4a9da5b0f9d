package app

import (
	"bytes"
	"regexp"
	"testing"
)

// godtable --version writes one line, the version and the Go release, and
// succeeds; so do its other spellings.
func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "-version", "version"} {
		var stdout, stderr bytes.Buffer
		code := Run([]string{arg}, nil, &stdout, &stderr)
		if code != ExitOK || stderr.Len() != 0 {
			t.Fatalf("%s: exit %d, stderr %q", arg, code, stderr.String())
		}
		if !regexp.MustCompile(`^godtable \S+ go\S+\n$`).MatchString(stdout.String()) {
			t.Fatalf("%s: %q, want one line: godtable VERSION GO", arg, stdout.String())
		}
	}
}

// Every alias and name resolves to its puzzle, in any case and with spaces
// or hyphens; near misses are suggested, far ones are not.
func TestResolve(t *testing.T) {
	for in, want := range map[string]string{
		"pocket": "pocket", "POCKET": "pocket", "2x2": "pocket", "2x2x2": "pocket", "222": "pocket",
		"Pocket Cube": "pocket", "pocket-cube": "pocket", "pyram": "pyraminx", "Pyraminx": "pyraminx",
		"msquare": "msquare", "ROTGRID": "rotgrid", "views": "views",
		"333": "3x3x3", "3x3": "3x3x3", "Rubik": "3x3x3",
	} {
		p, err := Resolve(in)
		if err != nil || p.Name() != want {
			t.Errorf("Resolve(%q) = %v, %v; want %s", in, p, err, want)
		}
	}
	for in, want := range map[string]string{
		"pockte": "did you mean pocket?", "pyramnx": "did you mean pyraminx?", "2x3": "did you mean pocket?",
		"msqare": "did you mean msquare?", "rotgam": "did you mean rotgame?",
		"megaminx": "(puzzles: ", "444": "(puzzles: ", "x": "(puzzles: ",
	} {
		_, err := Resolve(in)
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte(want)) {
			t.Errorf("Resolve(%q): %v, want %q", in, err, want)
		}
		if want == "(puzzles: " && bytes.Contains([]byte(err.Error()), []byte("did you mean")) {
			t.Errorf("Resolve(%q): %v suggests a puzzle", in, err)
		}
	}
}
