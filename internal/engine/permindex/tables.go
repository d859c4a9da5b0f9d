package permindex

import (
	"math/bits"
	"runtime"
	"sync"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// setView is one set's slots while a coordinate is converted: each slot's
// label and orientation (ksolve.Wild where it is ignored).
type setView struct {
	lab, ori []uint8
}

// value returns coordinate k's value for the set's slots; false when the
// orientations break the sum every state keeps.
func (x *Index) value(k int, v setView) (uint64, bool) {
	c := &x.raw[k]
	switch c.kind {
	case kPerm:
		return c.ms.rank(v.lab), true
	case kComb:
		g := make([]uint8, len(v.lab))
		for i, l := range v.lab {
			g[i] = uint8(c.groupOf[l])
		}
		return c.ms.rank(g), true
	case kArr:
		var a []uint8
		for _, l := range v.lab {
			if c.groupOf[l] == c.group {
				a = append(a, uint8(c.local[l]))
			}
		}
		return c.ms.rank(a), true
	case kOri:
		r, w, sum := uint64(0), uint64(1), 0
		for i, o := range v.ori {
			sum += int(o)
			if i < c.digits {
				r += uint64(o) * w
				w *= uint64(c.mod)
			}
		}
		return r, c.digits == len(v.ori) || sum%c.mod == c.target
	default: // kOriWild
		r, w := uint64(0), uint64(1)
		for i, l := range v.lab {
			if c.groupOf[l] == 0 {
				r += uint64(v.ori[i]) * w
				w *= uint64(c.mod)
			}
		}
		return r, true
	}
}

// fill writes coordinate k's value f into the set's slots; a kArr or
// kOriWild coordinate needs the slots' groups (its comb) written first, as
// group numbers in lab.
func (x *Index) fill(k int, f uint64, v setView) {
	c := &x.raw[k]
	switch c.kind {
	case kPerm:
		c.ms.unrank(f, v.lab)
	case kComb:
		c.ms.unrank(f, v.lab)
	case kArr:
		a := make([]uint8, c.ms.n)
		c.ms.unrank(f, a)
		j := 0
		for i, g := range v.lab {
			if int(g) == c.group {
				v.ori[i] = a[j] // parked: lab holds the groups until all are placed
				j++
			}
		}
	case kOri:
		sum := 0
		for i := range v.ori {
			if i < c.digits {
				v.ori[i] = uint8(f % uint64(c.mod))
				f /= uint64(c.mod)
				sum += int(v.ori[i])
			} else {
				v.ori[i] = uint8(((c.target-sum)%c.mod + c.mod) % c.mod)
			}
		}
	default: // kOriWild
		for i, g := range v.lab {
			if g == 0 {
				v.ori[i] = uint8(f % uint64(c.mod))
				f /= uint64(c.mod)
			}
		}
	}
}

// buildTable makes coordinate k's move table, on every core.
func (x *Index) buildTable(k int) {
	if x.fromFactors(k) {
		return
	}
	c := &x.raw[k]
	G := uint64(x.gens)
	parents := uint64(1)
	if c.parent >= 0 {
		parents = x.raw[c.parent].full
	}
	n := parents * c.full * G
	if c.full <= 1<<16 {
		c.t16 = make([]uint16, n)
	} else {
		c.t32 = make([]uint32, n)
	}
	// Work in pieces of whole parent values, or, for a coordinate with
	// few of them, of its own values.
	workers := uint64(runtime.GOMAXPROCS(0))
	per := c.full
	if parents < 4*workers {
		per = (c.full + 4*workers - 1) / (4 * workers)
	}
	type piece struct{ pf, lo, hi uint64 }
	work := make(chan piece)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tb := x.newTableBuilder(k)
			for p := range work {
				tb.parentRows(p.pf, p.lo, p.hi)
			}
		}()
	}
	for pf := uint64(0); pf < parents; pf++ {
		for lo := uint64(0); lo < c.full; lo += per {
			work <- piece{pf, lo, min(lo+per, c.full)}
		}
	}
	close(work)
	wg.Wait()
}

type tableBuilder struct {
	x        *Index
	k        int
	pt       *part
	gid, out []uint8
	a, b     []uint8
	// place, from and turn: see follow.
	place []int
	from  [][]int
	turn  [][]uint8
}

func (x *Index) newTableBuilder(k int) *tableBuilder {
	pt := &x.parts[x.raw[k].part]
	n := len(pt.slots)
	return &tableBuilder{x: x, k: k, pt: pt,
		gid: make([]uint8, n), out: make([]uint8, n), a: make([]uint8, n), b: make([]uint8, n), place: make([]int, n)}
}

// parentRows fills the rows of values [lo, hi) of coordinate k read with
// parent value pf.
func (tb *tableBuilder) parentRows(pf, lo, hi uint64) {
	x, c := tb.x, &tb.x.raw[tb.k]
	G := x.gens
	n := len(tb.pt.slots)
	var S []int // slots of the group, for kArr and kOriWild
	if c.parent >= 0 {
		x.raw[c.parent].ms.unrank(pf, tb.gid)
		S = S[:0]
		grp := c.group
		if c.kind == kOriWild {
			grp = 0
		}
		for i, g := range tb.gid {
			if int(g) == grp {
				S = append(S, i)
			}
		}
	}
	mps, mos := tb.pt.mps, tb.pt.mos
	put := func(at, v uint64) {
		if c.t16 != nil {
			c.t16[at] = uint16(v)
		} else {
			c.t32[at] = uint32(v)
		}
	}
	base := pf * c.full * uint64(G)
	switch c.kind {
	case kPerm, kComb:
		a, b := tb.a, tb.b
		for f := lo; f < hi; f++ {
			c.ms.unrank(f, a)
			row := base + f*uint64(G)
			for gi, mp := range mps {
				for i, from := range mp {
					b[i] = a[from]
				}
				put(row+uint64(gi), c.ms.rank(b))
			}
		}
	case kArr:
		tb.follow(S, uint8(c.group))
		arr, nb := tb.a[:len(S)], tb.b[:len(S)]
		for f := lo; f < hi; f++ {
			c.ms.unrank(f, arr)
			row := base + f*uint64(G)
			for gi, from := range tb.from {
				for j, i := range from {
					nb[j] = arr[i]
				}
				put(row+uint64(gi), c.ms.rank(nb))
			}
		}
	case kOri:
		for f := lo; f < hi; f++ {
			x.fill(tb.k, f, setView{ori: tb.a[:n]})
			row := base + f*uint64(G)
			for gi, mp := range mps {
				mo := mos[gi]
				for i, from := range mp {
					tb.b[i] = uint8((int(tb.a[from]) + int(mo[i])) % c.mod)
				}
				nf, _ := x.value(tb.k, setView{ori: tb.b[:n]})
				put(row+uint64(gi), nf)
			}
		}
	case kOriWild:
		tb.follow(S, 0)
		digits := tb.out[:len(S)]
		mod := uint64(c.mod)
		for f := lo; f < hi; f++ {
			ff := f
			for j := range digits {
				digits[j] = uint8(ff % mod)
				ff /= mod
			}
			row := base + f*uint64(G)
			for gi, from := range tb.from {
				turn := tb.turn[gi]
				nf, w := uint64(0), uint64(1)
				for j, i := range from {
					nf += (uint64(digits[i]) + uint64(turn[j])) % mod * w
					w *= mod
				}
				put(row+uint64(gi), nf)
			}
		}
	}
}

// follow works out, for each generator, where each slot of the group grp
// (the slots S of it under the parent's value, in order) takes its piece
// from once the generator is applied: from[g][j] is the place in S of the
// slot the j-th slot of the group after the move receives its piece from,
// turn[g][j] the orientation it adds. A row of the table then reads the
// group's pieces alone, not every slot of the part.
func (tb *tableBuilder) follow(S []int, grp uint8) {
	place := tb.place
	for j, s := range S {
		place[s] = j
	}
	mps, mos := tb.pt.mps, tb.pt.mos
	if tb.from == nil {
		tb.from, tb.turn = make([][]int, len(mps)), make([][]uint8, len(mps))
	}
	for g, mp := range mps {
		from, turn := tb.from[g][:0], tb.turn[g][:0]
		for i, f := range mp {
			if tb.gid[f] == grp {
				from = append(from, place[f])
				if mos != nil {
					turn = append(turn, mos[g][i])
				}
			}
		}
		tb.from[g], tb.turn[g] = from, turn
	}
}

// Index returns the index of state s, which must have the solved state's
// pieces in each set (ksolve.Def.Check); false when s breaks what every
// reachable state keeps (a parity, an orientation sum), so that it is not
// reachable.
func (x *Index) Index(s ksolve.State) (uint64, bool) {
	d := x.p.Def
	for _, f := range x.fixed {
		o := f.piece + int32(f.n)
		if s[f.piece] != d.Solved[f.piece] || !f.wild && s[o] != d.Solved[o] {
			return 0, false
		}
	}
	raw := make([]uint64, len(x.raw))
	labs := make([][]uint8, len(x.parts))
	var ori [256]uint8
	for k := range x.parts {
		pt := &x.parts[k]
		n := len(pt.slots)
		lab := make([]uint8, n)
		if !pt.view(d, s, lab, ori[:n]) {
			return 0, false
		}
		labs[k] = lab
		if pt.tied >= 0 {
			// The pieces must be where the tied part's say.
			for j, a := range labs[pt.tied] {
				if lab[j] != pt.phi[a] {
					return 0, false
				}
			}
		}
		if pt.turn != nil {
			for j, l := range lab {
				if ori[j] != pt.orientation(l, j) {
					return 0, false
				}
			}
		}
		v := setView{lab: lab, ori: ori[:n]}
		for _, ck := range x.partCoords[k] {
			f, ok := x.value(ck, v)
			if !ok {
				return 0, false
			}
			raw[ck] = f
		}
	}
	full := make([]uint64, len(x.coords))
	for k := range x.coords {
		f, ok := x.coords[k].fromRaw(raw)
		if !ok {
			return 0, false
		}
		full[k] = f
	}
	for _, inv := range x.invs {
		p := x.pivotBit(&inv, full[inv.pivot])
		for j, o := range inv.others {
			p ^= inv.bit(x, j, full[o])
		}
		if p != inv.want {
			return 0, false
		}
	}
	idx := uint64(0)
	for k := range x.coords {
		c := &x.coords[k]
		idx += full[k] >> c.pbits * c.weight
	}
	return idx, true
}

// fulls decodes index i into each coordinate's full value.
func (x *Index) fulls(i uint64, full []uint64) {
	if x.size <= 1<<32 {
		// Below 2^32, i/size is the high word of i*recip (Lemire, Kaser
		// and Kurz, "Faster remainder by direct computation", 2019): a
		// multiplication, where a division takes tens of cycles, and a
		// walk or a reduction decodes an index at every move.
		for k := len(x.coords) - 1; k >= 0; k-- {
			c := &x.coords[k]
			if c.recip == 0 {
				full[k] = 0
				continue
			}
			q, _ := bits.Mul64(c.recip, i)
			full[k] = i - q*c.size
			i = q
		}
	} else {
		for k := len(x.coords) - 1; k >= 0; k-- {
			c := &x.coords[k]
			full[k] = i % c.size
			i /= c.size
		}
	}
	for k := range x.coords {
		if c := &x.coords[k]; c.pivot {
			full[k] = c.expand(full[k], x.pivotBits(k, full))
		}
	}
}

// State returns the state of index i (below Size).
func (x *Index) State(i uint64) ksolve.State {
	d := x.p.Def
	full := make([]uint64, len(x.coords))
	x.fulls(i, full)
	raw := make([]uint64, len(x.raw))
	for k := range x.coords {
		x.coords[k].toRaw(full[k], raw)
	}
	full = raw
	s := d.Solved.Clone()
	labs := make([][]uint8, len(x.parts))
	for k := range x.parts {
		pt := &x.parts[k]
		lab := append([]uint8(nil), pt.lab...)
		ori := append([]uint8(nil), pt.ori...)
		labs[k] = lab
		if pt.tied >= 0 {
			for j, a := range labs[pt.tied] {
				lab[j] = pt.phi[a]
			}
		}
		v := setView{lab: lab, ori: ori}
		cs := x.partCoords[k]
		var groupOf, local []int
		for _, ck := range cs {
			c := &x.raw[ck]
			switch c.kind {
			case kPerm:
				x.fill(ck, full[ck], v)
			case kComb:
				x.fill(ck, full[ck], v)
				groupOf, local = c.groupOf, c.local
			}
		}
		if groupOf != nil {
			// lab holds each slot's group; each group's arrangement goes
			// into ori for now, as local labels.
			groups := append([]uint8(nil), lab...)
			for j := range ori {
				ori[j] = 0
			}
			for _, ck := range cs {
				if x.raw[ck].kind == kArr {
					x.fill(ck, full[ck], v)
				}
			}
			// Back from (group, local label) to labels.
			for j, g := range groups {
				for l, lg := range groupOf {
					if lg == int(g) && local[l] == int(ori[j]) {
						lab[j] = uint8(l)
						break
					}
				}
			}
			copy(ori, pt.ori) // the orientations are filled in below
			wv := setView{lab: groups, ori: ori}
			for _, ck := range cs {
				if x.raw[ck].kind == kOriWild {
					x.fill(ck, full[ck], wv)
				}
			}
		}
		for _, ck := range cs {
			if x.raw[ck].kind == kOri {
				x.fill(ck, full[ck], v)
			}
		}
		for j := range ori {
			if pt.wild[lab[j]] {
				ori[j] = ksolve.Wild
			} else if pt.mod == 1 {
				ori[j] = 0
			} else if pt.turn != nil {
				ori[j] = pt.orientation(lab[j], j)
			}
		}
		pt.scatter(d, s, lab, ori)
	}
	return s
}
