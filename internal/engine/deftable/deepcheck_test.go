package deftable

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// deepCases are tables the deep check is proved on: tables of states in
// both metrics, with unreachable indices and without, and tables of
// classes built by a search of the classes and by a reduction.
var deepCases = []struct {
	file    string
	metric  ksolve.Metric
	moves   string
	classes bool
}{
	{filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "pocket.tws"), ksolve.HTM, "", false},
	{filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "loop3_cols.tws"), ksolve.QTM, "", false},
	{filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "ties.tws"), ksolve.HTM, "", false},
	{filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "cube2_colours.tws"), ksolve.HTM, "", true},
	{filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "cube2_unoriented.tws"), ksolve.HTM, "", true},
	{filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "cube2_ur.tws"), ksolve.QTM, "", true},
}

// withPacked is table t with its packed entries (and, for a table of
// states, its representatives' bits too) replaced by packed, its header
// kept.
func withPacked(t *Table, packed []byte) *Table {
	h := t.lv.Header
	var lv *table.Levels
	if t.sym != nil {
		lv = table.ClassLevels(t.def, &h, packed)
	} else {
		lv = table.PackedLevels(&h, packed)
	}
	return newTable(t.Puzzle, t.Index, t.ID, t.def, lv, t.sym)
}

// setLevel sets entry e of packed entries to v.
func setLevel(packed []byte, e uint64, v uint8) {
	sh := e & 3 * 2
	packed[e>>2] = packed[e>>2]&^(3<<sh) | v<<sh
}

// A correct table passes the deep check; the same table with one entry
// one farther, one nearer or unreachable (or, unreachable, reachable) fails
// it, over many entries drawn at random, naming that entry's index (or,
// when the change left the table's own counts right, an index at or
// beyond it); in a table of classes, so does a representative's mark
// moved.
func TestDeepCheckProperty(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(52, 1))
	for _, c := range deepCases {
		t.Run(filepath.Base(c.file)+"/"+c.metric.String(), func(t *testing.T) {
			p := symmetricPuzzle(t, c.file, c.metric, c.moves)
			tb, err := Build(ctx, p, BuildOptions{Workers: 2, NoSymmetry: !c.classes})
			if err != nil {
				t.Fatal(err)
			}
			if (tb.sym != nil) != c.classes {
				t.Fatalf("a table of classes: %v, want %v", tb.sym != nil, c.classes)
			}
			if err := tb.DeepCheck(ctx, CheckOptions{Workers: 2}); err != nil {
				t.Fatalf("the table as built: %v", err)
			}
			good := tb.lv.Packed()
			entries := tb.lv.Entries
			trials := 60
			if testing.Short() {
				trials = 15
			}
			for trial := range trials {
				packed := slices.Clone(good)
				e := rng.Uint64N(entries)
				if trial == 0 {
					e = 0
				}
				if !c.classes && trial == 1 {
					e = tb.goal
				}
				old := packed[e>>2] >> (e & 3 * 2) & 3
				var v uint8
				switch kind := rng.IntN(3); {
				case old == 3:
					v = uint8(kind)
				case kind == 2:
					v = 3
				default:
					v = (old + 1 + uint8(kind)) % 3
				}
				setLevel(packed, e, v)
				err := withPacked(tb, packed).DeepCheck(ctx, CheckOptions{Workers: 2})
				var de *DeepError
				if !errors.As(err, &de) || !errors.Is(err, ErrNotExact) {
					t.Fatalf("entry %d changed from level %d to %d: %v, want a table found wrong", e, old, v, err)
				}
				if !c.classes && de.Index != e {
					t.Fatalf("entry %d changed from level %d to %d: %v names index %d", e, old, v, err, de.Index)
				}
				if !strings.Contains(err.Error(), "the table says") {
					t.Fatalf("entry %d: %v does not say what the table says", e, err)
				}
			}
			if c.classes {
				levels, _ := table.ClassLayout(tb.lv.Size, tb.lv.Classes)
				for range trials {
					packed := slices.Clone(good)
					i := levels + rng.Uint64N(uint64(len(packed))-levels)
					packed[i] ^= byte(1) << rng.IntN(8)
					err := withPacked(tb, packed).DeepCheck(ctx, CheckOptions{Workers: 2})
					if !errors.Is(err, ErrNotExact) {
						t.Fatalf("a representative's bit flipped (byte %d): %v, want a table found wrong", i, err)
					}
				}
			}
		})
	}
}

// A table with one state's distance changed and another's changed back,
// so that its stored levels still match its counts (the counts check and
// every checksum pass), fails the deep check, naming the first of them
// with its distance; and a table whose header's counts are moved between
// distances, its entries right, fails it naming the distance.
func TestDeepCheckCountsKept(t *testing.T) {
	ctx := context.Background()
	p := symmetricPuzzle(t, filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "pocket.tws"), ksolve.HTM, "")
	tb, err := Build(ctx, p, BuildOptions{NoSymmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	packed := slices.Clone(tb.lv.Packed())
	// The first index at level 1 and the first at level 2 (distance 2 or
	// 5, ...) swap: the counts of each level stay.
	var a, b uint64
	for a = 0; table.Mod3At(packed, uint32(a)) != 1; a++ {
	}
	for b = 0; table.Mod3At(packed, uint32(b)) != 2; b++ {
	}
	setLevel(packed, a, 2)
	setLevel(packed, b, 1)
	wrong := withPacked(tb, packed)
	if checked, err := wrong.lv.CheckCounts(); !checked || err != nil {
		t.Fatalf("the swapped table's counts: %v, %v; want them to pass", checked, err)
	}
	da, err := tb.distance(a)
	if err != nil {
		t.Fatal(err)
	}
	db, err := tb.distance(b)
	if err != nil {
		t.Fatal(err)
	}
	err = wrong.DeepCheck(ctx, CheckOptions{})
	first, d := a, da
	if db < da || db == da && b < a {
		first, d = b, db
	}
	var de *DeepError
	if !errors.As(err, &de) || de.Index != first || !strings.Contains(err.Error(), "is "+moves(d)+" from the goal") {
		t.Fatalf("indices %d (distance %d) and %d (distance %d) swapped: %v", a, da, b, db, err)
	}

	// The header's counts wrong, the total kept.
	h := tb.lv.Header
	h.Counts = slices.Clone(h.Counts)
	h.Counts[4]--
	h.Counts[7]++
	moved := newTable(tb.Puzzle, tb.Index, tb.ID, tb.def, table.PackedLevels(&h, tb.lv.Packed()), nil)
	if err := moved.DeepCheck(ctx, CheckOptions{}); !errors.Is(err, ErrNotExact) || !strings.Contains(err.Error(), "distance 4: the search finds") {
		t.Fatalf("counts moved from distance 4 to 7: %v", err)
	}
}

// A build on disk stopped where update files wait for their chunks, then
// run again with one of them gone, all of them gone, or two swapped (a
// file of a shared filesystem not visible yet, a directory tidied by
// hand), is refused as a damaged work directory, or writes a table that
// the deep check passes exactly when it is the table the build in memory
// makes: a wrong one is never taken for right, nor a right one for wrong.
func TestDeepCheckDamagedWork(t *testing.T) {
	ctx := context.Background()
	p := symmetricPuzzle(t, filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "pocket.tws"), ksolve.HTM, "")
	mem, err := Build(ctx, p, BuildOptions{NoSymmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if _, err := mem.WriteTo(&want); err != nil {
		t.Fatal(err)
	}
	const words = 20000 // 6 chunks
	// stopped runs a build on disk in a new work directory until it has
	// done steps chunk steps, and returns the directory and its update
	// files ("" if the build ended first).
	stopped := func(steps int) (string, []string) {
		work := filepath.Join(t.TempDir(), "work")
		stop, cancel := context.WithCancel(ctx)
		defer cancel()
		done := 0
		_, err := BuildOnDisk(stop, p, DiskOptions{Work: work, chunkWords: words, Workers: 2, Progress: func(bfs.DiskProgress) {
			if done++; done == steps {
				cancel()
			}
		}}, io.Discard)
		if err == nil {
			return "", nil
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("stopped after %d steps: %v", steps, err)
		}
		updates, _ := filepath.Glob(filepath.Join(work, "update-*"))
		return work, updates
	}
	// target is the chunk an update file is for.
	target := func(path string) string { return strings.Split(filepath.Base(path), "-")[2] }
	damages := []struct {
		name string
		do   func(updates []string) error
	}{
		{"one update file deleted", func(u []string) error { return os.Remove(u[len(u)/2]) }},
		{"every update file deleted", func(u []string) error {
			for _, f := range u {
				if err := os.Remove(f); err != nil {
					return err
				}
			}
			return nil
		}},
		{"two update files swapped", func(u []string) error {
			a, b := u[0], u[len(u)-1]
			return errors.Join(os.Rename(a, a+".swap"), os.Rename(b, a), os.Rename(a+".swap", b))
		}},
	}
	// Stops at the early levels, where few files wait, and at the later
	// ones, where many do (the 6 chunks' steps: 12 a level and more).
	stops := []int{10, 50, 100}
	if testing.Short() {
		stops = []int{100}
	}
	wrong, refused := 0, 0
	for _, dmg := range damages {
		for _, from := range stops {
			work, updates := "", []string(nil)
			steps := from
			for ; steps < from+12; steps++ {
				if work, updates = stopped(steps); len(updates) >= 2 && target(updates[0]) != target(updates[len(updates)-1]) {
					break
				}
			}
			if steps == from+12 {
				t.Fatalf("no stop from %d steps on leaves update files for two chunks", from)
			}
			if err := dmg.do(updates); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			_, err := BuildOnDisk(ctx, p, DiskOptions{Work: work, chunkWords: words, Workers: 2}, &got)
			if err != nil {
				// Refused: as a damaged directory, or by the count of
				// the states the moves reach.
				t.Logf("%s after %d steps: refused: %v", dmg.name, steps, err)
				refused++
				continue
			}
			back, err := Open("t.gdt", got.Bytes())
			if err != nil {
				t.Fatalf("%s after %d steps: the table written does not open: %v", dmg.name, steps, err)
			}
			right := bytes.Equal(got.Bytes(), want.Bytes())
			err = back.DeepCheck(ctx, CheckOptions{Workers: 2})
			if right && err != nil || !right && !errors.Is(err, ErrNotExact) {
				t.Fatalf("%s after %d steps: the table is the right one: %v; the deep check: %v", dmg.name, steps, right, err)
			}
			if !right {
				wrong++
				t.Logf("%s after %d steps (%d update files): %v", dmg.name, steps, len(updates), err)
			}
		}
	}
	t.Logf("%d wrong tables found wrong, %d builds refused", wrong, refused)
}

// A table of classes built by a search of the classes (as from 2^24
// indices) is proved by one, and one class's level changed fails it,
// naming the class's representative.
func TestDeepCheckClassSearch(t *testing.T) {
	old := searchClassesFrom
	searchClassesFrom = 0
	t.Cleanup(func() { searchClassesFrom = old })
	ctx := context.Background()
	p := symmetricPuzzle(t, filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "cube2_colours.tws"), ksolve.HTM, "")
	tb, err := Build(ctx, p, BuildOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if tb.sym == nil {
		t.Fatal("not a table of classes")
	}
	if err := tb.DeepCheck(ctx, CheckOptions{Workers: 2}); err != nil {
		t.Fatalf("the table as built: %v", err)
	}
	packed := slices.Clone(tb.lv.Packed())
	const e = 1000
	v := packed[e>>2] >> (e & 3 * 2) & 3
	setLevel(packed, e, (v+1)%3)
	var rep uint64
	for k, r := range tb.lv.ClassMap().All() {
		if k == e {
			rep = r
			break
		}
	}
	err = withPacked(tb, packed).DeepCheck(ctx, CheckOptions{Workers: 2})
	var de *DeepError
	if !errors.As(err, &de) || de.Index != rep || !strings.Contains(err.Error(), "the class of index ") {
		t.Fatalf("entry %d (the class of index %d) one farther: %v", e, rep, err)
	}
}

// A build on disk whose passes run as tasks, one of whose update files
// the node that applies it does not see (deleted before the pass of tasks
// that applies the updates), is refused, or writes a table the deep check
// finds wrong; with nothing lost, the tasks' table is proved.
func TestDeepCheckTasksLostUpdate(t *testing.T) {
	ctx := context.Background()
	p := symmetricPuzzle(t, filepath.Join("..", "..", "..", "lookup", "tws", "testdata", "pocket.tws"), ksolve.HTM, "")
	// The levels whose passes run as tasks: 8 to 10.
	levels := []int{8, 9}
	if testing.Short() {
		levels = []int{9}
	}
	for _, lose := range append([]int{0}, levels...) {
		work := filepath.Join(t.TempDir(), "work")
		lost := ""
		tasks := func(ctx context.Context, tp bfs.TaskPass) error {
			if tp.Level == lose && tp.Pass == "apply" && lost == "" {
				updates, _ := filepath.Glob(filepath.Join(work, "update-*"))
				for _, u := range updates {
					if !strings.Contains(filepath.Base(u), ".") {
						lost = u
						if err := os.Remove(u); err != nil {
							return err
						}
						break
					}
				}
			}
			for _, c := range tp.Chunks {
				if _, err := DiskTask(ctx, p, bfs.DiskTaskOptions{Dir: work, Level: tp.Level, Pass: tp.Pass, Chunk: c, Workers: 1}); err != nil {
					return err
				}
			}
			return nil
		}
		var got bytes.Buffer
		_, err := BuildOnDisk(ctx, p, DiskOptions{Work: work, chunkWords: 20000, Workers: 2, Tasks: tasks}, &got)
		if lose == 0 {
			if err != nil {
				t.Fatal(err)
			}
			back, err := Open("t.gdt", got.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if err := back.DeepCheck(ctx, CheckOptions{Workers: 2}); err != nil {
				t.Fatalf("the tasks' table, nothing lost: %v", err)
			}
			continue
		}
		if lost == "" {
			t.Fatalf("distance %d: no update file to lose before the tasks apply them", lose)
		}
		if err != nil {
			t.Logf("%s lost: refused: %v", filepath.Base(lost), err)
			continue
		}
		back, err := Open("t.gdt", got.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		err = back.DeepCheck(ctx, CheckOptions{Workers: 2})
		if !errors.Is(err, ErrNotExact) {
			t.Fatalf("%s lost: the table is taken: %v", filepath.Base(lost), err)
		}
		t.Logf("%s lost: %v", filepath.Base(lost), err)
	}
}
