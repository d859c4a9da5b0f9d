package svg

// Cube3 draws the 3x3x3's net from the face (0..5 for U R F D L B) of each
// of its 54 stickers in the net's order: U above, the band L F R B, D
// below.
func Cube3(faces []int) string {
	const s = 20.0  // a sticker's edge
	const pad = 8.0 // the margin
	at := func(i int) int {
		if i < len(faces) {
			return faces[i]
		}
		return -1
	}
	d := newDoc(pad+12*s+pad, pad+9*s+pad, "3x3x3 cube")
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			d.rect(pad+float64(3+c)*s, pad+float64(r)*s, s, s, faceColour(at(3*r+c)), 1.2)
			d.rect(pad+float64(3+c)*s, pad+float64(6+r)*s, s, s, faceColour(at(45+3*r+c)), 1.2)
		}
		for c := 0; c < 12; c++ {
			d.rect(pad+float64(c)*s, pad+float64(3+r)*s, s, s, faceColour(at(9+12*r+c)), 1.2)
		}
	}
	return d.String()
}
