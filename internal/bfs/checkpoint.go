package bfs

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/godtable/godtable/internal/checkedfile"
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

// CheckpointDue reports whether a search keeps a checkpoint after a level
// (this package's, and classes.Search's),
// having run elapsed, sinceLast since its last checkpoint was written (or
// since it started), which took lastWrite to write (before the first, the
// guess FirstWriteGuess makes from its size).
//
// A checkpoint holds the whole table, whatever the level: a gigabyte for
// four billion indices. Written after every level, it would cost more than
// the early levels themselves, each a fraction of a second. So a checkpoint
// is kept after a level only when
//
//   - the search has run at least after (Options.CheckpointAfter: the
//     first time one may be kept),
//   - the time since the last one was written (or since the search
//     started) is at least a quarter of the time the search has run,
//   - and at least nine times the time the last one took to write.
//
// The quarter spaces the checkpoints out geometrically, each at least 4/3
// the time of the one before, so a search keeps a few, and one stopped
// loses at most about a quarter of its time, beyond the level it was in.
// The nine bounds their cost: every checkpoint is the same size, so the
// last one's time is the next one's, and each is paid for by nine times
// its length of search before it; writing them takes at most a tenth of
// the search's time. The first one's time is not known until it is
// written, so it is guessed from its size at firstWriteRate: a search
// keeps one only once it has run nine times that (a gigabyte, four billion
// indices, is about 10 s to write: its first checkpoint comes after 90 s;
// a search over in less needs none). A CheckpointAfter of 0 asks for the
// first after the first level, guessed at nothing (see Search): for tests
// that stop a search, and for a user who wants one at once.
func CheckpointDue(after, elapsed, sinceLast, lastWrite time.Duration) bool {
	return elapsed >= after && sinceLast >= max(elapsed/checkpointShare, checkpointCost*lastWrite)
}

// FirstWriteGuess is the time a checkpoint of the given bytes is guessed
// to take to write before one has been: at firstWriteRate.
func FirstWriteGuess(bytes uint64) time.Duration {
	return time.Duration(float64(bytes) / firstWriteRate * float64(time.Second))
}

const (
	// firstWriteRate is the rate, in bytes a second, a first checkpoint is
	// guessed to be written and synced at: a local disk's, once the file
	// is larger than the page cache takes at once (measured here: 120 MB
	// in 0.17 s, 554 MB in about 5 s).
	firstWriteRate = 100 << 20
	// checkpointShare: the time between checkpoints is at least the
	// search's time so far over this.
	checkpointShare = 4
	// checkpointCost: ... and at least this many times the last one's
	// writing time, so that writing takes at most 1/(1+checkpointCost)
	// of the search's.
	checkpointCost = 9
)
