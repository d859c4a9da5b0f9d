package tables_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/godtable/godtable/internal/registry"
	"github.com/godtable/godtable/internal/table"
	"github.com/godtable/godtable/internal/tablefiles"
	"github.com/godtable/godtable/tables"
	_ "github.com/godtable/godtable/tables/all"
)

var write = flag.Bool("write", false, "rewrite stale files instead of failing")

// The committed tables and their Go files are exactly what go generate makes
// now, by the generator's own function: a change to a puzzle definition
// without go generate fails here.
func TestTablesAreCurrent(t *testing.T) {
	files, err := tablefiles.Files(registry.Puzzles())
	if err != nil {
		t.Fatal(err)
	}
	for name, fresh := range files {
		path := filepath.FromSlash(name)
		disk, err := os.ReadFile(path)
		if err == nil && bytes.Equal(disk, fresh) {
			continue
		}
		if *write {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, fresh, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("stale: %s differs from a fresh generation (%d bytes on disk, %d fresh); run go generate ./tables", name, len(disk), len(fresh))
	}
	// Nothing else lies in the puzzles' directories: a table whose
	// definition has gone would still be embedded.
	dirs := []string{"all"}
	for _, p := range registry.Puzzles() {
		if len(p.Defs()) > 0 {
			dirs = append(dirs, p.Name())
		}
	}
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if _, ok := files[dir+"/"+e.Name()]; !ok {
				t.Errorf("stale: %s/%s is not generated; remove it or run go generate ./tables", dir, e.Name())
			}
		}
	}
}

// BenchmarkDecode measures what a table's first use costs: checking the
// header and definition, decompressing and checksumming the payload.
func BenchmarkDecode(b *testing.B) {
	for _, def := range registry.Defs() {
		data, err := tables.File(def.Name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(def.Name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := table.Decode(def, data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
