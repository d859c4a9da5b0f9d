package app

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	rotgameapi "github.com/godtable/godtable/lookup/rotgame"
)

// Scrambled boards come with their optimal answers: verify accepts every
// one as optimal, and solve gives the same sequences.
func TestRotGameScrambleVerifies(t *testing.T) {
	var scr, errs bytes.Buffer
	if code := Run([]string{"scramble", "rotgame", "-n", "500", "--seed", "7"}, nil, &scr, &errs); code != 0 {
		t.Fatalf("scramble: exit %d: %s", code, errs.String())
	}
	lines := strings.Split(strings.TrimSuffix(scr.String(), "\n"), "\n")
	if len(lines) != 500 {
		t.Fatalf("%d scrambles", len(lines))
	}
	var out bytes.Buffer
	if code := Run([]string{"verify", "rotgame"}, strings.NewReader(scr.String()), &out, &errs); code != 0 {
		t.Fatalf("verify: exit %d: %s", code, errs.String())
	}
	verdicts := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	for i, v := range verdicts {
		if !strings.HasPrefix(v, "optimal: length ") {
			t.Fatalf("verify, line %d: %s", i+1, v)
		}
	}
	if len(verdicts) != 500 {
		t.Fatalf("verify: %d verdicts", len(verdicts))
	}
	var boards strings.Builder
	for _, l := range lines {
		board, _, _ := strings.Cut(l, "\t")
		boards.WriteString(board + "\n")
	}
	out.Reset()
	if code := Run([]string{"solve", "rotgame"}, strings.NewReader(boards.String()), &out, &errs); code != 0 {
		t.Fatalf("solve: exit %d", code)
	}
	answers := strings.Split(out.String(), "\n")
	for i, l := range lines {
		_, moves, _ := strings.Cut(l, "\t")
		if moves == "" {
			moves = "No moves needed"
		}
		if answers[2*i] != moves {
			t.Fatalf("board %d: scramble says %q, solve %q", i+1, moves, answers[2*i])
		}
	}
}

// A seed gives the same boards every time; --min-moves is respected.
func TestRotGameScrambleSeed(t *testing.T) {
	var a, b, errs bytes.Buffer
	Run([]string{"scramble", "rotgame", "-n", "20", "--seed", "3", "--min-moves", "10", "--json"}, nil, &a, &errs)
	Run([]string{"scramble", "rotgame", "-n", "20", "--seed", "3", "--min-moves", "10", "--json"}, nil, &b, &errs)
	if a.String() != b.String() || a.Len() == 0 {
		t.Fatal("same seed, different boards")
	}
	for _, l := range strings.Split(strings.TrimSpace(a.String()), "\n") {
		var x struct {
			State    string
			Moves    string
			Distance int
		}
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			t.Fatal(err)
		}
		if x.Distance < 10 || len(x.Moves) != x.Distance || len(x.State) != 47 {
			t.Fatalf("%s: distance %d", l, x.Distance)
		}
	}
}

// stats gives the placement table: C(24,8) = 735,471 placements.
func TestRotGameStats(t *testing.T) {
	var out, errs bytes.Buffer
	if code := Run([]string{"stats", "rotgame", "--json"}, nil, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	var x struct {
		States int
		Counts []int
	}
	if err := json.Unmarshal(out.Bytes(), &x); err != nil {
		t.Fatal(err)
	}
	want, err := rotgameapi.Distribution()
	if err != nil {
		t.Fatal(err)
	}
	if x.States != 735471 || !slices.Equal(x.Counts, want) || x.Counts[0] != 1 {
		t.Fatalf("stats %s", out.String())
	}
}
