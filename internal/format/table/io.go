package table

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/klauspost/compress/huff0"
)

// readSize is the most bytes Read buffers from its io.ReaderAt at once
// (a stored block, 128 KiB, may be read straight into its place): a table
// is read in passes of this size, never held whole.
const readSize = 64 << 10

// Read reads a table file from r, from its first byte to its end, and
// checks and decodes it: a file on disk, a table fetched or built at run
// time, as well as bytes (bytes.NewReader). It reads every byte once, in
// order, a buffer's worth at a time: the header, then the payload, decoded
// block by block into the distances as it comes, its checksum taken on the
// way. Damage or a mismatch gives an *Error, the same whichever of the
// checks meets it first (a damaged payload is refused by its checksum, not
// by the block it makes undecodable); a failure to read gives the reader's
// error as it is.
func Read(def *puzzle.Def, r io.ReaderAt) (*Levels, error) {
	return read(def.Name, def, r)
}

// Inspect reads a table file as Read does, checking every checksum and
// every block, but against no definition: for a tool that verifies a file
// whatever puzzle it is of (godtable check). name names it in errors. The
// levels it returns read a folded table by entry, not by rank.
func Inspect(name string, r io.ReaderAt) (*Levels, error) {
	return read(name, nil, r)
}

// read is Read, or Inspect when def is nil.
func read(name string, def *puzzle.Def, r io.ReaderAt) (*Levels, error) {
	src := bufio.NewReaderSize(io.NewSectionReader(r, 0, math.MaxInt64), readSize)
	head, err := readHead(src)
	if err != nil {
		return nil, err
	}
	h, _, err := ReadHeader(name, head)
	if err != nil {
		return nil, err
	}
	if def != nil {
		if err := h.check(def); err != nil {
			return nil, err
		}
	}
	packed := make([]byte, h.PackedLen)
	if h.Version == 3 {
		err = readPayloadV3(src, h, packed)
	} else {
		err = readBlocks(src, h, packed)
	}
	if err != nil {
		var c corruption
		if errors.As(err, &c) {
			return nil, &Error{Table: name, Err: ErrCorrupt, Detail: string(c)}
		}
		return nil, err
	}
	if got := crc32.ChecksumIEEE(packed); got != h.PackedCRC {
		return nil, &Error{Table: name, Err: ErrCorrupt, Detail: fmt.Sprintf("distances checksum %08x, want %08x", got, h.PackedCRC)}
	}
	lv := newLevels(h, packed)
	if def != nil && def.Fold != nil {
		lv.index = def.Fold.Index
	}
	if h.Symmetry == SymClasses && def != nil {
		lv.classIndex(def.Canonical)
	}
	if h.Symmetry == SymClassIndex && def != nil {
		lv.index = def.ClassIndex.Entry
	}
	return lv, nil
}

// corruption is what is wrong with a payload, which Read gives as an
// *Error of its table; any other error is the reader's.
type corruption string

func (c corruption) Error() string { return string(c) }

func corrupt(format string, args ...any) error { return corruption(fmt.Sprintf(format, args...)) }

// readBlocks reads a version 4 payload from r into packed: each block's
// bytes, as long as the header's index says, checked against its checksum
// before it is decoded, so that a damaged block is named and refused
// before it is decoded. Nothing may follow the last block.
//
// Blocks are read in order, a window at a time, and the window's blocks
// are decoded on every core at once: decoding, not reading, is what opening
// a large table costs (huff0 decodes about 200 MB of distances a second on
// one core here). The first block in order that fails is the error, as if
// they were decoded one by one.
func readBlocks(r io.Reader, h *Header, packed []byte) error {
	workers := runtime.GOMAXPROCS(0)
	window := 2 * workers
	bufs := make([][]byte, window)
	errs := make([]error, window)
	scratch := make([]huff0.Scratch, workers)
	nb := len(h.Blocks)
	for w0 := 0; w0 < nb; w0 += window {
		n := min(window, nb-w0)
		// Read the window's blocks; a block that is cut short or fails its
		// checksum ends the window there, its error to be said once the
		// blocks before it are decoded.
		var stop error
		read := 0
		for j := range n {
			i := w0 + j
			// A block's length is at most maxBlockLen (ReadHeader), so
			// it is read whole into a buffer of its length.
			k := int(h.Blocks[i].Len)
			bufs[j] = slices.Grow(bufs[j][:0], k)[:k]
			if _, err := io.ReadFull(r, bufs[j]); err == io.EOF || err == io.ErrUnexpectedEOF {
				stop = corrupt("block %d of %d is cut short (the file ends)", i+1, nb)
				break
			} else if err != nil {
				return err
			}
			if got := crc32.ChecksumIEEE(bufs[j]); got != h.Blocks[i].CRC {
				lo := uint64(i) * blockSize
				stop = corrupt("block %d of %d (distances bytes %d to %d): checksum %08x, want %08x", i+1, nb, lo, min(lo+blockSize, uint64(len(packed))), got, h.Blocks[i].CRC)
				break
			}
			read++
		}
		// The blocks are decoded by workers-1 goroutines and this one:
		// one block, or one core, needs no other goroutine.
		var next atomic.Int64
		decode := func(w int) {
			for {
				j := int(next.Add(1) - 1)
				if j >= read {
					return
				}
				lo := uint64(w0+j) * blockSize
				errs[j] = decodeBlock(bufs[j], packed[lo:min(lo+blockSize, uint64(len(packed)))], &scratch[w])
			}
		}
		var wg sync.WaitGroup
		for w := 1; w < min(workers, read); w++ {
			wg.Go(func() { decode(w) })
		}
		decode(0)
		wg.Wait()
		for j := range read {
			if errs[j] != nil {
				return corrupt("block %d of %d: %v", w0+j+1, nb, errs[j])
			}
		}
		if stop != nil {
			return stop
		}
	}
	if n, err := io.Copy(io.Discard, r); err != nil {
		return err
	} else if n != 0 {
		return corrupt("payload: %d bytes past its last block", n)
	}
	return nil
}

// readPayloadV3 reads a version 3 payload, checked as a whole: its blocks
// decoded as they come and its checksum taken on the way, then the
// checksum first, so that a damaged payload is refused by its checksum, not
// by the block it makes undecodable.
func readPayloadV3(r io.Reader, h *Header, packed []byte) error {
	payload := &payloadReader{r: r, crc: crc32.NewIEEE()}
	decodeErr := decompress(payload, packed)
	// The rest of the file, past the last block or the block that failed,
	// is read for the payload's checksum and length.
	left, _ := io.Copy(io.Discard, payload)
	if payload.err != nil {
		return payload.err
	}
	if got := payload.crc.Sum32(); got != h.PayloadCRC {
		return corrupt("payload checksum %08x, want %08x", got, h.PayloadCRC)
	}
	// A payload whose checksum holds but whose blocks do not is refused
	// as Decompress refuses it: its size first, then its first bad block,
	// then what is left over.
	if err := canHold(payload.n, h.PackedLen); err != nil {
		return corrupt("payload: %v", err)
	}
	if decodeErr != nil {
		return corrupt("payload: %v", decodeErr)
	}
	if left != 0 {
		return corrupt("payload: %v", leftOver(h.PackedLen, left))
	}
	return nil
}

// readHead reads a table's header from the start of its file: the magic,
// version and length, then as many bytes as the length says and the
// header's checksum, or as many of them as the file holds. Those are what
// ReadHeader reads of the whole file, so it refuses the prefix as it would
// the file. The error is the reader's alone; a short file is ReadHeader's
// to refuse.
func readHead(r io.Reader) ([]byte, error) {
	head := make([]byte, len(magic)+6)
	n, err := io.ReadFull(r, head[:len(magic)+4])
	if err == nil {
		version := binary.LittleEndian.Uint16(head[len(magic):])
		if version == Version {
			// Version 4's length is 32 bits: two more bytes.
			var m int
			m, err = io.ReadFull(r, head[n:n+2])
			n += m
		}
		if err == nil {
			if size, _, ok := headLen(version, head[len(magic):n]); ok && size <= maxHeader {
				head = append(head[:n], make([]byte, size+4)...)
				var m int
				m, err = io.ReadFull(r, head[n:])
				n += m
			}
		}
	}
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	return head[:n], nil
}

// payloadReader passes on the reads of a table's payload, taking its
// checksum and length as they come; err is the first failure to read other
// than the end of the file.
type payloadReader struct {
	r   io.Reader
	crc hash.Hash32
	n   int64
	err error
}

func (p *payloadReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.crc.Write(b[:n])
	p.n += int64(n)
	if err != nil && err != io.EOF && p.err == nil {
		p.err = err
	}
	return n, err
}

// Write encodes the distances of def's states as Encode does and writes
// the table file to w.
func Write(w io.Writer, def *puzzle.Def, dist []uint8) error {
	file, err := Encode(def, dist)
	if err != nil {
		return err
	}
	_, err = w.Write(file)
	return err
}
