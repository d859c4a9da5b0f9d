package cube3

// The geometry of the stickers: each of the 54 has a place (the cubie's
// coordinates x y z in -1..1, x towards R, y towards U, z towards F) and a
// normal (the face it is on). Turns and symmetries are rotations and
// reflections of these vectors, so every move, slice, rotation and symmetry
// is derived from one description of the net.

type vec [3]int

func (a vec) dot(b vec) int { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

func (a vec) cross(b vec) vec {
	return vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// normals of the faces, in face order.
var normals = [6]vec{U: {0, 1, 0}, R: {1, 0, 0}, F: {0, 0, 1}, D: {0, -1, 0}, L: {-1, 0, 0}, B: {0, 0, -1}}

type sticker struct {
	pos, normal vec
	face        uint8 // the face it is on
}

// netFace gives, for a face, where its 3x3 block starts in the net and the
// step from one column to the next and one row to the next.
var netFace = [6]struct{ start, col, row int }{
	U: {0, 1, 3},
	L: {9, 1, 12}, F: {12, 1, 12}, R: {15, 1, 12}, B: {18, 1, 12},
	D: {45, 1, 3},
}

// placeOf gives the place of the sticker in row r and column c of a face
// as the net shows it.
func placeOf(face, r, c int) vec {
	switch face {
	case U:
		return vec{c - 1, 1, r - 1}
	case F:
		return vec{c - 1, 1 - r, 1}
	case R:
		return vec{1, 1 - r, 1 - c}
	case B:
		return vec{1 - c, 1 - r, -1}
	case L:
		return vec{-1, 1 - r, c - 1}
	default: // D
		return vec{c - 1, -1, 1 - r}
	}
}

// stickers are the 54 stickers in the net's order.
var stickers = func() (s [54]sticker) {
	for f := 0; f < 6; f++ {
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				i := netFace[f].start + r*netFace[f].row + c*netFace[f].col
				s[i] = sticker{pos: placeOf(f, r, c), normal: normals[f], face: uint8(f)}
			}
		}
	}
	return s
}()

// stickerAt finds the sticker with a place and normal.
func stickerAt(pos, normal vec) int {
	for i, s := range stickers {
		if s.pos == pos && s.normal == normal {
			return i
		}
	}
	panic("cube3: no sticker there")
}

// centres are the net indices of the six centres, in face order.
var centres = func() (c [6]int) {
	for f := range c {
		c[f] = stickerAt(normals[f], normals[f])
	}
	return c
}()

// pieceFacelets lists a piece's stickers for the faces named, at the
// place where the named faces meet.
func pieceFacelets(name string) []uint8 {
	var pos vec
	for k := 0; k < len(name); k++ {
		n := normals[faceIndex(name[k])]
		for j := range pos {
			pos[j] += n[j]
		}
	}
	out := make([]uint8, len(name))
	for k := 0; k < len(name); k++ {
		out[k] = uint8(stickerAt(pos, normals[faceIndex(name[k])]))
	}
	return out
}

func faceIndex(b byte) int {
	for f := 0; f < 6; f++ {
		if FaceNames[f] == b {
			return f
		}
	}
	panic("cube3: no face " + string(b))
}

// cornerFacelet and edgeFacelet list each position's stickers in the order
// of its name; cornerColour and edgeColour each piece's faces the same way.
var (
	cornerFacelet, cornerColour = pieces3()
	edgeFacelet, edgeColour     = pieces2()
)

func pieces3() (at, colour [8][3]uint8) {
	for i, n := range CornerNames {
		copy(at[i][:], pieceFacelets(n))
		for k := 0; k < 3; k++ {
			colour[i][k] = uint8(faceIndex(n[k]))
		}
	}
	return at, colour
}

func pieces2() (at, colour [12][2]uint8) {
	for i, n := range EdgeNames {
		copy(at[i][:], pieceFacelets(n))
		for k := 0; k < 2; k++ {
			colour[i][k] = uint8(faceIndex(n[k]))
		}
	}
	return at, colour
}

// matrix is a linear map of the vectors: the image of v is
// m[0]*v[0] + m[1]*v[1] + m[2]*v[2] (m[j] the image of the j-th axis).
type matrix [3]vec

func (m matrix) apply(v vec) vec {
	var out vec
	for j := 0; j < 3; j++ {
		for k := 0; k < 3; k++ {
			out[k] += m[j][k] * v[j]
		}
	}
	return out
}

// quarterAbout is the clockwise quarter turn seen looking at the face of
// the normal a: a rotation by -90 degrees about a.
func quarterAbout(a vec) matrix {
	var m matrix
	for j := 0; j < 3; j++ {
		var e vec
		e[j] = 1
		c := a.cross(e)
		d := a.dot(e)
		m[j] = vec{-c[0] + a[0]*d, -c[1] + a[1]*d, -c[2] + a[2]*d}
	}
	return m
}

// stickerPerm is a map of the stickers: the sticker at i goes to p[i].
type stickerPerm [54]uint8

// permOf is the map of the stickers that m moves, those whose place lies in
// the layers (values of place·axis) given.
func permOf(m matrix, axis vec, layers []int) stickerPerm {
	var p stickerPerm
	for i, s := range stickers {
		p[i] = uint8(i)
		for _, l := range layers {
			if s.pos.dot(axis) == l {
				p[i] = uint8(stickerAt(m.apply(s.pos), m.apply(s.normal)))
			}
		}
	}
	return p
}

// then returns p followed by q.
func (p stickerPerm) then(q stickerPerm) stickerPerm {
	var out stickerPerm
	for i := range p {
		out[i] = q[p[i]]
	}
	return out
}

// move returns the stickers after the map: the one at i goes to p[i].
func (p stickerPerm) move(in [54]uint8) [54]uint8 {
	var out [54]uint8
	for i, x := range in {
		out[p[i]] = x
	}
	return out
}
