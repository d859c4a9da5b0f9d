package cli

import (
	"cmp"
	"fmt"
	"slices"
	"sync"

	"github.com/godtable/godtable/internal/catalog"
)

var (
	regMu sync.RWMutex
	// registered are the registered puzzles, kept in Puzzles' order.
	registered []Puzzle
)

// Register makes p one of the command's puzzles. Each puzzle's command
// package (internal/app/pocketcli, ...) calls it from its init
// function, as image/png registers its format with image: a program runs
// the puzzles whose packages it imports. A second puzzle of the same name
// is a programming error, and panics.
func Register(p Puzzle) {
	regMu.Lock()
	defer regMu.Unlock()
	for _, q := range registered {
		if q.Name() == p.Name() {
			panic(fmt.Sprintf("cli: puzzle %q registered twice", p.Name()))
		}
	}
	registered = append(registered, p)
	// In the catalog's order (the web page's menu's), a puzzle the catalog
	// does not list after those it does, by name: init order, which
	// follows import paths, plays no part.
	slices.SortFunc(registered, func(a, b Puzzle) int {
		return cmp.Or(cmp.Compare(catalog.Index(a.Name()), catalog.Index(b.Name())), cmp.Compare(a.Name(), b.Name()))
	})
}

// Puzzles returns the registered puzzles in the catalog's order.
func Puzzles() []Puzzle {
	regMu.RLock()
	defer regMu.RUnlock()
	return slices.Clone(registered)
}
