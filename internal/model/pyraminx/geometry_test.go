package pyraminx

import (
	"strings"
	"testing"
)

// The geometry check: the sticker cycles are what turning a real
// tetrahedron does, in the right direction, for the net of the package doc.
//
// The corners are placed in space as the puzzle is held: U on top, L and R
// at the front left and right (the viewer looks along +y from y < 0, x to
// the right, z up), B at the back.
var corner3D = [4][3]int{
	CornerU: {0, 0, 2},
	CornerL: {-1, -1, 0},
	CornerR: {1, -1, 0},
	CornerB: {0, 1, 0},
}

// faceCorners are each face's corners as the net draws them: F, pointing
// up, as apex, bottom left, bottom right; L, R and D, pointing down, as top
// left, top right, bottom.
var faceCorners = [4][3]int{
	FaceF: {CornerU, CornerL, CornerR},
	FaceL: {CornerB, CornerU, CornerL},
	FaceR: {CornerU, CornerB, CornerR},
	FaceD: {CornerL, CornerR, CornerB},
}

func sub(a, b [3]int) [3]int { return [3]int{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func dot(a, b [3]int) int    { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cross(a, b [3]int) [3]int {
	return [3]int{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// clockwiseFrom reports whether p, q, r run clockwise as seen from the
// point eye, outside their plane. (Seen from the tip of the normal
// (q-p)×(r-p), they run anticlockwise.)
func clockwiseFrom(eye, p, q, r [3]int) bool {
	return dot(cross(sub(q, p), sub(r, p)), sub(eye, p)) < 0
}

// stickerWeights places each sticker by the barycentric coordinates of its
// triangle's centre over the corners U L R B, times 9 (so whole numbers).
// A face's nine triangles are read from the net: row i (from the top) of an
// upward face has 2i+1 triangles; a downward face is an upward one drawn
// upside down, its bottom corner the apex.
func stickerWeights() [NStickers][4]int {
	var w [NStickers][4]int
	for f := 0; f < 4; f++ {
		apex, left, right := faceCorners[f][0], faceCorners[f][1], faceCorners[f][2]
		rows := [3]int{0, 1, 2}
		if f != FaceF {
			apex, left, right = faceCorners[f][2], faceCorners[f][0], faceCorners[f][1]
			rows = [3]int{2, 1, 0}
		}
		k := 9 * f
		for _, i := range rows {
			for j := 0; j < 2*i+1; j++ {
				// The triangle's corners as weights (apex, left, right)
				// summing to 3, on the grid of the face cut in three.
				var pts [3][3]int
				if j%2 == 0 { // pointing like the face
					u := j / 2
					pts = [3][3]int{{3 - i, i - u, u}, {2 - i, i - u + 1, u}, {2 - i, i - u, u + 1}}
				} else {
					u := j / 2
					pts = [3][3]int{{3 - i, i - u, u}, {3 - i, i - u - 1, u + 1}, {2 - i, i - u, u + 1}}
				}
				for _, p := range pts {
					w[k][apex] += p[0]
					w[k][left] += p[1]
					w[k][right] += p[2]
				}
				k++
			}
		}
	}
	return w
}

// The net shows every face from outside: its corners, read clockwise on the
// page, run clockwise seen from outside the tetrahedron.
func TestNetSeenFromOutside(t *testing.T) {
	for f, c := range faceCorners {
		// Clockwise on the page: apex, bottom right, bottom left for F;
		// top left, top right, bottom for the others.
		order := [3]int{c[0], c[2], c[1]}
		if f != FaceF {
			order = c
		}
		// The face's opposite corner is the one it does not hold; seen from
		// outside is seen from beyond the face, away from that corner.
		opp := 6 - c[0] - c[1] - c[2]
		p, q, r := corner3D[order[0]], corner3D[order[1]], corner3D[order[2]]
		o := corner3D[opp]
		// A point beyond the face: the face's centre pushed away from opp.
		var eye [3]int
		for k := 0; k < 3; k++ {
			eye[k] = 2*(p[k]+q[k]+r[k]) - 5*o[k]
		}
		if !clockwiseFrom(eye, p, q, r) {
			t.Errorf("face %c is drawn as seen from inside", FaceNames[f])
		}
		if oppositeFace[opp] != uint8(f) {
			t.Errorf("face %c: oppositeFace of corner %s is %c", FaceNames[f], CornerNames[opp], FaceNames[oppositeFace[opp]])
		}
	}
}

// Every move is the rotation of the tetrahedron about its corner, clockwise
// seen from the corner, of the stickers near that corner: the two layers
// (weight of the corner at least 4 of 9) for a corner turn, the tip (at
// least 7) for a tip turn. The rotation keeps a sticker's weights and
// moves the corners under them.
func TestMovesAreRotations(t *testing.T) {
	w := stickerWeights()
	at := map[[4]int]int{}
	for i, x := range w {
		if _, dup := at[x]; dup {
			t.Fatalf("stickers %s and %s coincide", stickerName(at[x]), stickerName(i))
		}
		at[x] = i
	}
	var identity [NStickers]uint8
	for i := range identity {
		identity[i] = uint8(i)
	}
	for m := MoveU; m < NMoves; m++ {
		v := m.Corner()
		// The other corners, in the order that runs clockwise seen from v.
		var others []int
		for c := 0; c < 4; c++ {
			if c != v {
				others = append(others, c)
			}
		}
		a, b, c := others[0], others[1], others[2]
		if !clockwiseFrom(corner3D[v], corner3D[a], corner3D[b], corner3D[c]) {
			b, c = c, b
		}
		// The corner each corner goes to.
		to := [4]int{}
		to[v], to[a], to[b], to[c] = v, b, c, a
		if !m.Clockwise() {
			to[a], to[b], to[c] = c, a, b
		}
		threshold := 4
		if m.TipOnly() {
			threshold = 7
		}
		got := m.ApplyStickers(identity)
		for i, x := range w {
			j := i
			if x[v] >= threshold {
				var y [4]int
				for k := range 4 {
					y[to[k]] = x[k]
				}
				j = at[y]
			}
			// The sticker at i goes to j: afterwards j shows what i did.
			if int(got[j]) != i {
				t.Errorf("%s: sticker %s goes to %s, the rotation takes it to %s", m, stickerName(i), stickerName(int(slicesIndex(got, uint8(i)))), stickerName(j))
			}
		}
	}
}

func slicesIndex(a [NStickers]uint8, v uint8) int {
	for i, x := range a {
		if x == v {
			return i
		}
	}
	return -1
}

// The pieces' sticker lists agree with the geometry: a tip's and a centre's
// stickers are the triangles nearest their corner (weight 7 and 5), listed
// clockwise seen from it; an edge's are the two triangles with weight 4 on
// both its corners.
func TestPieceStickers(t *testing.T) {
	w := stickerWeights()
	for c := 0; c < 4; c++ {
		for _, p := range []struct {
			kind   string
			st     [3]uint8
			weight int
		}{{"tip", tipStickers[c], 7}, {"centre", centreStickers[c], 5}} {
			var pos [3][3]int
			for k, s := range p.st {
				if w[s][c] != p.weight {
					t.Errorf("%s %s: sticker %s is not its triangle", p.kind, CornerNames[c], stickerName(int(s)))
				}
				// The face's centre stands in for the sticker: the
				// sticker lies on the face, beside the corner.
				for _, x := range faceCorners[stickerFace(s)] {
					for d := 0; d < 3; d++ {
						pos[k][d] += corner3D[x][d]
					}
				}
			}
			if !clockwiseFrom(scale(corner3D[c], 3), pos[0], pos[1], pos[2]) {
				t.Errorf("%s %s: stickers %s are not listed clockwise", p.kind, CornerNames[c], pieceStickers(p.st[:]))
			}
		}
	}
	for e, st := range edgeStickers {
		x := strings.IndexByte("ULRB", EdgeNames[e][0])
		y := strings.IndexByte("ULRB", EdgeNames[e][1])
		for _, s := range st {
			if w[s][x] != 4 || w[s][y] != 4 {
				t.Errorf("edge %s: sticker %s is not on it", EdgeNames[e], stickerName(int(s)))
			}
		}
	}
}

func scale(a [3]int, k int) [3]int { return [3]int{k * a[0], k * a[1], k * a[2]} }
