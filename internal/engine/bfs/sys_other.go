//go:build !unix

package bfs

import (
	"os"
	"time"
)

// lockDir does nothing where there is no flock: two builds in one work
// directory are not told apart there.
func lockDir(*os.File) error { return nil }

func waitLock(*os.File) error { return nil }

// cpuTime is 0 where the system does not say.
func cpuTime() time.Duration { return 0 }
