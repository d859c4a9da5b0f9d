//go:build !unix

package prune

import "os"

// mapping is a file mapped to memory; there is none on this system.
type mapping struct{ data []byte }

// mapFile returns nil: the file is read instead.
func mapFile(f *os.File, size int64) *mapping { return nil }
