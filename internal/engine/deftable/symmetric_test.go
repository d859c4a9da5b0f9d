package deftable

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/internal/support/tier"
)

// symmetricPuzzle reads a test definition with symmetries.
func symmetricPuzzle(t *testing.T, file string, metric ksolve.Metric, moves string) *ksolve.Puzzle {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	d, err := ksolve.Parse(filepath.Base(file), src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ksolve.NewPuzzle(d, metric, moves)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A table of classes reads every state's level as the table of states of
// the same definition does (every state; a sample under -short): the walk
// reads nothing else, so every answer of every mode is the same. Its
// bytes are the same on one worker and on several, built by a search of
// the classes and by a reduction of a search of the states, and it
// answers after its file is read back.
func TestClassLevelsEveryState(t *testing.T) {
	tws := filepath.Join("..", "..", "..", "lookup", "tws", "testdata")
	cases := []struct {
		file    string
		metric  ksolve.Metric
		moves   string
		classes uint64
	}{
		{filepath.Join("..", "..", "model", "ksolve", "testdata", "cube2.tws"), ksolve.HTM, "U,R,F", 1224828},
		{filepath.Join("..", "..", "model", "ksolve", "testdata", "cube2.tws"), ksolve.QTM, "U,D", 0},
		{filepath.Join(tws, "cube2_colours.tws"), ksolve.HTM, "", 19374},
		{filepath.Join(tws, "cube2_ur.tws"), ksolve.QTM, "", 0},
		{filepath.Join(tws, "cube2_unoriented.tws"), ksolve.HTM, "", 1844},
	}
	for _, c := range cases {
		t.Run(filepath.Base(c.file)+"/"+c.metric.String()+"/"+c.moves, func(t *testing.T) {
			p := symmetricPuzzle(t, c.file, c.metric, c.moves)
			ctx := context.Background()
			sym, err := Build(ctx, p, BuildOptions{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			one, err := Build(ctx, p, BuildOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			plain, err := Build(ctx, p, BuildOptions{NoSymmetry: true})
			if err != nil {
				t.Fatal(err)
			}
			searched := buildBySearch(t, p, 2)
			if sym.Symmetries() < 2 || plain.Symmetries() != 0 {
				t.Fatalf("%d and %d symmetries", sym.Symmetries(), plain.Symmetries())
			}
			if c.classes != 0 && sym.lv.Classes != c.classes {
				t.Errorf("%d classes, want %d", sym.lv.Classes, c.classes)
			}
			if checked, err := sym.lv.CheckCounts(); !checked || err != nil {
				t.Errorf("the class counts: %v %v", checked, err)
			}
			var a, b bytes.Buffer
			if _, err := sym.WriteTo(&a); err != nil {
				t.Fatal(err)
			}
			if _, err := one.WriteTo(&b); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatal("one worker and two wrote other bytes")
			}
			b.Reset()
			if _, err := searched.WriteTo(&b); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatal("the search of classes and the reduction of a search of states wrote other bytes")
			}
			back, err := Open("t.gdt", a.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if back.sym == nil || back.ID != sym.ID {
				t.Fatal("the table read back is not the table of classes")
			}
			size := plain.Index.Size()
			for _, i := range tier.Ranks(uint32(size)) {
				if got, want := back.lv.At(uint64(i)), plain.lv.At(uint64(i)); got != want {
					t.Fatalf("index %d: level %d from its class, %d from the table of states", i, got, want)
				}
			}
		})
	}
}

// The whole 2x2x2 (testdata/cube2.tws: eight corners, 88,179,840 states)
// has 3,678,234 classes under its 24 rotations, whose orbits hold the
// states a search of the states finds at every distance.
func TestCubeClasses(t *testing.T) {
	if testing.Short() {
		t.Skip("searches 88 million states")
	}
	p := symmetricPuzzle(t, filepath.Join("..", "..", "model", "ksolve", "testdata", "cube2.tws"), ksolve.HTM, "")
	tb, err := Build(context.Background(), p, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if tb.Symmetries() != 24 || tb.lv.Classes != 3678234 || tb.Reachable() != 88179840 {
		t.Fatalf("%d symmetries, %d classes, %d states; want 24, 3678234, 88179840", tb.Symmetries(), tb.lv.Classes, tb.Reachable())
	}
	plain, err := Build(context.Background(), p, BuildOptions{NoSymmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tb.Counts(), plain.Counts()) {
		t.Errorf("states by distance: %v from the classes, %v from the search of the states", tb.Counts(), plain.Counts())
	}
}

// A build by classes stopped after a distance resumes from its checkpoint,
// says so, and writes the table a build run whole writes.
func TestClassBuildResumes(t *testing.T) {
	bySearch(t)
	p := symmetricPuzzle(t, filepath.Join("..", "..", "model", "ksolve", "testdata", "cube2.tws"), ksolve.HTM, "U,R,F")
	whole, err := Build(context.Background(), p, BuildOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	ckpt := filepath.Join(t.TempDir(), "t.gdt.checkpoint")
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	_, err = Build(ctx, p, BuildOptions{Workers: 2, Checkpoint: ckpt, Progress: func(pr bfs.Progress) {
		if pr.Level == 6 {
			stop()
		}
	}})
	if err == nil {
		t.Fatal("a stopped build: no error")
	}
	resumed, err := Build(context.Background(), p, BuildOptions{Workers: 2, Checkpoint: ckpt})
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Resumed < 2 || resumed.Resumed > 7 {
		t.Errorf("resumed with %d distances, want 2 to 7", resumed.Resumed)
	}
	var a, b bytes.Buffer
	if _, err := whole.WriteTo(&a); err != nil {
		t.Fatal(err)
	}
	if _, err := resumed.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the resumed build wrote other bytes")
	}
	// A checkpoint of the classes is not one of the table of states.
	if _, err := os.Stat(ckpt); err != nil {
		t.Fatal(err)
	}
	plain, err := Build(context.Background(), p, BuildOptions{Workers: 2, Checkpoint: ckpt, NoSymmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Resumed != 0 || plain.Symmetries() != 0 {
		t.Errorf("a build of states resumed from a checkpoint of classes (%d distances)", plain.Resumed)
	}
}

// bySearch makes the builds of the test search by classes, whatever the
// index's size.
func bySearch(t *testing.T) {
	old := searchClassesFrom
	searchClassesFrom = 0
	t.Cleanup(func() { searchClassesFrom = old })
}

// buildBySearch builds p's table by a search of the classes.
func buildBySearch(t *testing.T, p *ksolve.Puzzle, workers int) *Table {
	t.Helper()
	old := searchClassesFrom
	searchClassesFrom = 0
	defer func() { searchClassesFrom = old }()
	tb, err := Build(context.Background(), p, BuildOptions{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}
