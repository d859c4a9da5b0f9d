package rotgame

// The embedded tables, made by go generate ./tables: the generator builds
// them from the catalog of models and links no public package.
import _ "github.com/godtable/godtable/tables/rotgame" // the placement table
