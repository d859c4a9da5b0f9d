package classes

import (
	"errors"
	"fmt"
	"os"

	"github.com/godtable/godtable/internal/format/checkedfile"
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
// It is a checkedfile, so that a search stopped at any
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
	err := checkedfile.Write(path, func(e *checkedfile.Encoder) error {
		e.Bytes([]byte(classMagic))
		e.Bytes(id[:])
		e.U64(s.out.size)
		e.U32(uint32(s.S))
		e.U32(uint32(s.deg))
		e.U32(uint32(len(s.levels)))
		for d := range s.levels {
			e.U64(s.out.ClassCounts[d])
			e.U64(s.out.StateCounts[d])
		}
		for _, w := range s.marks {
			e.U64(w)
		}
		for _, w := range s.out.reps {
			e.U64(w)
		}
		for k, lv := range s.levels {
			e.U32(uint32(len(lv.gen)))
			for j, g := range lv.gen {
				e.U16(g)
				e.U8(lv.height[j])
			}
			if k < len(s.levels)-1 {
				for _, f := range lv.first {
					e.U32(f)
				}
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return nil
}

// load reads the checkpoint at path into the search, and says whether
// there was one. A checkpoint of another search, or a damaged one, is an
// error.
func (s *classSearch) load(path string, id [32]byte) (bool, error) {
	d, err := checkedfile.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("checkpoint: %w", err)
	}
	defer d.Close()
	bad := func(what string) (bool, error) {
		return false, fmt.Errorf("checkpoint %s: %s: delete it to start again", path, what)
	}
	var magic [8]byte
	var gotID [32]byte
	d.Bytes(magic[:])
	d.Bytes(gotID[:])
	if d.Err() != nil || string(magic[:]) != classMagic {
		return bad("not a checkpoint of a search of classes")
	}
	if gotID != id {
		return bad("of another puzzle, index or symmetries")
	}
	if d.U64() != s.out.size || d.U32() != uint32(s.S) || d.U32() != uint32(s.deg) {
		return bad("of another index")
	}
	n := int(d.U32())
	if d.Err() != nil || n < 1 || n > 256 {
		return bad("damaged")
	}
	s.out.ClassCounts, s.out.StateCounts = make([]uint64, n), make([]uint64, n)
	s.out.Classes = 0
	for k := range n {
		s.out.ClassCounts[k], s.out.StateCounts[k] = d.U64(), d.U64()
		s.out.Classes += s.out.ClassCounts[k]
	}
	for i := range s.marks {
		s.marks[i] = d.U64()
	}
	for i := range s.out.reps {
		s.out.reps[i] = d.U64()
	}
	s.levels = make([]level, n)
	for k := range s.levels {
		m := uint64(d.U32())
		if d.Err() != nil || m != s.out.ClassCounts[k] || m > s.out.size {
			return bad("damaged")
		}
		lv := level{gen: make([]uint16, m), height: make([]uint8, m)}
		for j := range m {
			lv.gen[j] = d.U16()
			lv.height[j] = d.U8()
		}
		if k < n-1 {
			lv.first = make([]uint32, m+1)
			for j := range lv.first {
				lv.first[j] = d.U32()
			}
		}
		s.levels[k] = lv
	}
	if d.Err() != nil {
		return bad("damaged")
	}
	if d.Finish() != nil {
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
