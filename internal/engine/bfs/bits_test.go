package bfs

import (
	"math/rand/v2"
	"testing"
)

// gather and spread32, with which a level's marks (a bit an index) meet its
// levels (two bits an index), are each other's inverse: on the words at
// each end of the range and on random ones.
func TestGatherSpread(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	xs := []uint64{0, 1, 1 << 31, 0xffffffff, 0x55555555, 0xaaaaaaaa}
	for range 100000 {
		xs = append(xs, rng.Uint64())
	}
	for _, x := range xs {
		// spread32 reads the low 32 bits alone.
		y := spread32(x)
		x &= 0xffffffff
		if y&^0x5555555555555555 != 0 {
			t.Fatalf("spread32(%#x) = %#x: a bit off the fields' low bits", x, y)
		}
		for k := range 32 {
			if y>>(2*k)&1 != x>>k&1 {
				t.Fatalf("spread32(%#x) = %#x: bit %d not at %d", x, y, k, 2*k)
			}
		}
		if g := gather(y | y<<1); g != x {
			t.Fatalf("gather(spread32(%#x)) = %#x", x, g)
		}
	}
}
