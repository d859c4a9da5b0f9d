// Package prune builds and reads pruning tables: exact distance tables of
// projections of a definition, each a lower bound of the distance of every
// state of the whole puzzle, which a search (internal/engine/ida) combines by
// their maximum.
//
// A projection forgets part of a state: whole sets, which pieces of a set
// are which (the untracked ones become identical), and orientations. The
// moves act on slots, so they act on what is left alike: a projection is a
// definition of its own, whose states the moves reach are the projections
// of the whole puzzle's, and whose distances are never more than the whole
// puzzle's (every solution of a state solves its projection). Its exact
// table is built as any definition's is (deftable.Build). A definition's
// Illegal lines go to the projection where it tells them (see forbid).
package prune

import (
	"fmt"
	"slices"
	"strings"

	"github.com/godtable/godtable/internal/model/ksolve"
)

// SetView is what a projection keeps of one set.
type SetView struct {
	// Track says, for each label of the set, whether the projection tells
	// its pieces from the others; the untracked pieces become one label.
	Track []bool
	// Ori keeps the orientations of the tracked pieces; the untracked
	// ones' are ignored.
	Ori bool
}

// kept says whether the view keeps anything of its set.
func (v SetView) kept() bool {
	for _, t := range v.Track {
		if t {
			return true
		}
	}
	return v.Ori
}

// Projection is what a pruning table keeps of a definition: a view of
// each of its sets.
type Projection []SetView

// Whole is the projection that keeps every set whole: the puzzle itself.
func Whole(d *ksolve.Def) Projection {
	pr := make(Projection, len(d.Sets))
	for k := range d.Sets {
		pr[k] = SetView{Track: all(d.Labels[k]), Ori: d.Sets[k].Mod > 1}
	}
	return pr
}

// Empty is the projection that keeps nothing; Keep adds to it.
func Empty(d *ksolve.Def) Projection {
	pr := make(Projection, len(d.Sets))
	for k := range d.Sets {
		pr[k] = SetView{Track: make([]bool, d.Labels[k])}
	}
	return pr
}

func all(n int) []bool {
	t := make([]bool, n)
	for i := range t {
		t[i] = true
	}
	return t
}

// Clone returns a copy of pr that shares nothing with it.
func (pr Projection) Clone() Projection {
	c := make(Projection, len(pr))
	for k, v := range pr {
		c[k] = SetView{Track: append([]bool(nil), v.Track...), Ori: v.Ori}
	}
	return c
}

// String names the projection for people: each set kept, with the pieces
// it tracks where it does not track all, and "no orientation" where it
// drops the orientations it could keep.
func (pr Projection) String() string {
	return pr.Describe(nil)
}

// Describe is String with the definition's set names and piece numbers (d
// may be nil).
func (pr Projection) Describe(d *ksolve.Def) string {
	var parts []string
	for k, v := range pr {
		if !v.kept() {
			continue
		}
		name := fmt.Sprintf("set %d", k+1)
		if d != nil {
			name = d.Sets[k].Name
		}
		n, tracked := 0, []string{}
		for l, t := range v.Track {
			if t {
				n++
				num := l + 1
				if d != nil {
					num = d.Numbers[k][l]
				}
				tracked = append(tracked, fmt.Sprint(num))
			}
		}
		s := name
		if n < len(v.Track) {
			s += " pieces " + strings.Join(tracked, ",")
		}
		if !v.Ori && d != nil && d.Sets[k].Mod > 1 {
			s += " no orientation"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, "; ")
}

// Projector maps states of a definition to states of its projection.
type Projector struct {
	Def  *ksolve.Def // the projection's definition
	from *ksolve.Def
	// For each set kept, in the projection's order: the set of the whole
	// definition it views, each label's label in the projection, and
	// which labels keep their orientations.
	sets  []int
	label [][]uint8
	ori   [][]bool
}

// Project returns the definition pr makes of d, with a projector. A set
// that pr keeps nothing of is left out; its untracked pieces share one
// label, whose orientation is ignored.
func Project(d *ksolve.Def, pr Projection) (*Projector, error) {
	if len(pr) != len(d.Sets) {
		return nil, fmt.Errorf("projection of %d sets for a definition of %d", len(pr), len(d.Sets))
	}
	pj := &Projector{from: d}
	nd := &ksolve.Def{Name: d.Name + " (" + pr.Describe(d) + ")", File: d.File, Bases: d.Bases}
	for k, set := range d.Sets {
		v := pr[k]
		if len(v.Track) != d.Labels[k] {
			return nil, fmt.Errorf("set %s: a view of %d labels, want %d", set.Name, len(v.Track), d.Labels[k])
		}
		if !v.kept() {
			continue
		}
		label := make([]uint8, d.Labels[k])
		n := 0
		for l, t := range v.Track {
			if t {
				label[l] = uint8(n)
				n++
			}
		}
		if n < len(v.Track) {
			for l, t := range v.Track {
				if !t {
					label[l] = uint8(n)
				}
			}
			n++
		}
		ori := make([]bool, d.Labels[k])
		mod := 1
		if v.Ori && set.Mod > 1 {
			mod = set.Mod
			for l, t := range v.Track {
				ori[l] = t && !wild(d, k, uint8(l))
			}
		}
		ns := ksolve.Set{Name: set.Name, Size: set.Size, Mod: mod, Off: nd.Width}
		nd.Sets = append(nd.Sets, ns)
		nd.Width += 2 * set.Size
		nd.Labels = append(nd.Labels, n)
		nums := make([]int, n)
		for i := range nums {
			nums[i] = i + 1
		}
		nd.Numbers = append(nd.Numbers, nums)
		pj.sets = append(pj.sets, k)
		pj.label = append(pj.label, label)
		pj.ori = append(pj.ori, ori)
	}
	if len(pj.sets) == 0 {
		return nil, fmt.Errorf("a projection that keeps nothing")
	}
	pj.Def = nd
	pj.forbid()
	nd.Solved = pj.Project(nil, d.Solved)
	nd.Moves = make([]ksolve.Move, len(d.Moves))
	for i, m := range d.Moves {
		m.Perm = pj.projectMove(m.Perm)
		nd.Moves[i] = m
	}
	return pj, nil
}

// forbid gives the projection the whole definition's Illegal lines where
// the projection tells them alone: a projected label is illegal in a slot
// when every label it stands for is. A legal state then projects to a
// legal one, and a legal move to a legal move, so that the projection's
// distances stay at most the whole puzzle's. A line the projection cannot
// tell is left out: a move the projection keeps that the whole puzzle
// does not have only makes a distance shorter, never longer.
func (pj *Projector) forbid() {
	d, nd := pj.from, pj.Def
	for pos, bad := range d.Forbidden() {
		for j, k := range pj.sets {
			set := d.Sets[k]
			if pos < set.Off || pos >= set.Off+set.Size {
				continue
			}
			all := make([]bool, nd.Labels[j]) // every label it stands for bad
			for i := range all {
				all[i] = true
			}
			for l, to := range pj.label[j] {
				all[to] = all[to] && slices.Contains(bad, uint8(l))
			}
			for to, b := range all {
				if b {
					nd.Forbid(nd.Sets[j].Off+pos-set.Off, uint8(to))
				}
			}
		}
	}
}

// Project writes into dst the projection of s, a state of the whole
// definition, and returns it.
func (pj *Projector) Project(dst, s ksolve.State) ksolve.State {
	dst = append(dst[:0], make(ksolve.State, pj.Def.Width)...)
	for j, k := range pj.sets {
		set, ns := pj.from.Sets[k], pj.Def.Sets[j]
		n := set.Size
		label, ori := pj.label[j], pj.ori[j]
		for i := 0; i < n; i++ {
			l := s[set.Off+i]
			dst[ns.Off+i] = label[l]
			switch {
			case ori[l]:
				dst[ns.Off+n+i] = s[set.Off+n+i]
			case ns.Mod > 1:
				dst[ns.Off+n+i] = ksolve.Wild
			}
		}
	}
	return dst
}

// projectMove is a move of the whole definition as a move of the
// projection: the slots of the sets kept, and their turns where the
// projection keeps orientations.
func (pj *Projector) projectMove(m ksolve.State) ksolve.State {
	out := make(ksolve.State, pj.Def.Width)
	for j, k := range pj.sets {
		set, ns := pj.from.Sets[k], pj.Def.Sets[j]
		n := set.Size
		copy(out[ns.Off:ns.Off+n], m[set.Off:set.Off+n])
		if ns.Mod > 1 {
			copy(out[ns.Off+n:ns.Off+2*n], m[set.Off+n:set.Off+2*n])
		}
	}
	return out
}

// wild says whether label l of set k of d has its orientation ignored (a
// "?" in the definition's Solved block).
func wild(d *ksolve.Def, k int, l uint8) bool {
	set := d.Sets[k]
	for i := 0; i < set.Size; i++ {
		if d.Solved[set.Off+i] == l {
			return d.Solved[set.Off+set.Size+i] == ksolve.Wild
		}
	}
	return false
}
