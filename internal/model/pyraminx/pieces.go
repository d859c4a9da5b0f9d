package pyraminx

// Pieces is a position as pieces. EP[i] is the edge at edge position i and
// EO[i] is 1 when it is flipped (its reference colour not on the position's
// reference sticker). CO[c] and TO[c] are the twists of the centre and the
// tip at corner c: how many steps clockwise (seen looking at the corner)
// each is turned from solved.
type Pieces struct {
	EP [6]uint8
	EO [6]uint8
	CO [4]uint8
	TO [4]uint8
}

// SolvedPieces is the solved puzzle.
var SolvedPieces = Pieces{EP: [6]uint8{0, 1, 2, 3, 4, 5}}

// stickerFace is the face of each sticker, which is its colour when solved.
func stickerFace(i uint8) uint8 { return i / 9 }

// Faces returns the face (colour) of every sticker.
func (p Pieces) Faces() [NStickers]uint8 {
	var f [NStickers]uint8
	for c := 0; c < 4; c++ {
		for k := 0; k < 3; k++ {
			// The sticker k steps clockwise from the first shows, after a
			// twist by o, the colour that was o steps before it.
			f[tipStickers[c][(k+int(p.TO[c]))%3]] = stickerFace(tipStickers[c][k])
			f[centreStickers[c][(k+int(p.CO[c]))%3]] = stickerFace(centreStickers[c][k])
		}
	}
	for i := 0; i < 6; i++ {
		e := edgeStickers[p.EP[i]]
		for k := 0; k < 2; k++ {
			f[edgeStickers[i][(k+int(p.EO[i]))%2]] = stickerFace(e[k])
		}
	}
	return f
}

// Mul returns the position reached by doing b after a (b as a move: the
// piece b takes to position i is the one at b.EP[i] before).
func (a Pieces) Mul(b Pieces) Pieces {
	var c Pieces
	for i := range c.EP {
		c.EP[i] = a.EP[b.EP[i]]
		c.EO[i] = a.EO[b.EP[i]] ^ b.EO[i]
	}
	for i := range c.CO {
		c.CO[i] = (a.CO[i] + b.CO[i]) % 3
		c.TO[i] = (a.TO[i] + b.TO[i]) % 3
	}
	return c
}

// EdgeParity returns the parity of the edge permutation (0 even, 1 odd).
func (p Pieces) EdgeParity() int {
	par := 0
	for i := 0; i < 6; i++ {
		for j := i + 1; j < 6; j++ {
			if p.EP[i] > p.EP[j] {
				par ^= 1
			}
		}
	}
	return par
}

// EdgeFlip returns the number of flipped edges mod 2.
func (p Pieces) EdgeFlip() int {
	f := 0
	for _, o := range p.EO {
		f ^= int(o)
	}
	return f
}

// movePieces[m] is move m as pieces, derived from the sticker cycles.
var movePieces = func() (mp [NMoves]Pieces) {
	solved := SolvedPieces.Faces()
	for m := range mp {
		p, err := fromFaces(Move(m).ApplyStickers(solved), FaceNames)
		if err != nil {
			panic("pyraminx: sticker cycles are not a Pyraminx move: " + err.Error())
		}
		mp[m] = p
	}
	return mp
}()

// Apply returns the position after move m.
func (p Pieces) Apply(m Move) Pieces { return p.Mul(movePieces[m]) }
