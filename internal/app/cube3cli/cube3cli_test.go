package cube3cli

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/app/cli"
	api "github.com/godtable/godtable/lookup/cube3"
)

func opts() *cli.Options {
	return &cli.Options{Metric: "htm", Order: "net", Scramble: true, MaxDepth: -1}
}

// --max-depth answers a cube farther than it with the bound it proved.
func TestMaxDepth(t *testing.T) {
	p := Puzzle{Tables: api.Uninformed()}
	for _, c := range []struct {
		depth int
		want  string
	}{
		{0, "no solution of 0 moves or fewer"},
		{2, "no solution of 2 moves or fewer"},
	} {
		o := opts()
		o.MaxDepth = c.depth
		var a cli.Answer
		err := p.Solve("R L U2", o, &a)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("--max-depth %d: %q, %v; want %q", c.depth, a.Text, err, c.want)
		}
	}
	o := opts()
	o.MaxDepth = 3
	var a cli.Answer
	if err := p.Solve("R L U2", o, &a); err != nil || string(a.Text) != "U2 R' L'\n" {
		t.Errorf("--max-depth 3: %q, %v", a.Text, err)
	}
}

func TestSolveCountAllVerify(t *testing.T) {
	p := Puzzle{Tables: api.Uninformed()}
	var a cli.Answer
	if err := p.Solve("R L U2", opts(), &a); err != nil || string(a.Text) != "U2 R' L'\n" {
		t.Fatalf("solve: %q %v", a.Text, err)
	}
	o := opts()
	o.Count = true
	a.Reset("")
	if err := p.Solve("R L U2", o, &a); err != nil || string(a.Text) != "2\n" {
		t.Fatalf("count: %q %v", a.Text, err)
	}
	v, err := p.Verify("R L U2", "U2 L' R'", opts())
	if err != nil || !v.IsOptimal() {
		t.Fatalf("verify: %v %v", v, err)
	}
	// Out of time: the answer is an error naming the bound proved.
	o = opts()
	o.Timeout = time.Millisecond
	a.Reset("")
	err = p.Solve("R U F L D B R' U' F' L' D' B'", o, &a)
	if err == nil || !strings.Contains(err.Error(), "no solution of") {
		t.Fatalf("timeout: %q %v", a.Text, err)
	}
}

func TestScrambleAndShow(t *testing.T) {
	p := Puzzle{}
	rng := rand.New(rand.NewPCG(1, 2))
	o := &cli.Options{Metric: "htm", Order: "urfdlb", WCA: true}
	state, moves, _, err := p.Scramble(rng, o)
	if err != nil {
		t.Fatal(err)
	}
	c, err := api.ParseURFDLB(state)
	if err != nil || near(c) {
		t.Fatalf("scramble %q: %v", state, err)
	}
	// The sequence beside the state makes it, in at most 22 face turns.
	if made, err := api.Scramble(moves); err != nil || made != c || len(strings.Fields(moves)) > 22 {
		t.Fatalf("scramble %q: its sequence %q makes %v (%v)", state, moves, made, err)
	}
	if !near(api.Solved) {
		t.Fatal("the solved cube passes the WCA filter")
	}
	if one, _ := api.Scramble("R'"); !near(one) {
		t.Fatal("a cube one move from solved passes the WCA filter")
	}
	if two, _ := api.Scramble("R U"); near(two) {
		t.Fatal("a cube two moves from solved fails the WCA filter")
	}
	out, err := p.Show("R", &cli.Options{Order: "net", Scramble: true}, false)
	if err != nil || len(strings.Split(strings.TrimSpace(out), "\n")) != 9 {
		t.Fatalf("show: %q %v", out, err)
	}
	s, err := p.After(api.Solved.Facelets(), "R", &cli.Options{Order: "net"})
	if err != nil || s.Solved || len(s.Faces) != 54 || !strings.HasPrefix(p.SVG(s), "<svg") {
		t.Fatalf("after: %+v %v", s, err)
	}
}
