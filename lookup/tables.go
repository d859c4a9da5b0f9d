package lookup

import "github.com/godtable/godtable/internal/format/table"

// TableError is the error for a table that cannot be used: damaged, of
// another format version, or built for a different puzzle definition.
// errors.Is distinguishes the three with ErrCorruptTable, ErrTableVersion and
// ErrTableMismatch.
type TableError = table.Error

// Sentinels wrapped by a TableError.
var (
	// ErrCorruptTable: the table's bytes are not an intact table.
	ErrCorruptTable = table.ErrCorrupt
	// ErrTableVersion: the table's format version is not this code's.
	ErrTableVersion = table.ErrVersion
	// ErrTableMismatch: the table was built for a different definition.
	ErrTableMismatch = table.ErrMismatch
)
