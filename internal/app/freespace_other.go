//go:build !unix && !js

package app

// freeSpace does not know the free space here.
func freeSpace(string) (uint64, bool) { return 0, false }
