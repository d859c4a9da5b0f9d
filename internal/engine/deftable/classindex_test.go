package deftable

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// classIndexCases are the definitions with symmetries the class index's
// tables are proved on: one set (its own A), two sets split, and two
// whose parities are tied across the split.
func classIndexCases() []struct {
	name, file, moves string
	metric            ksolve.Metric
	long              bool
} {
	tws := filepath.Join("..", "..", "..", "lookup", "tws", "testdata")
	return []struct {
		name, file, moves string
		metric            ksolve.Metric
		long              bool
	}{
		{name: "cube2 colours", file: filepath.Join(tws, "cube2_colours.tws")},
		{name: "cube2 unoriented", file: filepath.Join(tws, "cube2_unoriented.tws")},
		{name: "cube2 unoriented qtm", file: filepath.Join(tws, "cube2_unoriented.tws"), metric: ksolve.QTM},
		{name: "cube2 U,R,F", file: filepath.Join("..", "..", "model", "ksolve", "testdata", "cube2.tws"), moves: "U,R,F", long: true},
		// A split into two parts: the edges' classes times the corners.
		{name: "symm 3x3x3 half turns", file: "3x3x3", moves: "U2,D2,R2,L2,F2,B2"},
		// Parities tied across the split.
		{name: "symm pyramorphix", file: "pyramorphix"},
		{name: "symm 3x3x3 U,D", file: "3x3x3", moves: "U,D"},
	}
}

// twsearchFile returns file, or twsearch's symm sample of that name
// written to a temporary file (skipping where the mirror is not here).
func twsearchFile(t *testing.T, file string) string {
	t.Helper()
	if filepath.Base(file) != file {
		return file
	}
	src, err := exec.Command("git", "-C", "/work/.mirror/cubing+twsearch/repo", "show", "aeed0ed:samples/symm/"+file+".tws").Output()
	if err != nil {
		t.Skipf("twsearch's samples: %v", err)
	}
	out := filepath.Join(t.TempDir(), file+".tws")
	if err := os.WriteFile(out, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// A table keyed by the class index answers as the default build's table
// of the same puzzle (of classes) and as its table of states, in memory,
// written and read back whole, and read in place: every state's level,
// the counts, the answers (a solution, the count and every solution) of a
// spread of states, the antipodes; and its deep check passes.
func TestClassIndexAnswersAsTheDefaultTable(t *testing.T) {
	for _, c := range classIndexCases() {
		t.Run(c.name, func(t *testing.T) {
			if testing.Short() && c.long {
				t.Skip("long")
			}
			p := symmetricPuzzle(t, twsearchFile(t, c.file), c.metric, c.moves)
			ctx := context.Background()
			want, err := Build(ctx, p, BuildOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			built, err := Build(ctx, p, BuildOptions{Workers: 1, ClassIndex: true})
			if err != nil {
				t.Fatal(err)
			}
			if !built.ClassIndexed() || built.Levels().Symmetry != table.SymClassIndex {
				t.Fatal("gen --class-index made no table keyed by its class index")
			}
			var file bytes.Buffer
			if _, err := built.WriteTo(&file); err != nil {
				t.Fatal(err)
			}
			whole, err := Open("ci.gdt", file.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			paged, err := OpenPagedAt("ci.gdt", bytes.NewReader(file.Bytes()), int64(file.Len()), 0)
			if err != nil {
				t.Fatal(err)
			}
			states, err := Build(ctx, p, BuildOptions{Workers: 1, NoSymmetry: true})
			if err != nil {
				t.Fatal(err)
			}
			sameAnswers(t, "read", want, whole, 1)
			sameAnswers(t, "read, against the table of states", states, whole, 1)
			// Every state's level once; the others on a spread of states.
			sameAnswers(t, "built", want, built, 97)
			sameAnswers(t, "in place", want, paged, 97)
			if err := whole.DeepCheck(ctx, CheckOptions{Workers: 1}); err != nil {
				t.Fatalf("deep check: %v", err)
			}
			if ok, err := whole.Levels().CheckCounts(); !ok || err != nil {
				t.Fatalf("counts checked %v: %v", ok, err)
			}
		})
	}
}

// sameAnswers compares got's answers with want's, the levels of every
// every-th state.
func sameAnswers(t *testing.T, name string, want, got *Table, every uint64) {
	t.Helper()
	if !slices.Equal(want.Counts(), got.Counts()) || want.ClassCounts() != nil && !slices.Equal(want.ClassCounts(), got.ClassCounts()) {
		t.Fatalf("%s: counts %v, classes %v; the default table's %v, %v", name, got.Counts(), got.ClassCounts(), want.Counts(), want.ClassCounts())
	}
	x := want.Index
	for r := uint64(0); r < x.Size(); r += every {
		if a, b := want.Levels().At(r), got.Levels().At(r); a != b {
			t.Fatalf("%s: index %d at level %d, the default table's %d", name, r, b, a)
		}
	}
	step := max(x.Size()/100, 1)
	for r := uint64(0); r < x.Size(); r += step {
		st := x.State(r)
		s1, err1 := want.Solve(st)
		s2, err2 := got.Solve(st)
		if !errors.Is(err2, err1) && (err1 == nil) != (err2 == nil) || err1 == nil && s1.String() != s2.String() {
			t.Fatalf("%s: index %d solved as %q (%v), the default table %q (%v)", name, r, s2, err2, s1, err1)
		}
		if err1 != nil {
			continue
		}
		n1, _ := want.Count(st)
		n2, err := got.Count(st)
		if err != nil || n1 != n2 {
			t.Fatalf("%s: index %d: %d optimal solutions (%v), the default table %d", name, r, n2, err, n1)
		}
		a1, _, _ := want.All(st, 0)
		a2, _, err := got.All(st, 0)
		if err != nil || answersOf(a1) != answersOf(a2) {
			t.Fatalf("%s: index %d: every solution differs (%v)", name, r, err)
		}
	}
	a1, err1 := want.Antipodes(50)
	a2, err2 := got.Antipodes(50)
	if err1 != nil || err2 != nil || !slices.Equal(a1, a2) {
		t.Fatalf("%s: antipodes %v (%v), the default table's %v (%v)", name, a2, err2, a1, err1)
	}
}

func answersOf[S ~[]E, E interface{ String() string }](sols S) string {
	var b strings.Builder
	for _, s := range sols {
		b.WriteString(s.String() + "\n")
	}
	return b.String()
}

// An index within a set is numbered with no index to spare, and its
// fingerprint says so: a table of the symm 2x2x2 under the numbering
// before, of A's classes times B's states, is refused in one line that
// says to rebuild it, not read as if its indices were today's; the same
// table with today's fingerprint reads.
func TestOldWithinNumberingSaysRebuild(t *testing.T) {
	if testing.Short() {
		t.Skip("a class index of 88 million states")
	}
	p := symmetricPuzzle(t, twsearchFile(t, "2x2x2"), ksolve.HTM, "")
	tb, err := Build(context.Background(), p, BuildOptions{ClassIndex: true})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := tb.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	if _, err := Open("s222.gdt", data); err != nil {
		t.Fatal(err)
	}
	x, err := permindex.New(p)
	if err != nil {
		t.Fatal(err)
	}
	sy := symmetriesOf(p, x)
	now, before := classIndexID(p, x, sy), classIndexIDOf(p, x, sy, "1")
	if now == before {
		t.Fatal("the within-set numbering has the first numbering's fingerprint")
	}
	at := bytes.Index(data, now[:])
	if at < 0 {
		t.Fatal("no fingerprint in the file")
	}
	old := bytes.Clone(data)
	copy(old[at:], before[:])
	binary.LittleEndian.PutUint32(old[at+32:], crc32.ChecksumIEEE(old[:at+32]))
	_, err = Open("s222.gdt", old)
	if !errors.Is(err, table.ErrVersion) || !strings.Contains(err.Error(), "rebuild the table: godtable gen ") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("the first numbering: %v", err)
	}
}
