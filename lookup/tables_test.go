package lookup

import (
	"testing"

	"github.com/godtable/godtable/internal/registry"
	"github.com/godtable/godtable/internal/table"
	"github.com/godtable/godtable/tables"
)

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
