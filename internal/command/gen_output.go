package command

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

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

// prepareOutput readies the directory of the table at path for a build
// that may take hours, before it starts: it checks that a file can be made
// there (the table and its checkpoints are written beside path and renamed
// into place, so otherwise the build would fail only at its first
// checkpoint or at its end). release undoes what it did.
func prepareOutput(path string) (release func(), err error) {
	dir := filepath.Dir(path)
	probe, err := os.CreateTemp(dir, filepath.Base(path)+".*.tmp")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("cannot write in %s: %v", dir, err)
	}
	probe.Close()
	os.Remove(probe.Name())
	return func() {}, nil
}
