package pocket

import "sync"

// The cube's 48 symmetries (24 rotations, each also with a mirror) as they
// act on positions. Seen in a mirror or from another side, a position is
// still a position, and as far from solved: the moves of all six faces are
// mapped onto the moves of all six faces, quarter turns onto quarter turns.
// (A mirror reverses the direction of turning, which maps R onto L' and so
// on; both metrics count X and X' alike.) Held then turns the view back to
// the model's, with the down-back-left corner in place, which is how the R U
// F tables see every turn of the six faces.

// symmetry is one of the 48 symmetries of the cube as it acts on corners:
// the corner at position i goes to position slot[i]; its stickers keep their
// clockwise order, or reverse it when mirror is set; and the sticker k of
// position i goes to the sticker shift[i]+k (mirror: shift[i]-k) of
// position slot[i], counting as Cubie.CO counts from the U or D sticker.
type symmetry struct {
	slot   [8]uint8
	shift  [8]uint8
	mirror bool
	toDBL  uint8 // the position slot takes to DBL
}

// faceAxis gives each face (in face order U R F D L B) as a unit vector: the
// axis (0 x, 1 y, 2 z) and the sign.
var faceAxis = [6]struct{ axis, sign int }{
	U: {1, 1}, R: {0, 1}, F: {2, 1}, D: {1, -1}, L: {0, -1}, B: {2, -1},
}

// nSymmetries is the number of the cube's symmetries.
const nSymmetries = 48

// allSymmetries returns the 48 symmetries, the identity first, the 24
// rotations before the 24 mirrored ones, each in the order of the signed
// permutation matrix that moves space so. Only the fold needs them: they are
// derived on first use, not when a program starts.
var allSymmetries = sync.OnceValue(func() []symmetry {
	var rot, mir []symmetry
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for _, p := range perms {
		for signs := 0; signs < 8; signs++ {
			// Axis a goes to axis p[a], its sign flipped when bit a of
			// signs is set.
			mapFace := func(f uint8) uint8 {
				a := faceAxis[f]
				axis, sign := p[a.axis], a.sign
				if signs>>a.axis&1 == 1 {
					sign = -sign
				}
				for g, b := range faceAxis {
					if b.axis == axis && b.sign == sign {
						return uint8(g)
					}
				}
				panic("pocket: no face for an axis")
			}
			s, ok := symmetryOf(mapFace)
			if !ok {
				panic("pocket: a symmetry does not act on corners")
			}
			if s.mirror {
				mir = append(mir, s)
			} else {
				rot = append(rot, s)
			}
		}
	}
	return append(rot, mir...)
})

// symmetryOf returns the symmetry that maps the faces as mapFace does.
func symmetryOf(mapFace func(f uint8) uint8) (symmetry, bool) {
	var s symmetry
	for i, cc := range cornerColour {
		var image [3]uint8
		for k, f := range cc {
			image[k] = mapFace(f)
		}
		j, k0 := -1, 0
		for c, dd := range cornerColour {
			for k := 0; k < 3; k++ {
				same := dd[k] == image[0] &&
					(dd[(k+1)%3] == image[1] && dd[(k+2)%3] == image[2] ||
						dd[(k+2)%3] == image[1] && dd[(k+1)%3] == image[2])
				if same {
					j, k0 = c, k
				}
			}
		}
		if j < 0 {
			return s, false
		}
		mirror := cornerColour[j][(k0+1)%3] != image[1]
		if i > 0 && mirror != s.mirror {
			return s, false
		}
		s.mirror = mirror
		s.slot[i], s.shift[i] = uint8(j), uint8(k0)
		if j == DBL {
			s.toDBL = uint8(i)
		}
	}
	return s, true
}

// conj returns the position c seen through the symmetry: the corner j at
// position i, twist o, becomes the corner slot[j] at position slot[i], with
// the twist the symmetry gives it there. Its down-back-left corner is in
// general elsewhere; Held puts it back.
func (s *symmetry) conj(c Cubie) Cubie {
	var out Cubie
	for i := range c.CP {
		j := c.CP[i]
		// The corner's U/D sticker is at sticker o of position i; it goes
		// to sticker shift[i]±o of the image position, while the image
		// corner's U/D sticker is what was its sticker -shift[j] (so
		// that the twist counts from it).
		o := c.CO[i]
		if s.mirror {
			o = 3 - o
		}
		out.CP[s.slot[i]] = s.slot[j]
		out.CO[s.slot[i]] = (o + s.shift[i] + 6 - s.shift[j]) % 3
	}
	return out
}
