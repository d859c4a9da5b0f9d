package prune

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"time"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// A pruning file is a definition and its pruning tables, so that it
// answers alone:
//
//	"GODTPRN3"     magic, 8 bytes: format 3
//	metric         uint8 (ksolve.Metric)
//	moves          uint16 length, then the move restriction ("" for none)
//	name           uint16 length, then the definition file's name
//	definition     uint32 length, then the definition's text
//	id             32 bytes, deftable.ID of the whole puzzle
//	tables         uint16, then for each table its projection (for each
//	               set: uint8 1 if it keeps orientations, uint16 labels,
//	               then a bit a label, tracked or not, eight to a byte),
//	               uint8 flags (1: truncated, see Table.Beyond) and
//	               uint64, the length of its table file
//	crc            uint32, CRC-32 (IEEE) of everything above
//	tables         each a mapped table of internal/format/table (its
//	               header, with a checksum for each 128 KiB block, then
//	               its packed distances as they are), one after the other
//
// Each table is read as the table of its projection's definition, which
// its fingerprint names: a table that does not belong to the projection
// the head says is refused, as a damaged one is.
//
// The distances are stored as the search reads them, so that a file
// opens by mapping it to memory (or, where it cannot be, reading it)
// with nothing to decode, and a search reads only the pages it needs.
// Format 1 held each table Huffman-coded a block at a time, which took
// most of an answer's time to decode; it is refused with a line that
// says to rebuild the file. Format 2 is format 3 without the flags: its
// tables are read as whole.
const fileMagic = "GODTPRN3"

// magicPrefix is what the magic of every format of the pruning file
// starts with, oldMagic format 1's and wholeMagic format 2's.
const (
	magicPrefix = "GODTPRN"
	oldMagic    = "GODTPRN1"
	wholeMagic  = "GODTPRN2"
)

// truncatedFlag marks a truncated table in the head's flags.
const truncatedFlag = 1

// flagsOf is t's flags as the head writes them.
func flagsOf(t *Table) byte {
	if t.Exact.Truncated {
		return truncatedFlag
	}
	return 0
}

// File is a puzzle with its pruning tables.
type File struct {
	Puzzle *ksolve.Puzzle
	ID     [32]byte
	Tables []*Table
}

// IsFile reports whether data starts as a pruning file does, of any
// format (one this code does not read is refused when opened, in a line
// that says so).
func IsFile(data []byte) bool {
	return len(data) >= len(fileMagic) && string(data[:len(magicPrefix)]) == magicPrefix
}

// BuildOptions tune BuildFile.
type BuildOptions struct {
	deftable.BuildOptions
	// Report, if set, is told of each table before it is built: its
	// number, how many there are, what it keeps and its entries.
	Report func(k, n int, what string, entries uint64)
	// Work, if set, is a directory the build keeps its work in, so that a
	// build stopped at any moment (killed, interrupted, out of power)
	// resumes when run again on it: each table once built (WorkTable),
	// and the checkpoints of the table under way (deftable's, after
	// CheckpointAfter). BuildOptions.Checkpoint is then set table by table.
	// A table is kept once the build has run CheckpointAfter, as a
	// checkpoint is: one built sooner costs less to build again than to
	// write.
	Work string
	// Kept, if set, is told of each table taken from Work rather than
	// built, as Report is.
	Kept func(k, n int, what string, entries uint64)
	// Resumed, if set, is told of each table whose build went on from its
	// checkpoint in Work: its number and the last distance it took there.
	Resumed func(k, distance int)
	// Fill lifts Choose's bound on the builds' cost: the largest tables
	// that fit the size are built, however long they take (ChooseFilled).
	Fill bool
}

// BuildFile chooses the projections of p that fit size bytes (Choose) and
// builds their tables (ChooseFilled with opt.Fill). The choice depends on
// p, size and opt.Fill alone, so that a build run again chooses the same
// tables, and takes those its Work holds.
func BuildFile(ctx context.Context, p *ksolve.Puzzle, size uint64, opt BuildOptions) (*File, error) {
	choose := Choose
	if opt.Fill {
		choose = ChooseFilled
	}
	prs, err := choose(p, size)
	if err != nil {
		return nil, err
	}
	f := &File{Puzzle: p, ID: deftable.ID(p, nil)}
	start := time.Now()
	for k, pr := range prs {
		n, _ := Entries(p, pr)
		bo := opt.BuildOptions
		if opt.Work != "" {
			if t := loadWorkTable(WorkTable(opt.Work, k), p, pr); t != nil {
				if opt.Kept != nil {
					opt.Kept(k+1, len(prs), pr.Describe(p.Def), n)
				}
				f.Tables = append(f.Tables, t)
				continue
			}
			bo.Checkpoint = WorkTable(opt.Work, k) + ".checkpoint"
		}
		if opt.Report != nil {
			opt.Report(k+1, len(prs), pr.Describe(p.Def), n)
		}
		t, err := Build(ctx, p, pr, bo)
		if err != nil {
			return nil, err
		}
		if r := t.Exact.Resumed; r > 0 && opt.Resumed != nil {
			opt.Resumed(k+1, r-1)
		}
		if opt.Work != "" && (time.Since(start) >= opt.CheckpointAfter || t.Exact.Resumed > 0) {
			if err := saveWorkTable(WorkTable(opt.Work, k), t); err != nil {
				return nil, fmt.Errorf("keeping table %d in %s: %w", k+1, opt.Work, err)
			}
			os.Remove(bo.Checkpoint)
		}
		f.Tables = append(f.Tables, t)
	}
	return f, nil
}

// Bytes is the size of the tables' distances, two bits an entry.
func (f *File) Bytes() uint64 {
	n := uint64(0)
	for _, t := range f.Tables {
		n += t.Bytes()
	}
	return n
}

// WriteTo writes the pruning file.
func (f *File) WriteTo(w io.Writer) (int64, error) { return f.write(w, fileMagic) }

// write writes the file in the format of magic: format 3's, or, for the
// tests that read format 2, format 2's.
func (f *File) write(w io.Writer, magic string) (int64, error) {
	bodies := make([]tableBody, len(f.Tables))
	for k, t := range f.Tables {
		b, err := bodyOf(t)
		if err != nil {
			return 0, err
		}
		bodies[k] = b
	}
	h := deftable.AppendPuzzle([]byte(magic), f.Puzzle, f.ID)
	h = binary.LittleEndian.AppendUint16(h, uint16(len(f.Tables)))
	for k, t := range f.Tables {
		h = appendProjection(h, t.Projection)
		if magic == fileMagic {
			h = append(h, flagsOf(t))
		}
		h = binary.LittleEndian.AppendUint64(h, bodies[k].len())
	}
	h = binary.LittleEndian.AppendUint32(h, crc32.ChecksumIEEE(h))
	n, err := w.Write(h)
	total := int64(n)
	for _, b := range bodies {
		for _, part := range [][]byte{b.head, b.packed} {
			if err != nil {
				break
			}
			n, err = w.Write(part)
			total += int64(n)
		}
	}
	return total, err
}

// appendProjection appends pr as the head writes it: for each set, uint8
// 1 if it keeps orientations, uint16 labels, then a bit a label.
func appendProjection(h []byte, pr Projection) []byte {
	for _, v := range pr {
		ori := byte(0)
		if v.Ori {
			ori = 1
		}
		h = append(h, ori)
		h = binary.LittleEndian.AppendUint16(h, uint16(len(v.Track)))
		bits := make([]byte, (len(v.Track)+7)/8)
		for l, tr := range v.Track {
			if tr {
				bits[l/8] |= 1 << (l % 8)
			}
		}
		h = append(h, bits...)
	}
	return h
}

// A tableBody is a table in internal/format/table's format, as a pruning
// file holds it: its header, then its distances where they lie, which are
// written from there, not copied.
type tableBody struct{ head, packed []byte }

func (b tableBody) len() uint64 { return uint64(len(b.head) + len(b.packed)) }

// bodyOf returns t's body.
func bodyOf(t *Table) (tableBody, error) {
	lv := t.Levels()
	if lv.Paged() != nil {
		return tableBody{}, errors.New("a table read in place is not written again")
	}
	// A mapped table's distances are written once every block is checked.
	if err := lv.CheckBlocks(); err != nil {
		return tableBody{}, err
	}
	packed := lv.Packed()
	head, err := table.MappedHead(&lv.Header, packed)
	return tableBody{head, packed}, err
}

// OpenAt reads a pruning file of size bytes from r; file names it in
// errors. Any damage, or parts that do not belong together, gives a
// *table.Error: every block of every table is checked before it returns
// (godtable check). An *os.File is mapped to memory where the system
// allows, and read where it lies; any other reader is read whole.
func OpenAt(file string, r io.ReaderAt, size int64) (*File, error) {
	f, err := open(file, r, size)
	if err != nil {
		return nil, err
	}
	for k, t := range f.Tables {
		if err := t.Levels().CheckBlocks(); err != nil {
			return nil, inTable(err, file, k, t.Projection, f.Puzzle.Def)
		}
	}
	return f, nil
}

// OpenInPlace is OpenAt with the tables' blocks checked as the searches
// first read them, rather than all at once: the head and each table's
// header and block index are checked at the opening, and a damaged block
// fails the searches that read it (with a *table.Error naming the file,
// the block and its offset), and no other. A file mapped to memory is read
// where it lies, the pages a search reads and no others; r need not stay
// open.
func OpenInPlace(file string, r io.ReaderAt, size int64) (*File, error) {
	return open(file, r, size)
}

// inTable names table k of the file in err, a *table.Error.
func inTable(err error, file string, k int, pr Projection, d *ksolve.Def) error {
	var te *table.Error
	if errors.As(err, &te) {
		te.Table = fmt.Sprintf("%s (table %d, %s)", file, k+1, pr.Describe(d))
		return te
	}
	return &table.Error{Table: file, Err: table.ErrCorrupt, Detail: fmt.Sprintf("table %d: %v", k+1, err)}
}

// contents returns the size bytes of r: an *os.File mapped to memory
// (with the mapping, to keep while they are read), or read whole.
func contents(r io.ReaderAt, size int64) ([]byte, *mapping, error) {
	if f, ok := r.(*os.File); ok {
		if m := mapFile(f, size); m != nil {
			return m.data, m, nil
		}
	}
	if size < 0 || int64(int(size)) != size {
		return nil, nil, fmt.Errorf("a file of %d bytes", size)
	}
	data := make([]byte, size)
	if n, err := r.ReadAt(data, 0); n < len(data) {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, nil, err
	}
	return data, nil, nil
}

// open reads the file's head and each table's header, the tables read
// where they lie, each block checked the first time it is read.
func open(file string, r io.ReaderAt, size int64) (*File, error) {
	bad := func(kind error, format string, args ...any) error {
		return &table.Error{Table: file, Err: kind, Detail: fmt.Sprintf(format, args...)}
	}
	data, m, err := contents(r, size)
	if err != nil {
		return nil, err
	}
	if len(data) >= len(oldMagic) && string(data[:len(oldMagic)]) == oldMagic {
		return nil, bad(table.ErrVersion, "a pruning file of format 1, which this godtable no longer reads: rebuild it (godtable gen DEF.tws --prune SIZE -o %s)", file)
	}
	flagged := IsFile(data) && string(data[:len(fileMagic)]) == fileMagic
	if !flagged && (!IsFile(data) || string(data[:len(wholeMagic)]) != wholeMagic) {
		return nil, bad(table.ErrCorrupt, "not a godtable pruning file (bad magic)")
	}
	rd := &reader{b: data, p: len(fileMagic)}
	mb := rd.take(1)
	restrict := rd.take(rd.u16())
	name := rd.take(rd.u16())
	text := rd.take(rd.u32())
	id := rd.take(32)
	count := rd.u16()
	if rd.short || mb == nil {
		return nil, bad(table.ErrCorrupt, "truncated head")
	}
	metric, d, err := deftable.ReadPuzzle(mb[0], name, text)
	if err != nil {
		return nil, bad(table.ErrCorrupt, "%v", err)
	}
	var prs []Projection
	var lens []uint64
	var flags []byte
	for range count {
		pr := make(Projection, len(d.Sets))
		for k := range pr {
			ori := rd.take(1)
			n := rd.u16()
			bits := rd.take((n + 7) / 8)
			if rd.short || ori == nil {
				return nil, bad(table.ErrCorrupt, "truncated head")
			}
			pr[k] = SetView{Ori: ori[0] == 1, Track: make([]bool, n)}
			for l := range pr[k].Track {
				pr[k].Track[l] = bits[l/8]>>(l%8)&1 == 1
			}
		}
		prs = append(prs, pr)
		fl := byte(0)
		if flagged {
			if b := rd.take(1); b != nil {
				fl = b[0]
			}
		}
		if fl&^truncatedFlag != 0 {
			return nil, bad(table.ErrCorrupt, "table %d: flags %#x", len(prs), fl)
		}
		flags = append(flags, fl)
		lens = append(lens, rd.u64())
	}
	end := rd.p
	sum := rd.take(4)
	if rd.short {
		return nil, bad(table.ErrCorrupt, "truncated head")
	}
	if got, want := crc32.ChecksumIEEE(data[:end]), binary.LittleEndian.Uint32(sum); got != want {
		return nil, bad(table.ErrCorrupt, "head checksum %08x, want %08x", got, want)
	}
	p, err := ksolve.NewPuzzle(d, metric, string(restrict))
	if err != nil {
		return nil, bad(table.ErrCorrupt, "its definition: %v", err)
	}
	f := &File{Puzzle: p, ID: deftable.ID(p, nil)}
	if f.ID != [32]byte(id) {
		return nil, bad(table.ErrMismatch, "the tables were built for another definition, metric or move set")
	}
	at := int64(rd.p)
	for k, pr := range prs {
		if lens[k] > uint64(size-at) {
			return nil, bad(table.ErrCorrupt, "table %d: %d bytes, past the end of the file", k+1, lens[k])
		}
		pj, pp, err := projected(p, pr)
		if err != nil {
			return nil, bad(table.ErrCorrupt, "table %d: %v", k+1, err)
		}
		t, err := deftable.OpenMapped(pp, data[at:at+int64(lens[k])], file, at, m)
		if err != nil {
			return nil, inTable(err, file, k, pr, d)
		}
		t.Truncated = flags[k]&truncatedFlag != 0
		f.Tables = append(f.Tables, &Table{Projection: pr, Projector: pj, Puzzle: pp, Exact: t})
		at += int64(lens[k])
	}
	if at != size {
		return nil, bad(table.ErrCorrupt, "%d bytes after the last table", size-at)
	}
	return f, nil
}

// reader reads a head's fields, remembering whether it ran short.
type reader struct {
	b     []byte
	p     int
	short bool
}

func (r *reader) take(n int) []byte {
	if n < 0 || r.p+n > len(r.b) {
		r.short = true
		return nil
	}
	v := r.b[r.p : r.p+n]
	r.p += n
	return v
}

func (r *reader) u16() int {
	if v := r.take(2); v != nil {
		return int(binary.LittleEndian.Uint16(v))
	}
	return -1
}

func (r *reader) u32() int {
	if v := r.take(4); v != nil {
		return int(binary.LittleEndian.Uint32(v))
	}
	return -1
}

func (r *reader) u64() uint64 {
	if v := r.take(8); v != nil {
		return binary.LittleEndian.Uint64(v)
	}
	return 0
}
