//go:build !gentables

package rotgame

// The generator, which makes this package's tables, is built with the
// gentables tag and so without them.
import _ "github.com/godtable/godtable/tables/rotgame" // the placement table
