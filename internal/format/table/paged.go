package table

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"sync"
	"sync/atomic"

	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/klauspost/compress/huff0"
)

// Paged is a table read in place: OpenPaged reads and checks its header
// and block index only, and each level asked for is read from the one
// block that holds it, checked against the block's checksum, decoded and
// kept in a small cache. A table larger than the memory answers from it,
// holding no more than the index and the cached blocks.
//
// What a paged table cannot check at open is checked as blocks are read:
// each block's checksum before it is decoded, and its decoded length. The
// distances' checksum covers every block, so only reading them all (Read,
// godtable check) checks it.
//
// A version 3 table has no index: OpenPaged reads and checks it whole, as
// Read does, and answers from memory.
//
// A damaged block fails the reads of its levels, each time they are made,
// and no other: it is never cached, so every read of it checks it again,
// and an answer that reads only intact blocks is answered.
//
// A Paged is safe for concurrent use. A block is read and decoded under
// its lock, so goroutines that miss the cache wait for each other: the
// cache suits a walk, whose reads stay among a few blocks, more than many
// goroutines reading all over the table.
type Paged struct {
	Header
	lv      *Levels // the levels' layout (and a version 3 table's distances)
	r       io.ReaderAt
	name    string  // the table's name in its errors: its file's, once InFile has named it
	base    int64   // where r's first byte is in that file
	offsets []int64 // offsets[i] is where block i starts in r; the last is where the payload ends

	mu      sync.Mutex
	cache   []pagedBlock
	where   map[int]int // a cached block's place in cache
	tick    uint64
	scratch huff0.Scratch
	reads   int
}

// pagedBlock is a decoded block in a Paged's cache.
type pagedBlock struct {
	i    int
	data []byte
	used uint64 // the tick of its last use: the least recent is evicted
}

// DefaultCacheBlocks is how many decoded blocks a Paged keeps when
// OpenPaged is given none: 16 blocks of 128 KiB, 2 MiB.
const DefaultCacheBlocks = 16

// OpenPaged opens the table file of size bytes that r holds, for def, as a
// Paged that keeps at most cacheBlocks decoded blocks (DefaultCacheBlocks
// if cacheBlocks < 1). It reads the header and block index and checks them
// against their checksum, def, and size: the blocks must end where the
// file does. A table inside a larger file is given as an
// io.NewSectionReader of it.
func OpenPaged(def *puzzle.Def, r io.ReaderAt, size int64, cacheBlocks int) (*Paged, error) {
	head, err := readHead(io.NewSectionReader(r, 0, size))
	if err != nil {
		return nil, err
	}
	h, start, err := ReadHeader(def.Name, head)
	if err != nil {
		return nil, err
	}
	if err := h.check(def); err != nil {
		return nil, err
	}
	if h.Version == 3 || h.Symmetry == SymClasses {
		// No block index to page by; or a table of classes, whose map
		// from a representative to its entry reads every block.
		lv, err := Read(def, io.NewSectionReader(r, 0, size))
		if err != nil {
			return nil, err
		}
		return &Paged{Header: lv.Header, lv: lv, name: def.Name}, nil
	}
	offsets := make([]int64, len(h.Blocks)+1)
	offsets[0] = int64(start)
	for i, b := range h.Blocks {
		offsets[i+1] = offsets[i] + int64(b.Len)
	}
	if end := offsets[len(h.Blocks)]; end != size {
		return nil, &Error{Table: def.Name, Err: ErrCorrupt, Detail: fmt.Sprintf("the blocks end at byte %d, the file at %d", end, size)}
	}
	if cacheBlocks < 1 {
		cacheBlocks = DefaultCacheBlocks
	}
	lv := newLevels(h, nil)
	if def.Fold != nil {
		lv.index = def.Fold.Index
	}
	if h.Symmetry == SymClassIndex {
		lv.index = def.ClassIndex.Entry
	}
	return &Paged{
		Header:  *h,
		lv:      lv,
		r:       r,
		name:    def.Name,
		offsets: offsets,
		cache:   make([]pagedBlock, 0, cacheBlocks),
	}, nil
}

// InFile names the file the table is in, and the byte of it where the
// table's bytes (what OpenPaged was given) start, for the errors of its
// blocks: the name a user gave, and offsets in the file they can look at.
// It is called before the table answers.
func (p *Paged) InFile(file string, at int64) {
	p.name, p.base = file, at
}

// At returns the stored level of rank r, as Levels.At does, reading and
// decoding its block if it is not cached. A block that fails its checksum
// or does not decode gives an *Error naming it; a failure to read gives
// the reader's error.
func (p *Paged) At(r uint64) (uint8, error) {
	lv := p.lv
	if lv.data != nil {
		return lv.At(r), nil // a version 3 table, read whole
	}
	if lv.index != nil {
		if r = lv.index(r); r == NoEntry {
			return lv.unreachable(), nil
		}
	}
	b, err := p.byteAt(r >> lv.shift)
	if err != nil {
		return 0, err
	}
	return b >> ((uint8(r) & (1<<lv.shift - 1)) * lv.bits) & lv.mask, nil
}

// Below returns the level one step nearer than level v, as Levels.Below
// does.
func (p *Paged) Below(v uint8) uint8 { return p.lv.Below(v) }

// ReachableLevel reports whether a state at level v was reached from the
// goal, as Levels.ReachableLevel does.
func (p *Paged) ReachableLevel(v uint8) bool { return p.lv.ReachableLevel(v) }

// MaxDistance is the largest distance in the table.
func (p *Paged) MaxDistance() int { return len(p.Counts) - 1 }

// BlockSpan returns where block i (counting from 0) starts in the file,
// as InFile has it, and its length in bytes: where a damaged block's
// bytes are, for a tool or a test to look at; 0, 0 for a table read
// whole.
func (p *Paged) BlockSpan(i int) (at, n int64) {
	if p.lv.data != nil || i < 0 || i >= len(p.Blocks) {
		return 0, 0
	}
	return p.base + p.offsets[i], p.offsets[i+1] - p.offsets[i]
}

// BlocksRead is how many blocks have been read and decoded so far, a
// block evicted and read again counted again.
func (p *Paged) BlocksRead() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.reads
}

// byteAt returns byte at of the packed distances, from its block in the
// cache or read, checked and decoded into it (in place of the least
// recently used block when the cache is full). The byte is read under the
// lock: once it is released, another goroutine may decode another block
// into the same buffer.
func (p *Paged) byteAt(at uint64) (byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	block, err := p.block(int(at / blockSize))
	if err != nil {
		return 0, err
	}
	return block[at%blockSize], nil
}

// block returns block i's decoded bytes, from the cache or read, checked
// and decoded into it; p.mu is held.
func (p *Paged) block(i int) ([]byte, error) {
	p.tick++
	if k, ok := p.where[i]; ok {
		p.cache[k].used = p.tick
		return p.cache[k].data, nil
	}
	if p.where == nil {
		p.where = map[int]int{}
	}
	var slot *pagedBlock
	at := 0
	if len(p.cache) < cap(p.cache) {
		p.cache = append(p.cache, pagedBlock{})
		at = len(p.cache) - 1
	} else {
		for k := range p.cache {
			if p.cache[k].used < p.cache[at].used {
				at = k
			}
		}
	}
	slot = &p.cache[at]
	if slot.i >= 0 && len(slot.data) > 0 {
		delete(p.where, slot.i)
	}
	lo := uint64(i) * blockSize
	n := min(lo+blockSize, p.PackedLen) - lo
	data := slot.data[:0]
	if uint64(cap(data)) < n {
		data = make([]byte, n)
	}
	data = data[:n]
	// The slot is reused only once its new block is in it.
	slot.i, slot.used = -1, 0
	if err := p.readBlock(i, data); err != nil {
		return nil, err
	}
	slot.i, slot.data, slot.used = i, data, p.tick
	p.where[i] = at
	p.reads++
	return data, nil
}

// Levels returns the table's levels read through p: At and the Reader
// read each level from its block, as p.At does. A read that fails
// (damage found in a block, or the file's error) gives the level of an
// unreachable state and is kept: Levels.Err returns the first. An answer
// reads through its own Levels.Checked, so that its Err is its reads'
// alone: an answer whose Err is nil was read from checked blocks only.
func (p *Paged) Levels() *Levels {
	if p.lv.data != nil {
		return p.lv // a version 3 table, read whole
	}
	lv := *p.lv
	lv.page = p
	lv.fail = new(readFailure)
	return &lv
}

// readFailure is the first failure of the reads made through one Levels.
type readFailure struct {
	err atomic.Pointer[error]
}

// keep records err unless a failure is recorded already.
func (f *readFailure) keep(err error) { f.err.CompareAndSwap(nil, &err) }

// get returns the failure recorded, or nil.
func (f *readFailure) get() error {
	if e := f.err.Load(); e != nil {
		return *e
	}
	return nil
}

// level is At for Levels: a failure is kept in fail, and read as
// unreachable. Once fail holds one, every level reads so, unread: the
// answer reading through it is an error already, and a walk that goes on
// would read the damaged block again and again.
func (p *Paged) level(r uint64, fail *readFailure) uint8 {
	if fail.err.Load() != nil {
		return p.lv.unreachable()
	}
	v, err := p.At(r)
	if err != nil {
		fail.keep(err)
		return p.lv.unreachable()
	}
	return v
}

// readBlock reads block i from the file, checks it and decodes it into out.
// A damaged block, or one the reader fails to read, is an *Error naming it
// (Error.Block).
func (p *Paged) readBlock(i int, out []byte) error {
	z := make([]byte, p.offsets[i+1]-p.offsets[i])
	damaged := func(detail string) error {
		return &Error{Table: p.name, Err: ErrCorrupt, Detail: detail, Block: i + 1, Offset: p.base + p.offsets[i]}
	}
	// A ReaderAt may say io.EOF with the last byte: the bytes count.
	if n, err := p.r.ReadAt(z, p.offsets[i]); n < len(z) {
		if err == nil || errors.Is(err, io.EOF) {
			return damaged("cut short: the file ends")
		}
		return &Error{Table: p.name, Err: err, Block: i + 1, Offset: p.base + p.offsets[i]}
	}
	if got := crc32.ChecksumIEEE(z); got != p.Blocks[i].CRC {
		return damaged(fmt.Sprintf("checksum mismatch: %08x, want %08x", got, p.Blocks[i].CRC))
	}
	if err := decodeBlock(z, out, &p.scratch); err != nil {
		return damaged(fmt.Sprintf("does not decode: %v", err))
	}
	return nil
}
