package deftable

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/engine/symindex"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// A .gdt file is a definition and its table, so that it answers alone:
//
//	"GODTDEF1"     magic, 8 bytes
//	metric         uint8 (ksolve.Metric)
//	moves          uint16 length, then the move restriction ("" for none)
//	name           uint16 length, then the definition file's name
//	definition     uint32 length, then the definition's text
//	id             32 bytes, ID of the puzzle
//	crc            uint32, CRC-32 (IEEE) of everything above
//	table          the table file (internal/format/table's format), to the end
//
// Open re-reads the definition, checks its ID, then the table against it
// (every checksum and the table's own fingerprint), so a damaged file, or
// one whose parts do not belong together, is refused with a *table.Error.
const gdtMagic = "GODTDEF1"

// WriteTo writes the table as a .gdt file.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(gdtHead(t.Puzzle, t.ID))
	if err != nil {
		return int64(n), err
	}
	if t.lv.Paged() != nil {
		return int64(n), fmt.Errorf("%s: a table read in place is not written again", t.Puzzle.Def.Name)
	}
	m, err := table.WritePacked(w, &t.lv.Header, t.lv.Packed())
	return int64(n) + m, err
}

// AppendPuzzle appends what a file says of the puzzle its tables are of,
// as a .gdt's and a pruning file's headers write it: the metric, the move
// restriction, the definition's file name and text, and the tables' ID.
func AppendPuzzle(b []byte, p *ksolve.Puzzle, id [32]byte) []byte {
	d := p.Def
	b = append(b, byte(p.Metric))
	b = binary.LittleEndian.AppendUint16(b, uint16(len(p.Restrict)))
	b = append(b, p.Restrict...)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(d.File)))
	b = append(b, d.File...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(d.Text)))
	b = append(b, d.Text...)
	return append(b, id[:]...)
}

// ReadPuzzle reads back the metric and the definition AppendPuzzle wrote.
func ReadPuzzle(metric byte, name, text []byte) (ksolve.Metric, *ksolve.Def, error) {
	m := ksolve.Metric(metric)
	if m != ksolve.HTM && m != ksolve.QTM {
		return 0, nil, fmt.Errorf("unknown metric %d", metric)
	}
	d, err := ksolve.Parse(string(name), text)
	if err != nil {
		return 0, nil, fmt.Errorf("its definition: %v", err)
	}
	return m, d, nil
}

// gdtHead is a .gdt file's bytes before its table.
func gdtHead(p *ksolve.Puzzle, id [32]byte) []byte {
	b := AppendPuzzle([]byte(gdtMagic), p, id)
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// IsGDT reports whether data starts as a .gdt file does.
func IsGDT(data []byte) bool {
	return len(data) >= len(gdtMagic) && string(data[:len(gdtMagic)]) == gdtMagic
}

// Open reads a .gdt file; file names it in errors. Any damage, or parts
// that do not belong together, gives a *table.Error.
func Open(file string, data []byte) (*Table, error) {
	return OpenAt(file, bytes.NewReader(data), int64(len(data)))
}

// headMax is the most bytes a .gdt's part before its table takes: its
// fields, and a definition of at most ksolve.MaxSize bytes.
const headMax = 8 + 1 + 2 + 1<<16 + 2 + 1<<16 + 4 + ksolve.MaxSize + 32 + 4

// OpenAt reads a .gdt file of size bytes from r, as Open does, without
// holding it: its definition, then its table read a piece at a time and
// decoded as it comes (table.Read), so that a table of gigabytes costs its
// distances' memory, not the file's as well.
func OpenAt(file string, r io.ReaderAt, size int64) (*Table, error) {
	return openAt(file, r, size, false, 0)
}

// OpenPagedAt opens a .gdt file of size bytes from r as OpenAt does, but
// reads its table in place (table.OpenPaged): its header and block index
// at open, then each level an answer asks for from the one block that
// holds it, checked and decoded into a cache of cacheBlocks blocks of 128
// KiB (table.DefaultCacheBlocks when cacheBlocks < 1). A table larger than
// the memory answers so, holding only the blocks it reads; r must stay
// open while the table answers. A version 3 table, which has no block
// index, is read whole.
func OpenPagedAt(file string, r io.ReaderAt, size int64, cacheBlocks int) (*Table, error) {
	return openAt(file, r, size, true, cacheBlocks)
}

func openAt(file string, r io.ReaderAt, size int64, paged bool, cacheBlocks int) (*Table, error) {
	data := make([]byte, min(size, headMax))
	if n, err := r.ReadAt(data, 0); err != nil && !(err == io.EOF && n == len(data)) {
		if err != io.EOF && err != io.ErrUnexpectedEOF {
			return nil, err
		}
		data = data[:n]
	}
	bad := func(kind error, format string, args ...any) error {
		return &table.Error{Table: file, Err: kind, Detail: fmt.Sprintf(format, args...)}
	}
	if !IsGDT(data) {
		return nil, bad(table.ErrCorrupt, "not a godtable definition table (bad magic)")
	}
	p := len(gdtMagic)
	take := func(n int) []byte {
		if n < 0 || p+n > len(data) {
			return nil
		}
		v := data[p : p+n]
		p += n
		return v
	}
	u16 := func() int {
		v := take(2)
		if v == nil {
			return -1
		}
		return int(binary.LittleEndian.Uint16(v))
	}
	mb := take(1)
	restrict := take(u16())
	name := take(u16())
	var text []byte
	if l := take(4); l != nil {
		text = take(int(binary.LittleEndian.Uint32(l)))
	}
	id := take(32)
	end := p
	sum := take(4)
	if mb == nil || restrict == nil || name == nil || text == nil || id == nil || sum == nil {
		return nil, bad(table.ErrCorrupt, "truncated header")
	}
	if got, want := crc32.ChecksumIEEE(data[:end]), binary.LittleEndian.Uint32(sum); got != want {
		return nil, bad(table.ErrCorrupt, "header checksum %08x, want %08x", got, want)
	}
	metric, d, err := ReadPuzzle(mb[0], name, text)
	if err != nil {
		return nil, bad(table.ErrCorrupt, "%v", err)
	}
	pz, err := ksolve.NewPuzzle(d, metric, string(restrict))
	if err != nil {
		return nil, bad(table.ErrCorrupt, "its definition: %v", err)
	}
	x, err := permindex.New(pz)
	if err != nil {
		return nil, bad(table.ErrCorrupt, "its definition: %v", err)
	}
	sy := symmetriesOf(pz, x)
	if sy != nil && classIndexID(pz, x, sy) == [32]byte(id) {
		if sy.ci, err = symindex.New(pz, sy.syms, nil); err != nil {
			return nil, bad(table.ErrCorrupt, "its class index: %v", err)
		}
	} else if sy != nil && classIndexIDOf(pz, x, sy, "1") == [32]byte(id) {
		return nil, bad(table.ErrVersion, "its classes are numbered as godtable numbered an index within a set before it left no index to spare: rebuild the table: %s",
			rebuild(string(name), metric, string(restrict), file))
	} else if sy != nil && classID(pz, x, sy) != [32]byte(id) {
		sy = nil // a table of states of a puzzle with symmetries
	}
	if sy == nil && ID(pz, x) != [32]byte(id) {
		if ID(pz, nil) == [32]byte(id) {
			// Built before the index joined coordinates: its states are
			// numbered otherwise.
			return nil, bad(table.ErrVersion, "its states are numbered as godtable numbered them before it indexed only the states the moves reach: rebuild the table: %s",
				rebuild(string(name), metric, string(restrict), file))
		}
		return nil, bad(table.ErrMismatch, "the table was built for another definition, metric or move set")
	}
	var t *Table
	if paged {
		t, err = openPaged(pz, x, [32]byte(id), sy, io.NewSectionReader(r, int64(p), size-int64(p)), size-int64(p), cacheBlocks, file, int64(p))
	} else {
		t, err = open(pz, x, [32]byte(id), sy, io.NewSectionReader(r, int64(p), size-int64(p)))
	}
	if err != nil {
		var te *table.Error
		if errors.As(err, &te) {
			te.Table = file
			if v := p + 8; errors.Is(err, table.ErrVersion) && v+2 <= len(data) && binary.LittleEndian.Uint16(data[v:]) < 3 {
				// A table too old to read is rebuilt from the definition
				// that built it: say how.
				te.Detail += ": " + rebuild(string(name), metric, string(restrict), file)
			}
			return nil, te
		}
		return nil, bad(table.ErrCorrupt, "%v", err)
	}
	return t, nil
}

// rebuild is the command that builds a .gdt file again from its
// definition, metric and moves.
func rebuild(def string, metric ksolve.Metric, restrict, file string) string {
	cmd := "godtable gen " + def + " -o " + file
	if metric == ksolve.QTM {
		cmd += " --metric qtm"
	}
	if restrict != "" {
		cmd += " --moves " + restrict
	}
	return cmd
}
