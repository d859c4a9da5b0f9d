package symindex

import (
	"testing"
	"time"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// What the tests of package symindex_test (which imports deftable, which
// imports symindex) read of this package's samples.

// Samples are the definitions the tests walk.
func Samples() []sample { return samples() }

// Name names the sample.
func (c sample) Name() string { return c.name }

// Long says that -short leaves the sample out.
func (c sample) Long() bool { return c.long }

// InA is the sample's split, or nil for New's choice.
func (c sample) InA() []bool { return c.inA }

// Index is the sample's class index: New's, or one within the set.
func (c sample) Index(p *ksolve.Puzzle, syms []ksolve.Symmetry) (*Index, error) {
	return c.index(p, syms)
}

// Puzzle reads the sample's puzzle.
func (c sample) Puzzle(t *testing.T) *ksolve.Puzzle { return c.puzzle(t) }

// MaxEnumerated bounds the states a test walks one by one.
func MaxEnumerated() uint64 { return maxEnumerated() }

// CheckpointEveryDistance has the searches keep a checkpoint after every
// distance until the test ends, so that one stopped after any distance
// resumes from it.
func CheckpointEveryDistance(t *testing.T) {
	saved := checkpointRule
	checkpointRule = func(_, _, _, _ time.Duration) bool { return true }
	t.Cleanup(func() { checkpointRule = saved })
}

// SmallChunks has the searches take a word of levels at a time until the
// test ends, so that the workers share even a small index's words.
func SmallChunks(t *testing.T) {
	saved := chunkWords
	chunkWords = 1
	t.Cleanup(func() { chunkWords = saved })
}
