package checkedfile

import (
	"os"
	"path/filepath"
)

// Replace writes the file at path whole or not at all, for a file whose
// format carries checksums of its own (a table, whose blocks each have
// theirs) or needs none: write fills a temporary file beside path, which
// is then synced and renamed over path. When write or the writing fails,
// the temporary file is removed and path stays as it was. The file's mode
// is perm.
func Replace(path string, perm os.FileMode, write func(f *os.File) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = write(f); err != nil {
		return err
	}
	if err = f.Chmod(perm); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// ReplaceBytes is Replace of a file whose content is data.
func ReplaceBytes(path string, data []byte, perm os.FileMode) error {
	return Replace(path, perm, func(f *os.File) error {
		_, err := f.Write(data)
		return err
	})
}
