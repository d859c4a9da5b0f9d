package walk_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/catalog"
	"github.com/godtable/godtable/tables/all"
)

// A walker over a table read in place with a damaged block derives no
// next-step table (its derivation read the block), and each walk read
// through levels of its own (Reading, table.Levels.Checked) is the intact
// table's walk or fails, its failure its own: the walks around it, before
// and after, are answered. The intact table read in place derives it.
func TestPagedDamagedBlockWalks(t *testing.T) {
	def := catalog.Def("pyraminx")
	data, err := all.File(def.Name)
	if err != nil {
		t.Fatal(err)
	}
	intact := walker(t, def)
	open := func(file []byte) (*walk.Walker, *table.Levels) {
		pg, err := table.OpenPaged(def, bytes.NewReader(file), int64(len(file)), 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(pg.Blocks) < 2 {
			t.Fatalf("%d blocks: too few to damage one of several", len(pg.Blocks))
		}
		lv := pg.Levels()
		steps := make([]walk.Step, len(def.Moves))
		for i, name := range def.Moves {
			steps[i] = walk.Step{Name: name, Group: -1, Paths: [][]int{{i}}}
		}
		return walk.New(def, lv, steps, false), lv
	}
	w, _ := open(data)
	if w.Prepare(); !w.Prepared() {
		t.Fatal("the intact table read in place derived no next-step table")
	}
	pg, err := table.OpenPaged(def, bytes.NewReader(data), int64(len(data)), 0)
	if err != nil {
		t.Fatal(err)
	}
	at, n := pg.BlockSpan(len(pg.Blocks) - 1)
	bad := bytes.Clone(data)
	bad[at+n/2] ^= 0x55
	w, lv := open(bad)
	if w.Prepare(); w.Prepared() {
		t.Fatal("a next-step table derived from a damaged table")
	}
	failed, answered := 0, 0
	var a, b [walk.MaxSteps]uint8
	stride := uint64(37)
	if testing.Short() {
		stride = 211
	}
	for r := uint64(0); r < def.Size; r += stride {
		s := def.Unrank(r)
		want, wantErr := intact.Solve(s, a[:0])
		own := lv.Checked()
		got, err := w.Reading(own).Solve(s, b[:0])
		switch {
		case own.Err() != nil:
			failed++
		case (err == nil) != (wantErr == nil) || !slices.Equal(got, want):
			t.Fatalf("state %d: %v %v, want %v %v", r, got, err, want, wantErr)
		default:
			answered++
		}
	}
	if failed == 0 || answered == 0 {
		t.Fatalf("%d walks failed, %d answered: want some of each", failed, answered)
	}
	if lv.Err() != nil {
		t.Fatalf("the table's own levels failed: %v", lv.Err())
	}
}
