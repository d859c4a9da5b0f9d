package deftable

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// A table of classes built by a search over the class index is, byte for
// byte, the table the default build of classes writes: so it answers as
// that table does in every mode.
func TestClassIndexBuildsTheSameTable(t *testing.T) {
	tws := filepath.Join("..", "..", "..", "lookup", "tws", "testdata")
	cases := []struct {
		name, file, moves string
		metric            ksolve.Metric
	}{
		{name: "cube2 colours", file: filepath.Join(tws, "cube2_colours.tws")},
		{name: "cube2 unoriented", file: filepath.Join(tws, "cube2_unoriented.tws")},
		{name: "cube2 unoriented qtm", file: filepath.Join(tws, "cube2_unoriented.tws"), metric: ksolve.QTM},
		{name: "cube2 U,R,F", file: filepath.Join("..", "..", "model", "ksolve", "testdata", "cube2.tws"), moves: "U,R,F"},
		// A split into two parts: the edges' classes times the corners.
		{name: "symm 3x3x3 half turns", file: "3x3x3", moves: "U2,D2,R2,L2,F2,B2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if testing.Short() && c.name == "cube2 U,R,F" {
				t.Skip("long")
			}
			file := c.file
			if filepath.Base(file) == file {
				src, err := exec.Command("git", "-C", "/work/.mirror/cubing+twsearch/repo", "show", "aeed0ed:samples/symm/"+file+".tws").Output()
				if err != nil {
					t.Skipf("twsearch's samples: %v", err)
				}
				file = filepath.Join(t.TempDir(), file+".tws")
				if err := os.WriteFile(file, src, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			p := symmetricPuzzle(t, file, c.metric, c.moves)
			ctx := context.Background()
			want, err := Build(ctx, p, BuildOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			got, err := Build(ctx, p, BuildOptions{Workers: 1, ClassIndex: true})
			if err != nil {
				t.Fatal(err)
			}
			if got.Symmetries() < 2 {
				t.Fatalf("%d symmetries", got.Symmetries())
			}
			var a, b bytes.Buffer
			if _, err := want.WriteTo(&a); err != nil {
				t.Fatal(err)
			}
			if _, err := got.WriteTo(&b); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatalf("the class index's table differs (%d bytes, the default build's %d)", b.Len(), a.Len())
			}
		})
	}
}
