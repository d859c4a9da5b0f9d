package cube3

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/godtable/godtable/internal/format/checkedfile"
)

// A build keeps its work in a directory (BuildOptions.Work): for each
// table, a file of its entries as they stand after a depth, written every
// checkpointEvery and once the table is whole. After each depth the table
// holds exactly the entries of that depth or less, whichever workers made
// it, so a build that reads such a file goes on from the next depth and
// ends with the same bytes as a build never stopped.

// checkpointEvery is how often a table under way is kept: a checkpoint
// writes the whole table (70 MB at most), so not at every depth.
const checkpointEvery = 10 * time.Second

// workMagic heads a work file; the table's name follows it. It names the
// table file's version, whose numbering of the entries the work shares:
// work left by a build of another version is not read.
const workMagic = "godtable 3x3x3 build work for " + FileName + ": "

// tableWork keeps one table's build in a file of the work directory.
type tableWork struct {
	path string // "" keeps nothing
	name string
	last time.Time
	// stopAfter, in tests, stops the build (as a kill would) once the
	// entries of that depth are kept; 0 never.
	stopAfter int
}

// workNames are the files a build keeps in its work directory.
var workNames = []string{"flip-slice-twist", "corners"}

// removeWork removes the build's files from dir (each table's, and any a
// write killed half way left beside it), then dir if nothing else is in
// it: a directory the user named may hold files of their own, which stay.
func removeWork(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	left := 0
	for _, e := range entries {
		name := e.Name()
		ours := false
		for _, w := range workNames {
			ours = ours || name == w || strings.HasPrefix(name, w+".") && strings.HasSuffix(name, ".tmp")
		}
		if ours && e.Type().IsRegular() {
			os.Remove(filepath.Join(dir, name))
			continue
		}
		left++
	}
	if left == 0 {
		os.Remove(dir)
	}
}

// errStopped is what a build stopped by stopAfter returns.
var errStopped = errors.New("cube3: build stopped for a test")

func newTableWork(dir, name string) *tableWork {
	w := &tableWork{name: name, last: time.Now()}
	if dir != "" {
		w.path = filepath.Join(dir, name)
	}
	return w
}

// resume reads the kept entries into t, which is unset, and returns the
// depth they reach, the entries at that depth and the entries set; ok is
// false where there is no file, or it is damaged or another table's (then
// t is unset again and why says so).
func (w *tableWork) resume(t nibbles) (depth, count, filled int, ok bool, why error) {
	if w.path == "" {
		return 0, 0, 0, false, nil
	}
	d, err := checkedfile.Open(w.path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return 0, 0, 0, false, nil
		}
		return 0, 0, 0, false, err
	}
	defer d.Close()
	magic := []byte(workMagic + w.name + "\n")
	head := make([]byte, len(magic))
	d.Bytes(head)
	if d.Left() != 4*int64(len(t)) || string(head) != string(magic) {
		return 0, 0, 0, false, fmt.Errorf("%s is not the %s table's work", w.path, w.name)
	}
	buf := make([]byte, 1<<20)
	for i := 0; i < len(t); {
		b := buf[:4*min(len(buf)/4, len(t)-i)]
		d.Bytes(b)
		for ; len(b) > 0; b, i = b[4:], i+1 {
			t[i] = binary.LittleEndian.Uint32(b)
		}
	}
	if err := d.Finish(); err != nil {
		for i := range t {
			t[i] = 0xffffffff
		}
		return 0, 0, 0, false, fmt.Errorf("%s: %w", w.path, err)
	}
	depth, count, filled = t.reach()
	return depth, count, filled, filled > 0, nil
}

// reach returns the deepest entry set, how many are that deep and how many
// are set.
func (t nibbles) reach() (depth, count, filled int) {
	var at [16]int
	for _, word := range t {
		for sh := 0; sh < 32; sh += 4 {
			at[word>>sh&15]++
		}
	}
	for v := range unset {
		if at[v] > 0 {
			depth, count = v, at[v]
		}
		filled += at[v]
	}
	return depth, count, filled
}

// keep writes t, whose entries of depth or less are set, when a checkpoint
// is due or t is whole; it returns errStopped where a test stops there.
func (w *tableWork) keep(t nibbles, depth int, whole bool) error {
	if w.path == "" {
		return nil
	}
	if whole || time.Since(w.last) >= checkpointEvery || depth == w.stopAfter {
		if err := os.MkdirAll(filepath.Dir(w.path), 0o755); err != nil {
			return err
		}
		err := checkedfile.Write(w.path, func(e *checkedfile.Encoder) error {
			e.Bytes([]byte(workMagic + w.name + "\n"))
			buf := make([]byte, 0, 1<<20)
			for i, v := range t {
				buf = binary.LittleEndian.AppendUint32(buf, v)
				if len(buf) == cap(buf) || i == len(t)-1 {
					e.Bytes(buf)
					buf = buf[:0]
				}
			}
			return e.Err()
		})
		if err != nil {
			return fmt.Errorf("keeping the %s table's work: %w", w.name, err)
		}
		w.last = time.Now()
	}
	if depth == w.stopAfter && !whole {
		return errStopped
	}
	return nil
}
