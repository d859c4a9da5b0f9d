package tws_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"testing"

	"github.com/godtable/godtable/lookup/tws"
)

// A pruning file built, written and read back answers as the complete
// table does: the same solutions, counts and verdicts; a bounded search
// says how deep it proved there is none.
func TestPrunedAnswersAsComplete(t *testing.T) {
	src, err := os.ReadFile("testdata/pyraminx.tws")
	if err != nil {
		t.Fatal(err)
	}
	def, err := tws.ParseDefinition("pyraminx.tws", src)
	if err != nil {
		t.Fatal(err)
	}
	opt := tws.BuildOptions{Metric: "qtm", Workers: 1}
	full, err := tws.Build(context.Background(), def, opt)
	if err != nil {
		t.Fatal(err)
	}
	built, err := tws.BuildPruned(context.Background(), def, opt, 2000, nil)
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
	if len(pz.Tables()) < 2 {
		t.Fatalf("tables %v", pz.Tables())
	}
	so := tws.SearchOptions{MaxDepth: -1, Workers: 2}
	for _, seq := range []string{"", "U", "U L R' B", "U L R' B U' L' R B'", "R B L U R' L' B' U'"} {
		want, err := full.ParseMoves(seq)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := pz.ParseMoves(seq)
		if err != nil {
			t.Fatal(err)
		}
		ws, _ := want.Solve()
		gs, err := pos.Solve(so)
		if err != nil || gs.String() != ws.String() {
			t.Fatalf("%q: %q, %v; want %q", seq, gs, err, ws)
		}
		wn, _ := want.Count()
		if gn, err := pos.Count(so); err != nil || gn != wn {
			t.Fatalf("%q: count %d, %v; want %d", seq, gn, err, wn)
		}
		wv, _ := want.Verify(ws.String() + " U U'")
		gv, err := pos.Verify(ws.String()+" U U'", so)
		if err != nil || gv != wv {
			t.Fatalf("%q: verdict %+v, %v; want %+v", seq, gv, err, wv)
		}
		if d := ws.Cost(); d > 0 {
			_, err := pos.Solve(tws.SearchOptions{MaxDepth: d - 1})
			var bd *tws.Bounded
			if !errors.As(err, &bd) || bd.Depth != d-1 {
				t.Fatalf("%q: --max-depth %d: %v", seq, d-1, err)
			}
		}
	}
}
