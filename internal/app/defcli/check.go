package defcli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/support/sysmem"
	"github.com/godtable/godtable/lookup/tws"
)

// CheckOptions tune Check.
type CheckOptions struct {
	// Deep proves a definition's table exact as well (tws.DeepCheck), on
	// Workers goroutines (0: one a core), telling Progress, if set, how
	// its search goes.
	Deep     bool
	Workers  int
	Progress func(tws.Progress)
}

// Check verifies the table file at path, a definition's .gdt or a
// built-in puzzle's table (tables/<puzzle>/*.gdt), and writes what it
// found to w: its format, its states and distances, every block and
// checksum read and decoded, the stored levels against the header's
// counts, and the build's facts; with opt.Deep, every state's distance
// too. A file that is not an intact table, or not exact, is the error, in
// one line naming what is wrong (and which block, or which state).
func Check(path string, w io.Writer, opt CheckOptions) error {
	r, size, done, err := readerOf(path)
	if err != nil {
		return err
	}
	defer done()
	head := make([]byte, magicLen)
	n, _ := r.ReadAt(head, 0)
	var lv *table.Levels
	var about string
	var def *deftable.Table
	if deftable.IsGDT(head[:n]) {
		t, err := deftable.OpenAt(path, r, size)
		if err != nil {
			return err
		}
		def = t
		lv = t.Levels()
		moves := "all its moves"
		if r := t.Puzzle.Restrict; r != "" {
			moves = "moves " + r
		}
		about = fmt.Sprintf("definition: %s (%s, %s), ID %x, checked against the table\n", t.Puzzle.Def.File, t.Puzzle.Metric, moves, t.ID[:8])
	} else {
		if opt.Deep {
			return fmt.Errorf("%s: --deep proves a definition's table (a .gdt gen made); a built-in puzzle's table is proved against its puzzle by the tests that generate it", path)
		}
		if lv, err = table.Inspect(path, r); err != nil {
			return err
		}
		about = fmt.Sprintf("table of %s (not checked against its puzzle's definition, which the file does not hold)\n", lv.Name)
	}
	checked, err := lv.CheckCounts()
	if err != nil {
		return &table.Error{Table: path, Err: table.ErrCorrupt, Detail: err.Error()}
	}
	deep := ""
	if opt.Deep {
		if deep, err = checkDeep(path, def, lv, opt); err != nil {
			return err
		}
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
	if lv.Symmetry == table.SymClassIndex {
		classes = fmt.Sprintf(", keyed by an index of the classes of the states its symmetries make of each other (%d classes)", lv.Classes)
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
	case checked && lv.Symmetry == table.SymClassIndex:
		fmt.Fprintln(w, "counts: the stored levels match the classes at every distance, and the indices left hold no class")
	case checked:
		fmt.Fprintln(w, "counts: the stored levels match the counts at every distance")
	default:
		fmt.Fprintln(w, "counts: not compared (a folded table's entries stand for several states each)")
	}
	if deep != "" {
		fmt.Fprintln(w, deep)
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

// checkDeep proves the table pz exact (deftable.Table.DeepCheck) and
// returns the line that says so.
func checkDeep(path string, pz *deftable.Table, lv *table.Levels, opt CheckOptions) (string, error) {
	need := pz.CheckMemory()
	if avail, ok := sysmem.Available(); ok && need > avail {
		return "", fmt.Errorf("%s: --deep: its search takes about %d MB besides the table, and %d MB are available", path, need>>20, avail>>20)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	var progress func(bfs.Progress)
	if opt.Progress != nil {
		progress = func(p bfs.Progress) { opt.Progress(tws.Progress(p)) }
	}
	err := pz.DeepCheck(ctx, deftable.CheckOptions{Workers: opt.Workers, Progress: progress})
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if lv.Symmetry == table.SymClassIndex {
		return fmt.Sprintf("exact: a search of its class index again made the same %d classes in its %d indices, at the same distances (%.1f s)", lv.Classes, lv.Entries, time.Since(start).Seconds()), nil
	}
	if lv.Symmetry == table.SymClasses {
		return fmt.Sprintf("exact: a search of its classes again made the same %d classes, at the same distances (%.1f s)", lv.Classes, time.Since(start).Seconds()), nil
	}
	return fmt.Sprintf("exact: a search of its %d indices, compared with it at every distance, gave every state the distance it holds (%.1f s)", lv.Size, time.Since(start).Seconds()), nil
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
