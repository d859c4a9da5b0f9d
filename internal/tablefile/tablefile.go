// Package tablefile is where lookup gets a table's bytes: the embedded
// tables. It is a variable so that tests can hand lookup a damaged table and
// check that it is refused; nothing else changes it.
package tablefile

import "github.com/godtable/godtable/tables"

// Open returns the bytes of the named table.
var Open = tables.File
