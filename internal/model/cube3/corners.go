package cube3

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// The corner table: for every permutation and twist of the corners
// (40,320 × 2,187 = 88,179,840 entries, 4 bits each, 44 MB), the least
// number of face turns that solves the corners. The search takes it as a
// fourth lower bound beside the three of the flip-slice-twist table: it
// cuts positions whose edges are near home and corners are not.

const cornerLength = nCperm * nTwist

// nibbles is a table of 4-bit entries, filled concurrently.
type nibbles []uint32

func newNibbles(n int) nibbles {
	t := make(nibbles, (n+7)/8)
	for i := range t {
		t[i] = 0xffffffff
	}
	return t
}

func (t nibbles) get(i int) uint32 { return t[i>>3] >> (4 * uint(i&7)) & 15 }

func (t nibbles) load(i int) uint32 { return atomic.LoadUint32(&t[i>>3]) >> (4 * uint(i&7)) & 15 }

func (t nibbles) set(i int, v uint32) bool {
	w, sh := &t[i>>3], 4*uint(i&7)
	for {
		old := atomic.LoadUint32(w)
		if old>>sh&15 != unset {
			return false
		}
		if atomic.CompareAndSwapUint32(w, old, old&^(15<<sh)|v<<sh) {
			return true
		}
	}
}

// buildCorners fills the corner table breadth first, forward then
// backward as buildPrune does.
func buildCorners(mt *moveTables, workers int, progress func(depth, count, filled int)) nibbles {
	t := newNibbles(cornerLength)
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	t.set(0, 0)
	filled, count := 1, 1
	for d := 0; filled < cornerLength; d++ {
		if progress != nil {
			progress(d, count, filled)
		}
		backward := cornerLength-filled < 3*count
		var total atomic.Int64
		var next atomic.Int64
		var wg sync.WaitGroup
		const chunk = 1 << 16
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n := 0
				for {
					lo := int(next.Add(chunk)) - chunk
					if lo >= cornerLength {
						break
					}
					for i := lo; i < min(lo+chunk, cornerLength); i++ {
						n += t.cornerStep(mt, i, uint32(d), backward)
					}
				}
				total.Add(int64(n))
			}()
		}
		wg.Wait()
		count = int(total.Load())
		filled += count
		if count == 0 {
			panic("cube3: the corner table's search stopped before filling it")
		}
	}
	return t
}

func (t nibbles) cornerStep(mt *moveTables, i int, d uint32, backward bool) int {
	v := t.load(i)
	cp, tw := i/nTwist, i%nTwist
	n := 0
	switch {
	case !backward && v == d:
		for m := 0; m < NMoves; m++ {
			j := int(mt.cperm[cp*NMoves+m])*nTwist + int(mt.twist[tw*NMoves+m])
			if t.set(j, d+1) {
				n++
			}
		}
	case backward && v == unset:
		for m := 0; m < NMoves; m++ {
			j := int(mt.cperm[cp*NMoves+m])*nTwist + int(mt.twist[tw*NMoves+m])
			if t.load(j) == d {
				if t.set(i, d+1) {
					n++
				}
				break
			}
		}
	}
	return n
}
