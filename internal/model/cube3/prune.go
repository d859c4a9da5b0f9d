package cube3

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
)

// The pruning table: for every flip-slice class and twist, the least number
// of face turns that solves the corners' twist, the edges' flip and the
// UD-slice edges' places of every position with those coordinates, 4 bits
// an entry (64,430 × 2,187 entries, 70 MB). It is a lower bound of the
// distance of the position, and of every conjugate: the solver looks it up
// along the three axes and takes the largest.

const unset = 15

type pruneTable struct {
	k       *classes
	mt      *moveTables
	words   nibbles // eight entries a word, entry i in bits 4*(i%8)
	corners nibbles // the corner table (corners.go); nil when left out
}

func (p *pruneTable) get(i int) uint32 { return p.words.get(i) }

func (p *pruneTable) load(i int) uint32 { return p.words.load(i) }

// set writes v at i if i is unset; it reports whether it wrote.
func (p *pruneTable) set(i int, v uint32) bool { return p.words.set(i, v) }

// setClass writes v at the entry of class cls and twist tw, and at the
// entries of the same positions seen after the symmetries that fix the
// class's representative; it returns how many entries it wrote.
func (p *pruneTable) setClass(cls, tw int, v uint32) int {
	n := 0
	stab := p.k.stab[cls]
	for s := 0; stab != 0; s, stab = s+1, stab>>1 {
		if stab&1 != 0 && p.set(cls*nTwist+int(p.k.twistConj[tw*nSym+s]), v) {
			n++
		}
	}
	return n
}

// neighbour returns the entry reached by move m from class cls's
// representative with twist tw.
func (p *pruneTable) neighbour(cls, tw, m int) (int, int) {
	fs := int(p.k.rep[cls])
	fs1 := int(p.mt.slice[fs/nFlip*NMoves+m])*nFlip + int(p.mt.flip[fs%nFlip*NMoves+m])
	tw1 := int(p.mt.twist[tw*NMoves+m])
	s := int(p.k.symOf[fs1])
	return int(p.k.classOf[fs1]), int(p.k.twistConj[tw1*nSym+s])
}

// index is the entry of a position's flip-slice value and twist.
func (p *pruneTable) index(fs, tw int) int {
	e := p.k.entry[fs]
	return int(e>>4) + int(p.k.twistConj[tw*nSym+int(e&15)])
}

// buildPrune fills the table breadth first: from each entry of depth d
// forward while few are that deep, then, for the last depths, from each
// entry still unset back to one of depth d; work keeps it between runs.
func buildPrune(k *classes, mt *moveTables, workers int, work *tableWork, o *BuildOptions) (*pruneTable, error) {
	p := &pruneTable{k: k, mt: mt, words: newNibbles(pruneLength)}
	solved := Solved
	fs0 := int(sliceSortedOf(&solved))/24*nFlip + int(flipOf(&solved))
	seed := func() int { return p.setClass(int(k.classOf[fs0]), 0, 0) }
	if err := fillTable(p.words, pruneLength, workers, work, o, seed, p.depthStep); err != nil {
		return nil, err
	}
	return p, nil
}

// fillTable fills t, a table of length entries, breadth first: from where
// work left it, or else from the entries of depth 0 that seed sets (it
// returns how many). For each depth d, step sets the entries of depth d+1
// among lo..hi-1 (forward from those of depth d, or, backward, from those
// unset to one of depth d) and returns how many it set, over chunks of
// the table shared among the workers. It goes backward once the entries
// unset are fewer than three times those of the last depth. o.Progress,
// if set, is told each depth's count.
func fillTable(t nibbles, length, workers int, work *tableWork, o *BuildOptions, seed func() int, step func(lo, hi int, d uint32, backward bool) int) error {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	d, count, filled, resumed, why := work.resume(t)
	switch {
	case resumed && filled == length:
		o.note("godtable: 3x3x3 %s table: whole in %s", work.name, work.path)
	case resumed:
		o.note("godtable: 3x3x3 %s table: going on from depth %d, kept in %s", work.name, d, work.path)
	case why != nil:
		o.note("godtable: 3x3x3 %s table: %v; starting it afresh", work.name, why)
	}
	if !resumed {
		count = seed()
		filled = count
	}
	for ; filled < length; d++ {
		if o.Progress != nil {
			o.Progress(work.name, d, count, filled)
		}
		backward := length-filled < 3*count
		var total atomic.Int64
		var wg sync.WaitGroup
		const chunk = 1 << 16
		var next atomic.Int64
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n := 0
				for {
					lo := int(next.Add(chunk)) - chunk
					if lo >= length {
						break
					}
					n += step(lo, min(lo+chunk, length), uint32(d), backward)
				}
				total.Add(int64(n))
			}()
		}
		wg.Wait()
		count = int(total.Load())
		filled += count
		if count == 0 {
			panic("cube3: the " + work.name + " table's search stopped before filling it")
		}
		if err := work.keep(t, d+1, filled == length); errors.Is(err, errStopped) {
			return err
		} else if err != nil {
			// The work is kept to save time: a build that cannot keep
			// it (a full disk, another build's clearing the directory)
			// still ends.
			o.note("godtable: 3x3x3 %s table: %v; going on without keeping it", work.name, err)
			work.path = ""
		}
	}
	return nil
}

// depthStep does one depth's step on the entries lo..hi-1 and returns how
// many entries it set to d+1.
func (p *pruneTable) depthStep(lo, hi int, d uint32, backward bool) int {
	n := 0
	for i := lo; i < hi; i++ {
		v := p.load(i)
		cls, tw := i/nTwist, i%nTwist
		switch {
		case !backward && v == d:
			for m := 0; m < NMoves; m++ {
				c1, t1 := p.neighbour(cls, tw, m)
				if p.load(c1*nTwist+t1) == unset {
					n += p.setClass(c1, t1, d+1)
				}
			}
		case backward && v == unset:
			for m := 0; m < NMoves; m++ {
				c1, t1 := p.neighbour(cls, tw, m)
				if p.load(c1*nTwist+t1) == d {
					n += p.setClass(cls, tw, d+1)
					break
				}
			}
		}
	}
	return n
}
