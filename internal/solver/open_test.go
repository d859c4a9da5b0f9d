package solver_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/catalog"
	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/solver"
	"github.com/godtable/godtable/internal/table"
	"github.com/godtable/godtable/tables/all"
)

// Every table of the catalog, opened from a file with its definition alone,
// answers as the embedded one given to New does: the same distribution
// and, on random states, the same solutions.
func TestOpenFromFile(t *testing.T) {
	for _, def := range catalog.Defs() {
		t.Run(def.Name, func(t *testing.T) {
			data, err := all.File(def.Name)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), def.Name+".gdt")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			opened, err := solver.Open(def, f)
			if err != nil {
				t.Fatal(err)
			}
			d := func() *puzzle.Def { return def }
			embedded := solver.New(d, solver.SimpleSteps(d), false, " ", bytes.NewReader(data))
			got, err1 := opened.Distribution()
			want, err2 := embedded.Distribution()
			if err1 != nil || err2 != nil || !slices.Equal(got, want) {
				t.Fatalf("distribution %v (%v), embedded %v (%v)", got, err1, want, err2)
			}
			rng := rand.New(rand.NewPCG(3, uint64(def.Size)))
			for range 500 {
				s := def.Unrank(rng.Uint64N(def.Size))
				a, err1 := opened.Solve(s)
				b, err2 := embedded.Solve(s)
				if a.String() != b.String() || !errors.Is(err1, err2) {
					t.Fatalf("state %d: opened %q (%v), embedded %q (%v)", s, a, err1, b, err2)
				}
			}
		})
	}
}

// A damaged table is refused by Open with a *table.Error, as the embedded
// one would be; a reader that fails gives its own error.
func TestOpenRefuses(t *testing.T) {
	def := catalog.Def("rotgrid")
	data, err := all.File(def.Name)
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Clone(data)
	bad[len(bad)/2] ^= 0x40
	var te *table.Error
	if _, err := solver.Open(def, bytes.NewReader(bad)); !errors.As(err, &te) {
		t.Fatalf("damaged table: %v, want a *table.Error", err)
	}
	if _, err := solver.Open(catalog.Def("msquare"), bytes.NewReader(data)); !errors.Is(err, table.ErrMismatch) {
		t.Fatalf("another puzzle's table: %v, want ErrMismatch", err)
	}
}
