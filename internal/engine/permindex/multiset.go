package permindex

import "math/bits"

// multiset ranks the arrangements of a multiset of labels 0..L-1 (counts[l]
// of label l) over len slots, in lexicographic order. With every count 1 the
// rank is the Lehmer code, whose low bit, with the parity of the other
// digits, gives the permutation's parity (see parityOf).
type multiset struct {
	counts []int
	n      int
	size   uint64
	// distinct: every count is 1 (and there are at most 20 labels), so
	// that the rank is the Lehmer code, computed with a bit mask.
	distinct bool
	fact     []uint64 // fact[i] = i!, when distinct
	// For a multiset of few labels (not distinct), the rank a label adds
	// at each step, so that rank and unrank divide nothing: the labels
	// still to place are a code, counts in mixed radix (unit[l] the
	// weight of label l, full the whole multiset's code), and
	// before[code*(L+1)+v] is how many arrangements of that code start
	// with a label below v (v = L: all of them). nil when there are too
	// many codes.
	unit   []int
	full   int
	before []uint64
}

// maxBefore bounds a multiset's table of ranks (multiset.before), in
// entries: 512 KiB.
const maxBefore = 1 << 16

func newMultiset(counts []int) multiset {
	n := 0
	distinct := len(counts) <= 20
	for _, c := range counts {
		n += c
		distinct = distinct && c == 1
	}
	ms := multiset{counts: counts, n: n, size: multinomial(counts), distinct: distinct}
	if distinct {
		ms.fact = make([]uint64, n+1)
		ms.fact[0] = 1
		for i := 1; i <= n; i++ {
			ms.fact[i] = ms.fact[i-1] * uint64(i)
		}
	} else if ms.size > 0 {
		ms.rankTable()
	}
	return ms
}

// rankTable makes the multiset's table of ranks (multiset.before), when
// it is small enough.
func (ms *multiset) rankTable() {
	L := len(ms.counts)
	codes := 1
	unit := make([]int, L)
	for l, c := range ms.counts {
		unit[l] = codes
		codes *= c + 1
		if codes*(L+1) > maxBefore {
			return
		}
	}
	before := make([]uint64, codes*(L+1))
	left := make([]int, L)
	for code := range codes {
		x := code
		for l := range left {
			left[l] = x % (ms.counts[l] + 1)
			x /= ms.counts[l] + 1
		}
		row := before[code*(L+1):]
		for l := range L {
			row[l+1] = row[l]
			if left[l] > 0 {
				left[l]--
				row[l+1] += multinomial(left)
				left[l]++
			}
		}
	}
	full := 0
	for l, c := range ms.counts {
		full += c * unit[l]
	}
	ms.unit, ms.full, ms.before = unit, full, before
}

// multinomial is n!/prod(c!) for n the sum of counts, or 0 when it does not
// fit in 62 bits.
func multinomial(counts []int) uint64 {
	r := uint64(1)
	m := 0
	for _, c := range counts {
		for k := 1; k <= c; k++ {
			m++
			// r * m / k is exact: r*C(m,k) stays an integer at each step.
			hi := r * uint64(m)
			if uint64(m) != 0 && hi/uint64(m) != r || hi > 1<<62 {
				return 0
			}
			r = hi / uint64(k)
		}
	}
	return r
}

func (ms *multiset) rank(a []uint8) uint64 {
	if ms.distinct {
		// Lehmer digit i: the labels after slot i smaller than a[i], which
		// are those smaller than a[i] not seen before it.
		r, seen, n := uint64(0), uint32(0), len(a)
		for i, v := range a {
			low := uint32(1)<<v - 1
			r += uint64(int(v)-bits.OnesCount32(seen&low)) * ms.fact[n-1-i]
			seen |= 1 << v
		}
		return r
	}
	if ms.before != nil {
		L1 := len(ms.counts) + 1
		code, r := ms.full, uint64(0)
		for _, v := range a {
			r += ms.before[code*L1+int(v)]
			code -= ms.unit[v]
		}
		return r
	}
	var buf [64]int
	c := append(buf[:0], ms.counts...)
	cur := ms.size
	m := uint64(ms.n)
	r := uint64(0)
	for _, v := range a {
		for l := 0; l < int(v); l++ {
			if c[l] > 0 {
				r += cur * uint64(c[l]) / m
			}
		}
		cur = cur * uint64(c[v]) / m
		c[v]--
		m--
	}
	return r
}

func (ms *multiset) unrank(r uint64, a []uint8) {
	if ms.distinct {
		n := len(a)
		left := uint32(1)<<n - 1
		for i := range a {
			f := ms.fact[n-1-i]
			d := int(r / f)
			r -= uint64(d) * f
			// The d-th label still left.
			m := left
			for ; d > 0; d-- {
				m &= m - 1
			}
			v := uint8(bits.TrailingZeros32(m))
			a[i] = v
			left &^= 1 << v
		}
		return
	}
	if ms.before != nil {
		L := len(ms.counts)
		code := ms.full
		for i := range a {
			row := ms.before[code*(L+1) : code*(L+1)+L+1]
			v := 0
			for v < L-1 && row[v+1] <= r {
				v++
			}
			a[i] = uint8(v)
			r -= row[v]
			code -= ms.unit[v]
		}
		return
	}
	var buf [64]int
	c := append(buf[:0], ms.counts...)
	cur := ms.size
	m := uint64(ms.n)
	for i := range a {
		for l := range ms.counts {
			if c[l] == 0 {
				continue
			}
			k := cur * uint64(c[l]) / m
			if r < k {
				a[i] = uint8(l)
				cur = k
				c[l]--
				break
			}
			r -= k
		}
		m--
	}
}

// parityOf is the parity of the permutation of distinct labels a.
func parityOf(a []uint8) uint8 {
	p := uint8(0)
	for i := range a {
		for j := i + 1; j < len(a); j++ {
			if a[j] < a[i] {
				p ^= 1
			}
		}
	}
	return p
}
