package permindex

import (
	"math/big"
	"math/bits"
	"runtime"
	"slices"
	"sync"
)

// The raw coordinates number every value of each part's permutation and
// orientations, and the parities the moves keep. What else the moves keep
// is found here, by search over the coordinates' own move tables:
//
//   - the values one coordinate reaches, when the moves reach fewer than
//     all of them (a skewb diamond's corners twist by fours, not ones);
//   - the values several coordinates reach together, when they are tied
//     (in the group <U,F> of the cube, the edges' orientations follow from
//     their permutation, and the corners' permutation is one of 120 of
//     720, its parity the edges').
//
// Each such set becomes one coordinate of the index, a joint (kJoint): its
// values are its members' values the moves reach together, numbered in the
// order of their codes (the members' values in mixed radix), and its move
// table takes a value to a value, as any coordinate's does, so that the
// search reads one table a neighbour for it, however many coordinates it
// joins. The projection of the reachable states onto some coordinates is
// the orbit of the solved state's projection (the coordinates' tables are
// the moves' action on them), so the search over a joint is exact: no
// reachable state is left out.
//
// Only coordinates read with no other (kPerm, kOri) and read by no other
// join: a kComb's arrangements are read with it. A parity invariant's
// coordinates join all together or not at all, so that an invariant left
// in the index is between coordinates of its own.

// maxJoint is the most values a joint coordinate may have: as many as a
// raw coordinate's move table may have entries. A variable so that the
// tests can keep joints small.
var maxJoint = 1 << 22

// joinBudget bounds the moves of coordinates' values the searches for
// ties may make in all (a value moved by every generator, for each member
// of a joint, see reach), so that a definition of many coordinates that
// are not tied does not spend long proving it: well under a second.
var joinBudget = 64 << 20

// joining is whether compact joins and renumbers coordinates; the tests
// turn it off to check the raw coordinates' index too.
var joining = true

// maxStepTable is the most entries a raw coordinate's move table may have
// to be built for the searches here; a larger one's values are moved one
// by one (step), so that planning an index allocates little.
const maxStepTable = 1 << 21

// cheapJoin is the largest product of two units' values that join though
// they are not tied.
const cheapJoin = 1 << 12

// unit is a set of raw coordinates that join or not together, with the
// codes of their values the moves reach (nil when not searched or too
// many).
type unit struct {
	members []int
	radix   []uint64
	codes   []uint64
}

// compact makes the index's coordinates from the raw ones (see the
// comment above): x.raw takes the raw coordinates, x.coords the index's.
func (x *Index) compact() {
	x.raw = x.coords
	if len(x.raw) == 1 && x.raw[0].kind == kPerm {
		// The index computes neighbours from the permutation, with no
		// table (see direct): a search over a table would build one.
		x.coords = []coord{x.raw[0]}
		x.coords[0].raw = 0
		return
	}
	units := x.units()
	budget := joinBudget
	for _, u := range units {
		for _, k := range u.members {
			if x.raw[k].full*uint64(x.gens) <= maxStepTable {
				x.sharedBuildTable(k)
			}
		}
		u.radix = x.radixOf(u.members)
		if u.radix != nil && x.hopeful(u.members, u.radix) {
			u.codes, _ = x.reach(u.members, u.radix, &budget, 0)
		}
	}
	target, exact := x.p.Reachable()
	units = x.joinTied(units, &budget, target, exact)
	// An index as large as the group's exact count is the reachable
	// states: no invariant of its characters can be left to find.
	reachable := exact && x.indexSize(units).Cmp(target) == 0
	final := x.finalCoords(units)
	x.renumberInvariants(final)
	if joining && !reachable {
		x.characters()
	}
}

// units returns the raw coordinates that may join, as units: each alone,
// but for a parity invariant's coordinates, which are one unit.
func (x *Index) units() []*unit {
	R := len(x.raw)
	joinable := make([]bool, R)
	for k, c := range x.raw {
		joinable[k] = c.parent < 0 && (c.kind == kPerm || c.kind == kOri)
	}
	root := make([]int, R)
	for k := range root {
		root[k] = k
	}
	find := func(k int) int {
		for root[k] != k {
			k = root[k]
		}
		return k
	}
	for _, inv := range x.invs {
		for _, o := range inv.others {
			a, b := find(inv.pivot), find(o)
			root[max(a, b)] = min(a, b)
		}
	}
	for k := range joinable {
		if !joinable[k] || !joining {
			joinable[find(k)] = false
		}
	}
	var units []*unit
	unitOf := make([]int, R)
	for k := range R {
		unitOf[k] = -1
		if r := find(k); joinable[r] {
			if r == k {
				units = append(units, &unit{})
				unitOf[k] = len(units) - 1
			} else {
				unitOf[k] = unitOf[r]
			}
			u := units[unitOf[k]]
			u.members = append(u.members, k)
		}
	}
	return units
}

// joinTied joins two units while their values together are fewer than
// the product of theirs: a tie. The smallest products are tried first; a
// pair found untied is not tried again. When no pair is tied, the two
// smallest units join anyway if their product is small (cheapJoin): it
// costs the search nothing, and a tie of three (the orientations of three
// pieces whose sum the moves keep) shows as a tie of two then. The search
// stops when the index is down to the states the moves reach (target,
// when exact: the puzzle's group counts them), or the budget is spent.
func (x *Index) joinTied(units []*unit, budget *int, target *big.Int, exact bool) []*unit {
	untied := map[[2]*unit]bool{}
	tooMany := map[[2]*unit]bool{}
	for !exact || x.indexSize(units).Cmp(target) != 0 {
		pair, bestProd, ok := nextPair(units, untied, tooMany)
		if !ok || *budget <= 0 {
			break
		}
		a, b := pair[0], pair[1]
		members := append(slices.Clone(a.members), b.members...)
		slices.Sort(members)
		radix := x.radixOf(members)
		var codes []uint64
		var n uint64
		if radix != nil && x.hopeful(members, radix) {
			codes, n = x.reach(members, radix, budget, bestProd)
		}
		if n == 0 {
			// Too many values to join, or past the budget.
			untied[pair], tooMany[pair] = true, true
			continue
		}
		if bestProd != 0 && n == bestProd {
			untied[pair] = true
			continue
		}
		a.members, a.radix, a.codes = members, radix, codes
		units = slices.DeleteFunc(units, func(u *unit) bool { return u == b })
	}
	return units
}

// nextPair returns the pair of units joinTied tries next: the untried pair
// of the smallest product of values (bestProd), or else the cheap pair of
// the smallest product, with bestProd 0; ok is false when there is none.
func nextPair(units []*unit, untied, tooMany map[[2]*unit]bool) (pair [2]*unit, bestProd uint64, ok bool) {
	var best, cheap [2]*unit
	cheapProd := uint64(0)
	for i, a := range units {
		for _, b := range units[i+1:] {
			if a.codes == nil || b.codes == nil {
				continue
			}
			hi, prod := bits.Mul64(uint64(len(a.codes)), uint64(len(b.codes)))
			if hi != 0 {
				continue
			}
			if untied[[2]*unit{a, b}] {
				if !tooMany[[2]*unit{a, b}] && prod <= cheapJoin && (cheapProd == 0 || prod < cheapProd) {
					cheap, cheapProd = [2]*unit{a, b}, prod
				}
				continue
			}
			if bestProd == 0 || prod < bestProd {
				best, bestProd = [2]*unit{a, b}, prod
			}
		}
	}
	switch {
	case bestProd != 0:
		return best, bestProd, true
	case cheapProd != 0:
		return cheap, 0, true
	}
	return pair, 0, false
}

// finalCoords makes the index's coordinates, in the order of the raw ones,
// a joint where its first member was, and returns the map from a raw
// coordinate to its index coordinate (-1 for a joint's member).
func (x *Index) finalCoords(units []*unit) []int {
	R := len(x.raw)
	final := make([]int, R)
	var coords []coord
	for k := range R {
		final[k] = -1
		var u *unit
		for _, v := range units {
			if slices.Contains(v.members, k) {
				u = v
			}
		}
		switch {
		case u != nil && u.codes != nil && (len(u.members) > 1 || uint64(len(u.codes)) < x.raw[k].full):
			if u.members[0] == k {
				x.renumbered = true
				coords = append(coords, coord{kind: kJoint, raw: -1, parent: -1, part: -1,
					full: uint64(len(u.codes)), size: uint64(len(u.codes)),
					members: u.members, radix: u.radix, codes: u.codes})
			}
		default:
			c := x.raw[k]
			c.raw = k
			final[k] = len(coords)
			coords = append(coords, c)
		}
	}
	for k := range coords {
		c := &coords[k]
		if c.kind == kJoint {
			x.jointTable(c)
			for _, m := range c.members {
				// A member's table is read no more.
				x.raw[m].t16, x.raw[m].t32 = nil, nil
			}
		} else if c.parent >= 0 {
			c.parent = final[c.parent]
		}
	}
	x.coords = coords
	return final
}

// renumberInvariants takes the parity invariants and columns from the raw
// coordinates to the index's (final), dropping those inside a joint, whose
// values keep them.
func (x *Index) renumberInvariants(final []int) {
	var invs []invariant
	for _, inv := range x.invs {
		if final[inv.pivot] < 0 {
			continue
		}
		inv.pivot = final[inv.pivot]
		others := make([]int, len(inv.others))
		for i, o := range inv.others {
			others[i] = final[o]
		}
		inv.others = others
		invs = append(invs, inv)
	}
	x.invs = invs
	var parCols []int
	for _, k := range x.parCols {
		if final[k] >= 0 {
			parCols = append(parCols, final[k])
		}
	}
	x.parCols = parCols
}

// indexSize is the size the index would have with units joined as they
// are: the product of their values and of the other coordinates'.
func (x *Index) indexSize(units []*unit) *big.Int {
	n := big.NewInt(1)
	in := make([]bool, len(x.raw))
	for _, u := range units {
		if u.codes != nil {
			n.Mul(n, new(big.Int).SetUint64(uint64(len(u.codes))))
			for _, k := range u.members {
				in[k] = true
			}
		}
	}
	for k, c := range x.raw {
		if !in[k] {
			n.Mul(n, new(big.Int).SetUint64(c.size))
		}
	}
	return n
}

// hopeless is how many times maxJoint the members' values together may be
// (less the parities their invariants keep) for a search to be worth it: a
// search that finds more than maxJoint values is wasted, and a tie that
// divides by more than this is rare.
const hopeless = 256

// hopeful says whether the members' values together, less a factor of 2
// for each invariant among them, are few enough for reach to be tried.
func (x *Index) hopeful(members []int, radix []uint64) bool {
	n := x.raw[members[0]].full * radix[0]
	for _, inv := range x.invs {
		if slices.Contains(members, inv.pivot) {
			n /= 2
		}
	}
	return n/hopeless <= uint64(maxJoint)
}

// radixOf is the mixed radix of the members' values (the last member's
// weight 1), or nil when their product is beyond 64 bits.
func (x *Index) radixOf(members []int) []uint64 {
	radix := make([]uint64, len(members))
	w := uint64(1)
	for i := len(members) - 1; i >= 0; i-- {
		radix[i] = w
		hi, lo := bits.Mul64(w, x.raw[members[i]].full)
		if hi != 0 {
			return nil
		}
		w = lo
	}
	return radix
}

// solvedCode is the code of the members' values in the solved state.
func (x *Index) solvedCode(members []int, radix []uint64) uint64 {
	code := uint64(0)
	for i, k := range members {
		c := &x.raw[k]
		pt := &x.parts[c.part]
		f, _ := x.value(k, setView{lab: pt.lab, ori: pt.ori})
		code += f * radix[i]
	}
	return code
}

// moveCodes writes into out[:x.gens] the code each generator takes code
// to: moveCode for every generator, the code split into its members'
// values once.
func (x *Index) moveCodes(members []int, radix []uint64, code uint64, out []uint64) {
	G := uint64(x.gens)
	out = out[:x.gens]
	clear(out)
	for i, k := range members {
		c := &x.raw[k]
		f := code / radix[i] % c.full
		switch {
		case c.t16 != nil:
			row := c.t16[f*G : f*G+G]
			for g, v := range row {
				out[g] += uint64(v) * radix[i]
			}
		case c.t32 != nil:
			row := c.t32[f*G : f*G+G]
			for g, v := range row {
				out[g] += uint64(v) * radix[i]
			}
		default:
			for g := range out {
				out[g] += x.step(k, f, g) * radix[i]
			}
		}
	}
}

// step is the value generator g takes value f of raw coordinate k (a kPerm
// or a kOri) to, worked out from the pieces, as its move table's row would
// be (tableBuilder.parentRows).
func (x *Index) step(k int, f uint64, g int) uint64 {
	c := &x.raw[k]
	pt := &x.parts[c.part]
	n := len(pt.slots)
	var a, b [256]uint8
	mp := pt.mps[g]
	if c.kind == kPerm {
		c.ms.unrank(f, a[:n])
		for i, from := range mp {
			b[i] = a[from]
		}
		return c.ms.rank(b[:n])
	}
	x.fill(k, f, setView{ori: a[:n]})
	mo := pt.mos[g]
	for i, from := range mp {
		b[i] = uint8((int(a[from]) + int(mo[i])) % c.mod)
	}
	v, _ := x.value(k, setView{ori: b[:n]})
	return v
}

// reach returns, in increasing order, the codes of the members' values
// the moves reach from the solved state's, by breadth-first search over
// their move tables, and how many they are; nil and 0 when they are more
// than maxJoint or the search would take budget past 0 (it takes from it
// the values it visits). When they number untied (not 0: the product of
// two units' values, whose tie a caller is testing), it does not list
// them: the caller wants the list only if there is a tie.
func (x *Index) reach(members []int, radix []uint64, budget *int, untied uint64) ([]uint64, uint64) {
	last := x.raw[members[0]].full * radix[0] // the product of the members' values
	start := x.solvedCode(members, radix)
	// A value moved through a table costs 1, one worked out from the
	// pieces (step) about 32 times as much.
	cost := 0
	for _, k := range members {
		if c := &x.raw[k]; c.t16 != nil || c.t32 != nil {
			cost += x.gens
		} else {
			cost += 32 * x.gens
		}
	}
	next := make([]uint64, x.gens)
	if last > 1<<27 {
		codes := []uint64{start}
		seen := map[uint64]struct{}{start: {}}
		for i := 0; i < len(codes); i++ {
			if *budget -= cost; *budget < 0 {
				return nil, 0
			}
			x.moveCodes(members, radix, codes[i], next)
			for _, c := range next {
				if _, was := seen[c]; !was {
					if len(codes) == maxJoint {
						return nil, 0
					}
					seen[c] = struct{}{}
					codes = append(codes, c)
				}
			}
		}
		slices.Sort(codes)
		return codes, uint64(len(codes))
	}
	// Level by level, a bit a code for those seen and for those of the
	// level being moved and the next: three bits a code in all, where a
	// growing queue of the codes took up to 16 bytes a code reached, and
	// its fresh pages were most of the search's time.
	words := (last + 63) / 64
	seen, cur, nxt := make([]uint64, words), make([]uint64, words), make([]uint64, words)
	seen[start/64] |= 1 << (start % 64)
	cur[start/64] |= 1 << (start % 64)
	n := uint64(1)
	for more := true; more; {
		more = false
		for w, word := range cur {
			if word == 0 {
				continue
			}
			cur[w] = 0
			for word != 0 {
				code := uint64(w)*64 + uint64(bits.TrailingZeros64(word))
				word &= word - 1
				if *budget -= cost; *budget < 0 {
					return nil, 0
				}
				x.moveCodes(members, radix, code, next)
				for _, c := range next {
					cw, b := c/64, uint64(1)<<(c%64)
					if seen[cw]&b != 0 {
						continue
					}
					if n == uint64(maxJoint) {
						return nil, 0
					}
					seen[cw] |= b
					nxt[cw] |= b
					n++
					more = true
				}
			}
		}
		cur, nxt = nxt, cur
	}
	if n == untied {
		return nil, n
	}
	// The marks are the codes in order.
	codes := make([]uint64, 0, n)
	for w, word := range seen {
		for word != 0 {
			codes = append(codes, uint64(w)*64+uint64(bits.TrailingZeros64(word)))
			word &= word - 1
		}
	}
	return codes, n
}

// codeRanks finds a code's place among sorted codes in constant time: a
// bit a code up to the last, and the codes before each word.
type codeRanks struct {
	bits   []uint64
	before []uint32
}

// newCodeRanks returns the ranks of codes (sorted, fewer than 2^32), whose
// values are below last; nil when last is past 2^27, where the bits would
// take more memory than a binary search saves time.
func newCodeRanks(codes []uint64, last uint64) *codeRanks {
	if last > 1<<27 || uint64(len(codes)) >= 1<<32 {
		return nil
	}
	r := &codeRanks{bits: make([]uint64, (last+63)/64), before: make([]uint32, (last+63)/64)}
	for _, c := range codes {
		r.bits[c/64] |= 1 << (c % 64)
	}
	n := uint32(0)
	for w, word := range r.bits {
		r.before[w] = n
		n += uint32(bits.OnesCount64(word))
	}
	return r
}

// rank is code's place among the codes (which must hold it).
func (r *codeRanks) rank(code uint64) uint64 {
	w := code / 64
	return uint64(r.before[w]) + uint64(bits.OnesCount64(r.bits[w]&(1<<(code%64)-1)))
}

// jointTable makes joint coordinate c's move table, on every core.
func (x *Index) jointTable(c *coord) {
	G := uint64(x.gens)
	n := c.full * G
	if c.full <= 1<<16 {
		c.t16 = make([]uint16, n)
	} else {
		c.t32 = make([]uint32, n)
	}
	ranks := newCodeRanks(c.codes, x.raw[c.members[0]].full*c.radix[0])
	workers := uint64(runtime.GOMAXPROCS(0))
	per := (c.full + workers - 1) / workers
	var wg sync.WaitGroup
	for lo := uint64(0); lo < c.full; lo += per {
		wg.Add(1)
		go func(lo, hi uint64) {
			defer wg.Done()
			next := make([]uint64, x.gens)
			for v := lo; v < hi; v++ {
				x.moveCodes(c.members, c.radix, c.codes[v], next)
				for g, to := range next {
					var j uint64
					if ranks != nil {
						j = ranks.rank(to)
					} else {
						j0, _ := slices.BinarySearch(c.codes, to)
						j = uint64(j0)
					}
					if c.t16 != nil {
						c.t16[v*G+uint64(g)] = uint16(j)
					} else {
						c.t32[v*G+uint64(g)] = uint32(j)
					}
				}
			}
		}(lo, min(lo+per, c.full))
	}
	wg.Wait()
}

// fromRaw is the coordinate's value for the raw coordinates' values;
// false when a joint's members have values the moves never reach
// together.
func (c *coord) fromRaw(raw []uint64) (uint64, bool) {
	if c.kind != kJoint {
		return raw[c.raw], true
	}
	code := uint64(0)
	for i, k := range c.members {
		code += raw[k] * c.radix[i]
	}
	v, ok := slices.BinarySearch(c.codes, code)
	if ok && c.num != nil {
		return uint64(c.num[v]), true
	}
	return uint64(v), ok
}

// toRaw writes the raw coordinates' values of the coordinate's value f.
func (c *coord) toRaw(f uint64, raw []uint64) {
	if c.kind != kJoint {
		raw[c.raw] = f
		return
	}
	if c.pos != nil {
		f = uint64(c.pos[f])
	}
	code := c.codes[f]
	for i, k := range c.members {
		raw[k] = code / c.radix[i]
		code %= c.radix[i]
	}
}
