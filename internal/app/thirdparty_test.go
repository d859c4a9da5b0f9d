package app

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/pocket"
)

// fixtureRow is one line of a fixture in testdata/thirdparty (see its
// README): a scramble, a third party's solution and a length computed
// apart from godtable.
type fixtureRow struct {
	scramble, solution string
	length             int
}

func readFixture(t *testing.T, name string) []fixtureRow {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "thirdparty", name))
	if err != nil {
		t.Fatal(err)
	}
	var rows []fixtureRow
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("%s:%d: %d fields", name, i+1, len(f))
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatalf("%s:%d: %v", name, i+1, err)
		}
		rows = append(rows, fixtureRow{f[0], f[1], n})
	}
	return rows
}

// runBatch runs the command over stdin lines and returns its output lines
// and exit status.
func runBatch(t *testing.T, args []string, lines []string) ([]string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Run(args, strings.NewReader(strings.Join(lines, "\n")+"\n"), &stdout, &stderr)
	out := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(out) != len(lines) {
		t.Fatalf("%v: %d answers to %d lines; stderr %q", args, len(out), len(lines), stderr.String())
	}
	return out, code
}

// moves counts the face turns of a sequence written one turn a token.
func moves(s string) int { return len(strings.Fields(s)) }

// cubingMoves checks that s is written the way cubing.js and twsearch write
// sequences: face turns, plain, ' or 2, nothing else.
var cubingMoves = regexp.MustCompile(`^([UDLRFB]['2]? )*[UDLRFB]['2]?$`)

// cubing.js's WCA scrambles are read and solved optimally: each answer
// undoes its scramble, and its length is the optimal half-turn length found
// by the fixture's own breadth-first search, and the table's distance.
func TestCubingJSScramblesSolved(t *testing.T) {
	rows := readFixture(t, "cubingjs-222.tsv")
	if len(rows) < 300 {
		t.Fatalf("%d rows", len(rows))
	}
	var in []string
	lFaces := 0
	for _, r := range rows {
		if !cubingMoves.MatchString(r.scramble) {
			t.Fatalf("scramble %q is not plain face turns", r.scramble)
		}
		if strings.Contains(r.scramble, "L") {
			lFaces++
		}
		in = append(in, r.scramble)
	}
	if lFaces == 0 {
		t.Fatal("no scramble turns L: the fixture does not test the other faces")
	}
	out, code := runBatch(t, []string{"solve", "pocket", "--scramble"}, in)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for i, r := range rows {
		ans := out[i]
		if moves(ans) != r.length {
			t.Errorf("%q: answer %q has %d moves, optimal is %d", r.scramble, ans, moves(ans), r.length)
		}
		after, err := pocket.Scramble(r.scramble + " " + ans)
		if err != nil || !after.IsSolved() {
			t.Errorf("%q then %q: not solved (%v)", r.scramble, ans, err)
		}
		cube, err := pocket.Scramble(r.scramble)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := cube.Distance(pocket.HTM); err != nil || d != r.length {
			t.Errorf("%q: table distance %d (%v), want %d", r.scramble, d, err, r.length)
		}
	}
}

// A plain search, with no table, finds the optimal lengths of the fixture's
// scrambles: the positions within six moves of solved, met by
// those within five of the scrambled cube (11 is the most any needs).
func TestCubingJSScramblesPlainSearch(t *testing.T) {
	// The nine moves as one-move solutions: the answer to each move's
	// inverse.
	var step [9]lookup.Solution
	for i, name := range []string{"R'", "R", "R2", "U'", "U", "U2", "F'", "F", "F2"} {
		c, err := pocket.Scramble(name)
		if err != nil {
			t.Fatal(err)
		}
		if step[i], err = c.Solve(pocket.HTM); err != nil || step[i].Cost() != 1 {
			t.Fatalf("%s: %v %v", name, step[i], err)
		}
	}
	ball := func(from pocket.Cube, radius int) map[pocket.Cube]int {
		dist := map[pocket.Cube]int{from: 0}
		frontier := []pocket.Cube{from}
		for d := 1; d <= radius; d++ {
			var next []pocket.Cube
			for _, c := range frontier {
				for _, s := range step {
					n := c.Apply(s)
					if _, ok := dist[n]; !ok {
						dist[n] = d
						next = append(next, n)
					}
				}
			}
			frontier = next
		}
		return dist
	}
	solved := ball(pocket.Cube{}, 6)
	if len(solved) != 1+9+54+321+1847+9992+50136 {
		t.Fatalf("%d positions within six moves", len(solved))
	}
	rows := readFixture(t, "cubingjs-222.tsv")
	for _, r := range rows {
		cube, err := pocket.Scramble(r.scramble)
		if err != nil {
			t.Fatal(err)
		}
		best := -1
		for c, d := range ball(cube, 5) {
			if e, ok := solved[c]; ok && (best < 0 || d+e < best) {
				best = d + e
			}
		}
		if best != r.length {
			t.Errorf("%q: plain search %d, fixture %d", r.scramble, best, r.length)
		}
	}
}

// verify reads cubing.js's solutions as cubing.js writes them and tells the
// optimal ones from the others, with the right lengths.
func TestCubingJSSolutionsVerified(t *testing.T) {
	rows := readFixture(t, "cubingjs-222.tsv")
	var in, want []string
	notOptimal := 0
	for _, r := range rows {
		if !cubingMoves.MatchString(r.solution) {
			t.Fatalf("solution %q is not plain face turns", r.solution)
		}
		in = append(in, r.scramble+"\t"+r.solution)
		n := moves(r.solution)
		switch {
		case n == r.length:
			want = append(want, "optimal: length "+strconv.Itoa(n))
		case n > r.length:
			notOptimal++
			want = append(want, "not optimal: length "+strconv.Itoa(n)+", optimal "+strconv.Itoa(r.length))
		default:
			t.Fatalf("%q: cubing.js's %q is shorter than the fixture's optimum %d", r.scramble, r.solution, r.length)
		}
	}
	// The fixture is worth something only if it holds both kinds.
	if notOptimal < 10 || notOptimal > len(rows)-10 {
		t.Fatalf("%d of %d cubing.js solutions not optimal", notOptimal, len(rows))
	}
	out, code := runBatch(t, []string{"verify", "pocket", "--scramble"}, in)
	if code != ExitInvalid {
		t.Errorf("exit %d, want %d (some solutions are not optimal)", code, ExitInvalid)
	}
	for i := range rows {
		if out[i] != want[i] {
			t.Errorf("%s\n  got  %s\n  want %s", in[i], out[i], want[i])
		}
	}
	t.Logf("%d of %d cubing.js solutions not optimal", notOptimal, len(rows))
}

// Quarter-turn answers written as twsearch writes them, a half turn as two
// quarter turns, verify as optimal in the quarter-turn metric; godtable's own
// quarter-turn answers to the same scrambles have the same lengths.
func TestQuarterTurnAnswersVerified(t *testing.T) {
	rows := readFixture(t, "qtm-quarter-turns.tsv")
	if len(rows) < 200 {
		t.Fatalf("%d rows", len(rows))
	}
	quarterTurns := regexp.MustCompile(`^([UDLRFB]'? )*[UDLRFB]'?$`)
	var in, scrambles, want []string
	doubled := 0
	for _, r := range rows {
		if !quarterTurns.MatchString(r.solution) || moves(r.solution) != r.length {
			t.Fatalf("%q is not %d quarter turns", r.solution, r.length)
		}
		f := strings.Fields(r.solution)
		for j := 1; j < len(f); j++ {
			if f[j][0] == f[j-1][0] {
				doubled++
				break
			}
		}
		in = append(in, r.scramble+"\t"+r.solution)
		scrambles = append(scrambles, r.scramble)
		want = append(want, "optimal: length "+strconv.Itoa(r.length))
	}
	if doubled < 20 {
		t.Fatalf("only %d answers turn one face twice in a row", doubled)
	}
	out, code := runBatch(t, []string{"verify", "pocket", "--scramble", "--metric", "qtm"}, in)
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	for i := range rows {
		if out[i] != want[i] {
			t.Errorf("%s\n  got  %s\n  want %s", in[i], out[i], want[i])
		}
	}
	out, code = runBatch(t, []string{"solve", "pocket", "--scramble", "--metric", "qtm", "--json"}, scrambles)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for i, r := range rows {
		var a struct {
			Solution string
			Length   int
		}
		if err := json.Unmarshal([]byte(out[i]), &a); err != nil {
			t.Fatal(err)
		}
		after, err := pocket.Scramble(r.scramble + " " + a.Solution)
		if a.Length != r.length || err != nil || !after.IsSolved() {
			t.Errorf("%q: %s, want a solution of length %d", r.scramble, out[i], r.length)
		}
	}
}

// verify judges R U F solutions, which it checks move by move against the
// table, the same as any other: godtable's own optimal answers are optimal,
// and with a move and its inverse in front they are not.
func TestVerifyOwnAnswers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, metric := range []string{"htm", "qtm"} {
		var states []string
		for range 500 {
			states = append(states, pocket.Random(rng).Facelets())
		}
		answers, code := runBatch(t, []string{"solve", "pocket", "--metric", metric}, states)
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
		var in, want []string
		for i, s := range states {
			n := moves(answers[i])
			if metric == "qtm" {
				n += strings.Count(answers[i], "2")
			}
			in = append(in, s+"\t"+answers[i], s+"\tU U' "+answers[i])
			want = append(want, "optimal: length "+strconv.Itoa(n),
				"not optimal: length "+strconv.Itoa(n+2)+", optimal "+strconv.Itoa(n))
		}
		out, _ := runBatch(t, []string{"verify", "pocket", "--metric", metric}, in)
		for i := range in {
			if out[i] != want[i] {
				t.Errorf("%s %s: got %s, want %s", metric, in[i], out[i], want[i])
			}
		}
	}
}
