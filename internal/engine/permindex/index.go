// Package permindex numbers the states of a ksolve puzzle densely: each set's
// permutation and orientations become coordinates, each with a move table
// (value -> value, per move), and a state's index is the coordinates in mixed
// radix. A breadth-first search walks the index through the move tables
// alone, with no state ever built.
//
// The index divides out what the moves prove, and nothing else:
//
//   - the orbits of a set's slots under the moves: a piece never leaves its
//     orbit, so each orbit (a part, part.go) is indexed as a set of its own;
//   - a part that every move permutes exactly as an earlier one: its pieces
//     are known from that part's;
//   - the orientation sum of a part, when every move keeps it;
//   - the parity of a part's permutation, when every move keeps it, and a
//     parity shared by several parts (the corners' and the edges' of a
//     cube), when every move changes them together;
//
// so every state the moves reach has an index, and an index may stand for a
// state they never reach (the search leaves it unreachable).
//
// A part whose permutations are too many for one move table is split: which
// slots hold which half of its pieces (one coordinate), then the arrangement
// of each half in its slots (one coordinate each, whose move table is read
// with the first). Orientation wildcards split a part the same way: the
// orientations kept are those of the slots holding pieces whose orientation
// counts.
package permindex

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"sync"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// MaxSize is the largest index this package makes: about a trillion
// states, two bits each in a table of 256 GiB. Whether a build of that size
// fits the machine is the caller's to check (deftable.Plan gives what it
// needs); the index itself only has to stay well inside 64 bits.
const MaxSize = 1<<40 - 1

// maxTable is the most entries (values times parent values) one coordinate's
// move table may have; a variable so that the tests can split small sets.
var maxTable uint64 = 1 << 22

// maxCoords is the most coordinates an index may have.
const maxCoords = 64

// ErrTooLarge is the class of the error for a puzzle whose index would be
// larger than MaxSize, or whose sets are too large to index.
var ErrTooLarge = errors.New("beyond what godtable indexes")

type kind uint8

const (
	kPerm    kind = iota // the labels of all the set's slots
	kComb                // which group of labels each slot holds
	kArr                 // the labels of one group, over its slots (parent: comb)
	kOri                 // the orientations of all slots
	kOriWild             // the orientations of the slots of group 0 (parent: comb)
	kJoint               // the values several coordinates reach together (see compact.go)
)

type coord struct {
	kind   kind
	part   int
	parent int    // the comb coordinate whose value the table is read with, or -1
	full   uint64 // values (per parent value)
	size   uint64 // values in the index: full, or full/2 for a parity pivot
	weight uint64
	// recip is ^uint64(0)/size + 1, with which an index below 2^32 is
	// divided by size with a multiplication (fulls); 0 when size is 1.
	recip uint64
	pivot bool
	pbits uint8    // the bits of a pivot's value the index derives: 1, or a joint's invariants
	par   []uint64 // parity of each value, for a permutation of distinct pieces
	t16   []uint16 // move table when values fit 16 bits
	t32   []uint32 // else
	// shared keeps the move table's entry in the cache of tables indices
	// share (tablecache.go) alive while the coordinate reads it.
	shared *sharedTable
	// An arrangement's move table in two (Factor): how each move
	// reorders the half's pieces under each comb value, and each
	// reordering of each value.
	sigma  []uint16
	comp16 []uint16
	comp32 []uint32
	// sharedComp keeps the composition table's entry in the cache alive,
	// as shared does the move table's.
	sharedComp *sharedTable
	// For converting states.
	ms      multiset
	group   int   // kArr: the group
	groupOf []int // kComb, kArr, kOriWild: each label's group
	local   []int // each label's number within its group
	mod     int
	digits  int // kOri: digits kept; the last is the sum's complement when digits < set size
	target  int // kOri: the orientation sum (mod mod) every state has, when reduced
	// Of a coordinate of the index (Index.coords), which stands for one or
	// more of the puzzle's (Index.raw): raw is the one it copies, or -1
	// for a kJoint, whose members' values, in mixed radix with radix, make
	// the codes the moves reach, in increasing order, one a value.
	raw     int
	members []int
	radix   []uint64
	codes   []uint64
	// num and pos, when not nil, number a joint's values otherwise than
	// its codes' order (see characters.go): num[p] is the value of code
	// p, pos[v] the code of value v.
	num, pos []uint32
}

type invariant struct {
	pivot  int   // the coordinate whose parity is derived
	others []int // coordinates whose parities it is derived from
	want   uint8 // the parity sum of pivot and others
	// at is the bit of the pivot's value the invariant gives: 0 for a
	// parity, whose value's parity is its Lehmer code's; a joint's
	// invariants are its values' low bits (see characters.go).
	at uint8
	// opar, when not nil, holds for each other coordinate the bit of each
	// of its values that the invariant sums, in place of its parity: a
	// joint coordinate's character (see characters.go).
	opar [][]uint64
}

// expand is the full value of pivot coordinate c whose value in the index
// is h, given the bits its invariants give it (pivotBits).
func (c *coord) expand(h, bits uint64) uint64 {
	f := h << c.pbits
	if c.kind == kJoint {
		return f | bits
	}
	return f | bits ^ uint64(c.parity(f))
}

// pivotBits is the bits the invariants of pivot coordinate k give its value,
// each at its place, from the other coordinates' full values.
func (x *Index) pivotBits(k int, full []uint64) uint64 {
	b := uint64(0)
	for i := range x.invs {
		inv := &x.invs[i]
		if inv.pivot != k {
			continue
		}
		s := inv.want
		for j, o := range inv.others {
			s ^= inv.bit(x, j, full[o])
		}
		b |= uint64(s) << inv.at
	}
	return b
}

// pivotBit is the bit invariant inv reads from its pivot's full value f.
func (x *Index) pivotBit(inv *invariant, f uint64) uint8 {
	c := &x.coords[inv.pivot]
	if c.kind == kJoint {
		return uint8(f >> inv.at & 1)
	}
	return c.parity(f)
}

// bit is the bit other coordinate j of the invariant adds for value f.
func (inv *invariant) bit(x *Index, j int, f uint64) uint8 {
	if inv.opar != nil && inv.opar[j] != nil {
		return uint8(inv.opar[j][f/64] >> (f % 64) & 1)
	}
	return x.coords[inv.others[j]].parity(f)
}

// Index is the dense numbering of a puzzle's states.
type Index struct {
	p *ksolve.Puzzle
	// raw are the coordinates of the puzzle's parts; coords those of the
	// index, each a raw one or several joined (see compact.go). The
	// invariants are between coordinates of the index.
	raw    []coord
	coords []coord
	invs   []invariant
	size   uint64
	gens   int
	parts  []part
	// partCoords[k] lists the raw coordinates of part k.
	partCoords [][]int
	// fixed are the slots no move changes (see fixedSlot).
	fixed []fixedSlot
	// parCols are the coordinates whose values' parities the index reads
	// (see findParities and parities): raw ones until compact, then the
	// index's.
	parCols []int
	// renumbered says that the numbering is not the one godtable used
	// before the index kept to the states the moves reach (see Layout):
	// coordinates joined, orientations that follow from where the pieces
	// are, a split part's parity.
	renumbered bool
	// tablesOnce builds the move tables NewFactored left out.
	tablesOnce sync.Once
}

// New builds the index of p and its move tables.
func New(p *ksolve.Puzzle) (*Index, error) { return newIndex(p, false) }

// NewFactored is New then Factor, for a walk that moves states at random
// (Step and Steps), as a search of classes does: it does not build the
// move tables that Factor's replace (the dino cube's two of 21 MB, which
// took a twentieth of its search of classes). Apply and Neighbors read
// the factored tables in their place; Kernel builds them the first time
// it is asked.
func NewFactored(p *ksolve.Puzzle) (*Index, error) { return newIndex(p, true) }

func newIndex(p *ksolve.Puzzle, factored bool) (*Index, error) {
	x, err := planned.take(p)
	if err != nil {
		return nil, err
	}
	x.parities()
	if x.direct() {
		return x, nil
	}
	for k := range x.coords {
		c := &x.coords[k]
		if c.kind == kJoint {
			continue
		}
		if factored && x.factorable(k) {
			continue
		}
		x.moveTable(k)
	}
	if factored {
		x.Factor()
	}
	return x, nil
}

// moveTable gives coordinate k its move table, building it if its raw
// coordinate has none yet.
func (x *Index) moveTable(k int) {
	c := &x.coords[k]
	if r := &x.raw[c.raw]; r.t16 == nil && r.t32 == nil {
		x.sharedBuildTable(c.raw)
	}
	c.t16, c.t32, c.shared = x.raw[c.raw].t16, x.raw[c.raw].t32, x.raw[c.raw].shared
}

// moveTables gives every coordinate Factor left without one its move
// table (see NewFactored), once.
func (x *Index) moveTables() {
	x.tablesOnce.Do(func() {
		for k := range x.coords {
			if c := &x.coords[k]; c.kind != kJoint && c.t16 == nil && c.t32 == nil {
				x.moveTable(k)
			}
		}
	})
}

// direct says that the index is one permutation coordinate, the whole
// puzzle: its move table would hold more entries than the search makes
// moves (a table row for every value, and the values outnumber the states
// when the parity is divided out), so the search computes each neighbour
// from the permutation instead (see directGraph).
func (x *Index) direct() bool {
	return len(x.coords) == 1 && x.coords[0].kind == kPerm
}

// Plan returns the size of p's index and the memory its move tables would
// take, in bytes, without making them: what New allocates for the index,
// so that a caller can refuse a build its machine cannot hold before it
// starts.
func Plan(p *ksolve.Puzzle) (size, tables uint64, err error) {
	// A caller that plans, then builds through one that plans again
	// (gen, then deftable.Build), works the index out once.
	if a, ok := planned.answer(p); ok {
		return a.size, a.tables, nil
	}
	x, err := plan(p)
	if err != nil {
		return 0, 0, err
	}
	for _, k := range x.parCols {
		tables += (x.coords[k].full + 63) / 64 * 8
	}
	if !x.direct() {
		for _, c := range x.coords {
			tables += c.tableEntries(x) * uint64(x.gens) * c.entryBytes()
		}
	}
	// Kept last: once kept, a New on another goroutine may take it and
	// add its tables.
	planned.keep(p, x, planAnswer{size: x.size, tables: tables, direct: x.direct()})
	return x.size, tables, nil
}

// Direct says whether p's index is one arrangement of the whole puzzle
// with no move table (see direct): each move of its every value in a
// build is then ranked, several times the cost of reading a table.
func Direct(p *ksolve.Puzzle) (bool, error) {
	if _, _, err := Plan(p); err != nil {
		return false, err
	}
	if a, ok := planned.answer(p); ok {
		return a.direct, nil
	}
	// Taken by a New since: plan it again.
	x, err := plan(p)
	if err != nil {
		return false, err
	}
	return x.direct(), nil
}

// Layout names the numbering when it differs from the one of coordinates
// alone, which godtable used before the index kept to the states the moves
// reach: a table's identity must change with it. It is "" when the
// numbering is that one.
func (x *Index) Layout() string {
	if !x.renumbered {
		return ""
	}
	return "reachable states 1"
}

// tableEntries is the number of rows of c's move table: one for each of its
// values with each of its parent's.
func (c *coord) tableEntries(x *Index) uint64 {
	parents := uint64(1)
	if c.parent >= 0 {
		parents = x.coords[c.parent].full
	}
	return parents * c.full
}

// entryBytes is the size of one entry of c's move table.
func (c *coord) entryBytes() uint64 {
	if c.full <= 1<<16 {
		return 2
	}
	return 4
}

// planned is the last index Plan worked out, kept for the New that
// usually follows it (a build plans its memory first): working out the
// coordinates joins them by searches over their values, which for a small
// puzzle cost more than its whole search.
var planned lastPlan

// lastPlan keeps one planned index, under the puzzle it was planned for.
type lastPlan struct {
	mu  sync.Mutex
	key string
	x   *Index
	// a is Plan's answer for x, kept with it so that a Plan asked again
	// for the same puzzle answers without reading x, which a New on
	// another goroutine may be adding its tables to.
	a planAnswer
}

// planAnswer is what Plan and Direct say of a planned index.
type planAnswer struct {
	size, tables uint64
	direct       bool
}

// planKey is what plan reads of a puzzle: its sets, its solved state and
// its generators, in order (and the limits tests change).
func planKey(p *ksolve.Puzzle) string {
	d := p.Def
	var b []byte
	b = fmt.Appendf(b, "%v %d %d %d %d|", joining, maxTable, maxJoint, joinBudget, len(d.Sets))
	for _, s := range d.Sets {
		b = fmt.Appendf(b, "%s %d %d|", s.Name, s.Size, s.Mod)
	}
	b = append(b, d.Solved...)
	for _, m := range p.Gens {
		b = append(b, '|')
		b = append(b, d.Moves[m].Perm...)
	}
	return string(b)
}

// keep keeps x, planned for p, with Plan's answer for it.
func (l *lastPlan) keep(p *ksolve.Puzzle, x *Index, a planAnswer) {
	key := planKey(p)
	l.mu.Lock()
	l.key, l.x, l.a = key, x, a
	l.mu.Unlock()
}

// answer returns Plan's answer for an index planned for a puzzle of p's
// sets, solved state and generators and not yet taken, if there is one.
func (l *lastPlan) answer(p *ksolve.Puzzle) (planAnswer, bool) {
	key := planKey(p)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.x == nil || l.key != key {
		return planAnswer{}, false
	}
	return l.a, true
}

// take returns the index planned for a puzzle of p's sets, solved state
// and generators, once (New adds its tables to it), or plans it.
func (l *lastPlan) take(p *ksolve.Puzzle) (*Index, error) {
	key := planKey(p)
	l.mu.Lock()
	x := l.x
	if x != nil && l.key == key {
		l.key, l.x = "", nil
	} else {
		x = nil
	}
	l.mu.Unlock()
	if x == nil {
		return plan(p)
	}
	x.p = p
	return x, nil
}

// plan works out the coordinates of p's index. It allocates little: no
// move table, and for each part memory in the part's size, so that a
// definition beyond the index is refused before much is spent on it; it
// stops at the first part that takes the coordinates over maxCoords.
func plan(p *ksolve.Puzzle) (*Index, error) {
	x := &Index{p: p, gens: len(p.Gens)}
	d := p.Def
	for k := range d.Sets {
		var ps []part
		ps, x.fixed = setParts(p, k, x.fixed)
		for i := range ps {
			x.parts = append(x.parts, ps[i])
			x.partCoords = append(x.partCoords, nil)
			b := len(x.parts) - 1
			tie(x.parts, b)
			if err := x.addPart(b); err != nil {
				return nil, err
			}
			if len(x.coords) > maxCoords {
				return nil, fmt.Errorf("%s: more than %d coordinates (set %s brings them to %d), too many to index: %w",
					d.Name, maxCoords, x.parts[b].name, len(x.coords), ErrTooLarge)
			}
			if len(x.partCoords[b]) == 0 {
				// Nothing reads a part's moves but its coordinates' tables
				// and the ties of later parts, which tie only to a part
				// with a coordinate.
				x.parts[b].mps, x.parts[b].mos = nil, nil
			}
		}
	}
	x.findParities()
	x.compact()
	size := uint64(1)
	for k := len(x.coords) - 1; k >= 0; k-- {
		c := &x.coords[k]
		c.weight = size
		hi, lo := bits.Mul64(size, c.size)
		if hi != 0 || lo > MaxSize {
			// The product may be beyond a float64: add logarithms.
			states := 0.0
			for _, c := range x.coords {
				states += math.Log10(float64(c.size))
			}
			return nil, fmt.Errorf("%s: its index would have %s states, whose table would need %s GB at two bits each (at most %d states): %w",
				d.Name, approx(states), approx(states-math.Log10(4e9)), uint64(MaxSize), ErrTooLarge)
		}
		size = lo
	}
	x.size = size
	for k := range x.coords {
		if c := &x.coords[k]; c.size > 1 {
			c.recip = ^uint64(0)/c.size + 1
		}
	}
	return x, nil
}

// approx writes the number whose base-10 logarithm is lg, which may be far
// beyond a float64 (a set of 255 pieces has about 10^504 arrangements):
// in three digits while it is of a size people read, else as a power of
// ten.
func approx(lg float64) string {
	if lg < 21 {
		return strconv.FormatFloat(math.Pow(10, lg), 'g', 3, 64)
	}
	return fmt.Sprintf("about 10^%d", int(math.Floor(lg)))
}

// Size is the number of indices: every state the moves reach has one below
// it.
func (x *Index) Size() uint64 { return x.size }

// Degree is the number of generators, the moves of the table's graph.
func (x *Index) Degree() int { return x.gens }

// Puzzle returns the puzzle indexed.
func (x *Index) Puzzle() *ksolve.Puzzle { return x.p }

// addPart adds part k's raw coordinates: its arrangement, as one
// permutation or as which slots hold which group with each group's
// arrangement, and its orientations.
func (x *Index) addPart(k int) error {
	pt := &x.parts[k]
	n := len(pt.slots)
	counts, wild := pt.counts, pt.wild
	anyKept := false
	for _, w := range wild {
		anyKept = anyKept || !w
	}
	hasOri := pt.mod > 1 && anyKept
	if hasOri {
		pt.gauge()
		hasOri = pt.turn == nil
		x.renumbered = x.renumbered || !hasOri
	}
	wildSplit := pt.wildSplit()
	ms := newMultiset(counts)
	if ms.size == 0 || ms.size > MaxSize {
		// A part whose arrangements alone are beyond the index.
		lg, _ := math.Lgamma(float64(n + 1))
		for _, c := range counts {
			lc, _ := math.Lgamma(float64(c + 1))
			lg -= lc
		}
		lg /= math.Ln10
		return fmt.Errorf("%s: %s has %s arrangements, too many to index (its table alone would need %s GB at two bits a state): %w",
			x.p.Def.Name, x.partWhat(k), approx(lg), approx(lg-math.Log10(4e9)), ErrTooLarge)
	}
	comb := -1
	var groupOf []int
	switch {
	case pt.tied >= 0:
		// Known from the part it is tied to.
	case !wildSplit && ms.size <= maxTable:
		if ms.size > 1 {
			x.addCoord(k, coord{kind: kPerm, parent: -1, full: ms.size, ms: ms})
		}
	default:
		alone := x.alone(k)
		var err error
		if comb, groupOf, err = x.addSplit(k, wildSplit); err != nil {
			if wildSplit || hasOri || !alone {
				return err
			}
			// No split fits maxTable (five pieces alike among sixty),
			// but the part is the whole index: a direct index ranks its
			// moves, with no move table to bound.
			comb, groupOf = -1, nil
			x.coords, x.partCoords[k] = x.coords[:0], nil
			x.addCoord(k, coord{kind: kPerm, parent: -1, full: ms.size, ms: ms})
		}
	}
	if !hasOri {
		return nil
	}
	if wildSplit {
		kept := 0
		for l, c := range counts {
			if !wild[l] {
				kept += c
			}
		}
		full, ok := power(pt.mod, kept)
		if !ok || full*x.coords[comb].full > maxTable {
			return x.overCap(k, fmt.Sprintf("the orientations of its %d pieces whose orientation counts, read with which slots hold them", kept),
				entries(pt.mod, kept, x.coords[comb].full))
		}
		x.addCoord(k, coord{kind: kOriWild, parent: comb, full: full, mod: pt.mod, digits: kept, groupOf: groupOf})
		return nil
	}
	return x.addOrientations(k)
}

// alone says whether part k is the only part of x's puzzle with more than
// one state: no coordinate before it, its set whole, and every set after
// it one piece with no orientation.
func (x *Index) alone(k int) bool {
	d := x.p.Def
	if len(x.coords) > 0 || len(x.parts[k].slots) < d.Sets[x.parts[k].set].Size {
		return false
	}
	for j := x.parts[k].set + 1; j < len(d.Sets); j++ {
		set := d.Sets[j]
		for i := 0; i < set.Size; i++ {
			if d.Solved[set.Off+i] != d.Solved[set.Off] || set.Mod > 1 && d.Solved[set.Off+set.Size+i] != ksolve.Wild {
				return false
			}
		}
	}
	return true
}

// addCoord adds c, a raw coordinate of part k, and returns its number.
func (x *Index) addCoord(k int, c coord) int {
	c.part = k
	if c.size == 0 {
		c.size = c.full
	}
	x.coords = append(x.coords, c)
	x.partCoords[k] = append(x.partCoords[k], len(x.coords)-1)
	return len(x.coords) - 1
}

// partWhat names part k in an error.
func (x *Index) partWhat(k int) string {
	pt := &x.parts[k]
	if len(pt.slots) < x.p.Def.Sets[pt.set].Size {
		return fmt.Sprintf("set %s (its orbit of %d slots)", pt.name, len(pt.slots))
	}
	return "set " + pt.name
}

// overCap refuses part k when one of its coordinates would have a move
// table of more than maxTable entries: the index might be small enough,
// but that coordinate is not.
func (x *Index) overCap(k int, coordinate, entries string) error {
	return fmt.Errorf("%s: %s: %s would have a move table of %s, over the %d entries a coordinate may have: %w",
		x.p.Def.Name, x.partWhat(k), coordinate, entries, maxTable, ErrTooLarge)
}

// addSplit adds part k's arrangement in two groups of labels: with
// wildcards, the labels whose orientation counts (group 0) and the others;
// else the labels in order, split where half the pieces are. It returns
// the coordinate of which slots hold which group, and each label's group.
func (x *Index) addSplit(k int, wildSplit bool) (comb int, groupOf []int, err error) {
	pt := &x.parts[k]
	n := len(pt.slots)
	counts, wild := pt.counts, pt.wild
	L := len(counts)
	groupOf = make([]int, L)
	if wildSplit {
		for l := range groupOf {
			if wild[l] {
				groupOf[l] = 1
			}
		}
	} else {
		seen := 0
		for l, c := range counts {
			if seen >= n/2 {
				groupOf[l] = 1
			}
			seen += c
		}
	}
	var gc [2][]int
	local := make([]int, L)
	for l, g := range groupOf {
		local[l] = len(gc[g])
		gc[g] = append(gc[g], counts[l])
	}
	sizes := []int{0, 0}
	for l, g := range groupOf {
		sizes[g] += counts[l]
	}
	cms := newMultiset(sizes)
	if cms.size > maxTable {
		return 0, nil, x.overCap(k, fmt.Sprintf("which slots hold which %d of its %d pieces", sizes[0], n),
			fmt.Sprintf("%d entries", cms.size))
	}
	comb = x.addCoord(k, coord{kind: kComb, parent: -1, full: cms.size, ms: cms, groupOf: groupOf, local: local})
	for g := 0; g < 2; g++ {
		ams := newMultiset(gc[g])
		if ams.size > maxTable || ams.size*cms.size > maxTable {
			return 0, nil, x.overCap(k, fmt.Sprintf("the arrangement of %d of its pieces, read with which slots hold them", sizes[g]),
				fmt.Sprintf("%d entries (%d arrangements × %d ways to place them)", ams.size*cms.size, ams.size, cms.size))
		}
		if ams.size > 1 {
			x.addCoord(k, coord{kind: kArr, parent: comb, full: ams.size, ms: ams, group: g, groupOf: groupOf, local: local})
		}
	}
	return comb, groupOf, nil
}

// addOrientations adds part k's orientations, every piece's but the last
// when every generator keeps their sum (it is then known from the others).
func (x *Index) addOrientations(k int) error {
	pt := &x.parts[k]
	n := len(pt.slots)
	digits := n
	kept := true
	for _, mo := range pt.mos {
		s := 0
		for _, o := range mo {
			s += int(o)
		}
		if s%pt.mod != 0 {
			kept = false
		}
	}
	target := 0
	if kept {
		digits = n - 1
		for _, o := range pt.ori {
			target += int(o)
		}
		target %= pt.mod
	}
	full, ok := power(pt.mod, digits)
	if !ok || full > maxTable {
		what := fmt.Sprintf("its orientations (%d pieces, %d values each)", digits, pt.mod)
		if digits < n {
			what = fmt.Sprintf("its orientations (%d of its %d pieces, the last one's known from the sum every move keeps; %d values each)", digits, n, pt.mod)
		}
		return x.overCap(k, what, entries(pt.mod, digits, 1))
	}
	if full > 1 {
		x.addCoord(k, coord{kind: kOri, parent: -1, full: full, mod: pt.mod, digits: digits, target: target})
	}
	return nil
}

// entries writes the size of a move table of b^e values for each of times
// parent values, exactly when it fits in a uint64.
func entries(b, e int, times uint64) string {
	if v, ok := power(b, e); ok {
		if hi, lo := bits.Mul64(v, times); hi == 0 {
			if times == 1 {
				return fmt.Sprintf("%d entries (%d^%d)", lo, b, e)
			}
			return fmt.Sprintf("%d entries (%d^%d × %d)", lo, b, e, times)
		}
	}
	lg := float64(e)*math.Log10(float64(b)) + math.Log10(float64(times))
	if times == 1 {
		return fmt.Sprintf("%s entries (%d^%d)", approx(lg), b, e)
	}
	return fmt.Sprintf("%s entries (%d^%d × %d)", approx(lg), b, e, times)
}

func power(b, e int) (uint64, bool) {
	r := uint64(1)
	for range e {
		r *= uint64(b)
		if r > 1<<40 {
			return 0, false
		}
	}
	return r, true
}

func factorial(n int) int {
	r := 1
	for i := 2; i <= n; i++ {
		r *= i
	}
	return r
}

func (c *coord) parity(f uint64) uint8 {
	return uint8(c.par[f/64] >> (f % 64) & 1)
}

func (c *coord) next(row uint64, g int) uint64 {
	if c.t16 != nil {
		return uint64(c.t16[row+uint64(g)])
	}
	return uint64(c.t32[row+uint64(g)])
}

// TableBytes is the memory the move tables take.
func (x *Index) TableBytes() uint64 {
	n := uint64(0)
	for _, c := range x.coords {
		n += uint64(len(c.t16))*2 + uint64(len(c.t32))*4 + uint64(len(c.par))*8
	}
	return n
}
