package bfs

import (
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/godtable/godtable/internal/format/checkedfile"
)

// No file of a search on disk is trusted by its name, nor by its absence.
// Each carries at its start, inside its checksum, what it is: its kind,
// the search's ID, its chunk (an update or ask file's target, sender and
// worker), its level, and the step that wrote it. The manifest records
// every file a later step consumes: each chunk file's and frontier file's
// size and checksum, and, for each pair of chunks, how many update or ask
// files the one sent the other, their bytes and the sum of their
// checksums. A step reads only what the manifest records, or what an
// earlier attempt of the same step wrote (a search killed between a step's
// files and its record), and refuses a file missing, moved, copied from
// elsewhere, cut short or changed, naming it: a damaged work directory
// stops the search, it never makes a wrong table.

// fileKind is what a work file holds.
type fileKind uint8

const (
	chunkKind  fileKind = iota + 1 // a chunk's levels
	frontKind                      // a chunk's frontier at a level
	updateKind                     // offsets one chunk sends another
	askKind                        // questions one chunk puts to another
)

var kindNames = [...]string{chunkKind: "levels", frontKind: "frontier", updateKind: "updates", askKind: "questions"}

func (k fileKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("kind %d", k)
}

// stamp is the step that wrote a file: the level it searched from and its
// pass; the start's is level -1.
type stamp struct {
	d int
	p phase
}

// ident is what a work file says it is.
type ident struct {
	kind   fileKind
	level  int // the level in its name (a chunk file's: 0)
	chunk  int // its chunk; an update or ask file's, the chunk it goes to
	from   int // an update or ask file's sender
	worker int // and the sender's worker
	by     stamp
	id     [32]byte
}

const fileMagic = "GDTWORK1"

// headerSize is the bytes of a work file's identity.
const headerSize = len(fileMagic) + 32 + 4 + 5*4

func (h ident) encode() []byte {
	b := append([]byte(fileMagic), h.id[:]...)
	b = append(b, byte(h.kind), byte(h.by.p), 0, 0)
	le := binary.LittleEndian
	for _, v := range []int{h.level, h.by.d + 1, h.chunk, h.from, h.worker} {
		b = le.AppendUint32(b, uint32(v))
	}
	return b
}

func decodeIdent(b []byte) (ident, bool) {
	if len(b) < headerSize || string(b[:len(fileMagic)]) != fileMagic {
		return ident{}, false
	}
	var h ident
	b = b[len(fileMagic):]
	copy(h.id[:], b)
	b = b[32:]
	h.kind, h.by.p = fileKind(b[0]), phase(b[1])
	b = b[4:]
	u := func() int { v := binary.LittleEndian.Uint32(b); b = b[4:]; return int(v) }
	h.level, h.by.d, h.chunk, h.from, h.worker = u(), u()-1, u(), u(), u()
	return h, h.by.p <= applying
}

// what says what a file holds, for messages: "chunk 3's levels",
// "chunk 2's updates for chunk 5 at distance 4".
func (h ident) what() string {
	switch h.kind {
	case chunkKind:
		return fmt.Sprintf("chunk %d's levels", h.chunk)
	case frontKind:
		return fmt.Sprintf("chunk %d's frontier at distance %d", h.chunk, h.level)
	}
	return fmt.Sprintf("chunk %d's %s for chunk %d at distance %d (worker %d)", h.from, h.kind, h.chunk, h.level+1, h.worker)
}

// fileKey names a file, or a pair's group of files, in the manifest.
type fileKey struct {
	kind        fileKind
	level       int
	chunk, from int
}

func (h ident) key() fileKey {
	switch h.kind {
	case chunkKind:
		return fileKey{kind: chunkKind, chunk: h.chunk}
	case frontKind:
		return fileKey{kind: frontKind, level: h.level, chunk: h.chunk}
	}
	return fileKey{kind: h.kind, level: h.level, chunk: h.chunk, from: h.from}
}

// group says the key is a pair's group of files, not one file.
func (k fileKey) group() bool { return k.kind == updateKind || k.kind == askKind }

// fileSum is what the manifest records of a file, or of a group: how many
// files, their bytes and the sum of their checksums.
type fileSum struct {
	files int
	size  int64
	sum   uint64
}

// files is the files a step wrote, or the manifest records; a step's
// workers add to it at once.
type files struct {
	mu sync.Mutex
	m  map[fileKey]fileSum
}

// add records a file written whole: a chunk or frontier file in place of
// the last, an update or ask file into its pair's group.
func (f *files) add(h ident, size int64, crc uint32) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.m == nil {
		f.m = map[fileKey]fileSum{}
	}
	k := h.key()
	s := fileSum{files: 1, size: size, sum: uint64(crc)}
	if k.group() {
		old := f.m[k]
		s = fileSum{files: old.files + 1, size: old.size + size, sum: old.sum + uint64(crc)}
	}
	f.m[k] = s
}

// sorted returns the records in a fixed order, for the files that hold
// them.
func sortedKeys(m map[fileKey]fileSum) []fileKey {
	return slices.SortedFunc(maps.Keys(m), func(a, b fileKey) int {
		for _, d := range []int{int(a.kind) - int(b.kind), a.level - b.level, a.chunk - b.chunk, a.from - b.from} {
			if d != 0 {
				return d
			}
		}
		return 0
	})
}

// appendFiles encodes records: their count, then each.
func appendFiles(b []byte, m map[fileKey]fileSum) []byte {
	le := binary.LittleEndian
	b = le.AppendUint64(b, uint64(len(m)))
	for _, k := range sortedKeys(m) {
		s := m[k]
		b = append(b, byte(k.kind))
		for _, v := range []uint64{uint64(k.level), uint64(k.chunk), uint64(k.from), uint64(s.files), uint64(s.size), s.sum} {
			b = le.AppendUint64(b, v)
		}
	}
	return b
}

// decodeFiles reads what appendFiles wrote, and returns the bytes after.
func decodeFiles(b []byte) (map[fileKey]fileSum, []byte, bool) {
	const rec = 1 + 6*8
	if len(b) < 8 {
		return nil, nil, false
	}
	n := binary.LittleEndian.Uint64(b)
	b = b[8:]
	if n > uint64(len(b))/rec {
		return nil, nil, false
	}
	m := make(map[fileKey]fileSum, n)
	for range n {
		k := fileKey{kind: fileKind(b[0])}
		b = b[1:]
		u := func() uint64 { v := binary.LittleEndian.Uint64(b); b = b[8:]; return v }
		lv, ch, fr, fs, sz, sum := u(), u(), u(), u(), u(), u()
		if k.kind < chunkKind || k.kind > askKind || lv > maxLevels || ch > 1<<31 || fr > 1<<31 || fs > 1<<31 || sz > 1<<62 {
			return nil, nil, false
		}
		k.level, k.chunk, k.from = int(lv), int(ch), int(fr)
		m[k] = fileSum{files: int(fs), size: int64(sz), sum: sum}
	}
	return m, b, true
}

// take records a step's files in the manifest: each in place of what it
// had under its name.
func (m *manifest) take(out map[fileKey]fileSum) {
	if m.files == nil {
		m.files = map[fileKey]fileSum{}
	}
	maps.Copy(m.files, out)
}

// consumed drops the records of the files a step consumed: the updates
// an apply step took, the questions an answer step answered.
func (m *manifest) consumed(d, c int, p phase) {
	kind, ok := inboxKind(p)
	if !ok {
		return
	}
	maps.DeleteFunc(m.files, func(k fileKey, _ fileSum) bool { return k.kind == kind && k.level == d && k.chunk == c })
}

// inboxKind is the kind of the files a step of phase p consumes: the
// updates an apply step takes, the questions an answer step answers; false
// for a step that consumes none.
func inboxKind(p phase) (fileKind, bool) {
	switch p {
	case answering:
		return askKind, true
	case applying:
		return updateKind, true
	}
	return 0, false
}

// dropFronts drops the records of the frontier files of the levels before
// keep, which the search removes.
func (m *manifest) dropFronts(keep int) {
	maps.DeleteFunc(m.files, func(k fileKey, _ fileSum) bool { return k.kind == frontKind && k.level < keep })
}

// workError is the error for a file of the work directory that the search
// cannot take: it names the file, says what is wrong, and what to do.
func workError(path, why string) error {
	return fmt.Errorf("%w: %s %s; remove %s to start the search again", ErrWorkDir, path, why, filepath.Dir(path))
}

// redo is the step under way, whose own earlier attempt's chunk and
// frontier files it takes (see accept); nil outside a step.
func (s *disk) redo() *stamp {
	if !s.inStep {
		return nil
	}
	return &s.cur
}

// create starts a work file that says it is h (as the step under way
// wrote it), whose content, its identity with it, is length bytes, and
// records it in the step's files once it is whole.
func (s *disk) create(path string, h ident, length int) (*workWriter, error) {
	return s.createWith(path, h, checkedfile.WriterOptions{BufferSize: bufSize(length), Length: int64(length)})
}

// createWith is create with the writer's options: an update or ask file,
// whose length is not known before, goes through a buffer its worker
// keeps.
func (s *disk) createWith(path string, h ident, opt checkedfile.WriterOptions) (*workWriter, error) {
	opt.Unsynced = unsynced()
	f, err := checkedfile.Create(path, opt)
	if err != nil {
		return nil, err
	}
	h.id, h.by = s.opt.ID, s.cur
	w := &workWriter{Writer: f, rec: &s.out, id: h}
	if _, err := w.Write(h.encode()); err != nil {
		w.abort()
		return nil, err
	}
	return w, nil
}

// openWork opens a work file for reading in cr, reads its identity and
// checks it is want's; a missing file is named as such.
func (s *disk) openWork(cr *workReader, path string, want ident) (ident, error) {
	if cr.BufferSize == 0 {
		// The buffer holds a file's identity at least.
		cr.BufferSize = max(maxBuf, 2*headerSize)
	}
	cr.path = path
	var de *checkedfile.DamageError
	if err := cr.Open(path); errors.Is(err, os.ErrNotExist) {
		return ident{}, workError(path, fmt.Sprintf("is missing (%s)", want.what()))
	} else if errors.As(err, &de) {
		return ident{}, cr.err(err)
	} else if err != nil {
		return ident{}, fmt.Errorf("%w: %v", ErrWorkDir, err)
	}
	head, err := cr.Next(headerSize)
	if err != nil && !errors.As(err, &de) {
		cr.Close()
		return ident{}, cr.err(err)
	}
	got, ok := decodeIdent(head)
	if !ok {
		cr.Close()
		return ident{}, damaged(path, "not a file of a search's work directory at its start")
	}
	if err := s.checkIdent(path, got, want); err != nil {
		cr.Close()
		return ident{}, err
	}
	return got, nil
}

// checkIdent says whether the file at path, which says it is got, is the
// one wanted: the same kind, chunk, sender and search. The level and the
// step that wrote it are checked against the manifest by accept.
func (s *disk) checkIdent(path string, got, want ident) error {
	switch {
	case got.id != s.opt.ID:
		return workError(path, "is another search's file (copied from another work directory)")
	case got.kind != want.kind || got.chunk != want.chunk || got.level != want.level ||
		want.kind >= updateKind && (got.from != want.from || got.worker != want.worker):
		return workError(path, fmt.Sprintf("holds %s, not %s (a file moved or copied)", got.what(), want.what()))
	}
	return nil
}

// accept says whether a chunk or frontier file, read whole, is the one
// the manifest records under its name, or one the step under way (redo)
// wrote in an earlier attempt: a search killed after a step's files and
// before its record runs the step again over them.
func (s *disk) accept(path string, got ident, size int64, crc uint32, redo *stamp) error {
	rec, ok := s.m.files[got.key()]
	if ok && rec.files == 1 && rec.size == size && rec.sum == uint64(crc) {
		return nil
	}
	if redo != nil && got.by == *redo {
		return nil
	}
	if !ok {
		return workError(path, "is not a file the search recorded")
	}
	return workError(path, fmt.Sprintf("is not the file the search recorded (%d bytes, checksum %08x; recorded %d bytes, %08x): an older or another copy", size, crc, rec.size, uint32(rec.sum)))
}

// groupFiles is the files of a pair's group found in the work directory,
// and what their reading adds up to.
type groupFiles struct {
	names []string
	got   fileSum
}

// checkGroups compares the update or ask files found for chunk t at level
// d (by sender) with the manifest's record: a group with a file missing,
// or a file the manifest does not record, is refused before any is read.
func (s *disk) checkGroups(kind fileKind, d, t int, found map[int]*groupFiles) error {
	for k, rec := range s.m.files {
		if k.kind != kind || k.level != d || k.chunk != t {
			continue
		}
		n := 0
		if g := found[k.from]; g != nil {
			n = len(g.names)
		}
		if n < rec.files {
			pattern := filepath.Join(s.opt.Dir, groupPrefix(kind, d, t, k.from)+"*")
			return workError(pattern, fmt.Sprintf("is missing: %d of chunk %d's %d %s files for chunk %d at distance %d are there", n, k.from, rec.files, groupNoun(kind), t, d+1))
		}
	}
	for from, g := range found {
		rec := s.m.files[fileKey{kind: kind, level: d, chunk: t, from: from}]
		if len(g.names) > rec.files {
			return workError(filepath.Join(s.opt.Dir, g.names[len(g.names)-1]), fmt.Sprintf("is not a file the search recorded (chunk %d sent chunk %d %d %s files at distance %d, and %d are there)", from, t, rec.files, groupNoun(kind), d+1, len(g.names)))
		}
	}
	return nil
}

// checkSums compares what the files read of each group add up to with
// the manifest's record, once they are read.
func (s *disk) checkSums(kind fileKind, d, t int, found map[int]*groupFiles) error {
	for from, g := range found {
		rec := s.m.files[fileKey{kind: kind, level: d, chunk: t, from: from}]
		if g.got != rec {
			return workError(filepath.Join(s.opt.Dir, groupPrefix(kind, d, t, from)+"*"),
				fmt.Sprintf("are not the files the search recorded (%d files, %d bytes, against %d and %d): an older or another copy", g.got.files, g.got.size, rec.files, rec.size))
		}
	}
	return nil
}

// groupNoun names an update or ask file's kind before "files".
func groupNoun(kind fileKind) string {
	if kind == askKind {
		return "ask"
	}
	return "update"
}

// groupPrefix is the start of the names of chunk from's update or ask
// files for chunk t at level d.
func groupPrefix(kind fileKind, d, t, from int) string {
	return fmt.Sprintf("%s-%05d-%06d-%06d-", groupNoun(kind), d, t, from)
}

// groupFile is one update or ask file a step is to read.
type groupFile struct {
	name string
	want ident
}

// inbox is the update or ask files for chunk t at level d: those the
// manifest records, every one there, checked before any is read.
type inbox struct {
	kind  fileKind
	d, t  int
	list  []groupFile
	mu    sync.Mutex
	found map[int]*groupFiles // by sender
}

// inbox lists and checks the update or ask files for chunk t at level d.
func (s *disk) inbox(kind fileKind, d, t int) (*inbox, error) {
	names, err := s.groupNames(kind, d, t)
	if err != nil {
		return nil, err
	}
	in := &inbox{kind: kind, d: d, t: t, found: map[int]*groupFiles{}}
	for _, name := range names {
		var l, to, from, w int
		format := "update-%05d-%06d-%06d-%d"
		if kind == askKind {
			format = "ask-%05d-%06d-%06d-%d"
		}
		if _, err := fmt.Sscanf(name, format, &l, &to, &from, &w); err != nil || l != d || to != t {
			continue
		}
		in.list = append(in.list, groupFile{name, ident{kind: kind, level: d, chunk: t, from: from, worker: w}})
		g := in.found[from]
		if g == nil {
			g = &groupFiles{}
			in.found[from] = g
		}
		g.names = append(g.names, name)
	}
	if err := s.checkGroups(kind, d, t, in.found); err != nil {
		return nil, err
	}
	return in, nil
}

// read reads file i of the inbox through cr: body reads what follows its
// identity; the file's checksum is checked at its end and added to its
// group's.
func (s *disk) readInbox(in *inbox, i int, cr *workReader, body func(path string) error) error {
	f := in.list[i]
	path := filepath.Join(s.opt.Dir, f.name)
	got, err := s.openWork(cr, path, f.want)
	if err != nil {
		return err
	}
	if got.by.d != in.d {
		cr.Close()
		return workError(path, fmt.Sprintf("was written at distance %d, not %d: an older copy", got.by.d+1, in.d+1))
	}
	if err := body(path); err != nil {
		cr.Close()
		return err
	}
	n, sum, err := cr.done()
	if err != nil {
		return err
	}
	s.read.Add(n)
	in.mu.Lock()
	g := in.found[f.want.from]
	g.got.files++
	g.got.size += n
	g.got.sum += uint64(sum)
	in.mu.Unlock()
	return nil
}

// groupNames returns the names of the update or ask files of level d for
// chunk t.
func (s *disk) groupNames(kind fileKind, d, t int) ([]string, error) {
	ents, err := os.ReadDir(s.opt.Dir)
	if err != nil {
		return nil, err
	}
	prefix := strings.TrimSuffix(groupPrefix(kind, d, t, 0), "000000-")
	var names []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), prefix) && !strings.HasSuffix(e.Name(), ".tmp") {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// verifyStep reads, as chunk c's step of level d's pass p would, the files
// it consumes, and checks each is the one the manifest records: a search
// whose tasks left no result for a chunk tells a damaged work directory,
// which no task run again can mend, from tasks that failed.
func (s *disk) verifyStep(d, c int, p phase) error {
	s.cur, s.inStep = stamp{d, p}, true
	defer func() { s.inStep = false }()
	words, front, next := s.buffers()
	switch p {
	case expanding:
		if err := s.loadFront(d, c, front, false); err != nil {
			return err
		}
	case applying:
		if err := s.loadFront(d+1, c, next, false); err != nil {
			return err
		}
	}
	if err := s.loadCurrent(c, words, d); err != nil {
		return err
	}
	kind, ok := inboxKind(p)
	if !ok {
		return nil
	}
	in, err := s.inbox(kind, d, c)
	if err != nil {
		return err
	}
	for i := range in.list {
		if err := s.readInbox(in, i, &s.in, func(string) error { return s.in.err(s.in.Skip()) }); err != nil {
			return err
		}
	}
	return s.checkSums(kind, d, c, in.found)
}
