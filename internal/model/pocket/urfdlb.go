package pocket

// The URFDLB facelet order of cstimer and the Kociemba-style solvers: the
// faces U R F D L B, each read row by row as seen from outside with U on top
// (the U face with B on top, the D face with F on top). Solved is
// UUUURRRRFFFFDDDDLLLLBBBB; in the net's letters the order is
// ABCD IJQR GHOP UVWX EFMN KLST.

// urfdlbLayout names the stickers by face and place, U1..U4 R1..R4 and so on,
// for messages about URFDLB input.
var urfdlbLayout = newLayout(
	[24]uint8{0, 1, 2, 3, 8, 9, 16, 17, 6, 7, 14, 15, 20, 21, 22, 23, 4, 5, 12, 13, 10, 11, 18, 19},
	func(k int) string { return string([]byte{FaceNames[k/4], byte('1' + k%4)}) })

// ParseURFDLB is Parse for facelets in the URFDLB order; errors name the
// stickers U1..B4 and count characters in that order.
func ParseURFDLB(s string) (Cubie, error) {
	if len(s) == 24 {
		if c, _, ok := parseValid(urfdlbLayout.toNet(s)); ok {
			return c, nil
		}
	}
	return parseChecked(s, urfdlbLayout)
}

// ParseRankURFDLB is ParseURFDLB giving the position's rank.
func ParseRankURFDLB(s string) (uint32, error) {
	if len(s) == 24 {
		if _, r, ok := parseValid(urfdlbLayout.toNet(s)); ok {
			return r, nil
		}
	}
	c, err := parseChecked(s, urfdlbLayout)
	if err != nil {
		return 0, err
	}
	return c.Rank(), nil
}

// URFDLB returns the 24 facelets in the URFDLB order, faces written as the
// letters U R F D L B.
func (a Cubie) URFDLB() string {
	f := a.Faces()
	var b [24]byte
	for k, i := range urfdlbLayout.net {
		b[k] = FaceNames[f[i]]
	}
	return string(b[:])
}

// NetToURFDLB rewrites 24 facelets from the net's order to the URFDLB order,
// character for character (any characters).
func NetToURFDLB(net string) string {
	var b [24]byte
	for k, i := range urfdlbLayout.net {
		b[k] = net[i]
	}
	return string(b[:])
}

// URFDLBToNet rewrites 24 facelets from the URFDLB order to the net's order.
func URFDLBToNet(s string) string { return urfdlbLayout.toNet(s) }
