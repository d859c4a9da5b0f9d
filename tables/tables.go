// Package tables holds the generated distance tables, embedded in the binary.
//
// Each NAME.gdt file is a table in the format of internal/table, made by
// go generate from the definitions in internal/registry. Together they add
// their file sizes (see manifest in tables_gen.go) to every binary that
// imports this package.
package tables

//go:generate go run ../gen/gentables

import (
	"embed"
	"fmt"
)

//go:embed *.gdt
var files embed.FS

type manifestEntry struct {
	name   string
	size   int
	sha256 string
}

// File returns the bytes of the named table (without the .gdt suffix). The
// bytes are the embedded data itself; callers must not modify them.
func File(name string) ([]byte, error) {
	b, err := files.ReadFile(name + ".gdt")
	if err != nil {
		return nil, fmt.Errorf("no table %q", name)
	}
	return b, nil
}

// Names lists the embedded tables, in generation order.
func Names() []string {
	names := make([]string, len(manifest))
	for i, m := range manifest {
		names[i] = m.name
	}
	return names
}
