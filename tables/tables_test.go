package tables

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/godtable/godtable/gen"
	"github.com/godtable/godtable/internal/registry"
)

var write = flag.Bool("write", false, "rewrite stale tables instead of failing")

// The committed tables are exactly what the generator makes now: a change to
// a puzzle definition without go generate fails here.
func TestTablesAreCurrent(t *testing.T) {
	defs := registry.Defs()
	if len(defs) != len(manifest) {
		t.Fatalf("stale: %d definitions, %d tables; run go generate ./tables", len(defs), len(manifest))
	}
	fresh := make([][]byte, len(defs))
	errs := make([]error, len(defs))
	var wg sync.WaitGroup
	for i, d := range defs {
		wg.Go(func() { fresh[i], errs[i] = gen.Build(d) })
	}
	wg.Wait()
	for i, d := range defs {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		m := manifest[i]
		if m.name != d.Name {
			t.Errorf("stale: table %d is %q, definition %q; run go generate ./tables", i, m.name, d.Name)
			continue
		}
		embedded, err := File(d.Name)
		if err != nil {
			t.Errorf("stale: %v; run go generate ./tables", err)
			continue
		}
		if !bytes.Equal(embedded, fresh[i]) {
			if *write {
				if err := os.WriteFile(d.Name+".gdt", fresh[i], 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			t.Errorf("stale: %s.gdt differs from a fresh generation (%d bytes, fresh %d); run go generate ./tables", d.Name, len(embedded), len(fresh[i]))
		}
		if got := fmt.Sprintf("%x", sha256.Sum256(embedded)); got != m.sha256 || len(embedded) != m.size {
			t.Errorf("stale: %s.gdt does not match tables_gen.go; run go generate ./tables", d.Name)
		}
	}
}
