package permindex

import (
	"errors"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/ksolve"
)

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

// A puzzle beyond the index is refused before anything is built, with the
// memory its table would need.
func TestTooLarge(t *testing.T) {
	for _, src := range []string{
		"Set S 17 1\nSolved\nEnd\nMove M\nS\n2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 1\nEnd\n",
		"Set S 8 3\nSet T 8 3\nSet U 8 3\nSet V 8 3\nSolved\nEnd\nMove M\nS\n2 3 4 5 6 7 8 1\nT\n2 3 4 5 6 7 8 1\nU\n2 1 3 4 5 6 7 8\nV\n2 1 3 4 5 6 7 8\nEnd\n",
	} {
		d, err := ksolve.Parse("big.tws", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := Plan(p); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), " GB ") {
			t.Errorf("%q: %v", src, err)
		}
	}
}
