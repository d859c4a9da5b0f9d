package cube3

// Symmetries: the 16 rotations and reflections of the cube that keep the
// U-D axis (a quarter turn about it, a half turn that swaps U and D, and
// the left-right mirror, combined), and the rotations that bring the R-L
// and F-B axes onto it. A symmetry acts on a position by moving the whole
// cube and renaming the colours after the centres (conjugation); the
// conjugate of a position is as far from solved as the position, since it
// maps face turns onto face turns.

// geometry is a rotation or reflection as maps of the stickers and faces.
type geometry struct {
	sticker stickerPerm // the sticker at i goes to sticker[i]
	face    [6]uint8    // the colour of face f is renamed face[f]
	// edge moves edge position i to edgeTo[i], its stickers swapped if
	// edgeFlip[i] is 1.
	edgeTo, edgeFlip [12]uint8
}

func (m matrix) times(n matrix) matrix {
	// The map v -> m(n(v)).
	var out matrix
	for j := 0; j < 3; j++ {
		out[j] = m.apply(n[j])
	}
	return out
}

var identity = matrix{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

func newGeometry(m matrix) geometry {
	var g geometry
	for i, s := range stickers {
		g.sticker[i] = uint8(stickerAt(m.apply(s.pos), m.apply(s.normal)))
	}
	for f := range g.face {
		n := m.apply(normals[f])
		for k := range normals {
			if normals[k] == n {
				g.face[f] = uint8(k)
			}
		}
	}
	for i, ef := range edgeFacelet {
		a := g.sticker[ef[0]]
		for j, ej := range edgeFacelet {
			switch a {
			case ej[0]:
				g.edgeTo[i], g.edgeFlip[i] = uint8(j), 0
			case ej[1]:
				g.edgeTo[i], g.edgeFlip[i] = uint8(j), 1
			}
		}
	}
	return g
}

// conj returns the position seen after the geometry: stickers moved and
// colours renamed.
func (g *geometry) conj(c Cubie) Cubie {
	f := c.Faces()
	var out [54]uint8
	for i, x := range f {
		out[g.sticker[i]] = g.face[x]
	}
	d, err := fromFaces(out, faceLetters(out))
	if err != nil {
		panic("cube3: a symmetry made an impossible cube: " + err.Error())
	}
	return d
}

// conjEdges is conj on the edges alone, without the stickers.
func (g *geometry) conjEdges(c *Cubie) (ep, eo [12]uint8) {
	for i := 0; i < 12; i++ {
		j := c.EP[i]
		ep[g.edgeTo[i]] = g.edgeTo[j]
		eo[g.edgeTo[i]] = c.EO[i] ^ g.edgeFlip[i] ^ g.edgeFlip[j]
	}
	return ep, eo
}

const nSym = 16

// udSyms are the 16 symmetries that keep the U-D axis; udSyms[0] is the
// identity.
var udSyms = func() (out [nSym]geometry) {
	y := quarterAbout(normals[U])
	f2 := quarterAbout(normals[F])
	f2 = f2.times(f2)
	mirror := matrix{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	k := 0
	for a := 0; a < 4; a++ {
		for b := 0; b < 2; b++ {
			for c := 0; c < 2; c++ {
				m := identity
				for i := 0; i < a; i++ {
					m = y.times(m)
				}
				if b == 1 {
					m = f2.times(m)
				}
				if c == 1 {
					m = mirror.times(m)
				}
				out[k] = newGeometry(m)
				k++
			}
		}
	}
	return out
}()

// axes are the three ways of looking at the cube for the pruning table:
// as it is, with R-L brought onto U-D (z') and with F-B brought onto U-D
// (x).
var axes = func() [3]geometry {
	z := quarterAbout(normals[F])
	x := quarterAbout(normals[R])
	return [3]geometry{newGeometry(identity), newGeometry(z.times(z).times(z)), newGeometry(x)}
}()

// axisMove[a][m] is the face turn that move m becomes seen along axis a.
var axisMove = func() (t [3][NMoves]Move) {
	for a := range axes {
		for m := 0; m < NMoves; m++ {
			c := axes[a].conj(moveCubie[m])
			for n := 0; n < NMoves; n++ {
				if moveCubie[n] == c {
					t[a][m] = Move(n)
				}
			}
		}
	}
	return t
}()

// symInverse[s] is the symmetry that undoes s.
var symInverse = func() (inv [nSym]uint8) {
	// A position with no symmetry of its own tells the inverse apart.
	probe := Solved.ApplyMoves([]Move{0, 3, 6, 10, 13, 17, 1, 5, 8})
	for s := range udSyms {
		c := udSyms[s].conj(probe)
		for t := range udSyms {
			if udSyms[t].conj(c) == probe {
				inv[s] = uint8(t)
			}
		}
	}
	return inv
}()
