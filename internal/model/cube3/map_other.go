//go:build !unix

package cube3

import "os"

// mapFile reads a whole file where mapping is not at hand.
func mapFile(path string) ([]byte, error) { return os.ReadFile(path) }
