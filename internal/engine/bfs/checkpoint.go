package bfs

import (
	"errors"
	"fmt"
	"os"

	"github.com/godtable/godtable/internal/format/checkedfile"
)

// A checkpoint is a search's work after a whole level, in a file:
//
//	"GDTCKPT1"   magic
//	id           32 bytes, the graph's identity (Options.ID)
//	size         uint64, indices
//	levels       uint32 n, then n uint64: indices at each distance
//	words        the Levels' words, uint64 each
//	crc          uint32, CRC-32 (IEEE) of everything above
//
// It is a checkedfile: a search killed at any moment leaves the last
// complete checkpoint or none, never part of one; and it is read whole and
// checked before it is trusted.
const ckptMagic = "GDTCKPT1"

func saveCheckpoint(path string, id [32]byte, lv *Levels) error {
	err := checkedfile.Write(path, func(e *checkedfile.Encoder) error {
		e.Bytes([]byte(ckptMagic))
		e.Bytes(id[:])
		e.U64(lv.Size)
		e.U32(uint32(len(lv.Counts)))
		e.Words(lv.Counts)
		e.Words(lv.Words)
		return nil
	})
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return nil
}

// maxLevels bounds the levels a checkpoint may give, so that a damaged one
// cannot ask for a huge allocation: no table holds more (table.MaxDistances;
// bfs keeps to no table format, so the bound is its own, and above it).
const maxLevels = 1 << 16

var errCheckpoint = errors.New("not a checkpoint of this search")

// loadCheckpoint reads the checkpoint at path; nil, nil when there is none.
// A checkpoint of another graph, or a damaged one, is an error (and is not
// used).
func loadCheckpoint(path string, id [32]byte, size uint64) (*Levels, error) {
	d, err := checkedfile.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer d.Close()
	var magic [8]byte
	var gotID [32]byte
	d.Bytes(magic[:])
	d.Bytes(gotID[:])
	if d.Err() != nil || string(magic[:]) != ckptMagic || gotID != id || d.U64() != size {
		return nil, errCheckpoint
	}
	nl := d.U32()
	if d.Err() != nil || nl == 0 || nl > maxLevels {
		return nil, errCheckpoint
	}
	lv := &Levels{Size: size, Counts: make([]uint64, nl), Words: make([]uint64, (size+31)/32)}
	d.Words(lv.Counts)
	d.Words(lv.Words)
	if d.Finish() != nil {
		return nil, errCheckpoint
	}
	return lv, nil
}
