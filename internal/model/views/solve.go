package views

import (
	"math"
	"math/bits"
)

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
//   - a lower bound on the blocks still needed (see lowerBound; and, in the
//     careful search, packBound, packAtLeast and coverable) cuts branches
//     that cannot beat the best set found so far.
//
// Any valid lower bound leaves the answer as it is: it only cuts branches
// with no set smaller than the best, and the order in which sets are met
// does not change. So the bound can be chosen for speed alone.
type search struct {
	t, f, s uint64 // the pixels to cover, spread (see geometry.go)
	best    int    // size of bestSet; 65 before any set is found
	bestSet uint64
	careful bool   // also cut with packBound and coverable, dearer per node
	nodes   int    // the work done, in steps of the quick search (see stepCost)
	limit   int    // work allowed; past it the search gives up
	first   bool   // stop at the first set met
	witness uint64 // the last set coverable found, a proof for later calls
}

// The work of a search is counted in steps of the quick search (a call of
// dfs with the cheap bound, about 40 ns); a step of the careful search
// (dfs or coverable with packBound) costs about four of them. The count
// stands for the time, on every machine the same.
const carefulStep = 4

// stepCost is the cost of one call of dfs.
func (z *search) stepCost() int {
	if z.careful {
		return carefulStep
	}
	return 1
}

// quickNodes is the work the search does with the cheap bound alone before
// it starts again carefully. Every case of the battery needs fewer steps
// (5,344 of its 5,360 solvable cases need at most 100, the hardest, 347177,
// needs 1,929); the inputs that need more are dense views on which the
// cheap bound is far below the answer and the packing bound close to it.
// A lower limit gives up sooner on those, but more often on dense views
// the cheap search would soon have settled: 2,000 gave the fastest scramble
// of views with their distance (views of uniformly drawn block sets, all
// dense) for a slowest input within 15% of the fastest limit's.
const quickNodes = 2000

// solveSpread returns the answer of Solve for solvable views; cand is the
// full candidate set, which is itself a (maximal) solution.
func solveSpread(t, f, s, cand uint64) uint64 {
	b, _ := solveWork(t, f, s, cand)
	return b
}

// solveWork is solveSpread that also returns the work it took (see
// carefulStep): the quick search's, then the careful one's if the quick one
// gave up.
//
// The careful search first finds the fewest blocks, k, asking coverable for
// k from a lower bound up. Then it runs dfs in its usual order with coverable
// as a bound, stopping at the first set met: that set is the smallest
// written one among the minimal sets, since sets are met in increasing
// written order, and since coverable cuts every branch holding no set of k
// blocks, dfs goes straight to it.
func solveWork(t, f, s, cand uint64) (uint64, int) {
	z := search{t: t, f: f, s: s, best: bits.OnesCount64(cand) + 1, bestSet: cand, limit: quickNodes}
	z.dfs(0, cand, 0)
	if z.nodes <= z.limit {
		return z.bestSet, z.nodes
	}
	b, w := solveCareful(t, f, s, cand, z.bestSet)
	return b, z.nodes + w
}

// solveCareful is the careful search of solveWork; hint, a set with the
// views, guides it (the smallest set the quick search found).
func solveCareful(t, f, s, cand, hint uint64) (uint64, int) {
	z := search{t: t, f: f, s: s, bestSet: cand, careful: true, limit: math.MaxInt, witness: hint}
	k := max(lowerBound(t, f, s), packBound(t, f, s, cand))
	for packAtLeast(t, f, s, cand, k+1, &z.nodes, maxPackSteps) || !z.coverable(0, cand, 0, k) {
		k++
	}
	z.best, z.first = k+1, true
	z.dfs(0, cand, 0)
	return z.bestSet, z.nodes
}

// solveCheap runs the cheap search with no limit on its work; the tests
// compare its answers with solveSpread's.
func solveCheap(t, f, s, cand uint64) (uint64, int) {
	z := search{t: t, f: f, s: s, best: bits.OnesCount64(cand) + 1, bestSet: cand, limit: math.MaxInt}
	z.dfs(0, cand, 0)
	return z.bestSet, z.nodes
}

// proven reports whether the witness, or the witness with one block
// swapped for another, is a set of fewer than best blocks that contains inc
// and lies within inc and avail; the swap makes it the new witness. Most
// branches of dfs leave out a block of the witness, and one swap often
// mends that at the price of a few bit operations instead of a search.
func (z *search) proven(inc, avail uint64) bool {
	w := z.witness
	if bits.OnesCount64(w) >= z.best || w&inc != inc {
		return false
	}
	out := w &^ (inc | avail) // the witness's blocks no longer allowed
	if out == 0 {
		return true
	}
	if out&(out-1) != 0 {
		return false
	}
	rest := w &^ out
	lostT := z.t &^ projTop(rest)
	lostF := z.f &^ projFront(rest)
	lostS := z.s &^ projSide(rest)
	// A block that covers every lost pixel: those above each lost pixel,
	// intersected.
	cand := avail &^ rest
	if lostT != 0 {
		cand &= lostT * perLayer
	}
	if lostF != 0 {
		cand &= lostF * perRow
	}
	if lostS != 0 {
		cand &= lostS * perCol
	}
	for ; cand != 0; cand &= cand - 1 {
		j := cand & -cand
		if projTop(j)&lostT == lostT && projFront(j)&lostF == lostF && projSide(j)&lostS == lostS {
			z.witness = rest | j
			return true
		}
	}
	return false
}

// coverable reports whether adding blocks of avail to inc (n blocks) can
// cover every pixel with at most k blocks in all, and if so makes that cover
// the witness. It is a plain set-cover search, free of dfs's order: it
// branches on the uncovered pixel with the fewest blocks left, trying each
// of them in turn (and leaving out, in the later branches, the ones already
// tried), which settles quickly what dfs, bound to its order, would take
// many steps to. Where packBound falls one short of cutting a branch, a
// brief packAtLeast often cuts it.
func (z *search) coverable(inc, avail uint64, n, k int) bool {
	z.nodes += carefulStep
	for {
		ut := z.t &^ projTop(inc)
		uf := z.f &^ projFront(inc)
		us := z.s &^ projSide(inc)
		if ut|uf|us == 0 {
			if n <= k {
				z.witness = inc
			}
			return n <= k
		}
		avail &= ut*perLayer | uf*perRow | us*perCol
		if ut&^projTop(avail) != 0 || uf&^projFront(avail) != 0 || us&^projSide(avail) != 0 {
			return false
		}
		if n+lowerBound(ut, uf, us) > k || n+packReaches(ut, uf, us, avail, k-n+1) > k {
			return false
		}
		if packAtLeast(ut, uf, us, avail, k-n+1, &z.nodes, innerPackSteps) {
			return false
		}
		forced := avail & (once(avail, 16, 0xFFFF)&ut*perLayer |
			once(avail, 4, frontPixels)&uf*perRow |
			once(avail, 1, sidePixels)&us*perCol)
		if forced == 0 {
			// Branch on the pixel with the fewest blocks (two or more).
			branch, size := uint64(0), 5
			for _, g := range [3]struct{ px, m uint64 }{{ut, perLayer}, {uf, perRow}, {us, perCol}} {
				for x := g.px; x != 0 && size > 2; x &= x - 1 {
					if b := avail & ((x & -x) * g.m); bits.OnesCount64(b) < size {
						branch, size = b, bits.OnesCount64(b)
					}
				}
			}
			// The blocks of the last set found first, then those that cover
			// the most uncovered pixels: they lead to a cover soonest when
			// there is one, and the sets that dfs asks for one after another
			// differ little.
			hint := z.witness
			for pass := range 2 {
				for gain := 3; gain >= 1; gain-- {
					for b := branch & avail; b != 0; b &= b - 1 {
						j := b & -b
						if (j&hint != 0) != (pass == 0) || gainOf(j, ut, uf, us) != gain {
							continue
						}
						if z.coverable(inc|j, avail&^j, n+1, k) {
							return true
						}
						avail &^= j
					}
				}
			}
			return false
		}
		inc |= forced
		avail &^= forced
		n += bits.OnesCount64(forced)
	}
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
	if z.nodes += z.stepCost(); z.nodes > z.limit {
		return
	}
	for {
		ut := z.t &^ projTop(inc)
		uf := z.f &^ projFront(inc)
		us := z.s &^ projSide(inc)
		if ut|uf|us == 0 {
			if n < z.best {
				z.best, z.bestSet = n, inc
				if z.first {
					z.limit = 0
				}
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
		if z.careful && n+packReaches(ut, uf, us, avail, z.best-n) >= z.best {
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
	if z.careful && !z.proven(inc, avail) {
		// Neither the last set found nor a swap of one of its blocks
		// proves a set of best-1 blocks here: look for pixels that prove
		// there is none, and then for a set.
		ut, uf, us := z.t&^projTop(inc), z.f&^projFront(inc), z.s&^projSide(inc)
		if packAtLeast(ut, uf, us, avail, z.best-n, &z.nodes, maxPackSteps) || !z.coverable(inc, avail, n, z.best-1) {
			return
		}
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

// packBound returns another lower bound on the blocks needed to cover the
// uncovered pixels ut, uf, us from the blocks avail: the size of a set of
// uncovered pixels no two of which share an available block, since each
// block then covers at most one of them. Such a set is built greedily,
// pixels with the fewest blocks first (a pixel has at most four), once for
// each order of the three views among the pixels of one size; the largest
// counts, since no one order finds the largest set on every input.
//
// It sees what lowerBound cannot. On views whose front and side are full,
// each layer needs a block in every row and every column; when two rows
// of the top view have cells only in two columns, the side pixels of those
// rows and the front pixels of the other two columns have disjoint blocks
// (16 pixels), and the top cells left in neither group add theirs: 20,
// the answer, where the three groupings of lowerBound each give 16.
func packBound(ut, uf, us, avail uint64) int { return packReaches(ut, uf, us, avail, 64) }

// packReaches is packBound that stops as soon as it reaches need: it
// returns at least min(need, packBound).
func packReaches(ut, uf, us, avail uint64, need int) int {
	// The pixels' blocks, grouped by number of blocks, then by view: group
	// 3*(size-1)+view spans list[end[g-1]:end[g]].
	var list [48]uint64
	var end [12]uint8
	for pass := range 2 {
		var at [12]uint8
		if pass == 1 {
			for g := 1; g < 12; g++ {
				end[g] += end[g-1]
				at[g] = end[g-1]
			}
		}
		for v, g := range [3]struct{ px, m uint64 }{{ut, perLayer}, {uf, perRow}, {us, perCol}} {
			for x := g.px; x != 0; x &= x - 1 {
				b := avail & ((x & -x) * g.m)
				k := 3*(bits.OnesCount64(b)-1) + v
				if pass == 0 {
					end[k]++
				} else {
					list[at[k]] = b
					at[k]++
				}
			}
		}
	}
	best := 0
	for _, order := range [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		var used uint64
		n := 0
		for size := uint8(0); size < 12; size += 3 {
			for _, v := range order {
				g := size + v
				lo := uint8(0)
				if g > 0 {
					lo = end[g-1]
				}
				for _, b := range list[lo:end[g]] {
					if b&used == 0 {
						used |= b
						n++
					}
				}
			}
		}
		if best = max(best, n); best >= need {
			break
		}
	}
	return best
}

// packAtLeast reports whether some set of want uncovered pixels (of ut, uf,
// us) has no two pixels sharing a block of avail, which proves that more
// than want-1 blocks are needed: the bound packBound's greedy sets give,
// searched for exhaustively, but only up to limit steps (added to *work at
// their cost in quick search steps), after which it answers no. Where
// packBound falls one short, this often finds the larger set in a few
// hundred steps, where coverable would take thousands to prove that want-1
// blocks cannot do.
func packAtLeast(ut, uf, us, avail uint64, want int, work *int, limit int) bool {
	// The pixels' blocks, fewest first, and which pixels share a block.
	var px [48]uint64
	n := 0
	for size := 1; size <= 4; size++ {
		for _, g := range [3]struct{ px, m uint64 }{{ut, perLayer}, {uf, perRow}, {us, perCol}} {
			for x := g.px; x != 0; x &= x - 1 {
				if b := avail & ((x & -x) * g.m); bits.OnesCount64(b) == size {
					px[n] = b
					n++
				}
			}
		}
	}
	if n < want {
		return false
	}
	var clash [48]uint64
	for i := range n {
		for j := i + 1; j < n; j++ {
			if px[i]&px[j] != 0 {
				clash[i] |= 1 << j
				clash[j] |= 1 << i
			}
		}
	}
	steps := 0
	var grow func(free uint64, size int) bool
	grow = func(free uint64, size int) bool {
		if size >= want {
			return true
		}
		if steps++; steps > limit || size+bits.OnesCount64(free) < want {
			return false
		}
		i := bits.TrailingZeros64(free)
		return grow(free&^clash[i]&^(1<<i), size+1) || grow(free&^(1<<i), size)
	}
	found := grow(1<<n-1, 0)
	// In quick search steps' time: finding which pixels share a block costs
	// about twelve, a step here is a few bit operations, an eighth of one.
	*work += 12 + steps/8
	return found
}

// The limits of packAtLeast: where the careful search starts and wherever
// dfs must ask coverable, a larger set of pixels saves a whole search, so
// it may take long; inside coverable, at every step where packBound falls
// one short, it must be brief. Both were chosen by timing the slowest
// inputs (BenchmarkSlowInputs).
const (
	maxPackSteps   = 4000
	innerPackSteps = 100
)

// gainOf returns how many of the uncovered pixels ut, uf, us block j (a
// single bit) covers.
func gainOf(j, ut, uf, us uint64) int {
	g := 0
	if projTop(j)&ut != 0 {
		g++
	}
	if projFront(j)&uf != 0 {
		g++
	}
	if projSide(j)&us != 0 {
		g++
	}
	return g
}
