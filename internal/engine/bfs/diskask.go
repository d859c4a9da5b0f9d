package bfs

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/godtable/godtable/internal/format/checkedfile"
)

// backward says level d is searched backward: its unseen indices (those
// past the reachable ones too) are fewer than twice its frontier. An
// unseen index stops at its first neighbour at the level in its own
// chunk, and asks other chunks only when it finds none there, so its
// questions cost less than a frontier index's updates: measured on ufo,
// its level 12, with 1.08 unseen indices a frontier one, took 15 s
// backward against 24 s forward, about 0.57 of a frontier index's cost an
// unseen index. The counts decide it, so a resumed search decides as the
// first did.
func (s *disk) backward(d int) bool {
	seen := uint64(0)
	for _, c := range s.m.counts {
		seen += c
	}
	return s.n-seen < 2*s.m.counts[d]
}

// A question is an unseen index's (offset u in its chunk) about its
// neighbour at offset j of another chunk: is j at the level being
// searched? Questions go to the neighbour's chunk in ask files, 8 bytes
// each (j<<32 | u, little-endian); the chunk answers with update files
// naming the offsets u whose answer is yes.

// askPath names the ask file of level d for chunk to from chunk from's
// worker w.
func (s *disk) askPath(d, to, from, w int) string {
	return s.path("ask-%05d-%06d-%06d-%d", d, to, from, w)
}

// parseAsk reads an ask file's name.
func parseAsk(name string) (d, to, from, w int, ok bool) {
	if strings.HasSuffix(name, ".tmp") {
		return 0, 0, 0, 0, false
	}
	_, err := fmt.Sscanf(name, "ask-%05d-%06d-%06d-%d", &d, &to, &from, &w)
	return d, to, from, w, err == nil
}

// askChunk has each unseen index of chunk t with a neighbour at level d
// in the chunk take the next level, and the others ask their neighbours
// in other chunks.
func (s *disk) askChunk(ctx context.Context, d, t int) error {
	if err := s.removeFiles(func(name string) bool {
		l, _, from, _, ok := parseAsk(name)
		return ok && l == d && from == t
	}); err != nil {
		return err
	}
	words, _, next := s.buffers()
	// The next level's frontier of an earlier attempt holds what it
	// marked, if it saved the chunk too.
	if err := s.loadFront(d+1, t, next, true); err != nil {
		return err
	}
	if err := s.loadCurrent(t, words, d); err != nil {
		return err
	}
	base := uint64(t) * s.per
	var at atomic.Uint64
	var wg sync.WaitGroup
	errs := make([]error, s.opt.Workers)
	for wk := range s.opt.Workers {
		wg.Go(func() { errs[wk] = s.askWorker(ctx, wk, d, t, words, next, base, &at) })
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := firstError(errs); err != nil {
		return err
	}
	if err := s.saveFront(d+1, t, next); err != nil {
		return err
	}
	return s.saveChunk(t, words)
}

// asker is where one worker of askChunk puts its questions: to each
// target chunk's buffer, written out to the worker's ask file for that
// chunk when it is full.
type asker struct {
	s        *disk
	ws       *worker
	k        Kernel // the worker's
	d, t, wk int    // the level, the asking chunk, the worker
	files    []*workWriter
	n        uint64 // questions asked
}

// flush writes the questions to chunk to, 8 bytes each. (Sorted and coded
// as differences they take about 5, but the sort costs more time than the
// bytes it saves: measured on ufo, 25 s of CPU against 19 for its level
// 12.)
func (a *asker) flush(to int) error {
	ws := a.ws
	qs := ws.asks[to]
	if len(qs) == 0 {
		return nil
	}
	if a.files[to] == nil {
		if ws.writers[to] == nil {
			ws.writers[to] = bufio.NewWriterSize(nil, writeBuf(a.s.chunks))
		}
		h := ident{kind: askKind, level: a.d, chunk: to, from: a.t, worker: a.wk}
		f, err := a.s.createWith(a.s.askPath(a.d, to, a.t, a.wk), h, checkedfile.WriterOptions{Buffer: ws.writers[to]})
		if err != nil {
			return err
		}
		a.files[to] = f
	}
	b := ws.enc[:0]
	for _, q := range qs {
		b = binary.LittleEndian.AppendUint64(b, q)
	}
	ws.enc = b
	ws.asks[to] = qs[:0]
	_, err := a.files[to].Write(b)
	return err
}

// ask puts offset u's question about offset j of chunk to.
func (a *asker) ask(to int, j, u uint32) error {
	if len(a.ws.asks[to]) == cap(a.ws.asks[to]) {
		if err := a.flush(to); err != nil {
			return err
		}
	}
	a.ws.asks[to] = append(a.ws.asks[to], uint64(j)<<32|uint64(u))
	a.n++
	return nil
}

// finish writes out what the buffers hold and closes the files, after the
// worker's work that ended with err; with an error, it drops them.
func (a *asker) finish(err error) error {
	for to := range a.ws.asks {
		if err == nil {
			err = a.flush(to)
		}
		a.ws.asks[to] = a.ws.asks[to][:0]
	}
	return a.s.closeFiles(a.files, err)
}

// askWorker is one worker of askChunk: it takes the chunk's words 1024 at
// a time from at.
func (s *disk) askWorker(ctx context.Context, wk, d, t int, words, next []uint64, base uint64, at *atomic.Uint64) error {
	a := &asker{s: s, ws: s.worker(wk), k: s.g.Kernel(), d: d, t: t, wk: wk, files: make([]*workWriter, s.chunks)}
	var nbrs uint64
	err := func() error {
		const step = 1024
		for ctx.Err() == nil {
			lo := at.Add(step) - step
			if lo >= uint64(len(words)) {
				return nil
			}
			n, err := s.askWords(a, lo, min(lo+step, uint64(len(words))), words, next, base)
			nbrs += n
			if err != nil {
				return err
			}
		}
		return nil
	}()
	s.nbrs.Add(nbrs)
	s.cross.Add(a.n)
	return a.finish(err)
}

// askWords has the unseen indices of words lo to hi of the chunk at base
// take the next level, where a neighbour in the chunk is at level a.d, or
// ask their neighbours in other chunks; it returns the neighbours worked
// out.
func (s *disk) askWords(a *asker, lo, hi uint64, words, next []uint64, base uint64) (uint64, error) {
	k, deg, out := a.k, s.g.Degree(), a.ws.out
	cur := uint8(a.d % 3)
	nxt := Next(cur)
	limit := min(s.per, s.n-base) // the chunk's indices
	first := base / 32
	inv := 1 / float64(s.per)
	nbrs := uint64(0)
	for w := lo; w < hi; w++ {
		m := matches(atomic.LoadUint64(&words[w]), Unseen)
		if 32*w+32 > limit {
			// The fields past the chunk's last index.
			if 32*w >= limit {
				m = 0
			} else {
				m &= 1<<(2*(limit-32*w)) - 1
			}
		}
		if m == 0 {
			continue
		}
		k.Neighbors(first+w, m, out)
		nbrs += uint64(bits.OnesCount64(m) * deg)
		for n := 0; m != 0; m &= m - 1 {
			u := 32*w + uint64(bits.TrailingZeros64(m))/2
			nb := out[n : n+deg]
			n += deg
			hit := false
			for _, j := range nb {
				if o := j - base; o < s.per && uint8(atomic.LoadUint64(&words[o>>5])>>((o&31)<<1))&3 == cur {
					hit = true
					break
				}
			}
			if hit {
				sh := (u & 31) << 1
				atomic.AndUint64(&words[u>>5], ^(uint64(3^nxt) << sh))
				atomic.OrUint64(&next[u/64], 1<<(u%64))
				continue
			}
			for _, j := range nb {
				if j-base < s.per {
					continue
				}
				to, o := s.chunkOf(j, inv)
				if err := a.ask(to, o, uint32(u)); err != nil {
					return nbrs, err
				}
			}
		}
	}
	return nbrs, nil
}

// answerFile answers the questions of one ask file from chunk from, open
// in ws.in, with the levels of the chunk they are put to.
func (s *disk) answerFile(ws *worker, up *sink, path string, from int, words []uint64, cur uint8) error {
	body := ws.in.Size() - 4 - int64(headerSize)
	if body%8 != 0 {
		return damaged(path, "not whole questions")
	}
	var qs [1024]uint64
	for left := body / 8; left > 0; {
		batch := qs[:min(left, int64(len(qs)))]
		left -= int64(len(batch))
		if err := ws.in.words(batch); err != nil {
			return err
		}
		for _, q := range batch {
			j, u := q>>32, uint32(q)
			if j >= s.per || uint64(u) >= s.per {
				return damaged(path, "a question outside its chunks")
			}
			if uint8(words[j>>5]>>((j&31)<<1))&3 == cur {
				if err := up.add(from, u); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// answerChunk answers the questions put to chunk c at level d: the
// offsets whose neighbour in c is at level d go, as updates, to their
// chunks.
func (s *disk) answerChunk(ctx context.Context, d, c int) error {
	if err := s.removeUpdatesFrom(d, c); err != nil {
		return err
	}
	in, err := s.inbox(askKind, d, c)
	if err != nil {
		return err
	}
	if len(in.list) == 0 {
		return nil
	}
	words, _, _ := s.buffers()
	if err := s.loadCurrent(c, words, d); err != nil {
		return err
	}
	cur := uint8(d % 3)
	var at atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, s.opt.Workers)
	for wk := range s.opt.Workers {
		wg.Go(func() {
			ws := s.worker(wk)
			up := s.updateSink(ws, d, c, wk)
			err := func() error {
				for ctx.Err() == nil {
					i := int(at.Add(1) - 1)
					if i >= len(in.list) {
						return nil
					}
					from := in.list[i].want.from
					if err := s.readInbox(in, i, &ws.in, func(path string) error {
						return s.answerFile(ws, up, path, from, words, cur)
					}); err != nil {
						return err
					}
				}
				return nil
			}()
			errs[wk] = up.finish(err)
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := firstError(errs); err != nil {
		return err
	}
	return s.checkSums(askKind, d, c, in.found)
}
