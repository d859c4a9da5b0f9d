package prune

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// ErrTooSmall: the size given holds no table worth a search.
var ErrTooSmall = errors.New("too small for any pruning table")

// MinSize is the fewest bytes Choose takes, unless the puzzle's complete
// table takes less than sixteen times as much: tables of a few hundred
// entries bound the distance by a few moves at most, which guides no
// search.
const MinSize = 256

// maxEnumerated is the most sets whose every combination Choose measures;
// past it, sets are combined smallest first.
const maxEnumerated = 8

// Choose picks the projections of p whose tables, two bits an entry, fit
// size bytes together, by measuring their indices:
//
//  1. the largest combination of whole sets whose table fits, again and
//     again while one fits (the whole puzzle, when its table fits);
//  2. then each set left, largest first, in groups of tracked pieces with
//     their orientations (the others identical and unoriented), each group
//     as many pieces as fit what is left, until every piece of the set is
//     tracked by a group;
//  3. then, while room is left, groups of the sets of step 2 that overlap
//     two groups (the second half of one and the first of the next).
//
// The larger a projection, the nearer its distances to the whole
// puzzle's, so the largest that fits is taken first.
//
// A table is read through the move tables of its index, which are built
// when the file is opened and are not in size: a projection whose move
// tables would take the move tables of all those chosen past
// moveTableShare times size, or moveTableFloor for a small size, is left
// out (projections of the same shape, as many pieces of the same sets,
// share theirs: permindex builds them once).
// Without this bound the largest projections of a puzzle of many pieces
// (five of the megaminx's twenty corners) have move tables several times
// their table, whose building makes them slow to build.
//
// The build is bounded too, whatever the size (buildBudget): a table's
// build costs in proportion to its entries, and a search's gain from one
// more table is small where the tables already bound most of the
// distance. The budget grows with the square of the puzzle's moves: a
// search's nodes grow by about their number at each depth, so that a
// puzzle of many moves gains more from deeper bounds.
func Choose(p *ksolve.Puzzle, size uint64) ([]Projection, error) {
	return chooseWithin(p, size, buildBudget(p))
}

// ChooseFilled is Choose with no bound on the builds' cost: the largest
// projections that fit size, for a build run once ahead of many searches,
// each the faster for the deeper bounds, however long that build takes.
func ChooseFilled(p *ksolve.Puzzle, size uint64) ([]Projection, error) {
	return chooseWithin(p, size, math.MaxUint64)
}

// chooseWithin is Choose with builds that cost budget at most.
func chooseWithin(p *ksolve.Puzzle, size, budget uint64) ([]Projection, error) {
	c := chooser{p: p, left: size, movesLeft: max(moveTableShare*size, moveTableFloor), shapes: map[string]bool{},
		buildLeft: budget}
	least := uint64(MinSize)
	if whole := c.entries(Whole(p.Def)); whole != ^uint64(0) {
		least = min(least, (packedBytes(whole)+15)/16)
	}
	if size < least {
		return nil, fmt.Errorf("%d bytes: %w of %s: give at least %d", size, ErrTooSmall, p.Def.Name, least)
	}
	var uncovered []int
	for k := range p.Def.Sets {
		if Whole(p.Def)[k].kept() {
			uncovered = append(uncovered, k)
		}
	}
	for len(uncovered) > 0 {
		sets, ok := c.wholeSets(uncovered)
		if !ok {
			break
		}
		uncovered = slices.DeleteFunc(uncovered, func(k int) bool { return slices.Contains(sets, k) })
	}
	// Largest first: it gains the most from the room left.
	singles := map[int]uint64{}
	for _, k := range uncovered {
		singles[k] = c.entries(c.sets([]int{k}))
	}
	slices.SortStableFunc(uncovered, func(a, b int) int {
		switch {
		case singles[a] > singles[b]:
			return -1
		case singles[a] < singles[b]:
			return 1
		}
		return 0
	})
	var groups [][]int // the groups of step 2, for step 3
	var groupSet []int
	for _, k := range uncovered {
		rest := make([]int, p.Def.Labels[k])
		for l := range rest {
			rest[l] = l
		}
		for len(rest) > 0 {
			t := c.group(k, rest)
			if t == 0 {
				break
			}
			groups = append(groups, rest[:t])
			groupSet = append(groupSet, k)
			rest = rest[t:]
		}
	}
	for i := 0; i+1 < len(groups); i++ {
		if groupSet[i] != groupSet[i+1] {
			continue
		}
		a, b := groups[i], groups[i+1]
		over := append(append([]int(nil), a[len(a)/2:]...), b[:(len(b)+1)/2]...)
		if len(over) <= max(len(a), len(b)) && len(over) < 2 {
			continue
		}
		pr := Empty(p.Def)
		for _, l := range over {
			pr[groupSet[i]].Track[l] = true
		}
		pr[groupSet[i]].Ori = p.Def.Sets[groupSet[i]].Mod > 1
		if !c.take(pr) {
			break
		}
	}
	if len(c.chosen) == 0 && c.smallest == nil {
		return nil, fmt.Errorf("%s: no projection of its pieces has an index: %w", p.Def.Name, c.firstErr)
	}
	if len(c.chosen) == 0 {
		return nil, fmt.Errorf("%d bytes: %w of %s (the smallest, %s, needs %d)", size, ErrTooSmall, p.Def.Name, c.smallest.Describe(p.Def), packedBytes(c.smallestEntries))
	}
	return c.chosen, nil
}

// moveTableShare bounds the move tables of the chosen projections, as a
// multiple of the size given for their tables; moveTableFloor is the bound
// for a small size: move tables of that much build in well under a second
// of an opening, and a small table gains much from a larger projection.
const (
	moveTableShare = 2
	moveTableFloor = 64 << 20
)

// buildBudget is the cost of the builds Choose takes for p at most, in
// entries of tables (see cost): 2^18 times the square of the generators,
// 2^26 entries (a second or so of a core's build) for a puzzle of 16
// moves, nine times that for one of 48.
func buildBudget(p *ksolve.Puzzle) uint64 {
	g := uint64(len(p.Gens))
	return 1 << 18 * g * g
}

// directCost is what an entry of an index with no move table (one
// arrangement of the whole projection, permindex.Direct) costs a build,
// in entries of an index with move tables: each move of each entry is
// ranked, not read.
const directCost = 8

// cost is pr's build cost, in entries of an index with move tables, of
// its n entries.
func (c *chooser) cost(pr Projection, n uint64) uint64 {
	key := pr.String()
	if direct, ok := c.direct[key]; ok {
		if direct {
			return n * directCost
		}
		return n
	}
	direct := false
	if _, pp, err := projected(c.p, pr); err == nil {
		direct, err = permindex.Direct(pp)
		direct = err == nil && direct
	}
	if c.direct == nil {
		c.direct = map[string]bool{}
	}
	c.direct[key] = direct
	return c.cost(pr, n)
}

type chooser struct {
	p      *ksolve.Puzzle
	left   uint64
	chosen []Projection
	// movesLeft is what the move tables of projections of a new shape may
	// still take; shapes are those of the projections chosen.
	movesLeft uint64
	shapes    map[string]bool
	// buildLeft is what the builds of the projections still to choose
	// may cost (buildBudget, cost).
	buildLeft uint64
	// measured, direct and reachable keep what is worked out of each
	// projection: each round of step 1 measures the combinations of the
	// sets left again.
	measured map[string]uint64
	direct   map[string]bool
	// reachable keeps the states a combination of whole sets reaches
	// (beyond), 0 where they are not counted.
	reachable map[string]uint64
	// smallest is the smallest projection measured, for the error when
	// none fits.
	smallest        Projection
	smallestEntries uint64
	// firstErr is why the first projection that has no index has none.
	firstErr error
}

// entries measures pr, or gives the largest uint64 when it cannot be
// indexed.
func (c *chooser) entries(pr Projection) uint64 {
	key := pr.String()
	n, ok := c.measured[key]
	if !ok {
		var err error
		if n, err = Entries(c.p, pr); err != nil {
			n = ^uint64(0)
			if c.firstErr == nil {
				c.firstErr = err
			}
		}
		if c.measured == nil {
			c.measured = map[string]uint64{}
		}
		c.measured[key] = n
	}
	if n == ^uint64(0) {
		return n
	}
	if c.smallest == nil || n < c.smallestEntries {
		c.smallest, c.smallestEntries = pr, n
	}
	return n
}

// beyond says whether pr, whole sets, is sure not to fit what is left,
// of the size or of the build budget (a build costs an entry a state at
// least), by the states its moves reach (ksolve.Puzzle.Reachable, counted
// from the moves' group in milliseconds where every piece is its own),
// which its index numbers at least: working out the index itself, whose
// joins search the coordinates' values, takes up to a second a
// combination, and most combinations of a large puzzle's sets are far
// past any size. (A group of tracked pieces among identical ones is
// counted by a longer search, longer than its index is worked out in.)
func (c *chooser) beyond(pr Projection) bool { return c.past(c.least(pr)) }

// past says whether a projection of n states or more is sure not to fit
// what is left.
func (c *chooser) past(n uint64) bool {
	return n > c.buildLeft || n > 0 && packedBytes(n) > c.left
}

// least is a lower bound of the states pr, whole sets, reaches: 0 when not
// known. A combination of sets reaches at least as many states as each of
// its sets alone (each state of a set is the part of a state of the
// combination), so a set past what is left rules its combinations out
// before their groups are counted.
func (c *chooser) least(pr Projection) uint64 {
	key := pr.String()
	if least, ok := c.reachable[key]; ok {
		return least
	}
	var least uint64
	if parts := c.parts(pr); len(parts) > 1 {
		for _, part := range parts {
			least = max(least, c.least(part))
		}
	}
	if !c.past(least) {
		if _, pp, err := projected(c.p, pr); err == nil {
			if n, exact := pp.Reachable(); exact && n != nil {
				least = ^uint64(0)
				if n.IsUint64() {
					least = n.Uint64()
				}
			}
		}
	}
	if c.reachable == nil {
		c.reachable = map[string]uint64{}
	}
	c.reachable[key] = least
	return least
}

// parts are pr's sets, each alone.
func (c *chooser) parts(pr Projection) []Projection {
	var out []Projection
	for k, v := range pr {
		if slices.Contains(v.Track, true) {
			part := Empty(c.p.Def)
			part[k] = v
			out = append(out, part)
		}
	}
	return out
}

// take says whether pr fits what is left, its move tables included, and
// takes it if so.
func (c *chooser) take(pr Projection) bool {
	n := c.entries(pr)
	if n == ^uint64(0) || packedBytes(n) > c.left || c.cost(pr, n) > c.buildLeft {
		return false
	}
	shape := shapeOf(pr)
	if !c.shapes[shape] {
		moves, err := moveTableBytes(c.p, pr)
		if err != nil || moves > c.movesLeft {
			return false
		}
		c.movesLeft -= moves
		c.shapes[shape] = true
	}
	c.left -= packedBytes(n)
	c.buildLeft -= c.cost(pr, n)
	c.chosen = append(c.chosen, pr)
	return true
}

// shapeOf names what the move tables of pr's index depend on: for each
// set, how many pieces it tracks and whether it keeps orientations. Which
// pieces it tracks does not matter: the moves act on slots.
func shapeOf(pr Projection) string {
	var b []byte
	for _, v := range pr {
		n := 0
		for _, t := range v.Track {
			if t {
				n++
			}
		}
		b = fmt.Appendf(b, "%d %v|", n, v.Ori)
	}
	return string(b)
}

// sets is the projection keeping the sets ks whole.
func (c *chooser) sets(ks []int) Projection {
	pr := Empty(c.p.Def)
	whole := Whole(c.p.Def)
	for _, k := range ks {
		pr[k] = whole[k]
	}
	return pr
}

// wholeSets takes the largest combination of the sets ks, whole, that
// fits, and returns it; false when none fits.
func (c *chooser) wholeSets(ks []int) ([]int, bool) {
	var combos [][]int
	if len(ks) <= maxEnumerated {
		for m := 1; m < 1<<len(ks); m++ {
			var combo []int
			for i, k := range ks {
				if m>>i&1 == 1 {
					combo = append(combo, k)
				}
			}
			combos = append(combos, combo)
		}
	} else {
		// Smallest first, each combination one set more.
		byEntries := slices.Clone(ks)
		n := map[int]uint64{}
		for _, k := range ks {
			n[k] = c.entries(c.sets([]int{k}))
		}
		slices.SortStableFunc(byEntries, func(a, b int) int {
			switch {
			case n[a] < n[b]:
				return -1
			case n[a] > n[b]:
				return 1
			}
			return 0
		})
		for i := range byEntries {
			combos = append(combos, byEntries[:i+1])
		}
	}
	best, bestN := -1, uint64(0)
	for i, combo := range combos {
		if c.beyond(c.sets(combo)) {
			continue
		}
		n := c.entries(c.sets(combo))
		if n != ^uint64(0) && packedBytes(n) <= c.left && c.cost(c.sets(combo), n) <= c.buildLeft && (best < 0 || n > bestN) && c.movesFit(c.sets(combo)) {
			best, bestN = i, n
		}
	}
	if best < 0 {
		return nil, false
	}
	c.take(c.sets(combos[best]))
	return combos[best], true
}

// movesFit says whether pr's move tables fit what is left for them.
func (c *chooser) movesFit(pr Projection) bool {
	if c.shapes[shapeOf(pr)] {
		return true
	}
	moves, err := moveTableBytes(c.p, pr)
	return err == nil && moves <= c.movesLeft
}

// group takes the projection of set k tracking the most of the labels
// (a prefix of them) that fits, with their orientations where that fits,
// and returns how many it tracks (0: none fits).
func (c *chooser) group(k int, labels []int) int {
	mod := c.p.Def.Sets[k].Mod
	for _, ori := range []bool{true, false} {
		if !ori && mod == 1 {
			break
		}
		for t := len(labels); t >= 1; t-- {
			pr := Empty(c.p.Def)
			for _, l := range labels[:t] {
				pr[k].Track[l] = true
			}
			pr[k].Ori = ori && mod > 1
			if c.take(pr) {
				return t
			}
		}
	}
	return 0
}
