package bfs

import (
	"testing"
	"time"
)

// CheckpointEveryLevel has searches keep a checkpoint after every level
// once CheckpointAfter has passed, the rule before checkpointDue, until
// the test ends: a test that stops a search after any level needs one
// there.
func CheckpointEveryLevel(t testing.TB) {
	old := checkpointRule
	checkpointRule = func(after, elapsed, _, _ time.Duration) bool { return elapsed >= after }
	t.Cleanup(func() { checkpointRule = old })
}
