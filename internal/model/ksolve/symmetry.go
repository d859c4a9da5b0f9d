package ksolve

import "slices"

// Symmetry is a symmetry of a puzzle's search: a whole-puzzle rotation, a
// product of the rotations its definition gives (twsearch's "v" moves, or
// x, y and z), that keeps the solved state but for the names of its pieces
// and takes each of the search's moves to one of its moves of the same
// cost.
//
// Such a rotation s makes of each state x its conjugate: the state the
// rotated moves make of the solved state (x = solved·m1·m2..., conjugate =
// solved·s⁻¹m1s·s⁻¹m2s...), which is x turned by s with its pieces renamed
// as s renames the solved state's. A state and its conjugates are equally
// far from the goal, so a table need keep one of them (see
// internal/engine/classes): they are a class.
type Symmetry struct {
	// Perm is the rotation as a move: a state of the identity's pieces.
	Perm State
	// Gen[g] is the generator the rotation makes of generator g
	// (s⁻¹·Gens[g]·s), as an index into Puzzle.Gens.
	Gen []int
	// lab[k][l] is the label the renaming gives label l of set k, and
	// off[k][l] what it adds to such a piece's orientation.
	lab, off [][]uint8
}

// maxSymmetries bounds the group the rotations generate: a solid's
// rotations are at most 60 (the icosahedron's), its rotations and
// reflections 120. A definition whose "rotations" generate more than this
// is taken to have no symmetries.
const maxSymmetries = 1000

// Symmetries returns the symmetries of the puzzle's search (see Symmetry),
// the identity first, the rest in the order a breadth-first search over
// the definition's rotations, in the file's order, meets them; nil when the
// definition gives no rotation or none but the identity keeps the solved
// state and the moves.
func (p *Puzzle) Symmetries() []Symmetry {
	d := p.Def
	var rots []State
	for _, m := range d.Moves {
		if d.Bases[m.Base].Kind == Rotation && m.Power == 1 {
			rots = append(rots, m.Perm)
		}
	}
	if len(rots) == 0 {
		return nil
	}
	// The group the rotations generate, each element once.
	id := d.Identity()
	elems := []State{id}
	seen := map[string]bool{string(id): true}
	for i := 0; i < len(elems); i++ {
		for _, r := range rots {
			e := d.Compose(elems[i], r)
			if !seen[string(e)] {
				if len(elems) == maxSymmetries {
					return nil
				}
				seen[string(e)] = true
				elems = append(elems, e)
			}
		}
	}
	gen := make(map[string]int, len(p.Gens))
	for g, m := range p.Gens {
		gen[string(p.Moves[m].Perm)] = g
	}
	var syms []Symmetry
	for _, e := range elems {
		if s, ok := p.symmetry(e, gen); ok {
			syms = append(syms, s)
		}
	}
	if len(syms) < 2 {
		return nil
	}
	return syms
}

// inverse returns move m's inverse, as a move.
func (d *Def) inverse(m State) State {
	inv := make(State, d.Width)
	for _, set := range d.Sets {
		n, off := set.Size, set.Off
		for i := 0; i < n; i++ {
			from := int(m[off+i])
			inv[off+from] = uint8(i)
			o := uint8(0)
			if set.Mod > 1 {
				o = uint8((set.Mod - int(m[off+n+i])%set.Mod) % set.Mod)
			}
			inv[off+n+from] = o
		}
	}
	return inv
}

// symmetry returns rotation e as a Symmetry, or false when it is not one:
// the renaming of the solved state's pieces is not one label for each
// label (with one orientation offset, and ignored orientations kept
// ignored), or a generator's conjugate is not a generator of its cost.
func (p *Puzzle) symmetry(e State, gen map[string]int) (Symmetry, bool) {
	d := p.Def
	inv := d.inverse(e)
	// The renaming takes the solved state to solved·e⁻¹, slot by slot.
	t := d.Apply(nil, d.Solved, inv)
	s := Symmetry{Perm: e, lab: make([][]uint8, len(d.Sets)), off: make([][]uint8, len(d.Sets))}
	for k, set := range d.Sets {
		n, off := set.Size, set.Off
		lab := make([]uint8, d.Labels[k])
		ori := make([]uint8, d.Labels[k])
		set1 := make([]bool, d.Labels[k])
		taken := make([]bool, d.Labels[k])
		for i := 0; i < n; i++ {
			a, b := d.Solved[off+i], t[off+i]
			oa, ob := d.Solved[off+n+i], t[off+n+i]
			if (oa == Wild) != (ob == Wild) {
				return Symmetry{}, false
			}
			o := uint8(0)
			if oa != Wild && set.Mod > 1 {
				o = uint8((int(ob) - int(oa) + set.Mod) % set.Mod)
			}
			switch {
			case !set1[a]:
				if taken[b] {
					return Symmetry{}, false
				}
				set1[a], taken[b] = true, true
				lab[a], ori[a] = b, o
			case lab[a] != b || oa != Wild && ori[a] != o:
				return Symmetry{}, false
			}
		}
		s.lab[k], s.off[k] = lab, ori
	}
	s.Gen = make([]int, len(p.Gens))
	for g, m := range p.Gens {
		c := d.Compose(d.Compose(inv, p.Moves[m].Perm), e)
		h, ok := gen[string(c)]
		if !ok || p.Cost[p.Gens[h]] != p.Cost[m] {
			return Symmetry{}, false
		}
		s.Gen[g] = h
	}
	return s, true
}

// Label is the label s gives a piece of label l of set k in a conjugate.
func (s *Symmetry) Label(k, l int) int { return int(s.lab[k][l]) }

// Conjugate returns x's conjugate by s (see Symmetry), written into dst
// (which must not be x) and returned.
func (p *Puzzle) Conjugate(dst, x State, s *Symmetry) State {
	d := p.Def
	renamed := slices.Grow(dst[:0], d.Width)[:d.Width]
	for k, set := range d.Sets {
		n, off := set.Size, set.Off
		for i := 0; i < n; i++ {
			l := x[off+i]
			renamed[off+i] = s.lab[k][l]
			o := x[off+n+i]
			if o != Wild && set.Mod > 1 {
				o = uint8((int(o) + int(s.off[k][l])) % set.Mod)
			}
			renamed[off+n+i] = o
		}
	}
	// Apply's dst must not be its state: turn a copy.
	return d.Apply(dst, renamed.Clone(), s.Perm)
}
