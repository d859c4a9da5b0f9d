package ksolve

import (
	"fmt"
	"slices"
	"strings"
)

// illegalSlot is a slot of a state that some pieces must not stand in: an
// Illegal line of the definition (twsearch's), those of one slot joined.
type illegalSlot struct {
	// pos is the slot's place in a State.
	pos int
	// bad holds a bit for each label that makes the state illegal there.
	bad [4]uint64
}

// addIllegal adds labels bad at State position pos to the illegal states.
func (d *Def) addIllegal(pos int, bad [4]uint64) {
	for i := range d.illegal {
		if d.illegal[i].pos == pos {
			for w := range bad {
				d.illegal[i].bad[w] |= bad[w]
			}
			return
		}
	}
	d.illegal = append(d.illegal, illegalSlot{pos: pos, bad: bad})
}

// HasIllegal says whether the definition gives Illegal lines: states a
// move must not make.
func (d *Def) HasIllegal() bool { return len(d.illegal) > 0 }

// Legal says whether no Illegal line forbids s. A move from a legal state
// to one that is not does not exist: every search skips it, and no answer
// passes through such a state.
func (d *Def) Legal(s State) bool {
	for _, il := range d.illegal {
		l := s[il.pos]
		if il.bad[l/64]>>(l%64)&1 != 0 {
			return false
		}
	}
	return true
}

// IllegalAt says why s is illegal, the first slot an Illegal line forbids
// its piece ("set SLICE position 3 holds 17"), or "" when s is legal.
func (d *Def) IllegalAt(s State) string {
	for _, il := range d.illegal {
		l := s[il.pos]
		if il.bad[l/64]>>(l%64)&1 == 0 {
			continue
		}
		for k, set := range d.Sets {
			if il.pos >= set.Off && il.pos < set.Off+set.Size {
				return illegalPair(set, il.pos-set.Off, d.Numbers[k][l])
			}
		}
	}
	return ""
}

// illegalPair names piece number v in slot (0-based) of set as
// IllegalAt does.
func illegalPair(set Set, slot, v int) string {
	return fmt.Sprintf("set %s position %d holds %d, which an Illegal line forbids", set.Name, slot+1, v)
}

// IllegalKey writes the Illegal lines, joined slot by slot and in slot
// order, so that two definitions forbidding the same states write the same
// key; "" when there are none.
func (d *Def) IllegalKey() string {
	slots := slices.Clone(d.illegal)
	slices.SortFunc(slots, func(a, b illegalSlot) int { return a.pos - b.pos })
	var b strings.Builder
	for _, il := range slots {
		fmt.Fprintf(&b, "%d:%x,%x,%x,%x;", il.pos, il.bad[0], il.bad[1], il.bad[2], il.bad[3])
	}
	return b.String()
}

// Forbidden returns, for each State position some Illegal line names, the
// labels forbidden there.
func (d *Def) Forbidden() map[int][]uint8 {
	out := map[int][]uint8{}
	for _, il := range d.illegal {
		for l := range 256 {
			if il.bad[l/64]>>(l%64)&1 != 0 {
				out[il.pos] = append(out[il.pos], uint8(l))
			}
		}
	}
	return out
}

// Forbid makes a state holding label l at State position pos illegal: for
// a definition made from another, as a projection's is.
func (d *Def) Forbid(pos int, l uint8) {
	var bad [4]uint64
	bad[l/64] |= 1 << (l % 64)
	d.addIllegal(pos, bad)
}
