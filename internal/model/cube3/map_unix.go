//go:build unix

package cube3

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps a whole file read only; the mapping is never undone, as the
// tables it holds live as long as the process.
func mapFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := checkSize(st.Size()); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return os.ReadFile(path)
	}
	return data, nil
}
