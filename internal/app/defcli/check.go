package defcli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/godtable/godtable/internal/deftable"
	"github.com/godtable/godtable/internal/table"
)

// Check verifies the table file at path, a definition's .gdt or a
// built-in puzzle's table (tables/<puzzle>/*.gdt), and writes what it
// found to w: its format, its states and distances, every block and
// checksum read and decoded, the stored levels against the header's
// counts, and the build's facts. A file that is not an intact table is
// the error, in one line naming what is wrong (and which block).
func Check(path string, w io.Writer) error {
	r, size, done, err := readerOf(path)
	if err != nil {
		return err
	}
	defer done()
	head := make([]byte, magicLen)
	n, _ := r.ReadAt(head, 0)
	var lv *table.Levels
	var about string
	if deftable.IsGDT(head[:n]) {
		t, err := deftable.OpenAt(path, r, size)
		if err != nil {
			return err
		}
		lv = t.Levels()
		moves := "all its moves"
		if r := t.Puzzle.Restrict; r != "" {
			moves = "moves " + r
		}
		about = fmt.Sprintf("definition: %s (%s, %s), ID %x, checked against the table\n", t.Puzzle.Def.File, t.Puzzle.Metric, moves, t.ID[:8])
	} else {
		if lv, err = table.Inspect(path, r); err != nil {
			return err
		}
		about = fmt.Sprintf("table of %s (not checked against its puzzle's definition, which the file does not hold)\n", lv.Name)
	}
	checked, err := lv.CheckCounts()
	if err != nil {
		return &table.Error{Table: path, Err: table.ErrCorrupt, Detail: err.Error()}
	}
	reached := uint64(0)
	for _, c := range lv.Counts {
		reached += c
	}
	fmt.Fprintf(w, "%s: intact, table format version %d\n", path, lv.Version)
	fmt.Fprint(w, about)
	classes := ""
	if lv.Symmetry == table.SymClasses {
		classes = ", one a class of the states its symmetries make of each other"
		if m := lv.ClassMap(); m != nil && m.Count() != lv.Classes {
			return &table.Error{Table: path, Err: table.ErrCorrupt, Detail: fmt.Sprintf("%d classes marked, the header says %d", m.Count(), lv.Classes)}
		}
	}
	fmt.Fprintf(w, "states: %d reachable, at most %d moves from the goal; %d entries (%v)%s\n", reached, lv.MaxDistance(), lv.Entries, lv.Encoding, classes)
	if lv.Version >= 4 {
		z := uint64(0)
		for _, b := range lv.Blocks {
			z += uint64(b.Len)
		}
		fmt.Fprintf(w, "blocks: all %d checked and decoded (%d bytes of distances, %d compressed), and the distances' checksum (CRC-32 %08x)\n", len(lv.Blocks), lv.PackedLen, z, lv.PackedCRC)
	} else {
		fmt.Fprintf(w, "payload: its checksum and every block checked and decoded (%d bytes of distances), and the distances' checksum (CRC-32 %08x)\n", lv.PackedLen, lv.PackedCRC)
	}
	switch {
	case checked && lv.Symmetry == table.SymClasses:
		fmt.Fprintln(w, "counts: the stored levels match the classes at every distance")
	case checked:
		fmt.Fprintln(w, "counts: the stored levels match the counts at every distance")
	default:
		fmt.Fprintln(w, "counts: not compared (a folded table's entries stand for several states each)")
	}
	if lv.Facts == "" {
		fmt.Fprintln(w, "facts: none")
	} else {
		fmt.Fprintln(w, "facts:")
		for _, l := range strings.Split(strings.TrimSuffix(lv.Facts, "\n"), "\n") {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
	return nil
}

// readerOf gives the file at path to read in place: a regular file as it
// is (after checking that the memory available holds as much), anything
// else read first, as far as that memory goes (readFile).
func readerOf(path string) (r io.ReaderAt, size int64, done func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		if err := fits(path, fi.Size()); err != nil {
			f.Close()
			return nil, 0, nil, err
		}
		return f, fi.Size(), func() { f.Close() }, nil
	}
	f.Close()
	data, _, err := readFile(path)
	if err != nil {
		return nil, 0, nil, err
	}
	return bytes.NewReader(data), int64(len(data)), func() {}, nil
}
