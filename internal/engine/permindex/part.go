package permindex

import (
	"math/bits"
	"slices"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// A part is the slots of one set that the moves mix among themselves: an
// orbit of the generators' action on the set's slots. A piece never leaves
// its part, so each part is indexed as a set of its own, with its own
// pieces, parity and orientation sum: a set whose pieces each stay in their
// slot (a puzzle's tips and centres) costs its orientations alone.
//
// A slot that no move changes at all (its piece stays, and no move twists it,
// or its orientation is ignored) is no part: it has one value, so it costs
// nothing in the index, and a definition may have hundreds of thousands of
// them (see fixedSlot).
type part struct {
	set   int
	name  string // the set's name
	slots []int  // the part's slots, in order, as slots of the set
	mod   int
	// counts[l] is the number of pieces of local label l in the part, in
	// Solved; global[l] is that label in the set. has marks the set's
	// labels the part holds: a label's local number is the count of the
	// part's labels below it (see localOf).
	counts []int
	global []uint8
	has    [4]uint64
	wild   []bool // by local label: orientation ignored
	// Per generator: the slot (of the part) each slot receives its piece
	// from, and the orientation it adds. A part with no coordinate drops
	// them once it is planned: nothing reads them after that (see plan).
	mps, mos [][]uint8
	// The solved state's local labels and orientations.
	lab, ori []uint8
	// tied, when not -1, is an earlier part whose pieces every move
	// permutes as it permutes this one's: this part's pieces are then
	// known from that part's, through phi (its label to this part's), and
	// need no coordinate of their own (a puzzle geometry's two kinds of
	// corner that always turn together).
	tied int
	phi  []uint8
	// turn, when not nil, gives each piece's orientation from where it
	// is: piece l in slot j has orientation turn[l] + h[j] (mod mod), in
	// every reachable state (see gauge). The part then has no orientation
	// coordinate.
	turn, h []uint8
}

// gauge finds whether the part's orientations follow from where its pieces
// are: whether some turn h of each slot makes every move's twist at slot j
// h[j] - h[from] (mod mod), from the slot whose piece it brings to j. Then
// a piece's orientation less the turn of its slot never changes, so that it
// is its solved value: a puzzle geometry's edges described with their
// whole rotations, whose twists only say which way a piece faces where it
// is. It sets turn and h when it does, and leaves them nil when not, or
// when the part has pieces whose orientation is ignored.
func (pt *part) gauge() {
	m := pt.mod
	n := len(pt.slots)
	if m < 2 || n == 0 || slices.Contains(pt.wild, true) {
		return
	}
	h := make([]int, n)
	set := make([]bool, n)
	h[0], set[0] = 0, true
	// The slots are one orbit: spread h from slot 0 along every move's
	// edges, both ways, until all are set.
	for changed := true; changed; {
		changed = false
		for g, mp := range pt.mps {
			for j, from := range mp {
				t := int(pt.mos[g][j])
				switch {
				case set[from] && !set[j]:
					h[j], set[j], changed = (h[from]+t)%m, true, true
				case set[j] && !set[from]:
					h[from], set[from], changed = ((h[j]-t)%m+m)%m, true, true
				}
			}
		}
	}
	for g, mp := range pt.mps {
		for j, from := range mp {
			if !set[j] || (h[from]+int(pt.mos[g][j]))%m != h[j] {
				return
			}
		}
	}
	// Each piece's turn: its solved orientation less its slot's, the same
	// for every slot a label holds.
	turn := make([]int, len(pt.counts))
	seen := make([]bool, len(pt.counts))
	for j, l := range pt.lab {
		t := ((int(pt.ori[j])-h[j])%m + m) % m
		if seen[l] && turn[l] != t {
			return
		}
		turn[l], seen[l] = t, true
	}
	pt.turn = make([]uint8, len(turn))
	pt.h = make([]uint8, n)
	for l, t := range turn {
		pt.turn[l] = uint8(t)
	}
	for j, v := range h {
		pt.h[j] = uint8(v)
	}
}

// orientation is the orientation piece l has in slot j when the part's
// orientations follow from where its pieces are (turn is set).
func (pt *part) orientation(l uint8, j int) uint8 {
	return uint8((int(pt.turn[l]) + int(pt.h[j])) % pt.mod)
}

// localOf is the part's local label for the set's label g, or -1 when the
// part holds no such piece.
func (pt *part) localOf(g uint8) int {
	w, b := g/64, g%64
	if pt.has[w]>>b&1 == 0 {
		return -1
	}
	n := bits.OnesCount64(pt.has[w] & (1<<b - 1))
	for i := range w {
		n += bits.OnesCount64(pt.has[i])
	}
	return n
}

// distinct says that the part's pieces are all different.
func (pt *part) distinct() bool {
	for _, c := range pt.counts {
		if c != 1 {
			return false
		}
	}
	return true
}

// wildSplit says that the part's orientations count for some pieces and
// not others: they are read with which slots hold the pieces whose
// orientation counts (a coordinate of the part's own, see addPart).
func (pt *part) wildSplit() bool {
	anyWild, anyKept := false, false
	for _, w := range pt.wild {
		anyWild = anyWild || w
		anyKept = anyKept || !w
	}
	return pt.mod > 1 && anyWild && anyKept
}

// tie ties part b, if its pieces are distinct, to an earlier part of
// distinct pieces whose slots every generator permutes alike. A part
// whose orientations are split by wildcards is not tied: its orientations
// are read with a coordinate of its own pieces.
func tie(ps []part, b int) {
	B := &ps[b]
	B.tied = -1
	if !B.distinct() || len(B.slots) < 2 || B.wildSplit() {
		return
	}
	for a := 0; a < b && B.tied < 0; a++ {
		A := &ps[a]
		if A.tied >= 0 || len(A.slots) != len(B.slots) || !A.distinct() {
			continue
		}
		same := true
		for g := range A.mps {
			if string(A.mps[g]) != string(B.mps[g]) {
				same = false
				break
			}
		}
		if same {
			B.tied = a
			B.phi = make([]uint8, len(A.counts))
			for j := range A.lab {
				B.phi[A.lab[j]] = B.lab[j]
			}
		}
	}
}

// fixedSlot is a slot no move changes: every reachable state has the solved
// state's piece there, and its orientation unless that is ignored.
type fixedSlot struct {
	piece int32 // the slot's piece's place in a State
	n     uint8 // its set's size: its orientation is n places on
	wild  bool  // its orientation is ignored (or there is none)
}

// setParts splits set k of p into the orbits of its slots under the
// generators, in slot order, and returns them, with the set's fixed slots
// appended to fixed. Each part costs memory in its size, not the set's,
// and a fixed slot a few bytes: a definition may have hundreds of
// thousands of them.
func setParts(p *ksolve.Puzzle, k int, fixed []fixedSlot) ([]part, []fixedSlot) {
	d := p.Def
	set := d.Sets[k]
	n, off := set.Size, set.Off
	// Union-find over the set's slots (at most ksolve.MaxPieces of them).
	var root, orbit, partOf, pos [ksolve.MaxPieces]int
	for i := range n {
		root[i] = i
	}
	find := func(i int) int {
		for root[i] != i {
			root[i] = root[root[i]]
			i = root[i]
		}
		return i
	}
	for _, g := range p.Gens {
		m := p.Moves[g].Perm
		for i := 0; i < n; i++ {
			a, b := find(i), find(int(m[off+i]))
			if a != b {
				root[max(a, b)] = min(a, b)
			}
		}
	}
	for i := range n {
		orbit[find(i)]++
	}
	// A slot alone in its orbit is fixed unless a move twists a piece
	// whose orientation counts.
	var out []part
	for i := 0; i < n; i++ {
		r := find(i)
		if orbit[r] == 1 {
			wild := set.Mod == 1 || d.Solved[off+n+i] == ksolve.Wild
			twisted := false
			for _, g := range p.Gens {
				twisted = twisted || !wild && p.Moves[g].Perm[off+n+i] != 0
			}
			if !twisted {
				fixed = append(fixed, fixedSlot{piece: int32(off + i), n: uint8(n), wild: wild})
				continue
			}
		}
		if partOf[r] == 0 {
			out = append(out, part{set: k, name: set.Name, mod: set.Mod})
			partOf[r] = len(out) // one more than its index: 0 is none
		}
		pt := &out[partOf[r]-1]
		pos[i] = len(pt.slots)
		pt.slots = append(pt.slots, i)
	}
	for pi := range out {
		pt := &out[pi]
		for _, s := range pt.slots {
			g := d.Solved[off+s]
			pt.has[g/64] |= 1 << (g % 64)
		}
		for w, bs := range pt.has {
			for ; bs != 0; bs &= bs - 1 {
				pt.global = append(pt.global, uint8(w*64+bits.TrailingZeros64(bs)))
			}
		}
		pt.counts = make([]int, len(pt.global))
		pt.wild = make([]bool, len(pt.global))
		for _, s := range pt.slots {
			l := pt.localOf(d.Solved[off+s])
			pt.counts[l]++
			pt.lab = append(pt.lab, uint8(l))
			o := d.Solved[off+n+s]
			pt.ori = append(pt.ori, o)
			if o == ksolve.Wild {
				pt.wild[l] = true
			}
		}
		for _, g := range p.Gens {
			m := p.Moves[g].Perm
			mp := make([]uint8, len(pt.slots))
			mo := make([]uint8, len(pt.slots))
			for j, s := range pt.slots {
				mp[j] = uint8(pos[m[off+s]])
				mo[j] = m[off+n+s]
			}
			pt.mps = append(pt.mps, mp)
			pt.mos = append(pt.mos, mo)
		}
	}
	return out, fixed
}

// view gathers a state's slots of part pt into lab and ori (local labels);
// false if a slot holds a piece that is not the part's, which no move can
// bring there.
func (pt *part) view(d *ksolve.Def, s ksolve.State, lab, ori []uint8) bool {
	set := d.Sets[pt.set]
	n, off := set.Size, set.Off
	for j, slot := range pt.slots {
		l := pt.localOf(s[off+slot])
		if l < 0 {
			return false
		}
		lab[j] = uint8(l)
		ori[j] = s[off+n+slot]
	}
	return true
}

// scatter writes the part's lab and ori (local labels) into state s.
func (pt *part) scatter(d *ksolve.Def, s ksolve.State, lab, ori []uint8) {
	set := d.Sets[pt.set]
	n, off := set.Size, set.Off
	for j, slot := range pt.slots {
		s[off+slot] = pt.global[lab[j]]
		s[off+n+slot] = ori[j]
	}
}
