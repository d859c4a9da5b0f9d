package lookup

import (
	"sync"

	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/table"
	"github.com/godtable/godtable/internal/tablefile"
	"github.com/godtable/godtable/internal/walk"

	// The tables of the puzzles answered here.
	_ "github.com/godtable/godtable/tables/pocket"
	_ "github.com/godtable/godtable/tables/rotgrid"
)

// TableError is the error for a table that cannot be used: damaged, of
// another format version, or built for a different puzzle definition.
// errors.Is distinguishes the three with ErrCorruptTable, ErrTableVersion and
// ErrTableMismatch.
type TableError = table.Error

// Sentinels wrapped by a TableError.
var (
	// ErrCorruptTable: the embedded bytes are not an intact table.
	ErrCorruptTable = table.ErrCorrupt
	// ErrTableVersion: the table's format version is not this code's.
	ErrTableVersion = table.ErrVersion
	// ErrTableMismatch: the table was built for a different definition.
	ErrTableMismatch = table.ErrMismatch
)

// lazyWalker decodes a table on first use and keeps the walker.
type lazyWalker struct {
	once   sync.Once
	def    func() *puzzle.Def
	steps  func() []walk.Step
	groups bool
	w      *walk.Walker
	err    error
}

func (l *lazyWalker) get() (*walk.Walker, error) {
	l.once.Do(func() {
		def := l.def()
		data, err := tablefile.Open(def.Name)
		if err != nil {
			l.err = err
			return
		}
		l.w, l.err = newWalker(def, data, l.steps(), l.groups)
	})
	return l.w, l.err
}

// newWalker decodes and checks a table and makes its walker.
func newWalker(def *puzzle.Def, data []byte, steps []walk.Step, groups bool) (*walk.Walker, error) {
	lv, err := table.Decode(def, data)
	if err != nil {
		return nil, err
	}
	return walk.New(def, lv, steps, groups), nil
}
