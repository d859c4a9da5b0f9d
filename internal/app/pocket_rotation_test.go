package app

import (
	"bytes"
	"strings"
	"testing"
)

// A scramble that turns only the whole cube (rotations, and wide turns,
// which on a 2x2x2 are rotations) is valid notation for a solved cube: it
// is answered with the empty solution and exit status 0, as an argument and
// in a batch, with a note on stderr for each such input, since lower case
// for face turns is the usual slip.
func TestPocketRotationOnly(t *testing.T) {
	for _, c := range []struct {
		name   string
		args   []string
		stdin  string
		stdout string
		notes  []string
	}{
		{"argument", []string{"solve", "pocket", "--scramble", "x y"}, "", "\n",
			[]string{`godtable: argument 1: note: the sequence turns no face, only the whole cube: "x" (move 1) is a rotation`}},
		{"wide turn", []string{"solve", "pocket", "--scramble", "f2 y"}, "", "\n",
			[]string{`godtable: argument 1: note: the sequence turns no face, only the whole cube: "f2" (move 1) is a wide turn`}},
		{"batch", []string{"solve", "pocket", "--scramble"}, "x y\nR\nf2 y\nr u' f2\n", "\nR'\n\n\n",
			[]string{
				`godtable: line 1: note: the sequence turns no face`,
				`godtable: line 3: note: the sequence turns no face`,
				`godtable: line 4: note: the sequence turns no face, only the whole cube: "r" (move 1) is a wide turn, which on a 2x2x2 turns the whole cube; face turns are U D L R F B, upper case ("R U' F2")`,
			}},
		{"qtm count", []string{"solve", "pocket", "--scramble", "--metric", "qtm", "--count", "z2 x'"}, "", "1\n",
			[]string{`godtable: argument 1: note: the sequence turns no face`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Run(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
			if code != ExitOK || stdout.String() != c.stdout {
				t.Errorf("exit %d, stdout %q; want %d, %q (stderr %q)", code, stdout.String(), ExitOK, c.stdout, stderr.String())
			}
			lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			if len(lines) != len(c.notes) {
				t.Fatalf("stderr %q: want %d notes", stderr.String(), len(c.notes))
			}
			for i, want := range c.notes {
				if !strings.HasPrefix(lines[i], want) {
					t.Errorf("stderr line %d %q, want %q...", i+1, lines[i], want)
				}
			}
		})
	}
	// A sequence with a face turn among rotations has no note.
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"solve", "pocket", "--scramble", "x R"}, strings.NewReader(""), &stdout, &stderr); code != ExitOK || stdout.String() != "R'\n" || stderr.Len() != 0 {
		t.Errorf("x R: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}
