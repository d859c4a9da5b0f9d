package views

import "math/bits"

// Solve returns a block set with exactly the views v and the fewest blocks,
// and ok = false if no block set has these views.
//
// Among several minimal sets it returns the one whose Hex form is
// lexicographically smallest, that is, it prefers leaving out lower-numbered
// blocks: block 0 is absent if some minimal set lacks it, then block 1, and
// so on. This makes the answer a function of the input alone.
func Solve(v Views) (b Blocks, ok bool) {
	t, f, s := v.spread()
	cand, ok := candidates(t, f, s)
	if !ok {
		return 0, false
	}
	return Blocks(solveSpread(t, f, s, cand)), true
}

// MinCount returns the fewest blocks that have the views v, and ok = false
// if no block set has them.
func MinCount(v Views) (n int, ok bool) {
	b, ok := Solve(v)
	return b.Count(), ok
}

// search is an exact branch and bound over the candidate blocks.
//
// It decides blocks in increasing index order, leaving a block out before
// putting it in, so solutions are met in increasing order of their written
// form; keeping only strictly smaller counts then yields the smallest
// written form among the minimal sets. What keeps it fast:
//   - a block none of whose pixels is still uncovered is dropped: a minimal
//     set never contains a block that its other blocks make redundant;
//   - a pixel with a single remaining candidate forces that block in;
//   - a lower bound on the blocks still needed (see lowerBound) cuts
//     branches that cannot beat the best set found so far.
type search struct {
	t, f, s uint64 // the pixels to cover, spread (see geometry.go)
	best    int    // size of bestSet; 65 before any set is found
	bestSet uint64
}

// solveSpread returns the answer of Solve for solvable views; cand is the
// full candidate set, which is itself a (maximal) solution.
func solveSpread(t, f, s, cand uint64) uint64 {
	z := search{t: t, f: f, s: s, best: bits.OnesCount64(cand) + 1, bestSet: cand}
	z.dfs(0, cand, 0)
	return z.bestSet
}

// once returns, for four lanes of x (shifted by 0, sh, 2sh, 3sh and masked
// with m), the bits set in exactly one lane.
func once(x uint64, sh uint, m uint64) uint64 {
	a, b, c, d := x&m, x>>sh&m, x>>(2*sh)&m, x>>(3*sh)&m
	two := a&b | c&d | (a|b)&(c|d)
	return (a | b | c | d) &^ two
}

// dfs extends the chosen set inc (of n blocks) with blocks from avail, the
// candidates not yet decided.
func (z *search) dfs(inc, avail uint64, n int) {
	for {
		ut := z.t &^ projTop(inc)
		uf := z.f &^ projFront(inc)
		us := z.s &^ projSide(inc)
		if ut|uf|us == 0 {
			if n < z.best {
				z.best, z.bestSet = n, inc
			}
			return
		}
		avail &= ut*perLayer | uf*perRow | us*perCol
		if ut&^projTop(avail) != 0 || uf&^projFront(avail) != 0 || us&^projSide(avail) != 0 {
			return
		}
		if n+lowerBound(ut, uf, us) >= z.best {
			return
		}
		forced := avail & (once(avail, 16, 0xFFFF)&ut*perLayer |
			once(avail, 4, frontPixels)&uf*perRow |
			once(avail, 1, sidePixels)&us*perCol)
		if forced == 0 {
			break
		}
		inc |= forced
		avail &^= forced
		n += bits.OnesCount64(forced)
	}
	j := avail & -avail
	z.dfs(inc, avail&^j, n)
	z.dfs(inc|j, avail&^j, n+1)
}

// lowerBound returns a lower bound on the blocks needed to cover the
// uncovered pixels ut, uf, us. Every block covers one pixel of each view, so
// the blocks of one layer cover as many front pixels as side pixels of that
// layer, and likewise per column (top and front) and per row (top and side);
// each grouping gives a bound, and the best of the three is taken.
func lowerBound(ut, uf, us uint64) int {
	var byLayer, byCol, byRow int
	for l := uint(0); l < 64; l += 16 {
		byLayer += max(bits.OnesCount64(uf>>l&0xF), bits.OnesCount64(us>>l&0x1111))
	}
	for c := uint(0); c < 4; c++ {
		byCol += max(bits.OnesCount64(ut&(0x1111<<c)), bits.OnesCount64(uf&(perLayer<<c)))
	}
	for r := uint(0); r < 16; r += 4 {
		byRow += max(bits.OnesCount64(ut&(0xF<<r)), bits.OnesCount64(us&(perLayer<<r)))
	}
	return max(byLayer, byCol, byRow)
}
