// Package tables is where the generated distance tables are found. Each
// table puzzle's tables sit in their own package below this one
// (tables/pocket, tables/msquare ...), made by go generate from the
// definitions in internal/model/catalog: that package embeds them and exports
// each one's bytes (tables/pocket's HTM and QTM, tables/msquare's Table),
// which a puzzle's public package hands its solver as the table's source.
// A program thus carries only the tables of the puzzles it imports, each
// adding its file size (recorded in its tables_gen.go) to the binary;
// tables/all gives every table by name, for the tools and tests that range
// over all of them.
package tables

//go:generate go run ../gen/gentables
