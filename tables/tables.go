// Package tables is where the generated distance tables are found. Each
// table puzzle's tables sit in their own package below this one
// (tables/pocket, tables/msquare ...), made by go generate from the
// definitions in internal/catalog; that package embeds them and registers
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

// registered is how a registered table's bytes are read.
type registered func() ([]byte, error)

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
		file := e.Name + ".gdt"
		register(e.Name, func() ([]byte, error) { return fs.ReadFile(file) })
	}
}

// RegisterBytes makes data available to File as the named table, in place
// of any table registered under that name before: a table built at run
// time, or a damaged copy of an embedded one, which the tests hand the
// command to see it refused. data must not be modified afterwards.
func RegisterBytes(name string, data []byte) {
	mu.Lock()
	defer mu.Unlock()
	register(name, func() ([]byte, error) { return data, nil })
}

// register records how to read the named table; mu is held.
func register(name string, read registered) {
	if _, dup := byName[name]; !dup {
		ordered = append(ordered, name)
	}
	byName[name] = read
}

// File returns the bytes of the named table (without the .gdt suffix), if
// its puzzle's table package is imported. The bytes are the embedded data
// itself; callers must not modify them.
func File(name string) ([]byte, error) {
	mu.RLock()
	read, ok := byName[name]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("no table %q", name)
	}
	b, err := read()
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
