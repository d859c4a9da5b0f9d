package ida_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/engine/ida"
	"github.com/godtable/godtable/internal/engine/prune"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// plainFirst is the first solution of st in move order of cost at most
// most, by iterative deepening with no table at all, moves in the
// puzzle's order, no two of one base in a row: the reference the search
// guided by tables must agree with. "" and false when there is none.
func plainFirst(p *ksolve.Puzzle, st ksolve.State, most int) (string, bool) {
	d := p.Def
	var path []int
	states := []ksolve.State{st}
	var dfs func(g, bound, last int) bool
	dfs = func(g, bound, last int) bool {
		s := states[len(states)-1]
		if g == bound {
			return string(s) == string(d.Solved)
		}
		for i, m := range p.Moves {
			if m.Base == last || g+p.Cost[i] > bound {
				continue
			}
			states = append(states, d.Apply(nil, s, m.Perm))
			path = append(path, i)
			if dfs(g+p.Cost[i], bound, m.Base) {
				return true
			}
			states, path = states[:len(states)-1], path[:len(path)-1]
		}
		return false
	}
	for bound := 0; bound <= most; bound++ {
		if dfs(0, bound, -1) {
			var names []string
			for _, i := range path {
				names = append(names, p.Moves[i].Name)
			}
			return strings.Join(names, " "), true
		}
	}
	return "", false
}

// scrambled applies n random moves of p to its solved state.
func scrambled(p *ksolve.Puzzle, rng *rand.Rand, n int) ksolve.State {
	s := p.Def.Solved.Clone()
	for range n {
		s = p.Def.Apply(nil, s, p.Moves[rng.IntN(len(p.Moves))].Perm)
	}
	return s
}

// TestPlainDeepeningAgrees solves short scrambles of the 3x3x3, whose
// complete table no machine holds, with small pruning tables and with
// plain iterative deepening: the same first solution, in both metrics and
// with a move subset; and one worker and several agree.
func TestPlainDeepeningAgrees(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		metric, moves string
		length        int
	}{{"htm", "", 5}, {"qtm", "", 5}, {"htm", "U,R,F2,D2", 6}} {
		p := puzzleOf(t, "../../model/ksolve/testdata/3x3x3.tws", c.metric, c.moves)
		tables := tablesOf(t, p, 1<<20)
		s, err := ida.New(p, tables)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, uint64(c.length)))
		n := 12
		if testing.Short() {
			n = 4
		}
		for k := range n {
			st := scrambled(p, rng, c.length)
			want, ok := plainFirst(p, st, 2*c.length)
			if !ok {
				t.Fatalf("%s %s: scramble %d: no plain solution within %d", c.metric, c.moves, k, c.length)
			}
			for _, workers := range []int{1, 2, 5} {
				sol, err := s.Solve(ctx, st, ida.Options{Workers: workers, MaxDepth: -1})
				if err != nil {
					t.Fatal(err)
				}
				if sol.String() != want {
					t.Fatalf("%s %s: scramble %d, %d workers: %q, plain deepening %q", c.metric, c.moves, k, workers, sol.String(), want)
				}
			}
		}
	}
}

// TestBounded answers a search stopped by its depth limit, or by its
// context, with the depth proven: no solution of that many moves or fewer.
func TestBounded(t *testing.T) {
	p := puzzleOf(t, "../../../lookup/tws/testdata/pocket.tws", "htm", "")
	tables := tablesOf(t, p, 20000)
	s, err := ida.New(p, tables)
	if err != nil {
		t.Fatal(err)
	}
	full := completeOf(t, p)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		st := full.Random(rng)
		d, err := full.Distance(st)
		if err != nil {
			t.Fatal(err)
		}
		if d == 0 {
			continue
		}
		_, err = s.Solve(context.Background(), st, ida.Options{MaxDepth: d - 1})
		var b *ida.Bounded
		if !errors.As(err, &b) || b.Depth != d-1 || b.Cause != nil {
			t.Fatalf("distance %d, --max-depth %d: %v", d, d-1, err)
		}
		if sol, err := s.Solve(context.Background(), st, ida.Options{MaxDepth: d}); err != nil || sol.Cost() != d {
			t.Fatalf("distance %d, --max-depth %d: %v, %v", d, d, sol, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		lb, err := s.LowerBound(st)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Count(ctx, st, ida.Options{MaxDepth: -1, Workers: 2})
		if !errors.As(err, &b) || b.Depth > d-1 || b.Depth < lb-1 || !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled search of a state at distance %d, bound %d: %v", d, lb, err)
		}
	}
}

// TestUnreachable refuses states no moves reach, which the 3x3x3's tables
// of some edges cannot tell (a single flipped edge, two edges swapped
// alone), as well as those they can (a twisted corner), and takes every
// scrambled state; with tables truncated, which cannot tell any, too.
func TestUnreachable(t *testing.T) {
	p := puzzleOf(t, "../../model/ksolve/testdata/3x3x3.tws", "htm", "")
	for _, enough := range []func([]uint64, uint64) bool{nil, cutEarly} {
		tables := tablesCut(t, p, 1<<20, enough)
		if enough != nil && tables[0].Beyond() == 0 {
			t.Fatal("the largest table is not truncated")
		}
		unreachable(t, p, tables)
	}
}

func unreachable(t *testing.T, p *ksolve.Puzzle, tables []*prune.Table) {
	s, err := ida.New(p, tables)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		"EDGES 1 2 3 4 5 6 7 8 9 10 11 12 1 0 0 0 0 0 0 0 0 0 0 0",
		"EDGES 2 1 3 4 5 6 7 8 9 10 11 12",
		"CORNERS 1 2 3 4 5 6 7 8 1 0 0 0 0 0 0 0",
	} {
		st, err := p.Def.ParseState(text)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.LowerBound(st); !errors.Is(err, ida.ErrUnreachable) {
			t.Errorf("%s: %v, want %v", text, err, ida.ErrUnreachable)
		}
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for range 200 {
		if _, err := s.LowerBound(scrambled(p, rng, 30)); err != nil {
			t.Fatal(err)
		}
	}
}

// twsearch's big_chop: two sets of sixty pieces, five alike of each of
// twelve colours. Its smallest projection, where one colour's five
// pieces lie among the sixty, has no index of coordinates with move tables
// within permindex's cap; it is indexed directly, and the search it
// guides gives plain deepening's first solution (skipped where twsearch's
// samples are not on the machine).
func TestPlainDeepeningAgreesOnAlikePieces(t *testing.T) {
	if testing.Short() {
		t.Skip("its table's build takes seconds")
	}
	src, err := exec.Command("git", "-C", "/work/.mirror/cubing+twsearch/repo", "show", "aeed0ed:samples/main/big_chop.tws").Output()
	if err != nil {
		t.Skipf("twsearch's samples: %v", err)
	}
	d, err := ksolve.Parse("big_chop.tws", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
	if err != nil {
		t.Fatal(err)
	}
	tables := tablesOf(t, p, 2<<20)
	s, err := ida.New(p, tables)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for k := range 6 {
		st := scrambled(p, rng, 3)
		want, ok := plainFirst(p, st, 3)
		if !ok {
			t.Fatalf("scramble %d: no plain solution within 3", k)
		}
		for _, workers := range []int{1, 2} {
			sol, err := s.Solve(context.Background(), st, ida.Options{Workers: workers, MaxDepth: -1})
			if err != nil {
				t.Fatal(err)
			}
			if sol.String() != want {
				t.Fatalf("scramble %d, %d workers: %q, plain deepening %q", k, workers, sol.String(), want)
			}
		}
	}
}
