package bfs

import (
	"encoding/binary"
	"errors"
	"path/filepath"

	"github.com/godtable/godtable/internal/format/checkedfile"
)

// diskMagic starts a manifest: its last digit is the version of the work
// directory's files, whose manifest an older or newer search refuses.
const diskMagic = "GDTDISK4"

// manifest is how far a search on disk has come.
type manifest struct {
	id         [32]byte
	size, goal uint64
	words      uint64
	counts     []uint64
	phase      phase // the level's pass under way
	next       int   // the next chunk of the pass
	// lag[c] is the first level whose marks chunk c's file lacks (0: it
	// lacks none): an apply step that gives a chunk few indices keeps them
	// in its frontier file alone, and the chunk takes them when it is next
	// read (see loadCurrent).
	lag   []int
	found uint64 // the apply pass's count so far
	// files records the files the steps to come consume (see
	// diskfiles.go).
	files map[fileKey]fileSum
}

func (m *manifest) encode() []byte {
	b := []byte(diskMagic)
	b = append(b, m.id[:]...)
	le := binary.LittleEndian
	b = le.AppendUint64(b, m.size)
	b = le.AppendUint64(b, m.goal)
	b = le.AppendUint64(b, m.words)
	b = le.AppendUint64(b, uint64(m.phase))
	b = le.AppendUint64(b, uint64(m.next))
	b = le.AppendUint64(b, m.found)
	b = le.AppendUint64(b, uint64(len(m.counts)))
	for _, c := range m.counts {
		b = le.AppendUint64(b, c)
	}
	b = le.AppendUint64(b, uint64(len(m.lag)))
	for _, l := range m.lag {
		b = le.AppendUint64(b, uint64(l))
	}
	return appendFiles(b, m.files)
}

func decodeManifest(b []byte) (*manifest, bool) {
	if len(b) < len(diskMagic)+32+7*8 || string(b[:len(diskMagic)]) != diskMagic {
		return nil, false
	}
	b = b[len(diskMagic):]
	m := &manifest{}
	copy(m.id[:], b)
	b = b[32:]
	u := func() uint64 { v := binary.LittleEndian.Uint64(b); b = b[8:]; return v }
	m.size, m.goal, m.words = u(), u(), u()
	m.phase = phase(u())
	if m.phase > applying {
		return nil, false
	}
	m.next = int(u())
	m.found = u()
	n := u()
	if n == 0 || n > maxLevels || uint64(len(b)) < 8*n+8 {
		return nil, false
	}
	for range n {
		m.counts = append(m.counts, u())
	}
	k := u()
	if k > 1<<20 || uint64(len(b)) < 8*k {
		return nil, false
	}
	for range k {
		l := u()
		if l > n {
			return nil, false
		}
		m.lag = append(m.lag, int(l))
	}
	files, rest, ok := decodeFiles(b)
	if !ok || len(rest) != 0 {
		return nil, false
	}
	m.files = files
	return m, true
}

// syncFiles says a step's files are synced before the manifest records
// the step (with syncfs where there is one, else each before it is renamed
// into place), so that a machine that stops, not only the search, leaves
// no step recorded whose files are not whole; the tests, which stop the
// search alone, turn it off.
var syncFiles = true

// syncStep syncs what a step wrote, before the manifest records it.
func (s *disk) syncStep() error {
	if !syncFiles || !haveSyncfs {
		return nil
	}
	return syncfs(s.opt.Dir)
}

// DiskResumeWords returns the chunk, in words, of the search on disk of
// size indices in dir, if there is one to resume: a search keeps the
// chunks it started with, whatever the memory and the workers it resumes
// with. (SearchDisk checks the search is the graph's.)
func DiskResumeWords(dir string, size uint64) (uint64, bool) {
	b, err := readRecord(filepath.Join(dir, "manifest"))
	if err != nil {
		return 0, false
	}
	m, ok := decodeManifest(b)
	if !ok || m.size != size {
		return 0, false
	}
	return m.words, true
}

// writeRecord writes b, a manifest or a task's result, as a file whole.
func writeRecord(path string, b []byte) (int64, error) {
	w, err := checkedfile.Create(path, checkedfile.WriterOptions{BufferSize: bufSize(len(b)), Length: int64(len(b)), Unsynced: unsynced()})
	if err != nil {
		return 0, err
	}
	if _, err := w.Write(b); err != nil {
		w.Abort()
		return 0, err
	}
	n, _, err := w.Close()
	return n, err
}

// readRecord reads a file writeRecord wrote, checked; a missing file's
// error is os.ErrNotExist's.
func readRecord(path string) ([]byte, error) {
	b, err := checkedfile.ReadAll(path)
	var de *checkedfile.DamageError
	if errors.As(err, &de) {
		return nil, damaged(path, de.Why)
	}
	return b, err
}

// save records the manifest, once the step before it is recorded and
// what was written is synced.
func (s *disk) save() error {
	if err := s.wait(); err != nil {
		return err
	}
	if err := s.syncStep(); err != nil {
		return err
	}
	_, err := writeRecord(s.manifestPath(), s.m.encode())
	return err
}

// commit records a step in the background: it syncs what the step wrote,
// writes the manifest as it stands now, then runs after (the removal of
// the files the step consumed), while the next step runs. The manifest
// never says a step is done before its files are synced, and at most one
// commit is under way: the next waits for it.
func (s *disk) commit(after func() error) error {
	if err := s.wait(); err != nil {
		return err
	}
	snap := s.m.encode()
	done := make(chan error, 1)
	s.pending = done
	go func() {
		err := s.syncStep()
		if err == nil {
			_, err = writeRecord(s.manifestPath(), snap)
		}
		if err == nil && after != nil {
			err = after()
		}
		done <- err
	}()
	return nil
}

// wait waits for the commit under way, if any, and returns its error.
func (s *disk) wait() error {
	if s.pending == nil {
		return nil
	}
	err := <-s.pending
	s.pending = nil
	return err
}
