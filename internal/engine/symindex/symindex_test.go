package symindex

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// sample is a definition with rotations, from a file or from twsearch's
// samples (skipped where the mirror is not on the machine).
type sample struct {
	name, file, twsearch string
	moves                string
	// edit, when set, replaces its first string in the definition with
	// its second.
	edit   [2]string
	metric ksolve.Metric
	inA    []bool
	// within has A be the one set's permutation and B its orientations.
	within bool
	// searchOnly leaves the sample to the tests of the search: walking
	// its states one by one takes a minute.
	searchOnly bool
	// long marks the samples left out under -short.
	long bool
}

const twsearchRepo = "/work/.mirror/cubing+twsearch/repo"

func samples() []sample {
	tws := filepath.Join("..", "..", "..", "lookup", "tws", "testdata")
	return []sample{
		{name: "cube2 U,R,F", file: filepath.Join("..", "..", "model", "ksolve", "testdata", "cube2.tws"), moves: "U,R,F", long: true},
		{name: "cube2 colours", file: filepath.Join(tws, "cube2_colours.tws")},
		// A within the set: the permutation, B the orientations.
		{name: "cube2 U,R, within the set", file: filepath.Join("..", "..", "model", "ksolve", "testdata", "cube2.tws"), moves: "U,R", within: true},
		{name: "cube2 U,R,F, within the set", file: filepath.Join("..", "..", "model", "ksolve", "testdata", "cube2.tws"), moves: "U,R,F", within: true, searchOnly: true},
		{name: "cube2 colours, within the set", file: filepath.Join(tws, "cube2_colours.tws"), within: true},
		// One set of 88 million states, beyond MaxA: New's own choice is
		// within the set.
		{name: "symm 2x2x2", twsearch: "2x2x2", long: true},
		{name: "cube2 unoriented", file: filepath.Join(tws, "cube2_unoriented.tws")},
		{name: "symm pyraminx", twsearch: "pyraminx"},
		{name: "symm dino", twsearch: "dino"},
		{name: "symm 3x3x3 half turns", twsearch: "3x3x3", moves: "U2,D2,R2,L2,F2,B2"},
		{name: "symm 3x3x3 half turns, corners A", twsearch: "3x3x3", moves: "U2,D2,R2,L2,F2,B2", inA: []bool{false, true}},
		{name: "symm 3x3x3 half turns, all A", twsearch: "3x3x3", moves: "U2,D2,R2,L2,F2,B2", inA: []bool{true, true}, long: true},
		{name: "symm skewb", twsearch: "skewb", long: true},
		{name: "symm 3x3x3 corners A, U,R", twsearch: "3x3x3", moves: "U,R", long: true},
		// Parities tied across the sets: the corners' and the centres'
		// (every move swaps two of each), and the 3x3x3's layers' corners
		// and edges under U and D.
		{name: "symm pyramorphix", twsearch: "pyramorphix"},
		{name: "symm 3x3x3 U,D", twsearch: "3x3x3", moves: "U,D"},
		// Two centres alike: the centres have no parity, and the corners'
		// is free.
		{name: "symm pyramorphix, two centres alike", twsearch: "pyramorphix", edit: [2]string{"CENTERS\n1 2 3 4\n", "CENTERS\n1 1 2 3\n"}},
	}
}

func (c sample) puzzle(t *testing.T) *ksolve.Puzzle {
	t.Helper()
	var src []byte
	var err error
	name := c.file
	if c.twsearch != "" {
		name = c.twsearch + ".tws"
		src, err = exec.Command("git", "-C", twsearchRepo, "show", "aeed0ed:samples/symm/"+name).Output()
		if err != nil {
			t.Skipf("twsearch's samples: %v", err)
		}
	} else if src, err = os.ReadFile(c.file); err != nil {
		t.Fatal(err)
	}
	if c.edit[0] != "" {
		if !bytes.Contains(src, []byte(c.edit[0])) {
			t.Fatalf("%s has no %q to replace", name, c.edit[0])
		}
		src = bytes.Replace(src, []byte(c.edit[0]), []byte(c.edit[1]), 1)
	}
	d, err := ksolve.Parse(filepath.Base(name), src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ksolve.NewPuzzle(d, c.metric, c.moves)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// index is the sample's class index.
func (c sample) index(p *ksolve.Puzzle, syms []ksolve.Symmetry) (*Index, error) {
	if c.within {
		return newIndex(p, syms, []bool{true}, 0)
	}
	return New(p, syms, c.inA)
}

// maxEnumerated bounds the states a test walks one by one.
func maxEnumerated() uint64 {
	if testing.Short() {
		return 1 << 20
	}
	return 8 << 20
}

// Every state the moves reach maps to an index, the states of one class
// to one index, of another class to another; the indices met are as many
// as the classes, each is Canonical, and its OrbitSize is its class's
// states. The classes are found by brute force: a state's class is the
// least exact index (permindex) of its conjugates.
func TestEveryStateOneIndexAClass(t *testing.T) {
	for _, c := range samples() {
		t.Run(c.name, func(t *testing.T) {
			if c.long && testing.Short() {
				t.Skip("long")
			}
			if c.searchOnly {
				t.Skip("its states are walked by the search's tests")
			}
			p := c.puzzle(t)
			syms := p.Symmetries()
			if syms == nil {
				t.Fatalf("%s has no symmetries", c.name)
			}
			full, err := permindex.New(p)
			if err != nil {
				t.Fatal(err)
			}
			if full.Size() > maxEnumerated() {
				t.Skipf("%d states", full.Size())
			}
			x, err := c.index(p, syms)
			if err != nil {
				t.Fatal(err)
			}
			checkEveryState(t, p, syms, full, x)
		})
	}
}

func checkEveryState(t *testing.T, p *ksolve.Puzzle, syms []ksolve.Symmetry, full *permindex.Index, x *Index) {
	t.Helper()
	indexOf := map[uint64]uint64{} // class (least exact index) -> index
	classOf := map[uint64]uint64{} // index -> class
	statesOf := map[uint64]uint64{}
	var conj ksolve.State
	eachReached(t, p, full, func(i uint64, st ksolve.State) {
		class := i
		for s := range syms {
			conj = p.Conjugate(conj, st, &syms[s])
			j, ok := full.Index(conj)
			if !ok {
				t.Fatalf("state %d: conjugate %d has no exact index", i, s)
			}
			class = min(class, j)
		}
		k, ok := x.Index(st)
		if !ok {
			t.Fatalf("state %d has no class index", i)
		}
		if k >= x.Size() {
			t.Fatalf("state %d: class index %d beyond %d", i, k, x.Size())
		}
		// Neighbor moves the class's own state, a conjugate of st, whose
		// moves are st's conjugated: the same neighbours' classes, each
		// by another generator.
		var got, want []uint64
		for g, m := range p.Gens {
			n, ok := x.Index(p.Def.Apply(nil, st, p.Moves[m].Perm))
			if !ok {
				t.Fatalf("state %d: move %s: no class index", i, p.Moves[m].Name)
			}
			nk, ok := x.Neighbor(k, g)
			if !ok {
				t.Fatalf("state %d: move %s: Neighbor gives none", i, p.Moves[m].Name)
			}
			got, want = append(got, nk), append(want, n)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("state %d: Neighbor gives %v, the moved states' indices are %v", i, got, want)
		}
		statesOf[class]++
		if prev, ok := indexOf[class]; ok && prev != k {
			t.Fatalf("state %d: class %d has indices %d and %d", i, class, prev, k)
		}
		if prev, ok := classOf[k]; ok && prev != class {
			t.Fatalf("state %d: index %d stands for classes %d and %d", i, k, prev, class)
		}
		indexOf[class], classOf[k] = k, class
	})
	for class, k := range indexOf {
		if !x.Canonical(k) {
			t.Fatalf("index %d of class %d is not canonical", k, class)
		}
		if got := x.OrbitSize(k); got != statesOf[class] {
			t.Fatalf("index %d: orbit of %d states, the class has %d", k, got, statesOf[class])
		}
	}
	if len(indexOf) != len(classOf) {
		t.Fatalf("%d classes, %d indices", len(indexOf), len(classOf))
	}
	// Within a set, every index is its own class's, reachable or not:
	// those of A's classes fixed by a symmetry keep only the states of B
	// their stabilizer leaves least (compact.go).
	if x.WithinASet() {
		for i := range x.Size() {
			if _, ok := x.State(i); !ok || !x.Canonical(i) {
				t.Fatalf("within a set: index %d of %d is not its class's", i, x.Size())
			}
		}
	}
	t.Logf("%d symmetries, A %d states in %d classes, B %d: %d indices for %d classes (ratio %.3f)",
		len(syms), x.StatesOfA(), x.ClassesOfA(), x.StatesOfB(), x.Size(), len(indexOf), float64(x.Size())/float64(len(indexOf)))
}

// eachReached calls f with the exact index and the state of every state
// the moves reach, breadth first from the goal.
func eachReached(t *testing.T, p *ksolve.Puzzle, full *permindex.Index, f func(i uint64, st ksolve.State)) {
	t.Helper()
	goal, ok := full.Index(p.Def.Solved)
	if !ok {
		t.Fatal("the goal has no index")
	}
	seen := make([]bool, full.Size())
	seen[goal] = true
	queue := []uint64{goal}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for g := 0; g < full.Degree(); g++ {
			if j := full.Apply(i, g); !seen[j] {
				seen[j] = true
				queue = append(queue, j)
			}
		}
		f(i, full.State(i))
	}
}

// A set with an orientation ignored (`?`) is not split within: B, its
// pieces made one, would keep no orientation at all. The symm 2x2x2 so
// edited has no class index, and says so, where it would have panicked.
func TestNoSplitWithinIgnoredOrientations(t *testing.T) {
	c := sample{twsearch: "2x2x2", edit: [2]string{"CORNERS\n1 2 3 4 5 6 7 8\n0 0 0 0 0 0 0 0\n", "CORNERS\n1 2 3 4 5 6 7 8\n? 0 0 0 0 0 0 0\n"}}
	p := c.puzzle(t)
	if _, err := New(p, p.Symmetries(), nil); err == nil || !strings.Contains(err.Error(), "no set has") {
		t.Fatalf("New: %v", err)
	}
	if _, _, _, err := Estimate(p, len(p.Symmetries())); err == nil {
		t.Fatal("Estimate gives an index New refuses")
	}
}

// An index within a set is chosen only where its tables fit: the 2x2x2's
// eight corners (2,187 twists), not ten corners (19,683 twists, whose
// pairs pass maxConj) nor eighteen (3^18 rows).
func TestWithinFits(t *testing.T) {
	for _, c := range []struct {
		size, mod int
		nb        uint64
		want      bool
	}{{8, 3, 2187, true}, {10, 3, 19683, false}, {18, 3, 2187, false}, {12, 2, 2048, true}} {
		if got := withinFits(ksolve.Set{Size: c.size, Mod: c.mod}, c.nb); got != c.want {
			t.Errorf("%d pieces of %d orientations, %d states: %v", c.size, c.mod, c.nb, got)
		}
	}
}
