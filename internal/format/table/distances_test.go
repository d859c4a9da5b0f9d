package table

import (
	"bytes"
	"strings"
	"testing"
)

// A packed table holds as many distances as its header has room for,
// MaxDistances: a ring of n states has n/2+1. Past 254 the header gives
// their number in two more bytes; every distance reads back.
func TestManyDistances(t *testing.T) {
	for _, n := range []uint32{508, 510, 2*MaxDistances - 2} {
		def := ring(n, false)
		packed := make([]byte, (n+3)/4)
		var counts []uint64
		for r := range n {
			d := min(r, n-r)
			packed[r/4] |= byte(d%3) << (2 * (r % 4))
			for int(d) >= len(counts) {
				counts = append(counts, 0)
			}
			counts[d]++
		}
		h, err := PackedHeader(def, packed, counts)
		if err != nil {
			t.Fatalf("ring %d: %v", n, err)
		}
		var file bytes.Buffer
		if _, err := WritePacked(&file, h, packed); err != nil {
			t.Fatal(err)
		}
		lv, err := Decode(def, file.Bytes())
		if err != nil {
			t.Fatalf("ring %d: %v", n, err)
		}
		if lv.MaxDistance() != int(n/2) || len(lv.Counts) != len(counts) {
			t.Fatalf("ring %d: largest distance %d, want %d", n, lv.MaxDistance(), n/2)
		}
		for r := range n {
			if want := uint8(min(r, n-r) % 3); lv.At(uint64(r)) != want {
				t.Fatalf("ring %d: rank %d at level %d, want %d", n, r, lv.At(uint64(r)), want)
			}
		}
	}
	def := ring(2*MaxDistances, false)
	counts := make([]uint64, MaxDistances+1)
	_, err := PackedHeader(def, make([]byte, (2*MaxDistances+3)/4), counts)
	if err == nil || !strings.Contains(err.Error(), "more than a table holds (16304)") {
		t.Fatalf("%d distances: %v", len(counts), err)
	}
}
