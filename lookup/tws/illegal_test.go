package tws_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/lookup/tws"
)

// plain is a puzzle kept as plainly as can be, for a search that shares
// nothing with the engine: each set's pieces (as the file numbers them)
// and orientations, moved by the numbers a definition file writes, and
// the Illegal lines as (set, slot, piece) triples.
type plain struct {
	sets   []plainSet
	solved [][]int // per set: the pieces, then the orientations
	bases  []plainMove
	bad    [][3]int // set, slot from 0, piece number
}

type plainSet struct {
	name string
	n    int
	mod  int
}

// plainMove is a Move block: per set, the slot each slot takes its piece
// from (from 1), and the turn of each piece (the file's row, per piece).
type plainMove struct {
	name string
	perm [][]int
	turn [][]int
}

// text writes p as a definition file.
func (p *plain) text() string {
	var b strings.Builder
	b.WriteString("Name Plain\n")
	for _, s := range p.sets {
		fmt.Fprintf(&b, "Set %s %d %d\n", s.name, s.n, s.mod)
	}
	row := func(v []int) string { return strings.Trim(fmt.Sprint(v), "[]") + "\n" }
	b.WriteString("Solved\n")
	for k, s := range p.sets {
		b.WriteString(s.name + "\n" + row(p.solved[k][:s.n]) + row(p.solved[k][s.n:]))
	}
	b.WriteString("End\n")
	for _, m := range p.bases {
		b.WriteString("Move " + m.name + "\n")
		for k, s := range p.sets {
			b.WriteString(s.name + "\n" + row(m.perm[k]) + row(m.turn[k]))
		}
		b.WriteString("End\n")
	}
	for _, il := range p.bad {
		fmt.Fprintf(&b, "Illegal %s %d %d\n", p.sets[il[0]].name, il[1]+1, il[2])
	}
	return b.String()
}

// apply is state s after base move m.
func (p *plain) apply(s [][]int, m plainMove) [][]int {
	out := make([][]int, len(s))
	for k, set := range p.sets {
		out[k] = make([]int, 2*set.n)
		for i := range set.n {
			from := m.perm[k][i] - 1
			out[k][i] = s[k][from]
			out[k][set.n+i] = (s[k][set.n+from] + m.turn[k][from]) % set.mod
		}
	}
	return out
}

func (p *plain) legal(s [][]int) bool {
	for _, il := range p.bad {
		if s[il[0]][il[1]] == il[2] {
			return false
		}
	}
	return true
}

func key(s [][]int) string { return fmt.Sprint(s) }

// line writes s as ParseState reads it.
func (p *plain) line(s [][]int) string {
	var f []string
	for k, set := range p.sets {
		f = append(f, set.name)
		row := s[k]
		if set.mod == 1 {
			row = row[:set.n]
		}
		for _, v := range row {
			f = append(f, fmt.Sprint(v))
		}
	}
	return strings.Join(f, " ")
}

// moves are every power of every base move, named as the definition
// format names them: the power's smaller signed exponent, primed when
// negative.
func (p *plain) moves() map[string][]plainMove {
	out := map[string][]plainMove{}
	for _, m := range p.bases {
		order := 1
		for s := p.apply(p.solvedIdentity(), m); key(s) != key(p.solvedIdentity()); s = p.apply(s, m) {
			order++
		}
		for pw := 1; pw < order; pw++ {
			tw := pw
			if order-pw < pw {
				tw = pw - order
			}
			name := m.name
			switch {
			case tw == -1:
				name += "'"
			case tw < 0:
				name += fmt.Sprintf("%d'", -tw)
			case tw > 1:
				name += fmt.Sprint(tw)
			}
			out[name] = slices.Repeat([]plainMove{m}, pw)
		}
	}
	return out
}

// solvedIdentity is the state of pieces 1..n in order, turned 0: a move's
// order is the number of times it takes to come back to it.
func (p *plain) solvedIdentity() [][]int {
	s := make([][]int, len(p.sets))
	for k, set := range p.sets {
		s[k] = make([]int, 2*set.n)
		for i := range set.n {
			s[k][i] = i + 1
		}
	}
	return s
}

func (p *plain) do(s [][]int, seq []plainMove) [][]int {
	for _, m := range seq {
		s = p.apply(s, m)
	}
	return s
}

// bfs is the distance of every state a breadth-first search reaches from
// the solved state, a move to an illegal state skipped when legalOnly, to
// at most depth moves (< 0: no limit).
func (p *plain) bfs(legalOnly bool, depth int) map[string]int {
	moves := p.moves()
	dist := map[string]int{key(p.solved): 0}
	frontier := [][][]int{p.solved}
	for d := 1; len(frontier) > 0 && (depth < 0 || d <= depth); d++ {
		var next [][][]int
		for _, s := range frontier {
			for _, seq := range moves {
				t := p.do(s, seq)
				if legalOnly && !p.legal(t) {
					continue
				}
				if _, ok := dist[key(t)]; !ok {
					dist[key(t)] = d
					next = append(next, t)
				}
			}
		}
		frontier = next
	}
	return dist
}

// replay checks a solution of s by the plain moves: every state it
// passes legal, the last one solved; it returns its length.
func (p *plain) replay(t *testing.T, s [][]int, sol string) int {
	t.Helper()
	moves := p.moves()
	names := strings.Fields(sol)
	for _, name := range names {
		seq, ok := moves[name]
		if !ok {
			t.Fatalf("solution %q: no move %q", sol, name)
		}
		s = p.do(s, seq)
		if !p.legal(s) {
			t.Fatalf("solution %q passes the illegal state %s", sol, p.line(s))
		}
	}
	if key(s) != key(p.solved) {
		t.Fatalf("solution %q leaves %s", sol, p.line(s))
	}
	return len(names)
}

// states decodes the keys of a search back to states.
func (p *plain) state(k string) [][]int {
	var s [][]int
	for _, part := range strings.Split(strings.Trim(k, "[]"), "] [") {
		var row []int
		for _, f := range strings.Fields(part) {
			var v int
			fmt.Sscan(f, &v)
			row = append(row, v)
		}
		s = append(s, row)
	}
	return s
}

// prunedOf builds def's pruning tables in size bytes, writes them and
// reads them back.
func prunedOf(t *testing.T, def *tws.Definition, size uint64) *tws.Pruned {
	t.Helper()
	built, err := tws.BuildPruned(context.Background(), def, tws.BuildOptions{Workers: 2}, size, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := built.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	pz, err := tws.OpenPrunedAt("p.gdt", bytes.NewReader(b.Bytes()), int64(b.Len()))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("pruning tables: %v", pz.Tables())
	return pz
}

// mini is a small puzzle with Illegal lines: seven slots of pieces (two
// pairs alike) turned by U and D, three oriented pieces that U and D swap
// and T twists. Its Illegal lines forbid piece 3 in slot 1, piece 4 in
// slot 2, and piece 2 in C's first slot.
func mini() *plain {
	return &plain{
		sets:   []plainSet{{"S", 7, 1}, {"C", 3, 2}},
		solved: [][]int{{1, 2, 3, 3, 4, 4, 5, 0, 0, 0, 0, 0, 0, 0}, {1, 2, 3, 0, 0, 0}},
		bases: []plainMove{
			{"U", [][]int{{2, 3, 4, 1, 5, 6, 7}, {2, 1, 3}}, [][]int{{0, 0, 0, 0, 0, 0, 0}, {0, 0, 0}}},
			{"D", [][]int{{1, 2, 4, 5, 6, 7, 3}, {1, 3, 2}}, [][]int{{0, 0, 0, 0, 0, 0, 0}, {0, 0, 0}}},
			{"T", [][]int{{1, 2, 3, 4, 5, 6, 7}, {1, 2, 3}}, [][]int{{0, 0, 0, 0, 0, 0, 0}, {1, 1, 0}}},
		},
		bad: [][3]int{{0, 0, 3}, {0, 1, 4}, {1, 0, 2}},
	}
}

// locked is a smaller puzzle whose Illegal lines leave legal states that
// no legal move reaches: six slots turned by U and D, two oriented pieces
// that D swaps (so that D and D' are never legal) and T twists.
func locked() *plain {
	return &plain{
		sets:   []plainSet{{"S", 6, 1}, {"C", 2, 3}},
		solved: [][]int{{1, 2, 3, 3, 4, 4, 0, 0, 0, 0, 0, 0}, {1, 2, 0, 0}},
		bases: []plainMove{
			{"U", [][]int{{2, 3, 4, 1, 5, 6}, {1, 2}}, [][]int{{0, 0, 0, 0, 0, 0}, {0, 0}}},
			{"D", [][]int{{1, 2, 4, 5, 6, 3}, {2, 1}}, [][]int{{0, 0, 0, 0, 0, 0}, {0, 0}}},
			{"T", [][]int{{1, 2, 3, 4, 5, 6}, {1, 2}}, [][]int{{0, 0, 0, 0, 0, 0}, {1, 2}}},
		},
		bad: [][3]int{{0, 0, 3}, {0, 1, 4}, {1, 0, 2}},
	}
}

// The complete table, its deep check, the search guided by pruning tables
// and the verdicts of a definition with Illegal lines agree with a plain
// breadth-first search over its legal states, on every state of the
// group its moves generate: an illegal one is refused, a legal one the
// legal moves do not reach is unreachable, and every other is answered
// at its distance, with a solution that passes legal states alone.
func TestIllegalAgainstPlainSearch(t *testing.T) {
	for name, pl := range map[string]*plain{"mini": mini(), "locked": locked()} {
		t.Run(name, func(t *testing.T) { againstPlainSearch(t, name, pl) })
	}
}

func againstPlainSearch(t *testing.T, name string, pl *plain) {
	ctx := context.Background()
	def, err := tws.ParseDefinition("mini.tws", []byte(pl.text()))
	if err != nil {
		t.Fatal(err)
	}
	pz, err := tws.Build(ctx, def, tws.BuildOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := pz.DeepCheck(ctx, tws.CheckOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	pr := prunedOf(t, def, 400)
	legal := pl.bfs(true, -1)
	group := pl.bfs(false, -1)
	var want []int
	for _, d := range legal {
		for len(want) <= d {
			want = append(want, 0)
		}
		want[d]++
	}
	if got := pz.Distribution(); !slices.Equal(got, want) {
		t.Fatalf("distribution %v, the plain search's %v", got, want)
	}
	var illegal, unreached, sampled int
	so := tws.SearchOptions{MaxDepth: -1, Workers: 1}
	for k := range group {
		s := pl.state(k)
		line := pl.line(s)
		pos, err := pz.ParseState(line)
		if !pl.legal(s) {
			illegal++
			if err == nil || !strings.Contains(err.Error(), "illegal state") {
				t.Fatalf("%s: illegal, read with %v", line, err)
			}
			if _, err := pr.ParseState(line); err == nil {
				t.Fatalf("%s: illegal, read by the pruned puzzle", line)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		d, ok := legal[k]
		if !ok {
			unreached++
			if _, err := pos.Distance(); !tws.IsUnreachable(err) {
				t.Fatalf("%s: no legal moves reach it, the table says %v", line, err)
			}
			continue
		}
		sol, err := pos.Solve()
		if err != nil || pl.replay(t, s, sol.String()) != d {
			t.Fatalf("%s: at %d, solved by %q, %v", line, d, sol, err)
		}
		if v, err := pos.Verify(sol.String()); err != nil || !v.Legal || v.Length != d || v.Optimal != d {
			t.Fatalf("%s: verdict %+v, %v", line, v, err)
		}
		if sampled++; len(legal) > 1000 && sampled%5 != 0 {
			continue // the pruned search on a fifth of a large one
		}
		ppos, err := pr.ParseState(line)
		if err != nil {
			t.Fatal(err)
		}
		if psol, err := ppos.Solve(so); err != nil || psol.String() != sol.String() {
			t.Fatalf("%s: the pruned search's %q, %v; the table's %q", line, psol, err, sol)
		}
	}
	if illegal == 0 || len(legal)+illegal+unreached != len(group) || name == "locked" && unreached == 0 {
		t.Fatalf("%d states: %d legal and reached, %d illegal, %d legal and not reached", len(group), len(legal), illegal, unreached)
	}
	t.Logf("%d states of the group: %d reached, %d illegal, %d legal and not reached", len(group), len(legal), illegal, unreached)
}

// A move sequence read, or a proposed solution, that passes an illegal
// state is refused, naming the move and the slot; so is a definition whose
// solved state is illegal.
func TestIllegalMovesRefused(t *testing.T) {
	pl := mini()
	def, err := tws.ParseDefinition("mini.tws", []byte(pl.text()))
	if err != nil {
		t.Fatal(err)
	}
	pz, err := tws.Build(context.Background(), def, tws.BuildOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := "move 2 (U) makes an illegal state: set C position 1 holds 2, which an Illegal line forbids"
	if _, err := pz.ParseMoves("T U"); err == nil || err.Error() != want {
		t.Fatalf("T U: %v", err)
	}
	if v, err := pz.Solved().Verify("U U'"); err != nil || v.Legal || v.Problem != "move 1 (U) makes an illegal state: set C position 1 holds 2, which an Illegal line forbids" {
		t.Fatalf("U U': %+v, %v", v, err)
	}
	if v, err := pz.Solved().Verify("D D'"); err != nil || !v.Legal {
		t.Fatalf("D D': %+v, %v", v, err)
	}
	pl.bad = append(pl.bad, [3]int{0, 2, 3})
	_, err = tws.ParseDefinition("bad.tws", []byte(pl.text()))
	if err == nil || !strings.Contains(err.Error(), "Solved is illegal: set S position 3 holds 3") {
		t.Fatalf("an illegal solved state: %v", err)
	}
	if _, err := tws.Build(context.Background(), def, tws.BuildOptions{Metric: "qtm"}); err == nil || !strings.Contains(err.Error(), "qtm") {
		t.Fatalf("qtm: %v", err)
	}
}

// square1 is a Square-1 written for these tests: slots 1 to 12 the top
// layer clockwise, 13 to 24 the bottom one, each corner two slots (its
// piece, then a tail, piece 17, all alike); the slash swaps slots 1 to 6
// with 13 to 18 and turns the middle. A corner across the slash's cut (a
// tail in slot 1, 7, 13 or 19) is illegal.
const square1 = `Name Square1Test
Set SLICE 24 1
Set MIDDLE 1 2
Solved
SLICE
9 17 1 10 17 2 11 17 3 12 17 4 13 17 5 14 17 6 15 17 7 16 17 8
End
Move U
SLICE
12 1 2 3 4 5 6 7 8 9 10 11 13 14 15 16 17 18 19 20 21 22 23 24
End
Move D
SLICE
1 2 3 4 5 6 7 8 9 10 11 12 24 13 14 15 16 17 18 19 20 21 22 23
End
Move S
SLICE
13 14 15 16 17 18 7 8 9 10 11 12 1 2 3 4 5 6 19 20 21 22 23 24
MIDDLE
1
1
End
Illegal SLICE 1 17
Illegal SLICE 7 17
Illegal SLICE 13 17
Illegal SLICE 19 17
`

// A Square-1 is answered optimally by the search its pruning tables
// guide: within four moves every state a plain breadth-first search
// finds is answered at its distance, and random legal scrambles get
// solutions of legal states alone, no longer than the scramble.
func TestSquare1Pruned(t *testing.T) {
	def, err := tws.ParseDefinition("square1.tws", []byte(square1))
	if err != nil {
		t.Fatal(err)
	}
	pz := prunedOf(t, def, 4<<20)
	pl := &plain{
		sets:   []plainSet{{"SLICE", 24, 1}, {"MIDDLE", 1, 2}},
		solved: [][]int{{9, 17, 1, 10, 17, 2, 11, 17, 3, 12, 17, 4, 13, 17, 5, 14, 17, 6, 15, 17, 7, 16, 17, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {1, 0}},
		bad:    [][3]int{{0, 0, 17}, {0, 6, 17}, {0, 12, 17}, {0, 18, 17}},
	}
	zero := make([]int, 24)
	cyc := func(lo int) []int {
		p := make([]int, 24)
		for i := range p {
			p[i] = i + 1
			if i >= lo && i < lo+12 {
				p[i] = lo + (i-lo+11)%12 + 1
			}
		}
		return p
	}
	slash := make([]int, 24)
	for i := range slash {
		slash[i] = i + 1
		if i < 6 {
			slash[i] = i + 13
		} else if i >= 12 && i < 18 {
			slash[i] = i - 11
		}
	}
	pl.bases = []plainMove{
		{"U", [][]int{cyc(0), {1}}, [][]int{zero, {0}}},
		{"D", [][]int{cyc(12), {1}}, [][]int{zero, {0}}},
		{"S", [][]int{slash, {1}}, [][]int{zero, {1}}},
	}
	depth := 4
	if testing.Short() {
		depth = 3
	}
	near := pl.bfs(true, depth)
	so := tws.SearchOptions{MaxDepth: -1, Workers: 2}
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for k, d := range near {
		// Those at the last depth, and a sample of the rest.
		if d < depth && rng.IntN(10) != 0 {
			continue
		}
		if checked++; checked > 200 {
			break
		}
		s := pl.state(k)
		pos, err := pz.ParseState(pl.line(s))
		if err != nil {
			t.Fatal(err)
		}
		sol, err := pos.Solve(so)
		if err != nil || pl.replay(t, s, sol.String()) != d {
			t.Fatalf("%s: at %d, solved by %q, %v", pl.line(s), d, sol, err)
		}
	}
	moves := pl.moves()
	var names []string
	for name := range moves {
		names = append(names, name)
	}
	slices.Sort(names)
	for range 4 {
		// A random walk of legal moves, no base twice in a row.
		s, n, last := pl.solved, 0, ""
		for n < 8 {
			name := names[rng.IntN(len(names))]
			if t := pl.do(s, moves[name]); name[:1] != last && pl.legal(t) {
				s, n, last = t, n+1, name[:1]
			}
		}
		pos, err := pz.ParseState(pl.line(s))
		if err != nil {
			t.Fatal(err)
		}
		sol, err := pos.Solve(so)
		if err != nil || pl.replay(t, s, sol.String()) > n {
			t.Fatalf("%s: solved by %q, %v", pl.line(s), sol, err)
		}
	}
}
