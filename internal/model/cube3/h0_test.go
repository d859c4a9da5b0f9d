package cube3

import (
	"math/rand/v2"
	"os"
	"testing"
	"time"
)

// The separation table built beside the cached tables, and three fixed
// random positions searched through length 14 with the corner table, with
// both, and with the separation table in its place: positions entered and
// time. Long (the table takes a minute to build): only with GODTABLE_LONG=1.
func TestSeparationTableSearch(t *testing.T) {
	if os.Getenv("GODTABLE_LONG") == "" {
		t.Skip("builds a 59 MB table: set GODTABLE_LONG=1")
	}
	tb := bigTable(t)
	start := time.Now()
	sep := buildSep(newSepClasses(), 0, nil)
	t.Logf("separation table built in %v", time.Since(start))
	rng := rand.New(rand.NewPCG(2026, 56))
	cubes := []Cubie{randomState(rng), randomState(rng), randomState(rng)}
	for range 3 {
		for _, tables := range []string{"flip-slice-twist and corners", "all three", "flip-slice-twist and separation"} {
			p := *tb.p
			switch tables {
			case "all three":
				p.sep = sep
			case "flip-slice-twist and separation":
				p.sep, p.corners = sep, nil
			}
			var nodes int64
			start := time.Now()
			for _, c := range cubes {
				r := p.Search(c, Options{MaxCost: 14, Workers: 1})
				if r.Found {
					t.Fatal("a random position 14 moves from solved")
				}
				nodes += r.Nodes
			}
			t.Logf("%s: %d positions, %v", tables, nodes, time.Since(start))
		}
	}
}

// The separation coordinates read from a search's node and from pieces
// are those read from the cube.
func TestSeparationCoordinates(t *testing.T) {
	k := newSepClasses()
	rng := rand.New(rand.NewPCG(35, 36))
	for range 200 {
		c := randomState(rng)
		n := nodeOf(c)
		p := piecesOf(&c)
		cs, es := k.nodeCoords(&n)
		cp, ep := p.sepCoords()
		if cs != cocsepOf(&c) || es != esepOf(&c) || cp != cs || ep != es {
			t.Fatalf("%s: coordinates differ", c.Facelets())
		}
		// Every symmetric image's index is one of the entries the table
		// fills together with c's (its class's representative's own
		// symmetries).
		i := k.index(cs, es)
		cls, e := i/nEsep, i%nEsep
		same := map[int]bool{}
		for s := range nSym48 {
			if k.stab[cls]>>s&1 != 0 {
				same[cls*nEsep+int(k.esepConj[e*nSym48+s])] = true
			}
		}
		for s := range allSyms {
			d := allSyms[s].conj(c)
			if !same[k.index(cocsepOf(&d), esepOf(&d))] {
				t.Fatalf("symmetry %d takes the separation table's index elsewhere", s)
			}
		}
	}
}
