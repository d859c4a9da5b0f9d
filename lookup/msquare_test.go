package lookup_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/lookup"
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

func parse(t testing.TB, c cells) lookup.MagicSquare {
	t.Helper()
	var b strings.Builder
	for i, v := range c {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(byte('0' + v))
	}
	q, err := lookup.ParseMagicSquare(b.String())
	if err != nil {
		t.Fatal(err)
	}
	if q.Cells() != c {
		t.Fatalf("%v parsed as %v", c, q.Cells())
	}
	return q
}

// The statement's sample.
func TestMagicSquareSample(t *testing.T) {
	q, err := lookup.ParseMagicSquare("2 6 8 4 5 7 3 1")
	if err != nil {
		t.Fatal(err)
	}
	s, err := q.Solve()
	if err != nil {
		t.Fatal(err)
	}
	if got := string(lookup.AppendMagicSquareAnswer(nil, s)); got != "7\nBCABCCB\n" {
		t.Errorf("answer %q, want %q", got, "7\nBCABCCB\n")
	}
	if s, err := (lookup.MagicSquare{}).Solve(); err != nil || s.Len() != 0 {
		t.Errorf("the base state: %q, %v", s, err)
	}
	if got := string(lookup.AppendMagicSquareAnswer(nil, lookup.Solution{})); got != "0\n\n" {
		t.Errorf("empty answer %q, want %q", got, "0\n\n")
	}
}

// Every one of the 40,320 targets: the answer replays to the target, is as
// long as the search's shortest, and is the search's lexicographically
// smallest; the number of shortest sequences is the search's; the largest
// distance is 22, and the distribution is the search's.
func TestMagicSquareAllTargets(t *testing.T) {
	first, count := bfs(baseCells)
	if len(first) != 40320 {
		t.Fatalf("the search reached %d states, want 40320", len(first))
	}
	var dist []int
	for c, want := range first {
		q := parse(t, c)
		s, err := q.Solve()
		if err != nil {
			t.Fatal(err)
		}
		got := s.String()
		if applyAll(baseCells, got) != c {
			t.Fatalf("%v: %q does not reach it", c, got)
		}
		if (lookup.MagicSquare{}).Apply(s) != q {
			t.Fatalf("%v: Apply(%q) does not reach it", c, got)
		}
		if got != want {
			t.Fatalf("%v: %q, want %q", c, got, want)
		}
		if n, err := q.Count(); err != nil || n != count[c] {
			t.Fatalf("%v: Count %d, %v; want %d", c, n, err, count[c])
		}
		for len(dist) <= len(want) {
			dist = append(dist, 0)
		}
		dist[len(want)]++
	}
	if len(dist)-1 != 22 {
		t.Errorf("largest distance %d, want 22", len(dist)-1)
	}
	table, err := lookup.MagicSquareDistribution()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(table, dist) {
		t.Errorf("distribution\n got %v\nwant %v", table, dist)
	}
}
