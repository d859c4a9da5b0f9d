//go:build !js

package app

import (
	"errors"
	"io"
	"strings"
	"syscall"
)

// buildFailed is the exit status of a build that failed with err: a full
// disk is ExitIO wherever it filled (the check of the free space before a
// build on disk, the work directory's files, a checkpoint, the table), as
// a failed write of the answers is; anything else ExitInvalid.
func buildFailed(err error) int {
	if diskFull(err) {
		return ExitIO
	}
	return ExitInvalid
}

// diskFull says whether err is a file system out of space. Some of the
// search's errors keep the system's only as text (they wrap their own
// kind of error), so the text counts too.
func diskFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || strings.Contains(err.Error(), syscall.ENOSPC.Error())
}

// tableOutput, if set, stands between a build and the file it writes its
// table to: a test makes the disk fill there.
var tableOutput func(io.Writer) io.Writer

// freeSpaceOf is freeSpace, which a test replaces to see a disk too small.
var freeSpaceOf = freeSpace
