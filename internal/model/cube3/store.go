package cube3

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"
	"unsafe"

	"github.com/godtable/godtable/internal/format/checkedfile"
)

// Tables are the solver's tables: the move tables (computed on the spot),
// the flip-slice classes and the pruning table (read from a file, or
// built). A Tables is read only once made, and safe for concurrent use.
type Tables struct{ p *pruneTable }

// The file: a header line, then the classes and the pruning table as
// little-endian numbers, then the corner table unless the header leaves it
// out, then the CRC-32 (Castagnoli) of all before it.
const (
	// fileMagic is 64 bytes, so that every part after it starts at a
	// multiple of 4 and can be used where the file is mapped.
	fileMagic = "godtable 3x3x3 pruning tables v3: flip-slice-twist, corners    \n"
	// fileMagicNoCorners heads a file without the corner table.
	fileMagicNoCorners = "godtable 3x3x3 pruning tables v3: flip-slice-twist             \n"
	// FileSize is the size of the table file in bytes, both tables in it.
	FileSize = len(fileMagic) + 2*nFlipSlice + nFlipSlice + 4*nClasses + 2*nClasses + 4*((pruneLength+7)/8) + 4*((cornerLength+7)/8) + 4
	// FileSizeNoCorners is the size of a file without the corner table.
	FileSizeNoCorners = FileSize - 4*((cornerLength+7)/8)
	// FileName is the table file's name in the cache directory.
	FileName = "cube3-v3.gdt"
)

// Contents says which tables a file holds.
type Contents uint8

const (
	// Both is the flip-slice-twist table and the corner table: the tables
	// of the cache.
	Both Contents = iota
	// NoCorners is the flip-slice-twist table alone: smaller, and the
	// search enters more positions.
	NoCorners
)

// Size is the size of a file with these contents.
func (c Contents) Size() int {
	if c == NoCorners {
		return FileSizeNoCorners
	}
	return FileSize
}

func (c Contents) magic() string {
	if c == NoCorners {
		return fileMagicNoCorners
	}
	return fileMagic
}

// ContentsFor returns the tables that fit size bytes: both when they fit,
// else the flip-slice-twist table alone; an error when not even that fits.
func ContentsFor(size int64) (Contents, error) {
	switch {
	case size >= int64(FileSize):
		return Both, nil
	case size >= int64(FileSizeNoCorners):
		return NoCorners, nil
	}
	return 0, fmt.Errorf("%d bytes is too small for the 3x3x3's tables: give at least %dM (the flip-slice-twist table alone); %dM holds the corner table too",
		size, mib(FileSizeNoCorners), mib(FileSize))
}

// mib is n bytes in MiB, rounded up.
func mib(n int) int { return (n + 1<<20 - 1) >> 20 }

// Contents is which tables t holds.
func (t *Tables) Contents() Contents {
	if t.p.corners == nil {
		return NoCorners
	}
	return Both
}

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// ErrTableFile is the class of every error of reading a table file.
var ErrTableFile = errors.New("not a 3x3x3 table file")

// BuildOptions say how Build goes.
type BuildOptions struct {
	// Workers is the number of goroutines (0: one a processor).
	Workers int
	// Work, if set, is a directory the build keeps its work in: each table
	// once built, and the table under way every few seconds. A build
	// stopped at any moment (killed, interrupted, out of power) goes on
	// from there when run again with the same directory, and ends with the
	// same tables. A damaged file there is not read: its table starts
	// afresh.
	Work string
	// Progress, if set, hears of each depth of each table.
	Progress func(table string, depth, count, filled int)
	// Log, if set, is told in a line when a table goes on from Work, or
	// starts afresh because what Work held was damaged.
	Log io.Writer
}

func (o *BuildOptions) note(format string, a ...any) {
	if o.Log != nil {
		fmt.Fprintf(o.Log, format+"\n", a...)
	}
}

// Build computes the tables c names (under a minute on two processors).
func Build(c Contents, o BuildOptions) (*Tables, error) {
	mt := newMoveTables()
	p, err := buildPrune(newClasses(), mt, o.Workers, newTableWork(o.Work, workNames[0]), &o)
	if err != nil {
		return nil, err
	}
	if c == Both {
		if p.corners, err = buildCorners(mt, o.Workers, newTableWork(o.Work, workNames[1]), &o); err != nil {
			return nil, err
		}
	}
	return &Tables{p}, nil
}

// BuildFile builds the tables c names into the file at path, keeping its
// work in o.Work (by default path.work) and removing it once the file is
// written: its own files, and the directory if nothing else is in it.
func BuildFile(path string, c Contents, o BuildOptions) (*Tables, error) {
	if o.Work == "" {
		o.Work = path + ".work"
	}
	t, err := Build(c, o)
	if err != nil {
		return nil, err
	}
	if err := t.Save(path); err != nil {
		return nil, err
	}
	removeWork(o.Work)
	return t, nil
}

// WriteTo writes the tables in the file format.
func (t *Tables) WriteTo(w io.Writer) (int64, error) {
	h := crc32.New(crcTable)
	bw := bufio.NewWriterSize(io.MultiWriter(w, h), 1<<20)
	bw.WriteString(t.Contents().magic())
	k := t.p.k
	var b [4]byte
	for _, v := range k.classOf {
		binary.LittleEndian.PutUint16(b[:], v)
		bw.Write(b[:2])
	}
	bw.Write(k.symOf)
	for _, v := range k.rep {
		binary.LittleEndian.PutUint32(b[:], v)
		bw.Write(b[:])
	}
	for _, v := range k.stab {
		binary.LittleEndian.PutUint16(b[:], v)
		bw.Write(b[:2])
	}
	for _, words := range [][]uint32{t.p.words, t.p.corners} {
		for _, v := range words {
			binary.LittleEndian.PutUint32(b[:], v)
			bw.Write(b[:])
		}
	}
	if err := bw.Flush(); err != nil {
		return 0, err
	}
	binary.LittleEndian.PutUint32(b[:], h.Sum32())
	if _, err := w.Write(b[:]); err != nil {
		return 0, err
	}
	return int64(t.Contents().Size()), nil
}

// Decode reads tables from the bytes of a file, checking its size, header
// and checksum.
func Decode(data []byte) (*Tables, error) {
	if err := checkSize(int64(len(data))); err != nil {
		return nil, err
	}
	c := Both
	if len(data) == FileSizeNoCorners {
		c = NoCorners
	}
	if string(data[:len(fileMagic)]) != c.magic() {
		return nil, fmt.Errorf("%w: the header is not %q", ErrTableFile, c.magic()[:len(fileMagic)-1])
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, crcTable) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, fmt.Errorf("%w: the checksum does not match (a damaged file)", ErrTableFile)
	}
	b := body[len(fileMagic):]
	k := &classes{twistConj: newTwistConj()}
	k.classOf, b = view16(b[:2*nFlipSlice]), b[2*nFlipSlice:]
	k.symOf, b = b[:nFlipSlice:nFlipSlice], b[nFlipSlice:]
	k.rep, b = view32(b[:4*nClasses]), b[4*nClasses:]
	k.stab, b = view16(b[:2*nClasses]), b[2*nClasses:]
	nw := 4 * ((pruneLength + 7) / 8)
	words, b := view32(b[:nw]), b[nw:]
	var corners nibbles
	if c == Both {
		corners = nibbles(view32(b[:4*((cornerLength+7)/8)]))
	}
	for i, c := range k.classOf {
		if c >= nClasses || k.symOf[i] >= nSym {
			return nil, fmt.Errorf("%w: a class or symmetry out of range", ErrTableFile)
		}
	}
	k.pack()
	return &Tables{&pruneTable{k: k, mt: newMoveTables(), words: words, corners: corners}}, nil
}

// checkSize refuses a file whose size is neither of the two a table file
// has.
func checkSize(n int64) error {
	if n != int64(FileSize) && n != int64(FileSizeNoCorners) {
		return fmt.Errorf("%w: %d bytes, want %d (or %d without the corner table)", ErrTableFile, n, FileSize, FileSizeNoCorners)
	}
	return nil
}

// Load reads tables from a file, mapping it into memory where it can
// (read only, and kept for the life of the process) and using it in place.
// The same file loaded again, unchanged, gives the same tables: it is
// mapped once.
func Load(path string) (*Tables, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	loadedMu.Lock()
	defer loadedMu.Unlock()
	for _, l := range loaded {
		if os.SameFile(l.fi, fi) && l.fi.Size() == fi.Size() && l.fi.ModTime().Equal(fi.ModTime()) {
			return l.t, nil
		}
	}
	data, err := mapFile(path)
	if err != nil {
		return nil, err
	}
	t, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	loaded = append(loaded, loadedFile{fi, t})
	return t, nil
}

// loaded are the files Load has mapped.
var (
	loadedMu sync.Mutex
	loaded   []loadedFile
)

type loadedFile struct {
	fi os.FileInfo
	t  *Tables
}

// Save writes the tables to path atomically: into a temporary file in the
// same directory, synced, then renamed over path.
func (t *Tables) Save(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return checkedfile.Replace(path, 0o644, func(f *os.File) error {
		_, err := t.WriteTo(f)
		return err
	})
}

// CachePath is where the tables are kept: godtable/cube3-v3.gdt in the
// user's cache directory (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on
// Linux).
func CachePath() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "godtable", FileName), nil
}

// Open returns the tables in the cache, building and saving them there
// first if they are not there (or damaged), telling log how large they
// are, how long they take and how far the build has come.
func Open(log io.Writer, workers int) (*Tables, error) {
	path, err := CachePath()
	if err != nil {
		return nil, fmt.Errorf("no cache directory for the 3x3x3 tables: %w", err)
	}
	return OpenAt(path, log, workers)
}

// OpenAt is Open with the file at path.
func OpenAt(path string, log io.Writer, workers int) (*Tables, error) {
	t, err := Load(path)
	if err == nil {
		return t, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(log, "godtable: %v; building it again\n", err)
	}
	fmt.Fprintf(log, "godtable: building the 3x3x3 pruning tables once: %.0f MB into %s, under a minute on two processors\n", float64(FileSize)/1e6, path)
	start := time.Now()
	t, err = BuildFile(path, Both, BuildOptions{Workers: workers, Log: log, Progress: func(table string, depth, count, filled int) {
		n := pruneLength
		if table == "corners" {
			n = cornerLength
		}
		fmt.Fprintf(log, "godtable: 3x3x3 %s table: depth %d, %d of %d entries (%.0f%%), %s\n", table, depth, filled, n, 100*float64(filled)/float64(n), time.Since(start).Round(time.Second))
	}})
	if err != nil {
		return nil, fmt.Errorf("building the 3x3x3 tables: %w", err)
	}
	fmt.Fprintf(log, "godtable: 3x3x3 table built in %s\n", time.Since(start).Round(time.Second))
	return t, nil
}

// Search finds the optimal solutions of c (see Options).
func (t *Tables) Search(c Cubie, o Options) Result { return t.p.Search(c, o) }

// LowerBound is the table's lower bound of c's distance.
func (t *Tables) LowerBound(c Cubie) int {
	n := nodeOf(c)
	return t.p.bound(&n)
}

// Uninformed returns tables whose pruning table knows nothing (every entry
// 0): the search is then a plain iterative deepening, still optimal, fit
// for positions a few moves from solved and for tests. It takes no file
// and a second to make.
func Uninformed() *Tables {
	return &Tables{&pruneTable{k: newClasses(), mt: newMoveTables(), words: make([]uint32, (pruneLength+7)/8), corners: make(nibbles, (cornerLength+7)/8)}}
}

// hostLittleEndian: the file's numbers can be used in place.
var hostLittleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// view16 gives little-endian bytes as uint16s: in place where the host is
// little-endian and the bytes aligned, else copied.
func view16(b []byte) []uint16 {
	p := unsafe.SliceData(b)
	if hostLittleEndian && uintptr(unsafe.Pointer(p))%2 == 0 {
		return unsafe.Slice((*uint16)(unsafe.Pointer(p)), len(b)/2)
	}
	out := make([]uint16, len(b)/2)
	for i := range out {
		out[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return out
}

// view32 is view16 for uint32s.
func view32(b []byte) []uint32 {
	p := unsafe.SliceData(b)
	if hostLittleEndian && uintptr(unsafe.Pointer(p))%4 == 0 {
		return unsafe.Slice((*uint32)(unsafe.Pointer(p)), len(b)/4)
	}
	out := make([]uint32, len(b)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

// filePrefix begins every table file's header, whatever its contents.
const filePrefix = "godtable 3x3x3 pruning tables "

// IsTableFile reports whether the file at path begins as a table file
// does; Load checks the rest.
func IsTableFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(filePrefix))
	_, err = io.ReadFull(f, head)
	return err == nil && string(head) == filePrefix
}
