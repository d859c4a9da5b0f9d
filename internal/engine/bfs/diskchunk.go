package bfs

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"slices"

	"github.com/godtable/godtable/internal/format/checkedfile"
)

// A work file is a checkedfile (see internal/format/checkedfile): written
// whole or not at all, and read a buffer at a time, its checksum checked
// at its end. Its identity comes first (see diskfiles.go).

func damaged(path, why string) error {
	return workError(path, "is damaged ("+why+")")
}

// workWriter is a work file being written, recorded in the step's files,
// as id says it is, once whole.
type workWriter struct {
	*checkedfile.Writer
	rec *files
	id  ident
}

// close finishes the file and records it; it returns the bytes written.
func (w *workWriter) close() (int64, error) {
	n, sum, err := w.Close()
	if err == nil && w.rec != nil {
		w.rec.add(w.id, n, sum)
	}
	return n, err
}

// abort drops a file not finished.
func (w *workWriter) abort() { w.Abort() }

// unsynced says a file is left unsynced at its close: where syncfs syncs
// a step's files at once (syncStep), or where the tests turn syncing off.
func unsynced() bool { return !syncFiles || haveSyncfs }

// workReader reads a work file a buffer at a time, naming it in its
// errors. Its buffer is kept from file to file.
type workReader struct {
	checkedfile.Reader
	path string
}

// err names the file in a read's error.
func (r *workReader) err(err error) error {
	var de *checkedfile.DamageError
	switch {
	case err == nil || errors.Is(err, ErrWorkDir):
		return err
	case errors.As(err, &de):
		return damaged(r.path, de.Why)
	}
	return fmt.Errorf("%w: %s: %v", ErrWorkDir, r.path, err)
}

// words reads len(w) little-endian words into w.
func (r *workReader) words(w []uint64) error { return r.err(r.Words(w)) }

// more says bytes are left before the checksum.
func (r *workReader) more() (bool, error) {
	more, err := r.More()
	return more, r.err(err)
}

// done checks that the file is read to its checksum and that it matches,
// closes it, and returns its size and checksum.
func (r *workReader) done() (int64, uint32, error) {
	n, sum, err := r.Done()
	return n, sum, r.err(err)
}

// bufSize is the buffer for a file of n bytes: maxBuf, or less for a
// smaller file.
func bufSize(n int) int { return max(16, min(n, maxBuf)) }

// maxBuf is the largest file buffer: a megabyte; the tests make it small,
// so that every file takes many.
var maxBuf = 1 << 20

// saveChunk writes chunk c's levels.
func (s *disk) saveChunk(c int, words []uint64) error {
	w, err := s.create(s.chunkPath(c), ident{kind: chunkKind, chunk: c}, headerSize+8*len(words))
	if err != nil {
		return err
	}
	if err := writeWords(w, words); err != nil {
		w.abort()
		return err
	}
	n, err := w.close()
	s.written.Add(n)
	if err == nil && s.m != nil {
		s.m.lag[c] = 0
	}
	return err
}

// writeWords writes words little-endian, a piece at a time.
func writeWords(w io.Writer, words []uint64) error {
	var buf [8 << 10]byte
	for len(words) > 0 {
		k := min(len(words), len(buf)/8)
		for i, x := range words[:k] {
			binary.LittleEndian.PutUint64(buf[8*i:], x)
		}
		if _, err := w.Write(buf[:8*k]); err != nil {
			return err
		}
		words = words[k:]
	}
	return nil
}

// loadChunk reads chunk c's levels into words, a buffer at a time (the
// file is never held whole besides them), and checks its checksum.
func (s *disk) loadChunk(c int, words []uint64) error {
	path := s.chunkPath(c)
	return s.readWork(path, ident{kind: chunkKind, chunk: c}, s.redo(), func() error {
		if want := int64(headerSize+8*len(words)) + 4; s.in.Size() != want {
			return damaged(path, fmt.Sprintf("%d bytes, want %d", s.in.Size(), want))
		}
		return s.in.words(words)
	})
}

// readWork reads the chunk or frontier file at path, which is to be want,
// in s.in: body reads what follows its identity. The file is taken once
// read whole, if it is the one the manifest records, or one the step under
// way (redo) wrote in an earlier attempt (see accept).
func (s *disk) readWork(path string, want ident, redo *stamp, body func() error) error {
	got, err := s.openWork(&s.in, path, want)
	if err != nil {
		return err
	}
	if err := body(); err != nil {
		s.in.Close()
		return err
	}
	n, sum, err := s.in.done()
	if err != nil {
		return err
	}
	if err := s.accept(path, got, n, sum, redo); err != nil {
		return err
	}
	s.read.Add(n)
	return nil
}

// loadCurrent reads chunk c's levels into words as loadChunk does, and
// gives them the marks of the levels its file lacks, up to level upTo,
// from their frontier files.
func (s *disk) loadCurrent(c int, words []uint64, upTo int) error {
	if err := s.loadChunk(c, words); err != nil {
		return err
	}
	if s.m == nil || s.m.lag[c] == 0 {
		return nil
	}
	for k := s.m.lag[c]; k <= upTo; k++ {
		if err := s.applyFront(k, c, words); err != nil {
			return err
		}
	}
	return nil
}

// applyFront gives the unseen indices of chunk c's frontier of level k
// that level, in words.
func (s *disk) applyFront(k, c int, words []uint64) error {
	path := s.frontPath(k, c)
	v := uint64(k % 3)
	set := func(o uint64) {
		sh := (o & 31) << 1
		if words[o>>5]>>sh&3 == Unseen {
			words[o>>5] &^= (3 ^ v) << sh
		}
	}
	// The levels a chunk file lacks are recorded: none is rewritten, and
	// no earlier attempt's file is taken.
	return s.readWork(path, ident{kind: frontKind, level: k, chunk: c}, nil, func() error {
		return s.readFront(path, nil, func(i, x uint64) {
			for ; x != 0; x &= x - 1 {
				if o := i*64 + uint64(bits.TrailingZeros64(x)); o < s.per {
					set(o)
				}
			}
		})
	})
}

// A frontier file is the offsets, in its chunk, of the indices at a level:
// a kind byte, then either the bitmap's words (frontBits) or a count and
// the offsets' differences as varints (frontList), whichever is shorter.
const (
	frontBits = 0
	frontList = 1
)

// saveFront writes chunk c's frontier of level d from its bitmap.
func (s *disk) saveFront(d, c int, bm []uint64) error {
	cnt := 0
	for _, x := range bm {
		cnt += bits.OnesCount64(x)
	}
	if cnt*3 < len(bm)*8 {
		b := append(s.enc[:0], frontList)
		b = binary.AppendUvarint(b, uint64(cnt))
		prev := uint64(0)
		for i, x := range bm {
			for ; x != 0; x &= x - 1 {
				o := uint64(i)*64 + uint64(bits.TrailingZeros64(x))
				b = binary.AppendUvarint(b, o-prev)
				prev = o
			}
		}
		s.enc = b
		return s.writeFront(d, c, b)
	}
	w, err := s.create(s.frontPath(d, c), ident{kind: frontKind, level: d, chunk: c}, headerSize+1+8*len(bm))
	if err != nil {
		return err
	}
	w.Write([]byte{frontBits})
	if err := writeWords(w, bm); err != nil {
		w.abort()
		return err
	}
	n, err := w.close()
	s.written.Add(n)
	return err
}

// saveFrontList writes chunk c's frontier of level d from its offsets, in
// increasing order.
func (s *disk) saveFrontList(d, c int, offs []uint64) error {
	b := []byte{frontList}
	b = binary.AppendUvarint(b, uint64(len(offs)))
	prev := uint64(0)
	for _, o := range offs {
		b = binary.AppendUvarint(b, o-prev)
		prev = o
	}
	return s.writeFront(d, c, b)
}

// writeFront writes chunk c's frontier file of level d, b.
func (s *disk) writeFront(d, c int, b []byte) error {
	w, err := s.create(s.frontPath(d, c), ident{kind: frontKind, level: d, chunk: c}, headerSize+len(b))
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		w.abort()
		return err
	}
	n, err := w.close()
	s.written.Add(n)
	return err
}

// loadFront reads chunk c's frontier of level d into bm (zeroed first);
// an optional one (an earlier attempt's) may be missing.
func (s *disk) loadFront(d, c int, bm []uint64, optional bool) error {
	clear(bm)
	path := s.frontPath(d, c)
	if optional {
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			return nil
		}
	}
	err := s.readWork(path, ident{kind: frontKind, level: d, chunk: c}, s.redo(), func() error {
		return s.readFront(path, bm, func(i, x uint64) { bm[i] |= x })
	})
	if err != nil {
		clear(bm)
	}
	return err
}

// readFront reads the frontier file open in s.in, after its identity:
// word(i, x) takes the offsets 64i to 64i+63 in x's bits, each offset of
// a list alone, a bitmap's words a batch at a time; or, given a bitmap bm
// (zeroed), a bitmap's words go straight into it.
func (s *disk) readFront(path string, bm []uint64, word func(i, x uint64)) error {
	kind, ok := s.in.Uvarint()
	switch {
	case ok && kind == frontBits:
		n := s.per/64 + 1 // the bitmap's words
		if s.in.Size() != int64(headerSize+1+4)+8*int64(n) {
			return damaged(path, "a bitmap of another length")
		}
		if bm != nil {
			return s.in.words(bm[:n])
		}
		var batch [1024]uint64
		for i := uint64(0); i < n; {
			k := min(uint64(len(batch)), n-i)
			if err := s.in.words(batch[:k]); err != nil {
				return err
			}
			for j, x := range batch[:k] {
				if x != 0 {
					word(i+uint64(j), x)
				}
			}
			i += k
		}
		return nil
	case ok && kind == frontList:
		cnt, ok := s.in.Uvarint()
		if !ok {
			return damaged(path, "no count")
		}
		o := uint64(0)
		for i := range cnt {
			v, ok := s.in.Uvarint()
			if !ok || o+v >= s.per || i > 0 && v == 0 {
				return damaged(path, "an offset outside its chunk")
			}
			o += v
			word(o/64, 1<<(o%64))
		}
		return nil
	}
	return damaged(path, "not a frontier")
}

// Each hands the levels' packed bytes, in index order, a piece at a time,
// to emit: the bytes of a table.Mod3 table's distances (the fields past
// the last index 0). The piece is only valid during the call.
func (l *DiskLevels) Each(emit func([]byte) error) error {
	need := (l.Size + 3) / 4 // packed bytes
	done := uint64(0)
	words := make([]uint64, l.words)
	s := &disk{opt: DiskOptions{Dir: l.dir, ChunkWords: l.words, ID: l.id}, per: 32 * l.words, m: l.m}
	buf := make([]byte, 1<<20)
	for c := range l.chunks {
		if err := s.loadCurrent(c, words, len(l.Counts)-1); err != nil {
			return err
		}
		if c == l.chunks-1 {
			// The fields past the last index read 0, as a table packs
			// them.
			last := l.Size - uint64(c)*l.words*32
			for i := last; i < l.words*32; i++ {
				words[i/32] &^= 3 << (2 * (i % 32))
			}
		}
		for w := 0; w < len(words) && done < need; {
			k := min(len(words)-w, len(buf)/8)
			for i := range k {
				binary.LittleEndian.PutUint64(buf[8*i:], words[w+i])
			}
			piece := buf[:min(uint64(8*k), need-done)]
			if err := emit(piece); err != nil {
				return err
			}
			done += uint64(len(piece))
			w += k
		}
	}
	return nil
}

// Levels reads the levels into memory, as Search returns them.
func (l *DiskLevels) Levels() (*Levels, error) {
	raw := make([]byte, 0, (l.Size+3)/4)
	if err := l.Each(func(b []byte) error { raw = append(raw, b...); return nil }); err != nil {
		return nil, err
	}
	words := make([]uint64, (l.Size+31)/32)
	for i := range words {
		var w [8]byte
		copy(w[:], raw[min(8*i, len(raw)):])
		words[i] = binary.LittleEndian.Uint64(w[:])
	}
	return &Levels{Words: words, Counts: slices.Clone(l.Counts), Size: l.Size}, nil
}

// Remove removes the search's files, and the work directory if nothing
// else is left in it.
func (l *DiskLevels) Remove() error {
	s := &disk{opt: DiskOptions{Dir: l.dir}}
	// The manifest is renamed first, in one step: a removal killed half
	// way then leaves files that a run after knows to be a finished
	// search's, to clear, not a search that lost its chunks.
	if err := os.Rename(s.manifestPath(), s.path(finishedName)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := s.removeFiles(func(string) bool { return true }); err != nil {
		return err
	}
	for _, name := range []string{finishedName, "lock"} {
		if err := os.Remove(filepath.Join(l.dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	os.Remove(l.dir) // only if empty
	return nil
}
