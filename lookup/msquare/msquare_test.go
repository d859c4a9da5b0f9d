package msquare_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/msquare"
)

// The independent model for these tests: boards as arrays of numbers, the
// operations as the statement draws them, states found by breadth-first
// search keyed by the arrays themselves. It shares nothing with the packed
// boards, ranks, table and walk it checks.

type cells = [8]int

// opA swaps the rows, opB moves the last column first, opC turns the centre
// clockwise, on the two drawn rows (the bottom row is cells 7 6 5 4).
func apply(c cells, op byte) cells {
	top := [4]int{c[0], c[1], c[2], c[3]}
	bot := [4]int{c[7], c[6], c[5], c[4]}
	switch op {
	case 'A':
		top, bot = bot, top
	case 'B':
		top = [4]int{top[3], top[0], top[1], top[2]}
		bot = [4]int{bot[3], bot[0], bot[1], bot[2]}
	case 'C':
		top[1], top[2], bot[2], bot[1] = bot[1], top[1], top[2], bot[2]
	}
	return cells{top[0], top[1], top[2], top[3], bot[3], bot[2], bot[1], bot[0]}
}

func applyAll(c cells, ops string) cells {
	for i := 0; i < len(ops); i++ {
		c = apply(c, ops[i])
	}
	return c
}

var baseCells = cells{1, 2, 3, 4, 5, 6, 7, 8}

// bfs searches outward from start, trying A, B, C in order, and keeps for
// each state the first sequence that reaches it and the number of shortest
// sequences. The first is the lexicographically smallest of the shortest:
// the queue holds each level in the order of those sequences (true of the
// start; if true of one level, the next is discovered in order of parent
// then operation, which is the order of the extended sequences), so the
// first parent to reach a state gives the smallest sequence.
func bfs(start cells) (first map[cells]string, count map[cells]uint64) {
	first = map[cells]string{start: ""}
	count = map[cells]uint64{start: 1}
	queue := []cells{start}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, op := range []byte("ABC") {
			n := apply(c, op)
			seq, seen := first[n]
			switch {
			case !seen:
				first[n] = first[c] + string(op)
				count[n] = count[c]
				queue = append(queue, n)
			case len(seq) == len(first[c])+1:
				count[n] += count[c]
			}
		}
	}
	return first, count
}

func parse(t testing.TB, c cells) msquare.Position {
	t.Helper()
	var b strings.Builder
	for i, v := range c {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(byte('0' + v))
	}
	q, err := msquare.Parse(b.String())
	if err != nil {
		t.Fatal(err)
	}
	if q.Cells() != c {
		t.Fatalf("%v parsed as %v", c, q.Cells())
	}
	return q
}

// The statement's sample.
func TestSample(t *testing.T) {
	q, err := msquare.Parse("2 6 8 4 5 7 3 1")
	if err != nil {
		t.Fatal(err)
	}
	s, err := q.Solve()
	if err != nil {
		t.Fatal(err)
	}
	if got := string(msquare.AppendAnswer(nil, s)); got != "7\nBCABCCB\n" {
		t.Errorf("answer %q, want %q", got, "7\nBCABCCB\n")
	}
	if s, err := (msquare.Position{}).Solve(); err != nil || s.Len() != 0 {
		t.Errorf("the base state: %q, %v", s, err)
	}
	if got := string(msquare.AppendAnswer(nil, lookup.Solution{})); got != "0\n\n" {
		t.Errorf("empty answer %q, want %q", got, "0\n\n")
	}
}

// Every one of the 40,320 targets: the answer replays to the target, is as
// long as the search's shortest, and is the search's lexicographically
// smallest; the number of shortest sequences is the search's; the largest
// distance is 22, and the distribution is the search's.
func TestAllTargets(t *testing.T) {
	first, count := bfs(baseCells)
	if len(first) != 40320 {
		t.Fatalf("the search reached %d states, want 40320", len(first))
	}
	var dist []int
	k := 0
	for c, want := range first {
		for len(dist) <= len(want) {
			dist = append(dist, 0)
		}
		dist[len(want)]++
		if k++; k%sampled() != 0 {
			continue
		}
		q := parse(t, c)
		s, err := q.Solve()
		if err != nil {
			t.Fatal(err)
		}
		got := s.String()
		if applyAll(baseCells, got) != c {
			t.Fatalf("%v: %q does not reach it", c, got)
		}
		if (msquare.Position{}).Apply(s) != q {
			t.Fatalf("%v: Apply(%q) does not reach it", c, got)
		}
		if got != want {
			t.Fatalf("%v: %q, want %q", c, got, want)
		}
		if n, err := q.Count(); err != nil || n != count[c] {
			t.Fatalf("%v: Count %d, %v; want %d", c, n, err, count[c])
		}
	}
	if len(dist)-1 != 22 {
		t.Errorf("largest distance %d, want 22", len(dist)-1)
	}
	table, err := msquare.Distribution()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(table, dist) {
		t.Errorf("distribution\n got %v\nwant %v", table, dist)
	}
}

// sampled is 1, every state, or under the race detector with -short one
// state in 16: the detector checks the same code on a sample, and the
// proofs run whole without it.
func sampled() int {
	if raceEnabled && testing.Short() {
		return 16
	}
	return 1
}

// From other states: for a few random starts, a fresh search from the start
// gives every target's answer, and SolveFrom must give the same.
func TestFrom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	starts := []cells{baseCells}
	for len(starts) < 4 {
		starts = append(starts, msquare.Random(rng).Cells())
	}
	for _, s := range starts {
		from := parse(t, s)
		first, count := bfs(s)
		k := 0
		for c, want := range first {
			if k++; k%sampled() != 0 {
				continue
			}
			q := parse(t, c)
			sol, err := q.SolveFrom(from)
			if err != nil {
				t.Fatal(err)
			}
			if got := sol.String(); got != want {
				t.Fatalf("from %v to %v: %q, want %q", s, c, got, want)
			}
			if from.Apply(sol) != q {
				t.Fatalf("from %v: %q does not reach %v", s, sol, c)
			}
			// Counting walks the whole tree of answers: a sample will do.
			if k%(16*sampled()) == 0 {
				if n, err := q.CountFrom(from); err != nil || n != count[c] {
					t.Fatalf("from %v to %v: %d shortest sequences, %v; want %d", s, c, n, err, count[c])
				}
			}
		}
	}
}

// A second, simpler proof of the order for every target up to 10 operations
// away: trying all sequences by length, and each length in lexicographic
// order, the first that reaches a target is its answer.
func TestBruteForce(t *testing.T) {
	const maxLen = 10
	found := map[cells]string{}
	seq := make([]byte, 0, maxLen)
	var try func(c cells, n int)
	try = func(c cells, n int) {
		if len(seq) == n {
			if _, ok := found[c]; !ok {
				found[c] = string(seq)
			}
			return
		}
		for _, op := range []byte("ABC") {
			seq = append(seq, op)
			try(apply(c, op), n)
			seq = seq[:len(seq)-1]
		}
	}
	for n := 0; n <= maxLen; n++ {
		try(baseCells, n)
	}
	for c, want := range found {
		sol, err := parse(t, c).Solve()
		if err != nil {
			t.Fatal(err)
		}
		if got := sol.String(); got != want {
			t.Fatalf("%v: %q, want %q", c, got, want)
		}
	}
	// Every target within reach of the enumeration was found by it.
	bfsFirst, _ := bfs(baseCells)
	within := 0
	for _, seq := range bfsFirst {
		if len(seq) <= maxLen {
			within++
		}
	}
	if len(found) != within {
		t.Errorf("enumeration found %d targets within %d, the search %d", len(found), maxLen, within)
	}
}

// All lists exactly Count sequences, strictly increasing, each shortest and
// reaching the target, the first being Solve's; checked on every target.
func TestAll(t *testing.T) {
	for r := uint32(0); r < 40320; r += uint32(sampled()) {
		q, err := msquare.FromRank(r)
		if err != nil {
			t.Fatal(err)
		}
		sols, truncated, err := q.All(0)
		if err != nil || truncated {
			t.Fatalf("%v: All: %v, truncated %v", q, err, truncated)
		}
		n, err := q.Count()
		if err != nil || uint64(len(sols)) != n {
			t.Fatalf("%v: %d sequences, Count %d, %v", q, len(sols), n, err)
		}
		first, _ := q.Solve()
		if sols[0].String() != first.String() {
			t.Fatalf("%v: All starts %q, Solve gives %q", q, sols[0], first)
		}
		for i, s := range sols {
			if s.Len() != first.Len() || (msquare.Position{}).Apply(s) != q {
				t.Fatalf("%v: %q is not a shortest answer", q, s)
			}
			if i > 0 && sols[i-1].String() >= s.String() {
				t.Fatalf("%v: %q before %q", q, sols[i-1], s)
			}
		}
		if len(sols) > 1 {
			two, truncated, err := q.All(1)
			if err != nil || len(two) != 1 || !truncated {
				t.Fatalf("%v: All(1) gave %d, truncated %v, %v", q, len(two), truncated, err)
			}
		}
	}
}

func TestVerify(t *testing.T) {
	q, err := msquare.Parse("2 6 8 4 5 7 3 1")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		sol     string
		legal   bool
		optimal bool
		length  int
	}{
		{"BCABCCB", true, true, 7},
		{"B C A B C C B", true, true, 7},
		{"BCBCCBA", true, true, 7},
		{"BCABCCBAA", true, false, 9},
		{"BCABCCBBBBB", true, false, 11},
		{"BCA", false, false, 3},
		{"", false, false, 0},
		{"BCABCCX", false, false, 0},
		{"bcabccb", false, false, 0},
	}
	for _, c := range cases {
		v, err := q.Verify(c.sol)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != c.legal || v.IsOptimal() != c.optimal || v.Length != c.length || v.Optimal != 7 {
			t.Errorf("Verify(%q) = %+v", c.sol, v)
		}
	}
	// From another state: the sample back to the base state.
	v, err := (msquare.Position{}).VerifyFrom(q, "CCBCBBB")
	if err != nil || !v.IsOptimal() {
		t.Errorf("VerifyFrom: %+v, %v", v, err)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		in   string
		kind error
	}{
		{"1 2 3", msquare.ErrCount},
		{"1 2 3 4 5 6 7 8 8", msquare.ErrCount},
		{"a b c d e f g h", msquare.ErrNumber},
		{"1 2 3 4 5 6 7 0", msquare.ErrRange},
		{"1 2 3 4 5 6 7 7", msquare.ErrDuplicate},
	}
	for _, c := range cases {
		_, err := msquare.Parse(c.in)
		var pe *msquare.Error
		if !errors.Is(err, c.kind) || !errors.As(err, &pe) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q): %v, want a one-line %v", c.in, err, c.kind)
		}
	}
	if _, err := msquare.FromRank(40320); err == nil {
		t.Error("FromRank(40320): no error")
	}
}

// Random states are uniform: over many draws every rank comes up about
// equally often (a chi-squared bound far beyond chance).
func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 40320 * 20
	seen := make([]int, 40320)
	for i := 0; i < n; i++ {
		seen[msquare.Random(rng).Rank()]++
	}
	chi := 0.0
	for _, k := range seen {
		d := float64(k) - 20
		chi += d * d / 20
	}
	// 40,319 degrees of freedom: mean 40319, standard deviation about 284.
	if chi > 40319+8*284 {
		t.Errorf("chi-squared %.0f", chi)
	}
}

// Answers are the same from many goroutines at once (run with -race).
func TestConcurrent(t *testing.T) {
	qs := targets(512)
	want := make([]string, len(qs))
	for i, q := range qs {
		s, err := q.SolveFrom(qs[(i+1)%len(qs)])
		if err != nil {
			t.Fatal(err)
		}
		want[i] = s.String()
	}
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func() {
			for i := len(qs) - 1; i >= 0; i-- {
				s, err := qs[i].SolveFrom(qs[(i+1)%len(qs)])
				if err == nil && s.String() != want[i] {
					err = errors.New("different answer: " + s.String() + ", want " + want[i])
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for g := 0; g < 8; g++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
