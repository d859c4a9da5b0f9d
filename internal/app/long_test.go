package app

import (
	"bytes"
	"strings"
	"testing"
)

// A definition whose solutions run to 1,072 moves (they panicked past 64,
// losing the answers already made): solve answers every line in order,
// verify takes a solution that long, scramble draws far positions.
func TestLongSolutions(t *testing.T) {
	const long = "../../lookup/tws/testdata/long.tws"
	run := func(stdin string, args ...string) (string, string, int) {
		var stdout, stderr bytes.Buffer
		code := Run(args, strings.NewReader(stdin), &stdout, &stderr)
		return stdout.String(), stderr.String(), code
	}
	out, errs, code := run("B\n(A B)60 A\nA\n", "solve", long, "--scramble") // A fixes the marked pieces
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != 3 || lines[0] != "B" || lines[2] != "" || len(strings.Fields(lines[1])) <= 64 {
		t.Fatalf("exit %d, %d answers (stderr %q)", code, len(lines), errs)
	}
	out, errs, code = run("", "scramble", long, "-n", "3", "--seed", "7", "--min-moves", "1000")
	scrambles := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(scrambles) != 3 {
		t.Fatalf("scramble: exit %d, %q", code, errs)
	}
	var batch strings.Builder
	for _, s := range scrambles {
		_, seq, _ := strings.Cut(s, "\t")
		if len(strings.Fields(seq)) < 1000 {
			t.Fatalf("scramble %q is under 1,000 moves", seq)
		}
		sol, _, _ := run(seq+"\n", "solve", long, "--scramble")
		batch.WriteString(seq + "\t" + strings.TrimSuffix(sol, "\n") + "\n")
	}
	out, errs, code = run(batch.String(), "verify", long)
	if code != 0 || strings.Count(out, "optimal: length ") != 3 {
		t.Fatalf("verify: exit %d, %q %q", code, out, errs)
	}
}
