package main

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/rotgame"
	rotgameapi "github.com/godtable/godtable/lookup/rotgame"
)

// Scrambled boards come with their optimal answers: verify accepts every
// one as optimal, and solve gives the same sequences.
func TestRotGameScrambleVerifies(t *testing.T) {
	var scr, errs bytes.Buffer
	if code := run([]string{"scramble", "rotgame", "-n", "500", "--seed", "7"}, nil, &scr, &errs); code != 0 {
		t.Fatalf("scramble: exit %d: %s", code, errs.String())
	}
	lines := strings.Split(strings.TrimSuffix(scr.String(), "\n"), "\n")
	if len(lines) != 500 {
		t.Fatalf("%d scrambles", len(lines))
	}
	var out bytes.Buffer
	if code := run([]string{"verify", "rotgame"}, strings.NewReader(scr.String()), &out, &errs); code != 0 {
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
	if code := run([]string{"solve", "rotgame"}, strings.NewReader(boards.String()), &out, &errs); code != 0 {
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
	run([]string{"scramble", "rotgame", "-n", "20", "--seed", "3", "--min-moves", "10", "--json"}, nil, &a, &errs)
	run([]string{"scramble", "rotgame", "-n", "20", "--seed", "3", "--min-moves", "10", "--json"}, nil, &b, &errs)
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
	if code := run([]string{"stats", "rotgame", "--json"}, nil, &out, &errs); code != 0 {
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

// rotgameMaxBoard is proved here: a board is as far from the goal as its
// nearest number, so it is at least d moves away exactly when its three
// numbers' placements, disjoint and filling the board, are each at least d
// moves from the centre. The test finds the placements' distances by a
// breadth-first search of its own (checked against the table's counts),
// shows three such placements for rotgameMaxBoard and, trying every pair,
// none for one more.
func TestRotGameMaxBoard(t *testing.T) {
	dist := make(map[uint32]int, rotgame.NPlacements)
	dist[rotgame.CentreMask] = 0
	frontier := []uint32{rotgame.CentreMask}
	counts := []int{1}
	for d := 1; len(frontier) > 0; d++ {
		var next []uint32
		for _, p := range frontier {
			for m := range 8 {
				q := rotgame.Move(p, m)
				if _, seen := dist[q]; !seen {
					dist[q] = d
					next = append(next, q)
				}
			}
		}
		if len(next) > 0 {
			counts = append(counts, len(next))
		}
		frontier = next
	}
	want, err := rotgameapi.Distribution()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(counts, want) {
		t.Fatalf("breadth-first counts %v, the table's %v", counts, want)
	}
	// splits returns every split of the board into three placements each
	// at least d moves away, each split's masks in increasing order.
	splits := func(d int) [][3]uint32 {
		var far []uint32
		isFar := make(map[uint32]bool)
		for p, pd := range dist {
			if pd >= d {
				far = append(far, p)
				isFar[p] = true
			}
		}
		slices.Sort(far)
		var out [][3]uint32
		for i, a := range far {
			for _, b := range far[i+1:] {
				if a&b != 0 {
					continue
				}
				if c := rotgame.AllCells &^ a &^ b; c > b && isFar[c] {
					out = append(out, [3]uint32{a, b, c})
				}
			}
		}
		return out
	}
	if got := splits(rotgameMaxBoard); !slices.Equal(got, rotgameFarthest) {
		t.Fatalf("the splits at %d moves are %x, the command has %x", rotgameMaxBoard, got, rotgameFarthest)
	}
	if got := splits(rotgameMaxBoard + 1); len(got) != 0 {
		t.Fatalf("a board is %d moves away: %x", rotgameMaxBoard+1, got[0])
	}
	// Every board scramble draws at the largest distance is that far.
	var out, errs bytes.Buffer
	if code := run([]string{"scramble", "rotgame", "--min-moves", "13", "-n", "50", "--seed", "5", "--json"}, nil, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	seen := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var x struct {
			State    string
			Distance int
		}
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			t.Fatal(err)
		}
		g, err := rotgameapi.Parse(x.State)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := g.Distance(); err != nil || d != 13 || x.Distance != 13 {
			t.Fatalf("%s: distance %d (%v), says %d", x.State, d, err, x.Distance)
		}
		seen[x.State] = true
	}
	if len(seen) < 40 {
		t.Errorf("%d different boards in 50 draws from 192", len(seen))
	}
}
