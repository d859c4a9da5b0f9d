package permindex

import "github.com/godtable/godtable/internal/ksolve"

// A part is the slots of one set that the moves mix among themselves: an
// orbit of the generators' action on the set's slots. A piece never leaves
// its part, so each part is indexed as a set of its own, with its own
// pieces, parity and orientation sum: a set whose pieces each stay in their
// slot (a puzzle's tips and centres) costs its orientations alone.
type part struct {
	set   int
	name  string // the set's name
	slots []int  // the part's slots, in order, as slots of the set
	mod   int
	// counts[l] is the number of pieces of local label l in the part, in
	// Solved; global[l] is that label in the set, local[g] the part's for
	// the set's label g (-1 for a label the part does not hold).
	counts []int
	global []uint8
	local  []int
	wild   []bool // by local label: orientation ignored
	// Per generator: the slot (of the part) each slot receives its piece
	// from, and the orientation it adds.
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

// tie finds, for each part of distinct pieces, an earlier such part whose
// slots every generator permutes alike, and ties it to that one.
func tie(ps []part) {
	for b := range ps {
		B := &ps[b]
		B.tied = -1
		if !B.distinct() || len(B.slots) < 2 {
			continue
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
}

// parts splits each set of p into the orbits of its slots under the
// generators, in slot order.
func parts(p *ksolve.Puzzle) []part {
	d := p.Def
	var out []part
	for k, set := range d.Sets {
		n, off := set.Size, set.Off
		// Union-find over the set's slots.
		root := make([]int, n)
		for i := range root {
			root[i] = i
		}
		var find func(int) int
		find = func(i int) int {
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
		byRoot := map[int]int{}
		first := len(out)
		for i := 0; i < n; i++ {
			r := find(i)
			pi, ok := byRoot[r]
			if !ok {
				pi = len(out)
				byRoot[r] = pi
				out = append(out, part{set: k, name: set.Name, mod: set.Mod})
			}
			out[pi].slots = append(out[pi].slots, i)
		}
		L := d.Labels[k]
		for pi := first; pi < len(out); pi++ {
			pt := &out[pi]
			pt.local = make([]int, L)
			for l := range pt.local {
				pt.local[l] = -1
			}
			pos := make([]int, n) // slot of the set -> slot of the part
			for j, s := range pt.slots {
				pos[s] = j
			}
			for _, s := range pt.slots {
				g := d.Solved[off+s]
				if pt.local[g] < 0 {
					pt.local[g] = 0 // numbered below, in label order
				}
			}
			for g := range pt.local {
				if pt.local[g] >= 0 {
					pt.local[g] = len(pt.global)
					pt.global = append(pt.global, uint8(g))
				}
			}
			pt.counts = make([]int, len(pt.global))
			pt.wild = make([]bool, len(pt.global))
			for _, s := range pt.slots {
				l := pt.local[d.Solved[off+s]]
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
	}
	tie(out)
	return out
}

// view gathers a state's slots of part pt into lab and ori (local labels);
// false if a slot holds a piece that is not the part's, which no move can
// bring there.
func (pt *part) view(d *ksolve.Def, s ksolve.State, lab, ori []uint8) bool {
	set := d.Sets[pt.set]
	n, off := set.Size, set.Off
	for j, slot := range pt.slots {
		l := pt.local[s[off+slot]]
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
