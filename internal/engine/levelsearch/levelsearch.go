// Package levelsearch drives a search that goes one level at a time, out
// from its goal: the breadth-first search of states (bfs), the search of
// classes (classes) and the search over a class index (symindex) run on it. It owns what they share: stopping on
// the context between levels, and when to keep a checkpoint, so that a
// search stopped at any moment loses little and checkpoints cost little.
// What a level is, how it is found and how a checkpoint is written are the
// search's own (a Stepper).
package levelsearch

import (
	"context"
	"time"
)

// Stepper is a search under way, one level at a time.
type Stepper interface {
	// Step searches the level after level d, the last one found, keeps
	// it, and returns the number it found; 0 ends the search (nothing
	// farther, or the search's own end).
	Step(ctx context.Context, d int) (found uint64, err error)
	// Save keeps the levels found so far in the search's checkpoint.
	Save() error
}

// Options tune Run.
type Options struct {
	// Checkpoint says whether the search keeps checkpoints (Stepper.Save).
	Checkpoint bool
	// CheckpointAfter is the time the search runs before it keeps its
	// first checkpoint (see CheckpointDue); 0 keeps one after the first
	// level.
	CheckpointAfter time.Duration
	// CheckpointBytes is about the size of a checkpoint, from which the
	// first one's writing time is guessed (FirstWriteGuess).
	CheckpointBytes uint64
	// Due, when not nil, replaces CheckpointDue: a test keeps a
	// checkpoint after every level with it.
	Due func(after, elapsed, sinceLast, lastWrite time.Duration) bool
}

// Run steps s from level from, the last one it holds, until a step finds
// nothing, and returns the last level found. It stops, with the context's
// error, when ctx is done between levels; a step checks ctx within a level
// itself. After each level found, it keeps a checkpoint when CheckpointDue
// says so.
func Run(ctx context.Context, s Stepper, from int, opt Options) (int, error) {
	due := opt.Due
	if due == nil {
		due = CheckpointDue
	}
	start := time.Now()
	lastSave, lastWrite := start, time.Duration(0)
	if opt.CheckpointAfter > 0 {
		lastWrite = FirstWriteGuess(opt.CheckpointBytes)
	}
	d := from
	for {
		if err := ctx.Err(); err != nil {
			return d, err
		}
		found, err := s.Step(ctx, d)
		if err != nil {
			return d, err
		}
		if found == 0 {
			return d, nil
		}
		d++
		now := time.Now()
		if opt.Checkpoint && due(opt.CheckpointAfter, now.Sub(start), now.Sub(lastSave), lastWrite) {
			if err := s.Save(); err != nil {
				return d, err
			}
			lastSave = time.Now()
			lastWrite = lastSave.Sub(now)
		}
	}
}

// CheckpointDue reports whether a search keeps a checkpoint after a level,
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
// first after the first level, guessed at nothing (see Run): for tests
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
