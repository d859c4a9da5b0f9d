package table

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// payloads are packed distances of every kind a block can take: skewed
// bytes (huff0), one repeated byte (repeat), uniform random bytes (stored),
// mixed across block boundaries, and short ones.
func payloads() map[string][]byte {
	rng := rand.New(rand.NewPCG(1, 2))
	skewed := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			// Four 2-bit levels, mostly the first: like a packed table.
			var v byte
			for k := range 4 {
				l := byte(0)
				if rng.IntN(4) == 0 {
					l = byte(1 + rng.IntN(3))
				}
				v |= l << (2 * k)
			}
			b[i] = v
		}
		return b
	}
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	mixed := append(append(append(skewed(blockSize), bytes.Repeat([]byte{7}, blockSize)...), random(blockSize)...), skewed(1000)...)
	return map[string][]byte{
		"one byte":            {3},
		"five bytes":          {1, 2, 3, 4, 5},
		"skewed":              skewed(5000),
		"skewed, two blocks":  skewed(2*blockSize + 17),
		"repeated":            bytes.Repeat([]byte{0x55}, blockSize+3),
		"random":              random(3000),
		"one block of each":   mixed,
		"exactly one block":   skewed(blockSize),
		"one byte past block": skewed(blockSize + 1),
	}
}

// Every payload decodes to exactly what was compressed, through each kind
// of block the mixed one holds.
func TestHuffRoundTrip(t *testing.T) {
	for name, want := range payloads() {
		z, err := Compress(want)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := Decompress(z, uint64(len(want)))
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: decompress: %v, equal %v", name, err, bytes.Equal(got, want))
		}
	}
	mixed := payloads()["one block of each"]
	z, _ := Compress(mixed)
	var kinds []byte
	for i := 0; len(z) > 0; i++ {
		kinds = append(kinds, z[0])
		switch z[0] {
		case blockStored:
			z = z[1+blockSize:]
		case blockRepeat:
			z = z[6:]
		case blockHuff0:
			n := int(z[1]) | int(z[2])<<8 | int(z[3])<<16 | int(z[4])<<24
			z = z[5+n:]
		}
		if i > 4 {
			t.Fatal("more blocks than four")
		}
	}
	if want := []byte{blockHuff0, blockRepeat, blockStored, blockHuff0}; !bytes.Equal(kinds, want) {
		t.Errorf("block kinds %v, want %v", kinds, want)
	}
}

// A payload cut short, or with bytes left over, or asked for another
// length, is refused; a damaged one never panics (the checksums refuse what
// decodes: TestEveryFlippedByteIsRefused).
func TestHuffRefuses(t *testing.T) {
	for name, want := range payloads() {
		z, err := Compress(want)
		if err != nil {
			t.Fatal(err)
		}
		n := uint64(len(want))
		step := max(1, len(z)/300)
		for k := 0; k < len(z); k += step {
			if _, err := Decompress(z[:k], n); err == nil {
				t.Fatalf("%s: cut to %d of %d bytes, accepted", name, k, len(z))
			}
		}
		if _, err := Decompress(append(bytes.Clone(z), 0), n); err == nil {
			t.Errorf("%s: a byte left over, accepted", name)
		}
		if _, err := Decompress(z, n+1); err == nil {
			t.Errorf("%s: one byte more than it holds, accepted", name)
		}
		if n > 1 {
			if _, err := Decompress(z, n-1); err == nil {
				t.Errorf("%s: one byte fewer than it holds, accepted", name)
			}
		}
		for k := 0; k < len(z); k += step {
			bad := bytes.Clone(z)
			bad[k] ^= 0x5a
			Decompress(bad, n) // must not panic
		}
	}
}

// FuzzDecompress: on any payload and length, Decompress returns exactly n
// bytes or an error, never panics, and gives back what Compress compressed.
func FuzzDecompress(f *testing.F) {
	for _, p := range [][]byte{{3}, {1, 2, 3, 4, 5}, bytes.Repeat([]byte{0x55}, 300), []byte("UUUULRBFRLFBLRBFRLFBDDDD")} {
		z, err := Compress(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(z, uint32(len(p)))
	}
	f.Add([]byte{}, uint32(0))
	f.Add([]byte{blockRepeat, 0xff, 0xff, 0xff, 0xff, 7}, uint32(1<<31))
	f.Fuzz(func(t *testing.T, payload []byte, n uint32) {
		out, err := Decompress(payload, uint64(n))
		if err == nil && uint64(len(out)) != uint64(n) {
			t.Fatalf("%d bytes, want %d", len(out), n)
		}
		if err == nil {
			z, err := Compress(out)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Decompress(z, uint64(n))
			if err != nil || !bytes.Equal(back, out) {
				t.Fatalf("round trip: %v", err)
			}
		}
	})
}

// BenchmarkHuffDecode decodes a skewed payload of the pocket cube's size
// (its packed table is 42,647 bytes).
func BenchmarkHuffDecode(b *testing.B) {
	want := payloads()["skewed"]
	for len(want) < 42647 {
		want = append(want, want...)
	}
	want = want[:42647]
	z, err := Compress(want)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(want)))
	for b.Loop() {
		if _, err := Decompress(z, uint64(len(want))); err != nil {
			b.Fatal(err)
		}
	}
}
