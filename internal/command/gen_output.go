package command

import (
	"fmt"
	"io"
	"os"

	"github.com/godtable/godtable/internal/ksolve"
)

// errDefinitionSize is readDefinition's answer for a file longer than a
// definition may be.
var errDefinitionSize = fmt.Errorf("definition too long (at most %d bytes)", ksolve.MaxSize)

// readDefinition reads a definition file, at most ksolve.MaxSize bytes of
// it: the parser refuses a longer one anyway, and read whole, a device
// such as /dev/zero would take all the memory there is before anything
// could look at its size.
func readDefinition(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, ksolve.MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(src) > ksolve.MaxSize {
		return nil, errDefinitionSize
	}
	return src, nil
}
