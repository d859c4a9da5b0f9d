package classes

// IsRep says whether index i represents its class: it is the least of
// its class's indices.
func (r *Reduction) IsRep(i uint64) bool {
	return r.reps[i/32]>>(i%32*2)&3 != 3
}
