package app

import (
	"bytes"
	"strings"
	"testing"

	"github.com/godtable/godtable/lookup/msquare"
)

// Scrambles print a state and its answer from the base state: the answer is
// optimal for the state and at least --min-moves long.
func TestMsquareScramble(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run([]string{"scramble", "msquare", "-n", "200", "--seed", "3", "--min-moves", "18"}, strings.NewReader(""), &stdout, &stderr)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != 200 {
		t.Fatalf("%d lines, want 200", len(lines))
	}
	for _, l := range lines {
		state, moves, ok := strings.Cut(l, "\t")
		if !ok {
			t.Fatalf("line %q: no tab", l)
		}
		q, err := msquare.Parse(state)
		if err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if q.String() != state {
			t.Fatalf("line %q: state not written as the judge reads it", l)
		}
		v, err := q.Verify(moves)
		if err != nil || !v.IsOptimal() || v.Length < 18 {
			t.Fatalf("line %q: %v, %v", l, v, err)
		}
	}
}
