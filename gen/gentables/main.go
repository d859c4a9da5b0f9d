// Command gentables writes every distance table of the catalog into a
// directory (default: the current one): each puzzle's tables, as
// PUZZLE/NAME.gdt, with PUZZLE/tables_gen.go, the package that embeds them
// and exports each one's bytes, recording its size and SHA-256 so that a
// diff shows any drift; and all/all_gen.go, which gives every table by name.
//
// It is run by go generate in the tables package:
//
//	go run ../gen/gentables
//
// It links the puzzles' models alone (internal/model/catalog), none of the public
// packages that embed the tables, so it builds whatever state tables/ is
// in: before a new puzzle's tables package exists, or with a damaged table.
package main

import (
	"flag"
	"log"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/godtable/godtable/internal/format/checkedfile"
	"github.com/godtable/godtable/internal/format/tablefiles"
	"github.com/godtable/godtable/internal/model/catalog"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gentables: ")
	dir := flag.String("dir", ".", "directory to write the tables to")
	flag.Parse()

	files, err := tablefiles.Files(catalog.Puzzles())
	if err != nil {
		log.Fatal(err)
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(*dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			log.Fatal(err)
		}
		if err := checkedfile.ReplaceBytes(path, files[name], 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
