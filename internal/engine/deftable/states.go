package deftable

import (
	"io"

	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/format/table"
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

// OpenMapped reads a table of states of p from data, which holds a mapped
// table (table.OpenMapped) and nothing else, for a search: data is read
// where it lies, each block checked as its levels are first read, and the
// index's arrangements move through their factored tables, which a
// search's random steps read as fast and which are far quicker to make
// than whole move tables. file names the file data is in, at is where data
// starts in it, and hold is kept alive with the table (the mapping data
// lies in). A table of another puzzle, metric or move set is refused with
// a *table.Error, as a damaged head is.
func OpenMapped(p *ksolve.Puzzle, data []byte, file string, at int64, hold any) (*Table, error) {
	x, err := permindex.NewFactored(p)
	if err != nil {
		return nil, err
	}
	goal, err := goalOf(p, x)
	if err != nil {
		return nil, err
	}
	id := ID(p, x)
	def := walkDef(p, x, goal, id, nil)
	lv, err := table.OpenMapped(def, data, file, at, hold)
	if err != nil {
		return nil, err
	}
	return newTable(p, x, id, def, lv, nil), nil
}
