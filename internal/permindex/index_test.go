package permindex

import "testing"

// The parities counted up rank by rank are those of the permutations the
// ranks stand for.
func TestLehmerParities(t *testing.T) {
	for n := 1; n <= 8; n++ {
		counts := make([]int, n)
		for i := range counts {
			counts[i] = 1
		}
		ms := newMultiset(counts)
		par := lehmerParities(n)
		a := make([]uint8, n)
		for r := uint64(0); r < ms.size; r++ {
			ms.unrank(r, a)
			if got := uint8(par[r/64] >> (r % 64) & 1); got != parityOf(a) {
				t.Fatalf("n %d rank %d: parity %d, want %d", n, r, got, parityOf(a))
			}
		}
	}
}
