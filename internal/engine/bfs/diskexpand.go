package bfs

import (
	"bufio"
	"context"
	"encoding/binary"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/godtable/godtable/internal/format/checkedfile"
)

// expandChunk marks the unseen neighbours in chunk c of its frontier at
// level d, and writes those in other chunks to update files.
func (s *disk) expandChunk(ctx context.Context, d, c int) error {
	// An earlier attempt at this chunk may have left some of its update
	// files: they are written again.
	if err := s.removeUpdatesFrom(d, c); err != nil {
		return err
	}
	words, front, next := s.buffers()
	if err := s.loadFront(d, c, front, false); err != nil {
		return err
	}
	// The next level's frontier of an earlier attempt holds what it
	// marked in the chunk, if it saved the chunk too.
	if err := s.loadFront(d+1, c, next, true); err != nil {
		return err
	}
	size := 0
	for _, x := range front {
		size += bits.OnesCount64(x)
	}
	if size == 0 {
		return s.saveFront(d+1, c, next)
	}
	// A small frontier sends its neighbours in the chunk to the chunk as
	// updates too, and leaves the chunk's file unread: its updates cost
	// less than reading and writing it (a few bytes a neighbour against
	// a quarter byte an index, twice). The early levels are all small.
	local := uint64(size*s.g.Degree()) > s.per/32
	if !local {
		words = nil
	} else if err := s.loadCurrent(c, words, d); err != nil {
		return err
	}
	nxt := Next(uint8(d % 3))
	base := uint64(c) * s.per
	first := base / 32 // the chunk's first word in the whole levels
	var wg sync.WaitGroup
	var at atomic.Uint64
	errs := make([]error, s.opt.Workers)
	for wk := range s.opt.Workers {
		wg.Go(func() {
			errs[wk] = s.expandWorker(ctx, wk, d, c, words, front, next, nxt, base, first, &at)
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := firstError(errs); err != nil {
		return err
	}
	// The frontier first: an attempt killed between the two saves leaves
	// a frontier that holds the marks the chunk file lacks, and the next
	// attempt marks them again.
	if err := s.saveFront(d+1, c, next); err != nil {
		return err
	}
	if !local {
		return nil
	}
	return s.saveChunk(c, words)
}

// worker is what one worker of the expand pass keeps from step to step,
// allocated once, so that a search's memory stays where it starts: each
// target chunk's buffer of offsets (a fixed share of UpdateCap), the
// sort's scratch, and the write buffers of its update files.
type worker struct {
	in      workReader
	asks    [][]uint64 // a backward level's questions, j<<32 | u, a target each
	bufs    [][]uint32
	scratch []uint32
	enc     []byte
	out     []uint64
	writers []*bufio.Writer
}

// writeBuf is the write buffer of an update file: 64 KiB, or less where
// there are many chunks, so that a worker's come to a megabyte at most
// (or 4 KiB each).
func writeBuf(chunks int) int { return max(4<<10, min(64<<10, 1<<20/chunks)) }

func (s *disk) worker(wk int) *worker {
	// s.workers has a place for each worker (see SearchDisk): each
	// fills its own.
	if s.workers[wk] == nil {
		per := max(4096, s.opt.UpdateCap/s.chunks)
		w := &worker{bufs: make([][]uint32, s.chunks), writers: make([]*bufio.Writer, s.chunks),
			out: make([]uint64, 32*s.g.Degree())}
		w.asks = make([][]uint64, s.chunks)
		for t := range w.bufs {
			w.bufs[t] = make([]uint32, 0, per)
			w.asks[t] = make([]uint64, 0, per/2)
		}
		s.workers[wk] = w
	}
	return s.workers[wk]
}

// sink is where a worker's offsets for other chunks go: to each target
// chunk's buffer, written out as a sorted run when it is full, into files
// named by path (a file a target, opened on its first run).
type sink struct {
	s     *disk
	ws    *worker
	path  func(t int) (string, ident)
	files []*workWriter
	n     uint64 // offsets taken
}

func (s *disk) sink(ws *worker, path func(t int) (string, ident)) *sink {
	return &sink{s: s, ws: ws, path: path, files: make([]*workWriter, s.chunks)}
}

// updateSink is the sink of chunk c's worker wk's updates at level d.
func (s *disk) updateSink(ws *worker, d, c, wk int) *sink {
	return s.sink(ws, func(t int) (string, ident) {
		return s.updatePath(d, t, c, wk), ident{kind: updateKind, level: d, chunk: t, from: c, worker: wk}
	})
}

// add takes offset o of chunk t.
func (k *sink) add(t int, o uint32) error {
	b := &k.ws.bufs[t]
	if len(*b) == cap(*b) {
		if err := k.flush(t); err != nil {
			return err
		}
	}
	*b = append(*b, o)
	k.n++
	return nil
}

// flush writes target t's offsets as a sorted run, without repeats: its
// length, then the differences, as varints.
func (k *sink) flush(t int) error {
	ws := k.ws
	offs := ws.bufs[t]
	if len(offs) == 0 {
		return nil
	}
	sorted := slices.Compact(radixSort(offs, &ws.scratch, k.s.per))
	ws.bufs[t] = offs[:0]
	if k.files[t] == nil {
		if ws.writers[t] == nil {
			ws.writers[t] = bufio.NewWriterSize(nil, writeBuf(k.s.chunks))
		}
		path, h := k.path(t)
		f, err := k.s.createWith(path, h, checkedfile.WriterOptions{Buffer: ws.writers[t]})
		if err != nil {
			return err
		}
		k.files[t] = f
	}
	b := binary.AppendUvarint(ws.enc[:0], uint64(len(sorted)))
	prev := uint32(0)
	for _, o := range sorted {
		b = binary.AppendUvarint(b, uint64(o-prev))
		prev = o
	}
	ws.enc = b
	_, err := k.files[t].Write(b)
	return err
}

// finish writes out what the buffers hold and closes the files, after a
// worker's work that ended with err; with an error, it drops them.
func (k *sink) finish(err error) error {
	for t := range k.ws.bufs {
		if err == nil {
			err = k.flush(t)
		}
		k.ws.bufs[t] = k.ws.bufs[t][:0]
	}
	return k.s.closeFiles(k.files, err)
}

// closeFiles closes a worker's files (those not nil), after its work that
// ended with err; with an error, it drops them.
func (s *disk) closeFiles(files []*workWriter, err error) error {
	for _, f := range files {
		if f == nil {
			continue
		}
		if err != nil {
			f.abort()
			continue
		}
		n, cerr := f.close()
		s.written.Add(n)
		err = cerr
	}
	return err
}

// chunkOf returns the chunk of index j and j's offset in it: j / s.per by
// a multiplication by inv, 1/s.per (a division costs tens of cycles),
// corrected where rounding is off by one.
func (s *disk) chunkOf(j uint64, inv float64) (int, uint32) {
	t := uint64(float64(j) * inv)
	if t*s.per > j {
		t--
	} else if (t+1)*s.per <= j {
		t++
	}
	return int(t), uint32(j - t*s.per)
}

// expandWorker is one worker of expandChunk: it takes the chunk's words
// 1024 at a time from at. Without the chunk's words (nil), every
// neighbour goes to the updates, its own chunk's too.
func (s *disk) expandWorker(ctx context.Context, wk, d, c int, words, front, next []uint64, nxt uint8, base, first uint64, at *atomic.Uint64) error {
	k := s.g.Kernel()
	deg := s.g.Degree()
	ws := s.worker(wk)
	out := ws.out
	up := s.updateSink(ws, d, c, wk)
	var nbrs uint64
	inv := 1 / float64(s.per)
	err := func() error {
		const step = 1024 // words a worker takes at a time
		local := words != nil
		for ctx.Err() == nil {
			lo := at.Add(step) - step
			if lo >= s.opt.ChunkWords {
				return nil
			}
			hi := min(lo+step, s.opt.ChunkWords)
			for w := lo; w < hi; w++ {
				m := spread32(front[w/2] >> (32 * (w % 2)))
				if m == 0 {
					continue
				}
				k.Neighbors(first+w, m, out)
				nb := out[:bits.OnesCount64(m)*deg]
				nbrs += uint64(len(nb))
				for _, j := range nb {
					if o := j - base; o < s.per && local {
						p := &words[o>>5]
						sh := (o & 31) << 1
						if atomic.LoadUint64(p)>>sh&3 == Unseen {
							// Workers may mark the same index at once,
							// with the same level and bit.
							atomic.AndUint64(p, ^(uint64(3^nxt) << sh))
							atomic.OrUint64(&next[o/64], 1<<(o%64))
						}
						continue
					}
					if err := up.add(s.chunkOf(j, inv)); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}()
	s.nbrs.Add(nbrs)
	s.cross.Add(up.n)
	return up.finish(err)
}

// radixSort sorts offs, each below limit, least significant digit first:
// a few passes over them where a comparison sort takes log n, which is
// most of a level's work otherwise. It sorts them in place, with scratch
// (kept between calls) for the passes between.
func radixSort(offs []uint32, scratch *[]uint32, limit uint64) []uint32 {
	if len(offs) < 256 {
		slices.Sort(offs)
		return offs
	}
	if cap(*scratch) < len(offs) {
		*scratch = make([]uint32, len(offs))
	}
	tmp := (*scratch)[:len(offs)]
	orig := offs
	// Digits of 13 bits at most, so that the counts stay in the
	// first-level cache: two passes sort the offsets of a chunk of up to
	// 2^26 indices.
	width := bits.Len64(limit - 1)
	passes := (width + 12) / 13
	digit := (width + passes - 1) / passes
	var counts [1 << 13]int32
	count := counts[:1<<digit]
	for shift := 0; shift < width; shift += digit {
		clear(count)
		for _, o := range offs {
			count[o>>shift&(1<<digit-1)]++
		}
		sum := int32(0)
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for _, o := range offs {
			k := o >> shift & (1<<digit - 1)
			tmp[count[k]] = o
			count[k]++
		}
		offs, tmp = tmp, offs
	}
	if &offs[0] != &orig[0] {
		copy(orig, offs) // the sorted offsets in the caller's buffer
	}
	return orig
}

// applyChunk gives the unseen indices of chunk t that its update files of
// level d name the next level, and returns the indices of the chunk at
// that level.
func (s *disk) applyChunk(d, t int) (uint64, error) {
	words, _, next := s.buffers()
	if err := s.loadFront(d+1, t, next, false); err != nil {
		return 0, err
	}
	in, err := s.inbox(updateKind, d, t)
	if err != nil {
		return 0, err
	}
	cnt := func() uint64 {
		n := uint64(0)
		for _, x := range next {
			n += uint64(bits.OnesCount64(x))
		}
		return n
	}
	if len(in.list) > 0 {
		if err := s.loadCurrent(t, words, d); err != nil {
			return 0, err
		}
		nxt := Next(uint8(d % 3))
		var at atomic.Int64
		var wg sync.WaitGroup
		errs := make([]error, s.opt.Workers)
		for wk := range s.opt.Workers {
			wg.Go(func() {
				cr := &s.worker(wk).in
				for {
					i := int(at.Add(1) - 1)
					if i >= len(in.list) {
						return
					}
					if err := s.readInbox(in, i, cr, func(path string) error {
						return s.applyFile(cr, path, words, next, nxt)
					}); err != nil {
						errs[wk] = err
						return
					}
				}
			})
		}
		wg.Wait()
		if err := firstError(errs); err != nil {
			return 0, err
		}
		if err := s.checkSums(updateKind, d, t, in.found); err != nil {
			return 0, err
		}
		if err := s.saveFront(d+1, t, next); err != nil {
			return 0, err
		}
		// A chunk that takes few indices at this level, and lags no
		// more than a few levels, keeps them in its frontier file
		// alone: writing the chunk for them would cost the early levels
		// most of their time. It takes them when it is next read.
		if few := cnt() < s.per/256; few && (s.m.lag[t] == 0 || d+1-s.m.lag[t] < 8) {
			if s.m.lag[t] == 0 {
				s.m.lag[t] = d + 1
			}
			s.deferred++
			return cnt(), nil
		}
		if err := s.saveChunk(t, words); err != nil {
			return 0, err
		}
	}
	return cnt(), nil
}

// applyFile applies one update file to a chunk's words and next frontier,
// through in, reading it a buffer at a time (an update file may be larger than the
// memory the search may take). Its checksum is checked at its end, before
// the chunk is saved: a damaged file fails the step, which leaves nothing.
func (s *disk) applyFile(in *workReader, path string, words, next []uint64, nxt uint8) error {
	for {
		more, err := in.more()
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
		cnt, ok := in.Uvarint()
		if !ok {
			return damaged(path, "a run without its length")
		}
		o := uint64(0)
		for range cnt {
			v, ok := in.Uvarint()
			if !ok || o+v >= s.per {
				return damaged(path, "an offset outside its chunk")
			}
			o += v
			// Workers apply files at once: a field is marked as the
			// expand pass marks it.
			p := &words[o>>5]
			sh := (o & 31) << 1
			if atomic.LoadUint64(p)>>sh&3 == Unseen {
				atomic.AndUint64(p, ^(uint64(3^nxt) << sh))
				atomic.OrUint64(&next[o/64], 1<<(o%64))
			}
		}
	}
}

// firstError is the first of the workers' errors, in the workers' order:
// where one fails, such as on a full disk, the others often fail alike,
// and the search's error is one line.
func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
