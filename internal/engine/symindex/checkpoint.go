package symindex

import (
	"errors"
	"fmt"
	"os"

	"github.com/godtable/godtable/internal/format/checkedfile"
)

// A search over a class index keeps its work after a whole distance in a
// file:
//
//	"GDTSYMI1"  magic
//	id          32 bytes (SearchOptions.ID)
//	size        uint64, indices
//	goal        uint64, the goal's index
//	distances   uint32 n; then, a distance: uint64 classes and uint64
//	            states found at it
//	levels      two bits an index, in uint64 words
//	crc         uint32, CRC-32 (IEEE) of everything above
//
// It is a checkedfile: a search killed at any moment leaves the last whole
// checkpoint or none, and one is read whole and checked before any of it
// is used.
const checkpointMagic = "GDTSYMI1"

// maxDistances bounds the distances a checkpoint may give, so that a
// damaged one cannot ask for a huge allocation: a table holds fewer.
const maxDistances = 1 << 16

// save writes the search's checkpoint.
func (s *levelSearch) save() error {
	l := s.l
	err := checkedfile.Write(s.opt.Checkpoint, func(e *checkedfile.Encoder) error {
		e.Bytes([]byte(checkpointMagic))
		e.Bytes(s.opt.ID[:])
		e.U64(l.size)
		e.U64(s.goal)
		e.U32(uint32(len(l.ClassCounts)))
		for d := range l.ClassCounts {
			e.U64(l.ClassCounts[d])
			e.U64(l.StateCounts[d])
		}
		e.Words(l.words)
		return nil
	})
	if err != nil {
		return fmt.Errorf("checkpoint %s: %w", s.opt.Checkpoint, err)
	}
	return nil
}

// load reads the search's checkpoint: nil when there is none. One of
// another search (another definition, index or goal), or a damaged one,
// is an error naming the file, and nothing of it is used.
func (s *levelSearch) load() (*Levels, error) {
	path := s.opt.Checkpoint
	d, err := checkedfile.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	defer d.Close()
	bad := func(what string) (*Levels, error) {
		return nil, fmt.Errorf("checkpoint %s: %s: delete it to start again", path, what)
	}
	var magic [8]byte
	var id [32]byte
	d.Bytes(magic[:])
	d.Bytes(id[:])
	if d.Err() != nil || string(magic[:]) != checkpointMagic {
		return bad("not a checkpoint of a search over a class index")
	}
	if id != s.opt.ID {
		return bad("of another definition or class index")
	}
	if size, goal := d.U64(), d.U64(); d.Err() != nil || size != s.x.size || goal != s.goal {
		return bad(fmt.Sprintf("of an index of %d indices from goal %d, this search's has %d from %d", size, goal, s.x.size, s.goal))
	}
	n := d.U32()
	if d.Err() != nil || n == 0 || n > maxDistances || int64(n)*16 > d.Left() {
		return bad("damaged")
	}
	l := &Levels{words: make([]uint64, (s.x.size+31)/32), size: s.x.size,
		ClassCounts: make([]uint64, n), StateCounts: make([]uint64, n)}
	met := uint64(0)
	for k := range n {
		l.ClassCounts[k], l.StateCounts[k] = d.U64(), d.U64()
		met += l.ClassCounts[k]
	}
	d.Words(l.words)
	if d.Finish() != nil {
		return bad("damaged")
	}
	// A checkpoint whose sum matches holds what a search wrote; these
	// guard against one written by a search that went wrong.
	if l.ClassCounts[0] != 1 || met > s.x.size || l.Level(s.goal) != 0 {
		return bad("inconsistent counts or levels")
	}
	if r := s.x.size % 32; r != 0 {
		if l.words[len(l.words)-1]>>(2*r) != ^uint64(0)>>(2*r) {
			return bad("inconsistent levels past the last index")
		}
	}
	return l, nil
}
