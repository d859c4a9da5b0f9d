package cube3

import "sync/atomic"

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
// backward as buildPrune does; work keeps it between runs.
func buildCorners(mt *moveTables, workers int, work *tableWork, o *BuildOptions) (nibbles, error) {
	t := newNibbles(cornerLength)
	seed := func() int { t.set(0, 0); return 1 }
	err := fillTable(t, cornerLength, workers, work, o, seed, func(lo, hi int, d uint32, backward bool) int {
		n := 0
		for i := lo; i < hi; i++ {
			n += t.cornerStep(mt, i, d, backward)
		}
		return n
	})
	if err != nil {
		return nil, err
	}
	return t, nil
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
