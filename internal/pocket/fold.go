package pocket

import (
	"math/bits"
	"sync"

	"github.com/godtable/godtable/internal/puzzle"
)

// The tables are folded by the cube's 48 symmetries: a position and its
// images (seen in a mirror, or from another side and held again with the
// down-back-left corner in place) are equally far from solved, in either
// metric, so they share one table entry. The 3,674,160 positions fall into
// 77,802 classes; the table keeps a few more entries than that, for the
// sake of an index that costs a handful of table reads.
//
// The index is the symmetry coordinate of Kociemba's two-phase solver, on
// the corner permutation. Up to the three ways of holding the cube with the
// down-back-left corner in place (its twist left free), the 5,040
// permutations are 1,680; the symmetries make 78 classes of those. Each
// class has a representative permutation, and for each of the 5,040 the
// index knows a symmetry and a holding that take it to its class's
// representative. Then a position's entry is its class and the 3^7 = 2,187
// twists of the image it has there: 78 x 2,187 = 170,586 entries, two bits
// each.
//
// A position (p, t) (p the permutation, t the twist) has the entry
//
//	class(p)*2187 + twist of r·S(p, t)
//
// where S is the symmetry and r the holding known for p. A symmetry moves
// the corners' twists to other positions, reversing them if it is a mirror,
// and adds to each a number that depends on the corner there and its
// position; a holding adds a number that depends on the corner. So the
// image's twist is the twist t moved by S, which depends on S alone (a
// table of 48 x 729), plus numbers that depend on p alone (kept with p):
// four nibble-wise additions mod 3 and a base-3 rank, in registers.
//
// Why the walk stays optimal, with the same answers: an entry's distance is
// its positions' distance, which is the same for every position it stands
// for (the symmetries map the face turns of all six faces onto face turns,
// quarter turns onto quarter turns, and Held maps a turn of D, L or B onto
// one of U, R or F). The walk still moves the position itself, trying its
// moves in their order, and only asks the table how far each position it
// reaches is; it never moves a representative. So every step, and the
// order of the moves it tries, is what it was with one entry per position,
// and the answers are the same ones, byte for byte. The generator checks
// that every position's distance is its entry's, and the tests walk every
// position.

// Fold sizes.
const (
	// NClasses is the number of classes of corner permutations under the
	// symmetries and the holdings.
	NClasses = 78
	// NFoldTwist is the number of twists of a class representative's
	// positions: the seven corners other than the down-right-back one, the
	// down-back-left one's twist now free too.
	NFoldTwist = 2187
	// NEntries is the number of entries of a folded table.
	NEntries = NClasses * NFoldTwist
)

// foldIndex is the fold's index, built on first use.
type foldIndex struct {
	// For each permutation: its class and the symmetry that takes it to
	// the class's representative (class<<6 | symmetry), and the twist (a
	// nibble per position) that the symmetry and the holding add there.
	classSym [NPerm]uint16
	add      [NPerm]uint32
	// twist[s][t] is twist t moved by symmetry s, one nibble per position:
	// nibble i is the twist at position i.
	twist [48][NTwist]uint32
	// rep[c] is the permutation (rank) of class c's representative.
	rep [NClasses]uint16
}

// index returns the entry of rank r.
func (f *foldIndex) index(r uint32) uint32 {
	p := r / NTwist
	return f.entry(uint32(f.classSym[p]), f.add[p], r%NTwist)
}

// entry returns the entry of the position of twist t whose permutation has
// the given class<<6 | symmetry and twist addition.
func (f *foldIndex) entry(classSym, add, t uint32) uint32 {
	x := f.twist[classSym&63][t] + add
	// Each nibble is 0..4; take 3 off those at 3 or more: adding 1 sets
	// their bit 2.
	x -= (x + 0x11111111) >> 2 & 0x11111111 * 3
	return classSym>>6*NFoldTwist + rank7(x)
}

// rank7 ranks the twists of positions 0..6 (nibbles 0..6) in base 3,
// position 0 the least significant digit, by summing neighbouring digits in
// pairs, then pairs of pairs.
func rank7(x uint32) uint32 {
	x &= 0x0fffffff
	x = x&0x0f0f0f0f + x>>4&0x0f0f0f0f*3
	x = x&0x00ff00ff + x>>8&0x00ff00ff*9
	return x&0xffff + x>>16*81
}

// entryCubie returns the representative position of entry e: its class's
// representative permutation with twist e mod 2187, as Held holds it.
func (f *foldIndex) entryCubie(e uint32) Cubie {
	c := FromRank(uint32(f.rep[e/NFoldTwist]) * NTwist)
	t := e % NFoldTwist
	sum := uint8(0)
	for i := 0; i < 7; i++ {
		c.CO[i] = uint8(t % 3)
		sum += c.CO[i]
		t /= 3
	}
	c.CO[DRB] = (3 - sum%3) % 3
	return Held(c)
}

var theFold = sync.OnceValue(buildFold)

// NewFold returns the fold shared by both metrics' tables.
func NewFold() *puzzle.Fold {
	f := theFold()
	return &puzzle.Fold{
		Entries: NEntries,
		Index:   f.index,
		Rep:     func(e uint32) uint32 { return f.entryCubie(e).Rank() },
	}
}

// A perm is a corner permutation as 8 nibbles, nibble i the corner at
// position i: cheap to copy and compare.
type perm uint32

func (p perm) at(i uint8) uint8 { return uint8(p >> (4 * i) & 15) }

func permOf(cp [8]uint8) perm {
	var p perm
	for i, v := range cp {
		p |= perm(v) << (4 * i)
	}
	return p
}

// rank returns the permutation's rank (Cubie.PermRank).
func (p perm) rank() uint16 {
	r := 0
	var used uint32
	for i := 0; i < 7; i++ {
		v := uint32(slot[p.at(unslot[i])])
		r += bits.OnesCount32(^used&(1<<v-1)) * fact[6-i]
		used |= 1 << v
	}
	return uint16(r)
}

// relabelled returns the permutation with its corners renamed by the
// rotation r (r.Mul(c) of a cubie c).
func (p perm) relabelled(r *Cubie) perm {
	var q perm
	for i := uint8(0); i < 8; i++ {
		q |= perm(r.CP[p.at(i)]) << (4 * i)
	}
	return q
}

// seen returns the permutation seen through symmetry s.
func (p perm) seen(s *symmetry) perm {
	var q perm
	for i := uint8(0); i < 8; i++ {
		q |= perm(s.slot[p.at(i)]) << (4 * s.slot[i])
	}
	return q
}

// seenHeld returns the rotation h that holds p seen through symmetry s
// with its down-back-left corner in place (renaming it DBL; any of the three
// that do would do, for a permutation), and the rank of p seen and held so.
func (p perm) seenHeld(s *symmetry) (h *Cubie, rank uint16) {
	// The corner at DBL after s is the image of the corner at the
	// position s moves to DBL.
	var from uint8
	for i := uint8(0); i < 8; i++ {
		if s.slot[i] == DBL {
			from = i
		}
	}
	h = &relabel[s.slot[p.at(from)]][0]
	var name [8]uint8
	for v := range name {
		name[v] = h.CP[s.slot[v]]
	}
	var q perm
	for i := uint8(0); i < 8; i++ {
		q |= perm(name[p.at(i)]) << (4 * s.slot[i])
	}
	return h, q.rank()
}

// An element is a symmetry followed by a holding: it takes a position c to
// r.Mul(symmetries[s].conj(c)).
type element struct {
	s uint8
	r Cubie
}

// then returns e followed by g.
func (e element) then(g element, mul *[48][48]uint8) element {
	return element{mul[g.s][e.s], g.r.Mul(symmetries[g.s].conj(e.r))}
}

// inverse returns the element that undoes e.
func (e element) inverse(inv *[48]uint8) element {
	s := inv[e.s]
	return element{s, symmetries[s].conj(e.r.inverse())}
}

// inverse returns the position that undoes a.
func (a Cubie) inverse() Cubie {
	var b Cubie
	for i, j := range a.CP {
		b.CP[j] = uint8(i)
		b.CO[j] = (3 - a.CO[i]) % 3
	}
	return b
}

// compose returns the symmetry that sees as b and then a do.
func compose(a, b *symmetry) symmetry {
	var c symmetry
	c.mirror = a.mirror != b.mirror
	for i := range c.slot {
		c.slot[i] = a.slot[b.slot[i]]
		sh := b.shift[i]
		if a.mirror {
			sh = 3 - sh
		}
		c.shift[i] = (sh + a.shift[b.slot[i]]) % 3
	}
	return c
}

// symIndex returns the index of symmetry s in symmetries.
func symIndex(s symmetry) uint8 {
	for i := range symmetries {
		if symmetries[i] == s {
			return uint8(i)
		}
	}
	panic("pocket: not a symmetry")
}

// buildFold builds the index: the classes of permutations, by a search
// over the 1,680 permutations held every way, from symmetries that generate
// all 48; then each permutation's symmetry and twist addition; then the
// moved twists of every symmetry.
func buildFold() *foldIndex {
	f := new(foldIndex)
	gens, mulBy, inv := symmetryTables()

	// The three holdings with the down-back-left corner in place make three
	// permutations of each; they are one coset, named by the smallest rank.
	var perms [NPerm]perm
	allPerms(&perms)
	turn := [3]Cubie{relabel[DBL][0], relabel[DBL][1], relabel[DBL][2]}
	// back[k][j] is the holding that undoes holding j and does holding k.
	var back [3][3]uint8
	for k := range turn {
		for j := range turn {
			x := turn[k].Mul(turn[j].inverse())
			for h := range turn {
				if turn[h] == x {
					back[k][j] = uint8(h)
				}
			}
		}
	}
	// name[p] is the rank of p's coset's name, toName[p] the holding that
	// takes p there.
	var name [NPerm]uint16
	var toName [NPerm]uint8
	var named [NPerm]bool
	for p := range perms {
		if named[p] {
			continue
		}
		var rk [3]uint16
		for j := range turn {
			rk[j] = perms[p].relabelled(&turn[j]).rank()
		}
		k := 0
		for j := range rk {
			if rk[j] < rk[k] {
				k = j
			}
		}
		for j, r := range rk {
			named[r], name[r], toName[r] = true, rk[k], back[k][j]
		}
	}

	// The classes: a search from each name not yet reached, in order of
	// rank, through the generating symmetries. found[n] takes the class's
	// first name (its representative) to name n.
	var class [NPerm]uint8
	var found [NPerm]element
	var reached [NPerm]bool
	classes := 0
	var queue [NPerm / 3]uint16
	for p := range perms {
		if name[p] != uint16(p) || reached[p] {
			continue
		}
		if classes == NClasses {
			panic("pocket: more permutation classes than NClasses")
		}
		f.rep[classes] = uint16(p)
		reached[p], class[p], found[p] = true, uint8(classes), element{0, Solved}
		head, tail := 0, 1
		queue[0] = uint16(p)
		for head < tail {
			q := queue[head]
			head++
			for gi, g := range gens {
				h, y := perms[q].seenHeld(&symmetries[g])
				n := name[y]
				if reached[n] {
					continue
				}
				// The step: g, then the holding that puts DBL back,
				// then the one that names the coset.
				e := found[q]
				r := turn[toName[y]].Mul(*h).Mul(symmetries[g].conj(e.r))
				reached[n], class[n], found[n] = true, uint8(classes), element{mulBy[gi][e.s], r}
				queue[tail] = n
				tail++
			}
		}
		classes++
	}
	if classes != NClasses {
		panic("pocket: fewer permutation classes than NClasses")
	}

	// Each permutation's way to its representative: hold it as its coset's
	// name, then undo the way from the representative to the name. For the
	// three permutations of a coset only the first holding differs.
	var heldAs [48][3]Cubie // heldAs[s][k]: holding k seen through s
	var heldDone [48]bool
	for p := range perms {
		n := name[p]
		if uint16(p) != n {
			continue
		}
		// The inverse of found[n] = (s, r) is (s', s'(r⁻¹)).
		s := inv[found[n].s]
		sym := &symmetries[s]
		rBack := sym.conj(found[n].r.inverse())
		if !heldDone[s] {
			for k := range turn {
				heldAs[s][k] = sym.conj(turn[k])
			}
			heldDone[s] = true
		}
		for j := range turn {
			q := perms[n].relabelled(&turn[back[0][j]]).rank() // the coset's permutation that holding j names
			r := rBack.Mul(heldAs[s][toName[q]])
			f.classSym[q] = uint16(class[n])<<6 | uint16(s)
			for i := uint8(0); i < 8; i++ {
				c := perms[q].at(i)
				add := (sym.shift[i] + 3 - sym.shift[c] + r.CO[sym.slot[c]]) % 3
				f.add[q] |= uint32(add) << (4 * sym.slot[i])
			}
		}
	}

	// The moved twists: the twist of position i goes to position slot[i],
	// reversed by a mirror. Position DBL has none; DRB's follows the rest.
	for si := range symmetries {
		s := &symmetries[si]
		var at [8][3]uint32
		for i := range at {
			for d := uint8(0); d < 3; d++ {
				v := d
				if s.mirror {
					v = (3 - d) % 3
				}
				at[i][d] = uint32(v) << (4 * s.slot[i])
			}
		}
		row := &f.twist[si]
		t := 0
		for d5 := range 3 {
			x5 := at[5][d5]
			for d4 := range 3 {
				x4 := x5 + at[4][d4]
				for d3 := range 3 {
					x3 := x4 + at[3][d3]
					for d2 := range 3 {
						x2 := x3 + at[2][d2]
						for d1 := range 3 {
							x1 := x2 + at[1][d1]
							s1 := d1 + d2 + d3 + d4 + d5
							for d0 := range 3 {
								row[t] = x1 + at[0][d0] + at[DRB][(6-(s1+d0)%3)%3]
								t++
							}
						}
					}
				}
			}
		}
	}
	return f
}

// allPerms lists the permutations in order of rank: the seven moving
// corners' positions in slot order, in lexicographic order of the corners'
// slots (which is the order of the ranks), DBL in place.
func allPerms(out *[NPerm]perm) {
	a := [7]uint8{0, 1, 2, 3, 4, 5, 6}
	for r := range out {
		var p perm = DBL << (4 * DBL)
		for i, v := range a {
			p |= perm(unslot[v]) << (4 * unslot[i])
		}
		out[r] = p
		// The next permutation in lexicographic order.
		i := 5
		for i >= 0 && a[i] > a[i+1] {
			i--
		}
		if i < 0 {
			break
		}
		j := 6
		for a[j] < a[i] {
			j--
		}
		a[i], a[j] = a[j], a[i]
		for l, h := i+1, 6; l < h; l, h = l+1, h-1 {
			a[l], a[h] = a[h], a[l]
		}
	}
}

// symmetryTables returns symmetries that generate all 48, chosen in order
// (each one the ones before do not generate), the index of each generator
// composed after each symmetry, and the inverse of each symmetry.
func symmetryTables() (gens []uint8, mulBy [][48]uint8, inv [48]uint8) {
	key := func(s *symmetry) uint64 {
		k := uint64(0)
		for i := range s.slot {
			k |= uint64(s.slot[i])<<(4*i) | uint64(s.shift[i])<<(32+2*i)
		}
		if s.mirror {
			k |= 1 << 63
		}
		return k
	}
	index := make(map[uint64]uint8, 48)
	for i := range symmetries {
		index[key(&symmetries[i])] = uint8(i)
	}
	mul := func(a, b uint8) uint8 {
		c := compose(&symmetries[a], &symmetries[b])
		return index[key(&c)]
	}
	in := map[uint8]bool{0: true}
	for s := uint8(1); len(in) < 48; s++ {
		if in[s] {
			continue
		}
		gens = append(gens, s)
		for grew := true; grew; {
			grew = false
			for a := range in {
				for _, g := range gens {
					if b := mul(g, a); !in[b] {
						in[b], grew = true, true
					}
				}
			}
		}
	}
	mulBy = make([][48]uint8, len(gens))
	for gi, g := range gens {
		for s := range symmetries {
			mulBy[gi][s] = mul(g, uint8(s))
		}
	}
	for s := range symmetries {
		for t := range symmetries {
			if mul(uint8(t), uint8(s)) == 0 {
				inv[s] = uint8(t)
				break
			}
		}
	}
	return gens, mulBy, inv
}
