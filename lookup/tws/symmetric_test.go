package tws_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/lookup/tws"
)

// symmetricDefs are the test definitions with symmetries, and how many.
var symmetricDefs = []struct {
	file, metric string
	symmetries   int
}{
	{"cube2_colours.tws", "htm", 8},
	{"cube2_ur.tws", "htm", 2},
	{"cube2_ur.tws", "qtm", 2},
	{"cube2_unoriented.tws", "htm", 24},
	{"cube2_unoriented.tws", "qtm", 24},
}

func buildWith(t testing.TB, file string, opt tws.BuildOptions) *tws.Puzzle {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	def, err := tws.ParseDefinition(filepath.Base(file), src)
	if err != nil {
		t.Fatal(err)
	}
	pz, err := tws.Build(context.Background(), def, opt)
	if err != nil {
		t.Fatal(err)
	}
	return pz
}

// classesOf counts the classes at each distance the reference search's
// states fall into under p's symmetries, from whole states: a state's
// class is the least of its conjugates as bytes.
func classesOf(ref *reference) []int {
	syms := ref.p.Symmetries()
	seen := map[string]bool{}
	var counts []int
	for _, s := range ref.order {
		least := s
		for k := range syms {
			if c := string(ref.p.Conjugate(nil, ksolve.State(s), &syms[k])); c < least {
				least = c
			}
		}
		if seen[least] {
			continue
		}
		seen[least] = true
		d := ref.dist[s]
		for len(counts) <= d {
			counts = append(counts, 0)
		}
		counts[d]++
	}
	return counts
}

// A table of classes answers every state as the reference search over
// whole states does, in every answer mode and metric (on 4,000 states a
// definition spread over every distance; internal/engine/deftable proves the
// levels the walk reads the same on every state): the first optimal
// solution, the number of them, all of them, the verdict on them; it has
// the reference's distribution of states and the classes the
// symmetries make of them; and it answers exactly as the table of states
// of the same definition (--symmetry=false), whose ID it does not share,
// read back from its file too, with a smaller file.
func TestSymmetricAnswersAgainstReference(t *testing.T) {
	for _, c := range symmetricDefs {
		t.Run(c.file+"/"+c.metric, func(t *testing.T) {
			if raceShort() && c.symmetries != 2 {
				t.Skip("the largest, left to the suite without the race detector")
			}
			file := filepath.Join("testdata", c.file)
			metric := ksolve.HTM
			if c.metric == "qtm" {
				metric = ksolve.QTM
			}
			ref := newReference(t, file, metric)
			sym := buildWith(t, file, tws.BuildOptions{Metric: c.metric})
			plain := buildWith(t, file, tws.BuildOptions{Metric: c.metric, NoSymmetry: true})
			if sym.Symmetries() != c.symmetries || plain.Symmetries() != 0 {
				t.Fatalf("symmetries %d and %d, want %d and 0", sym.Symmetries(), plain.Symmetries(), c.symmetries)
			}
			if sym.ID() == plain.ID() {
				t.Fatal("a table of classes has the ID of the table of states")
			}
			if got, want := sym.Distribution(), ref.distribution(); !slices.Equal(got, want) {
				t.Fatalf("distribution %v, want %v", got, want)
			}
			if got, want := sym.ClassDistribution(), classesOf(ref); !slices.Equal(got, want) {
				t.Fatalf("classes %v, want %v", got, want)
			}
			if plain.ClassDistribution() != nil {
				t.Fatal("a table of states has classes")
			}
			var symFile, plainFile bytes.Buffer
			if _, err := sym.WriteTo(&symFile); err != nil {
				t.Fatal(err)
			}
			if _, err := plain.WriteTo(&plainFile); err != nil {
				t.Fatal(err)
			}
			if symFile.Len() >= plainFile.Len() {
				t.Errorf("table of classes %d bytes, of states %d", symFile.Len(), plainFile.Len())
			}
			back, err := tws.Open(c.file, bytes.NewReader(symFile.Bytes()), int64(symFile.Len()), tws.OpenOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if back.ID() != sym.ID() || back.Symmetries() != c.symmetries || !slices.Equal(back.ClassDistribution(), sym.ClassDistribution()) {
				t.Fatal("the table of classes read back differs")
			}
			// Any byte flipped (a spread of them) is refused, never
			// answered from.
			data := symFile.Bytes()
			for i := 0; i < len(data); i += 1 + len(data)/500 {
				bad := bytes.Clone(data)
				bad[i] ^= 0x04
				if _, err := tws.Open(c.file, bytes.NewReader(bad), int64(len(bad)), tws.OpenOptions{}); err == nil {
					t.Fatalf("byte %d of %d flipped: table of classes accepted", i, len(data))
				}
			}
			d := ref.p.Def
			for _, s := range every(ref, 4000, 400) {
				text := d.FormatState(ksolve.State(s))
				for _, pz := range []*tws.Puzzle{back, plain} {
					pos, err := pz.ParseState(text)
					if err != nil {
						t.Fatalf("%q: %v", text, err)
					}
					checkAnswers(t, pos, ref, s, metric == ksolve.HTM)
				}
				// The two tables answer alike, in the qtm too.
				a, _ := back.ParseState(text)
				b, _ := plain.ParseState(text)
				sa, _ := a.Solve()
				sb, _ := b.Solve()
				na, _ := a.Count()
				nb, _ := b.Count()
				if sa.String() != sb.String() || na != nb {
					t.Fatalf("%s: classes answer %q (%d), states %q (%d)", a.Line(), sa, na, sb, nb)
				}
			}
			// The farthest states, and random ones.
			fa, err := back.Antipodes(50)
			if err != nil {
				t.Fatal(err)
			}
			fb, err := plain.Antipodes(50)
			if err != nil {
				t.Fatal(err)
			}
			if len(fa) != len(fb) {
				t.Fatalf("%d antipodes, states' table %d", len(fa), len(fb))
			}
			for i := range fa {
				if fa[i].Line() != fb[i].Line() {
					t.Fatalf("antipode %d: %s, states' table %s", i, fa[i].Line(), fb[i].Line())
				}
			}
			rng := rand.New(rand.NewPCG(5, 6))
			for range 200 {
				p := back.Random(rng)
				dist, err := p.Distance()
				s, perr := ref.p.Def.ParseState(p.String())
				if perr != nil {
					t.Fatal(perr)
				}
				if want, ok := ref.dist[string(s)]; err != nil || !ok || dist != want {
					t.Fatalf("%s: distance %d (%v), want %d", p.Line(), dist, err, want)
				}
			}
		})
	}
}

// What answering through a class costs: the first optimal solution and
// the count of them, of random positions of the two-colour 2x2x2 (8
// symmetries) and of the unoriented one (24), from the table of classes
// and from the table of states, side by side.
//
//	go test -run '^$' -bench SolveByClass -count 5 ./lookup/tws
func BenchmarkSolveByClass(b *testing.B) {
	for _, file := range []string{"cube2_colours.tws", "cube2_unoriented.tws"} {
		path := filepath.Join("testdata", file)
		tables := map[string]*tws.Puzzle{
			"classes": buildWith(b, path, tws.BuildOptions{}),
			"states":  buildWith(b, path, tws.BuildOptions{NoSymmetry: true}),
		}
		rng := rand.New(rand.NewPCG(8, 9))
		var lines []string
		for range 1000 {
			lines = append(lines, tables["states"].Random(rng).Line())
		}
		for _, mode := range []string{"solve", "count"} {
			for _, kind := range []string{"classes", "states"} {
				pz := tables[kind]
				var pos []tws.Position
				for _, l := range lines {
					p, err := pz.ParseState(l)
					if err != nil {
						b.Fatal(err)
					}
					pos = append(pos, p)
				}
				b.Run(file+"/"+mode+"/"+kind, func(b *testing.B) {
					for i := 0; b.Loop(); i++ {
						p := pos[i%len(pos)]
						var err error
						if mode == "solve" {
							_, err = p.Solve()
						} else {
							_, err = p.Count()
						}
						if err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// A table of classes answers from many goroutines at once as from one:
// its kept conjugates and parents are shared.
func TestClassTableConcurrent(t *testing.T) {
	file := filepath.Join("testdata", "cube2_colours.tws")
	sym := buildWith(t, file, tws.BuildOptions{})
	plain := buildWith(t, file, tws.BuildOptions{NoSymmetry: true})
	rng := rand.New(rand.NewPCG(10, 11))
	var lines, want []string
	for range 400 {
		p := plain.Random(rng)
		sol, err := p.Solve()
		if err != nil {
			t.Fatal(err)
		}
		lines, want = append(lines, p.Line()), append(want, sol.String())
	}
	done := make(chan error, 4)
	for w := range 4 {
		go func() {
			for k := range lines {
				i := (k + w*100) % len(lines)
				p, err := sym.ParseState(lines[i])
				if err == nil {
					var sol fmt.Stringer
					sol, err = p.Solve()
					if err == nil && sol.String() != want[i] {
						err = fmt.Errorf("%s: %q, want %q", lines[i], sol, want[i])
					}
				}
				if err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// One definition serves builds, plans and counts from several goroutines
// at once, in two metrics and with and without symmetry, as it does one
// at a time: it keeps the puzzle last made of it, which they share.
func TestDefinitionConcurrent(t *testing.T) {
	file := filepath.Join("testdata", "cube2_colours.tws")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	def, err := tws.ParseDefinition("cube2_colours.tws", src)
	if err != nil {
		t.Fatal(err)
	}
	opts := []tws.BuildOptions{{Metric: "htm"}, {Metric: "qtm"}, {Metric: "htm", NoSymmetry: true}, {Metric: "qtm", NoSymmetry: true}}
	want := make([][]int, len(opts))
	for k, opt := range opts {
		want[k] = buildWith(t, file, opt).Distribution()
	}
	var wg sync.WaitGroup
	for round := range 8 {
		wg.Go(func() {
			k := round % len(opts)
			opt := opts[k]
			if _, _, err := tws.Plan(def, opt); err != nil {
				t.Error(err)
				return
			}
			if n, _, err := tws.Reachable(def, opt); err != nil || n == nil {
				t.Errorf("%+v: reachable %v, %v", opt, n, err)
				return
			}
			pz, err := tws.Build(context.Background(), def, opt)
			if err != nil {
				t.Error(err)
				return
			}
			if got := pz.Distribution(); !slices.Equal(got, want[k]) {
				t.Errorf("%+v: distribution %v, alone %v", opt, got, want[k])
			}
		})
	}
	wg.Wait()
}
