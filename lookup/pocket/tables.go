//go:build !gentables

package pocket

// The generator, which makes this package's tables, is built with the
// gentables tag and so without them.
import _ "github.com/godtable/godtable/tables/pocket" // the two tables
