package deftable

import (
	"io"

	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// OpenStates reads a table of states of p (no classes) from r, which holds
// size bytes of the table format (what WriteTo writes after a .gdt's
// head): whole, or in place when paged (see OpenPagedAt). A table built for
// another puzzle, metric or move set is refused with a *table.Error, as a
// damaged one is. A file of several tables (a pruning file) reads each so;
// read in place, a damaged block is named as the file's, its table starting
// at byte at.
func OpenStates(p *ksolve.Puzzle, r io.ReaderAt, size int64, paged bool, cacheBlocks int, file string, at int64) (*Table, error) {
	x, err := permindex.New(p)
	if err != nil {
		return nil, err
	}
	id := ID(p, x)
	if paged {
		return openPaged(p, x, id, nil, r, size, cacheBlocks, file, at)
	}
	return open(p, x, id, nil, r)
}
