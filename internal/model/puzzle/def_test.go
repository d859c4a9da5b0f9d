package puzzle

import "testing"

// The fingerprint's samples are ranks of the range, distinct where the
// range allows, the first ones first, and spread to its end: no part of a
// table's range of more than a 48th goes unsampled.
func TestSampleRank(t *testing.T) {
	const n, first = 64, 16
	for _, size := range []uint64{1, 5, 63, 64, 65, 100, 40320, 3674160, 170586, 1 << 40, 1<<64 - 1} {
		seen := map[uint64]bool{}
		prev := uint64(0)
		for i := uint64(0); i < n; i++ {
			r := sampleRank(i, n, first, size)
			if r >= size {
				t.Fatalf("size %d: sample %d is rank %d", size, i, r)
			}
			if size > n {
				if seen[r] || (i > 0 && r <= prev) {
					t.Fatalf("size %d: sample %d (rank %d) repeats or goes back", size, i, r)
				}
				if i < first && r != i {
					t.Fatalf("size %d: sample %d is rank %d, want the first ranks first", size, i, r)
				}
				if i >= first && r-prev > (size-first)/(n-first)+1 {
					t.Fatalf("size %d: a gap of %d ranks before sample %d", size, r-prev, i)
				}
			} else if r != i%size {
				t.Fatalf("size %d: sample %d is rank %d", size, i, r)
			}
			seen[r], prev = true, r
		}
		if size > n && size-1-prev > (size-first)/(n-first)+1 {
			t.Errorf("size %d: the last sample %d leaves %d ranks unsampled at the end", size, prev, size-1-prev)
		}
	}
}
