package bfs

import (
	"context"
	"errors"
	"testing"
	"time"
)

// CheckpointEveryLevel has searches keep a checkpoint after every level
// once CheckpointAfter has passed, the rule before CheckpointDue, until
// the test ends: a test that stops a search after any level needs one
// there.
func CheckpointEveryLevel(t testing.TB) {
	old := checkpointRule
	checkpointRule = func(after, elapsed, _, _ time.Duration) bool { return elapsed >= after }
	t.Cleanup(func() { checkpointRule = old })
}

// SearchDiskStopped is SearchDisk stopped after steps chunk steps, as a
// kill would stop it.
func SearchDiskStopped(ctx context.Context, g Graph, goal uint64, opt DiskOptions, steps int) (*DiskLevels, error) {
	opt.stopAfter = steps
	return SearchDisk(ctx, g, goal, opt)
}

// NoSync has the search on disk leave its files unsynced until the test
// ends: a test's stop is the search's, not the machine's.
func NoSync(t testing.TB) {
	syncFiles = false
	t.Cleanup(func() { syncFiles = true })
}

// SmallBuffers has the search on disk read and write its files through
// buffers of n bytes until the test ends.
func SmallBuffers(t testing.TB, n int) {
	old := maxBuf
	maxBuf = n
	t.Cleanup(func() { maxBuf = old })
}

// IsStopped says err is SearchDiskStopped's stop.
func IsStopped(err error) bool { return errors.Is(err, errStopped) }

// DiskTaskKilled is DiskTask killed after its step, before it writes its
// result.
func DiskTaskKilled(ctx context.Context, g Graph, opt DiskTaskOptions) error {
	opt.killed = true
	_, err := DiskTask(ctx, g, opt)
	return err
}

// DiskAt says where the search in dir is: the distance it searches for,
// its pass (as a task names it), the next chunk of the pass, and the
// search's chunks.
func DiskAt(dir string) (level int, pass string, next, chunks int, err error) {
	b, err := readRecord(dir + "/manifest")
	if err != nil {
		return 0, "", 0, 0, err
	}
	m, ok := decodeManifest(b)
	if !ok {
		return 0, "", 0, 0, errors.New("not a manifest")
	}
	return len(m.counts), passNames[m.phase], m.next, len(m.lag), nil
}
