package pocket

import (
	"math/bits"
	"sync"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// The fold of the tables by the cube's symmetries: the method, and why the
// walk keeps its answers, are in the package documentation.

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

// A twist's halves: a twist t of positions 0..5 (DRB's follows) is kept by
// the walk as halves(t) = h<<5 | l, l = t%27 the low half (positions 0..2)
// and h = t/27 the high one (positions 3..5), so that a symmetry moves it
// with two reads of a small table (foldIndex.moved).
func halves(t uint32) uint32 { return t/27<<5 | t%27 }

// fromHalves is the twist t of halves(t).
func fromHalves(h uint32) uint32 { return h>>5*27 + h&31 }

// nHalves bounds halves(t) for every twist t.
const nHalves = 26<<5 | 26 + 1

// fieldShift[i] is where position i's field of a twist vector starts:
// positions 0..3 at bits 0..11 and 4..6 at bits 23..31, so that the two
// tables that rank a vector read it with a mask and a shift; DRB's (7)
// at bits 12..14, which the rank leaves out (its twist follows from the
// others'). Position 6 (DBL) is the fold's seventh: held, its twist is free.
var fieldShift = [8]uint8{0, 3, 6, 9, 23, 26, 29, 12}

// movedRowBits is the width of a symmetry's row of foldIndex.moved: 32
// halves (27 used).
const movedRowBits = 5

// foldIndex is the fold's index, built on first use.
//
// Twists are kept as vectors of 3-bit fields, one per position (see
// fieldShift), so that adding three (the two halves of a moved twist and a
// permutation's addition) is one addition with no carry between fields
// (each sum is at most 6: only DRB's position takes a share of both
// halves), and the sum's entry is two reads of small tables that take each
// field mod 3 and weigh it by its power of 3.
type foldIndex struct {
	// For each permutation: its class and the symmetry that takes it to
	// the class's representative (class<<6 | symmetry), and the twist (a
	// field per position) that the symmetry and the holding add there.
	classSym [NPerm]uint16
	add      [NPerm]uint32
	// moved[k][s<<movedRowBits | x] is half k of a twist, x, moved by
	// symmetry s, with its share of DRB's twist (minus the half's sum, mod
	// 3), a field per position: a twist t moved is the sum of its halves'
	// entries (movedTwist). 12 KB, where a table of every twist moved
	// (140 KB) left the cache on every read. Rows of a power of two, so
	// that the walk finds a row with one shift (see walkTables.next), and
	// a table per half, so that both are read at the row with no
	// further operation.
	moved [2][nSymmetries << movedRowBits]uint32
	// halves[t] is halves(t), read rather than worked out.
	halves [NTwist]uint16
	// rep[c] is the permutation (rank) of class c's representative.
	rep [NClasses]uint16
	// rankLow and rankHigh rank twists of positions 0..6 in base 3,
	// position 0 the least significant digit, from sums of twists (taken
	// mod 3 field by field): rankLow from positions 0..3 (bits 0..11),
	// rankHigh from positions 4..6 (bits 23..31), read with no mask.
	// DRB's field (bits 12..14) is left out, and bits 15..22 are free for
	// the walk (see walkTables.next).
	rankLow  [1 << 12]uint8
	rankHigh [1 << 9]uint16
}

// index returns the entry of rank r.
func (f *foldIndex) index(r uint32) uint32 {
	p := r / NTwist
	return f.entry(uint32(f.classSym[p]), f.add[p], uint32(f.halves[r-p*NTwist]))
}

// entry returns the entry of the position of twist halves h whose
// permutation has the given class<<6 | symmetry and twist addition.
func (f *foldIndex) entry(classSym, add, h uint32) uint32 {
	return f.ranked(classSym>>6, f.movedTwist(classSym&63<<movedRowBits, h)+add)
}

// movedTwist returns the twist of halves h moved by the symmetry whose row
// of moved starts at row, a field per position. The walk waits on it, so
// each read is an addition and a bounds check, which the processor
// predicts, rather than a mask, which it would wait on.
func (f *foldIndex) movedTwist(row, h uint32) uint32 {
	return f.moved[0][row+h&31] + f.moved[1][row+h>>5]
}

// ranked returns the entry of class c whose twist is x, a sum of twists
// with a field per position.
func (f *foldIndex) ranked(c, x uint32) uint32 { return c*NFoldTwist + f.rank(x) }

// rank returns the rank, among a class's entries, of twist x, a sum of
// twists with a field per position.
func (f *foldIndex) rank(x uint32) uint32 {
	return uint32(f.rankLow[x&(1<<12-1)]) + uint32(f.rankHigh[x>>23])
}

// fillRanks fills in rankLow and rankHigh.
func (f *foldIndex) fillRanks() {
	digits := func(v, n, weight int) int {
		r := 0
		for i := n - 1; i >= 0; i-- {
			r = r*3 + (v>>(3*i)&7)%3
		}
		return r * weight
	}
	for v := range f.rankLow {
		f.rankLow[v] = uint8(digits(v, 4, 1))
	}
	for v := range f.rankHigh {
		f.rankHigh[v] = uint16(digits(v, 3, 81))
	}
}

// entryCubie returns the representative position of entry e: its class's
// representative permutation with twist e mod 2187, as Held holds it.
func entryCubie(e uint32) Cubie {
	c := FromRank(uint32(classReps[e/NFoldTwist]) * NTwist)
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

// theFold returns the fold's index, built on first use.
var theFold = sync.OnceValue(func() *foldIndex {
	f := buildFold()
	builtFold.Store(f)
	return f
})

// NewFold returns the fold shared by both metrics' tables. It builds
// nothing: until the fold's index is built (by the second walk that needs it,
// see Walk, or after coldLimit reads), an entry is found without it
// (coldEntry), which costs more a read and nothing to start.
func NewFold() *puzzle.Fold {
	return &puzzle.Fold{
		Entries: NEntries,
		Index: func(r uint64) uint64 {
			// Through the fold's index once it is built, by coldEntry
			// before.
			if f := builtFold.Load(); f != nil {
				return uint64(f.index(uint32(r)))
			}
			return uint64(foldEntryCold(uint32(r)))
		},
		Rep: func(e uint64) uint64 { return uint64(entryCubie(uint32(e)).Rank()) },
	}
}

// A perm is a corner permutation as 8 nibbles, nibble i the corner at
// position i: cheap to copy and compare.
type perm uint32

func (p perm) at(i uint8) uint8 { return uint8(p >> (4 * i) & 15) }

// rank returns the permutation's rank (Cubie.PermRank): the Lehmer code
// over the seven moving corners, read in Horner's form.
func (p perm) rank() uint16 {
	x := uint32(p)
	var r, used uint32
	for i := uint32(0); i < 7; i++ {
		// The corner at the i-th moving position (DRB's nibble for the
		// seventh), as a slot: DRB, 7, is slot 6.
		sh := 4 * i
		if i == 6 {
			sh = 28
		}
		v := x >> sh & 15
		v -= (v >> 2) & (v >> 1) & v & 1
		r = r*(7-i) + uint32(bits.OnesCount32(^used&(1<<v-1)))
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

// seenHeld returns the rotation h that holds p seen through symmetry s
// with its down-back-left corner in place (renaming it DBL; any of the three
// that do would do, for a permutation), and the rank of p seen and held so.
func (p perm) seenHeld(s *symmetry) (h *Cubie, rank uint16) {
	// The corner at DBL after s is the image of the corner at the
	// position s moves to DBL.
	h = &relabel[s.slot[p.at(s.toDBL)]][0]
	var q perm
	for i := uint8(0); i < 8; i++ {
		q |= perm(h.CP[s.slot[p.at(i)]]) << (4 * s.slot[i])
	}
	return h, q.rank()
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

// symIndex returns the index of symmetry s in symmetries.
func symIndex(s symmetry) uint8 {
	symmetries := allSymmetries()
	for i := range symmetries {
		if t := &symmetries[i]; t.slot == s.slot && t.shift == s.shift && t.mirror == s.mirror {
			return uint8(i)
		}
	}
	panic("pocket: not a symmetry")
}

// buildFold builds the index: the cosets of permutations under the
// holdings, their classes under the symmetries, each permutation's way to
// its class's representative with the twist addition it makes, and the
// moved twists of every symmetry (on another goroutine: the two halves
// take about as long).
func buildFold() *foldIndex {
	f := new(foldIndex)
	done := make(chan struct{})
	go func() {
		for t := range f.halves {
			f.halves[t] = uint16(halves(uint32(t)))
		}
		f.moveTwists()
		f.fillRanks()
		close(done)
	}()
	f.foldPerms()
	<-done
	return f
}

// foldPerms fills in the permutations' classes, symmetries and twist
// additions.
func (f *foldIndex) foldPerms() {
	symmetries := allSymmetries()
	mt := MoveTables()
	perms := mt.perms
	turn := [3]Cubie{relabel[DBL][0], relabel[DBL][1], relabel[DBL][2]}

	hold := holdings(mt, &turn)
	name, toName := cosetNames(hold)

	// The classes: each name not yet reached, in order of rank, is a
	// class's representative, and its images under the 48 symmetries,
	// held and named, are its class. Each image's name is reached by an
	// element (s, r) from the representative; the permutations of its
	// coset are taken back by holding them as the name and undoing that.
	inv := symmetryInverses()
	var heldAs [48][3]Cubie // heldAs[s][k]: holding k seen through s
	var heldDone [48]bool
	var reached [NPerm]bool
	classes := 0
	for p := range perms {
		if name[p] != uint16(p) || reached[p] {
			continue
		}
		if classes == NClasses {
			panic("pocket: more permutation classes than NClasses")
		}
		f.rep[classes] = uint16(p)
		for si := range symmetries {
			h, y := perms[p].seenHeld(&symmetries[si])
			n := name[y]
			if reached[n] {
				continue
			}
			reached[n] = true
			// The element (si, r) takes the representative to n; its
			// inverse is (s, s(r⁻¹)).
			r := turn[toName[y]].Mul(*h)
			s := inv[si]
			sym := &symmetries[s]
			rBack := sym.conj(r.inverse())
			if !heldDone[s] {
				for k := range turn {
					heldAs[s][k] = sym.conj(turn[k])
				}
				heldDone[s] = true
			}
			for k := range turn {
				q := hold[k][n]
				f.classSym[q] = uint16(classes)<<6 | uint16(s)
				// The holding rBack·h adds its twist at a corner's image
				// position; the symmetry adds shift[i] - shift[c] for
				// corner c at position i. w[c] is what depends on the
				// corner.
				h := &heldAs[s][toName[q]]
				var w [8]uint8
				for c := range w {
					x := sym.slot[c]
					w[c] = 3 - sym.shift[c] + rBack.CO[h.CP[x]] + h.CO[x]
				}
				add := uint32(0)
				for i := uint8(0); i < 8; i++ {
					add |= uint32(mod3[sym.shift[i]+w[perms[q].at(i)]]) << fieldShift[sym.slot[i]]
				}
				f.add[q] = add
			}
		}
		classes++
	}
	if classes != NClasses {
		panic("pocket: fewer permutation classes than NClasses")
	}
}

// holdings returns hold, where hold[k][p] is the rank holding k (turn[k])
// makes of permutation p: the three holdings with the down-back-left
// corner in place make three permutations of each, one coset. A holding
// renames corners and a move moves positions, so they commute: the
// holdings of all permutations follow from those of the solved one along
// the move table.
func holdings(mt *Tables, turn *[3]Cubie) *[3][NPerm]uint16 {
	perms := mt.perms
	var hold [3][NPerm]uint16
	var seen [NPerm]bool
	for k := range turn {
		hold[k][0] = perms[0].relabelled(&turn[k]).rank()
	}
	queue := make([]uint16, 1, NPerm)
	seen[0] = true
	for head := 0; head < len(queue); head++ {
		p := queue[head]
		for _, m := range [3]Move{MoveR, MoveU, MoveF} {
			q := mt.Perm[9*int(p)+int(m)]
			if seen[q] {
				continue
			}
			seen[q] = true
			for k := range turn {
				hold[k][q] = mt.Perm[9*int(hold[k][p])+int(m)]
			}
			queue = append(queue, q)
		}
	}
	return &hold
}

// cosetNames returns, for each permutation p, the rank of its coset's name
// (the smallest of its holdings' ranks) and the holding that takes p there.
func cosetNames(hold *[3][NPerm]uint16) (name *[NPerm]uint16, toName *[NPerm]uint8) {
	name, toName = new([NPerm]uint16), new([NPerm]uint8)
	for p := range NPerm {
		k := 0
		for j := 1; j < 3; j++ {
			if hold[j][p] < hold[k][p] {
				k = j
			}
		}
		name[p], toName[p] = hold[k][p], uint8(k)
	}
	return name, toName
}

// mod3[x] is x mod 3, for the small sums of twists.
var mod3 = [12]uint8{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}

// moveTwists fills in the moved halves of twists of every symmetry.
func (f *foldIndex) moveTwists() {
	symmetries := allSymmetries()
	// The twist of position i goes to position slot[i], reversed by a
	// mirror. Position DBL has none; DRB's is minus the sum of the others,
	// each half adding its share.
	for si := range symmetries {
		s := &symmetries[si]
		var at [8][3]uint32
		for i := range at {
			for d := uint8(0); d < 3; d++ {
				v := d
				if s.mirror {
					v = (3 - d) % 3
				}
				at[i][d] = uint32(v) << fieldShift[s.slot[i]]
			}
		}
		for k := range 2 {
			for x := range 27 {
				d := [3]int{x % 3, x / 3 % 3, x / 9}
				v := at[DRB][(6-(d[0]+d[1]+d[2])%3)%3]
				for i, di := range d {
					v += at[3*k+i][di]
				}
				f.moved[k][si<<movedRowBits|x] = v
			}
		}
	}
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

// symmetryInverses returns the index of each symmetry's inverse.
func symmetryInverses() (inv [48]uint8) {
	symmetries := allSymmetries()
	for a := range symmetries {
		s := &symmetries[a]
		var t symmetry
		t.mirror = s.mirror
		for i := range s.slot {
			// t undoes s: it takes position slot[i] back to i, and the
			// sticker shift[i]±k back to k.
			t.slot[s.slot[i]] = uint8(i)
			sh := 3 - s.shift[i]
			if s.mirror {
				sh = s.shift[i]
			}
			t.shift[s.slot[i]] = sh % 3
		}
		inv[a] = symIndex(t)
	}
	return inv
}
