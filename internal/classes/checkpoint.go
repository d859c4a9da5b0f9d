package classes

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"github.com/godtable/godtable/internal/bfs"
)

// A search of classes keeps its work after a whole distance in a file:
//
//	"GDTCLAS1"  magic
//	id          32 bytes (SearchOptions.ID)
//	size        uint64, indices
//	symmetries, generators, distances  uint32 each; then, a distance:
//	            uint64 classes and uint64 states found at it
//	marks       a bit an index, in uint64 words
//	reps        two bits an index, in uint64 words
//	tree        a distance: uint32 nodes, then each node's generator
//	            (uint16) and height (uint8), then, for all but the last,
//	            nodes+1 uint32 offsets of their children
//	crc         uint32, CRC-32 (IEEE) of everything above
//
// It is written as bfs.SaveFile writes, so that a search stopped at any
// moment leaves the last whole one or none; and it is read whole and
// checked before it is trusted.
const classMagic = "GDTCLAS1"

// bytes is about the size of a checkpoint.
func (s *classSearch) bytes() uint64 {
	n := uint64(8*len(s.marks) + 8*len(s.out.reps))
	for _, lv := range s.levels {
		n += uint64(7 * len(lv.gen))
	}
	return n
}

// save writes the search's checkpoint to path.
func (s *classSearch) save(path string, id [32]byte) error {
	return bfs.SaveFile(path, func(w io.Writer) error {
		e := encoder{w: w}
		e.bytes([]byte(classMagic))
		e.bytes(id[:])
		e.u64(s.out.size)
		e.u32(uint32(s.S))
		e.u32(uint32(s.deg))
		e.u32(uint32(len(s.levels)))
		for d := range s.levels {
			e.u64(s.out.ClassCounts[d])
			e.u64(s.out.StateCounts[d])
		}
		for _, w := range s.marks {
			e.u64(w)
		}
		for _, w := range s.out.reps {
			e.u64(w)
		}
		for k, lv := range s.levels {
			e.u32(uint32(len(lv.gen)))
			for j, g := range lv.gen {
				e.u16(g)
				e.bytes([]byte{lv.height[j]})
			}
			if k < len(s.levels)-1 {
				for _, f := range lv.first {
					e.u32(f)
				}
			}
		}
		return e.err
	})
}

// load reads the checkpoint at path into the search, and says whether
// there was one. A checkpoint of another search, or a damaged one, is an
// error.
func (s *classSearch) load(path string, id [32]byte) (bool, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("checkpoint: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return false, fmt.Errorf("checkpoint: %w", err)
	}
	crc := crc32.NewIEEE()
	d := decoder{r: bufio.NewReaderSize(io.TeeReader(io.LimitReader(f, st.Size()-4), crc), 1<<20)}
	bad := func(what string) (bool, error) {
		return false, fmt.Errorf("checkpoint %s: %s: delete it to start again", path, what)
	}
	var magic [8]byte
	var gotID [32]byte
	d.bytes(magic[:])
	d.bytes(gotID[:])
	if d.err != nil || string(magic[:]) != classMagic {
		return bad("not a checkpoint of a search of classes")
	}
	if gotID != id {
		return bad("of another puzzle, index or symmetries")
	}
	if d.u64() != s.out.size || d.u32() != uint32(s.S) || d.u32() != uint32(s.deg) {
		return bad("of another index")
	}
	n := int(d.u32())
	if d.err != nil || n < 1 || n > 256 {
		return bad("damaged")
	}
	s.out.ClassCounts, s.out.StateCounts = make([]uint64, n), make([]uint64, n)
	s.out.Classes = 0
	for k := range n {
		s.out.ClassCounts[k], s.out.StateCounts[k] = d.u64(), d.u64()
		s.out.Classes += s.out.ClassCounts[k]
	}
	for i := range s.marks {
		s.marks[i] = d.u64()
	}
	for i := range s.out.reps {
		s.out.reps[i] = d.u64()
	}
	s.levels = make([]level, n)
	for k := range s.levels {
		m := uint64(d.u32())
		if d.err != nil || m != s.out.ClassCounts[k] || m > s.out.size {
			return bad("damaged")
		}
		lv := level{gen: make([]uint16, m), height: make([]uint8, m)}
		for j := range m {
			lv.gen[j] = d.u16()
			lv.height[j] = d.u8()
		}
		if k < n-1 {
			lv.first = make([]uint32, m+1)
			for j := range lv.first {
				lv.first[j] = d.u32()
			}
		}
		s.levels[k] = lv
	}
	if d.err != nil {
		return bad("damaged")
	}
	var sum uint32
	if err := binary.Read(f, binary.LittleEndian, &sum); err != nil || sum != crc.Sum32() {
		return bad("damaged")
	}
	// The offsets must stay inside the next level, in order.
	for k := range n - 1 {
		lv := s.levels[k]
		last := uint32(0)
		for _, o := range lv.first {
			if o < last || uint64(o) > uint64(len(s.levels[k+1].gen)) {
				return bad("damaged")
			}
			last = o
		}
		if int(last) != len(s.levels[k+1].gen) {
			return bad("damaged")
		}
	}
	return true, nil
}

// encoder writes little-endian numbers, keeping the first error.
type encoder struct {
	w   io.Writer
	buf [8]byte
	err error
}

func (e *encoder) bytes(b []byte) {
	if e.err == nil {
		_, e.err = e.w.Write(b)
	}
}

func (e *encoder) u16(v uint16) { binary.LittleEndian.PutUint16(e.buf[:], v); e.bytes(e.buf[:2]) }
func (e *encoder) u32(v uint32) { binary.LittleEndian.PutUint32(e.buf[:], v); e.bytes(e.buf[:4]) }
func (e *encoder) u64(v uint64) { binary.LittleEndian.PutUint64(e.buf[:], v); e.bytes(e.buf[:8]) }

// decoder reads what encoder writes, keeping the first error.
type decoder struct {
	r   *bufio.Reader
	buf [8]byte
	err error
}

func (d *decoder) bytes(b []byte) {
	if d.err == nil {
		_, d.err = io.ReadFull(d.r, b)
	}
	if d.err != nil {
		clear(b)
	}
}

func (d *decoder) u8() uint8   { d.bytes(d.buf[:1]); return d.buf[0] }
func (d *decoder) u16() uint16 { d.bytes(d.buf[:2]); return binary.LittleEndian.Uint16(d.buf[:]) }
func (d *decoder) u32() uint32 { d.bytes(d.buf[:4]); return binary.LittleEndian.Uint32(d.buf[:]) }
func (d *decoder) u64() uint64 { d.bytes(d.buf[:8]); return binary.LittleEndian.Uint64(d.buf[:]) }
