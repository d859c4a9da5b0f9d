//go:build !gentables

package msquare

// The generator, which makes this package's tables, is built with the
// gentables tag and so without them.
import _ "github.com/godtable/godtable/tables/msquare" // the distance table
