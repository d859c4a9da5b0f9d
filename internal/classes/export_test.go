package classes

// IsRep says whether index i represents its class: it is the least of
// its class's indices.
func (r *Reduction) IsRep(i uint64) bool {
	return r.cells[i/32*2+1]&(1<<(32+i%32)) != 0
}
