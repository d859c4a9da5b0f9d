package cube3

// The flip-slice classes: the 495 × 2,048 = 1,013,760 values of (slice,
// flip) fall into 64,430 classes under the 16 symmetries that keep the U-D
// axis (Kociemba's symmetry coordinate). Each class has a representative
// (its smallest value) and each value a symmetry that takes it there.

const (
	nFlipSlice  = nSlice * nFlip
	nClasses    = 64430
	noClass     = 0xffff
	pruneLength = nClasses * nTwist
)

type classes struct {
	classOf []uint16 // the class of each slice*2048+flip
	symOf   []uint8  // a symmetry taking the value to its representative
	rep     []uint32 // each class's representative
	stab    []uint16 // each class's symmetries that fix its representative
	// twistConj[t*16+s] is twist t seen after symmetry s.
	twistConj []uint16
	// entry[v] is classOf[v]·2187 shifted left 4, with symOf[v] in the
	// low bits: a search's lookup reads one word where it would read two
	// arrays (see pack).
	entry []uint32
}

// pack fills k.entry from classOf and symOf.
func (k *classes) pack() {
	k.entry = make([]uint32, nFlipSlice)
	for v, c := range k.classOf {
		k.entry[v] = uint32(c)*nTwist<<4 | uint32(k.symOf[v])
	}
}

// conjFlipSlice returns slice*2048+flip seen after symmetry s.
func conjFlipSlice(fs int, s int) int {
	c := Solved
	setSliceSorted(&c, fs/nFlip*24)
	setFlip(&c, fs%nFlip)
	c.EP, c.EO = udSyms[s].conjEdges(&c)
	return int(sliceSortedOf(&c))/24*nFlip + int(flipOf(&c))
}

func newTwistConj() []uint16 {
	t := make([]uint16, nTwist*nSym)
	for tw := 0; tw < nTwist; tw++ {
		c := Solved
		setTwist(&c, tw)
		for s := range udSyms {
			d := udSyms[s].conj(c)
			t[tw*nSym+s] = twistOf(&d)
		}
	}
	return t
}

func newClasses() *classes {
	k := &classes{
		classOf:   make([]uint16, nFlipSlice),
		symOf:     make([]uint8, nFlipSlice),
		rep:       make([]uint32, 0, nClasses),
		stab:      make([]uint16, 0, nClasses),
		twistConj: newTwistConj(),
	}
	for i := range k.classOf {
		k.classOf[i] = noClass
	}
	for fs := 0; fs < nFlipSlice; fs++ {
		if k.classOf[fs] != noClass {
			continue
		}
		cls := uint16(len(k.rep))
		var stab uint16
		for s := 0; s < nSym; s++ {
			img := conjFlipSlice(fs, s)
			if img == fs {
				stab |= 1 << s
			}
			if k.classOf[img] == noClass {
				k.classOf[img] = cls
				k.symOf[img] = symInverse[s]
			}
		}
		k.rep = append(k.rep, uint32(fs))
		k.stab = append(k.stab, stab)
	}
	if len(k.rep) != nClasses {
		panic("cube3: the flip-slice classes are not 64,430")
	}
	k.pack()
	return k
}
