// Package tables is where the generated distance tables are found. Each
// table puzzle's tables sit in their own package below this one
// (tables/pocket, tables/msquare ...), made by go generate from the
// definitions in internal/registry; that package embeds them and registers
// them here when it is imported. A program thus carries only the tables of
// the puzzles it imports, each adding its file size (recorded in its
// tables_gen.go) to the binary.
package tables

//go:generate go run ../gen/gentables

import (
	"embed"
	"fmt"
	"sync"
)

// Entry describes one embedded table: its name (without the .gdt suffix),
// size and SHA-256, as generated.
type Entry struct {
	Name   string
	Size   int
	SHA256 string
}

type registered struct {
	fs    embed.FS
	entry Entry
}

var (
	mu      sync.RWMutex
	byName  = map[string]registered{}
	ordered []string
)

// Register makes tables embedded in fs available to File. The generated
// table packages call it from their init functions.
func Register(fs embed.FS, entries []Entry) {
	mu.Lock()
	defer mu.Unlock()
	for _, e := range entries {
		if _, dup := byName[e.Name]; !dup {
			ordered = append(ordered, e.Name)
		}
		byName[e.Name] = registered{fs, e}
	}
}

// File returns the bytes of the named table (without the .gdt suffix), if
// its puzzle's table package is imported. The bytes are the embedded data
// itself; callers must not modify them.
func File(name string) ([]byte, error) {
	mu.RLock()
	r, ok := byName[name]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("no table %q", name)
	}
	b, err := r.fs.ReadFile(name + ".gdt")
	if err != nil {
		return nil, fmt.Errorf("no table %q", name)
	}
	return b, nil
}

// Names lists the registered tables, in registration order.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	return append([]string(nil), ordered...)
}
