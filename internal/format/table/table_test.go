package table

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// ring is a small test puzzle: n states in a circle, moves one step either
// way (undirected), or one and three steps forward only (directed).
func ring(n uint32, directed bool) *puzzle.Def {
	steps := []uint32{1, n - 1}
	inverse := []int{1, 0}
	name := "ring"
	if directed {
		steps = []uint32{1, 3}
		inverse = []int{-1, -1}
		name = "ring-directed"
	}
	return &puzzle.Def{
		Name:    name,
		Size:    uint64(n),
		Moves:   []string{"a", "b"},
		Inverse: inverse,
		Unrank:  func(r uint64) puzzle.State { return puzzle.State(r) },
		Rank:    func(s puzzle.State) uint64 { return uint64(s) },
		Apply:   func(s puzzle.State, m int) puzzle.State { return puzzle.State((uint32(s) + steps[m]) % n) },
	}
}

// ringDistances are the true distances to 0 (computed by hand: the ring is
// small enough to reason about).
func ringDistances(n uint32, directed bool) []uint8 {
	d := make([]uint8, n)
	for r := uint32(0); r < n; r++ {
		if directed {
			// Forward steps of 1 and 3 from r to reach 0 (mod n): cover
			// k = n-r with as many threes as possible.
			k := (n - r) % n
			d[r] = uint8(k/3 + k%3)
		} else {
			d[r] = uint8(min(r, n-r))
		}
	}
	return d
}

func TestRoundTrip(t *testing.T) {
	for _, directed := range []bool{false, true} {
		def := ring(101, directed)
		dist := ringDistances(101, directed)
		dist[50] = Unreachable // exercise the unreachable marker
		file := encode(t, def, dist)
		lv, err := Decode(def, file)
		if err != nil {
			t.Fatal(err)
		}
		wantEnc := Mod3
		if directed {
			wantEnc = Full8
		}
		if lv.Encoding != wantEnc {
			t.Errorf("directed=%v: encoding %v, want %v", directed, lv.Encoding, wantEnc)
		}
		for r, d := range dist {
			if d == Unreachable {
				if lv.Reachable(uint64(r)) {
					t.Errorf("rank %d should be unreachable", r)
				}
				continue
			}
			want := d
			if !directed {
				want = d % 3
			}
			if got := lv.At(uint64(r)); got != want {
				t.Errorf("directed=%v rank %d: level %d, want %d", directed, r, got, want)
			}
		}
		var total uint64
		for _, c := range lv.Counts {
			total += c
		}
		if total != 100 {
			t.Errorf("counts add up to %d, want 100", total)
		}
	}
}

// Every single flipped byte, anywhere in the file, is refused with a typed
// error, and never decodes to a table.
func TestEveryFlippedByteIsRefused(t *testing.T) {
	for _, directed := range []bool{false, true} {
		def, file := ringFile(t, 300, directed)
		for what, bad := range flipped(file) {
			lv, err := Decode(def, bad)
			var te *Error
			if err == nil || lv != nil || !errors.As(err, &te) {
				t.Fatalf("%s: got table %v, error %v", what, lv != nil, err)
			}
			if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrVersion) && !errors.Is(err, ErrMismatch) {
				t.Fatalf("%s: untyped error %v", what, err)
			}
		}
		// Truncations too.
		for n := 0; n < len(file); n++ {
			if _, err := Decode(def, file[:n]); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("truncated to %d bytes: %v", n, err)
			}
		}
	}
}

// ringFile is the ring of n states' definition and its table, encoded.
func ringFile(t *testing.T, n uint32, directed bool) (*puzzle.Def, []byte) {
	t.Helper()
	def := ring(n, directed)
	return def, encode(t, def, ringDistances(n, directed))
}

// encode is Encode, failing the test on an error.
func encode(t *testing.T, def *puzzle.Def, dist []uint8) []byte {
	t.Helper()
	file, err := Encode(def, dist)
	if err != nil {
		t.Fatal(err)
	}
	return file
}

// flipped yields every copy of file with one byte flipped, each byte three
// ways, and what was flipped ("byte 7 ^ 0x80").
func flipped(file []byte) iter.Seq2[string, []byte] {
	return func(yield func(string, []byte) bool) {
		for i := range file {
			for _, flip := range []byte{0x01, 0x80, 0xff} {
				bad := bytes.Clone(file)
				bad[i] ^= flip
				if !yield(fmt.Sprintf("byte %d ^ %#x", i, flip), bad) {
					return
				}
			}
		}
	}
}

// A table built for one definition is refused for another.
func TestMismatch(t *testing.T) {
	file, err := Encode(ring(100, false), ringDistances(100, false))
	if err != nil {
		t.Fatal(err)
	}
	other := ring(100, false)
	other.Apply = func(s puzzle.State, m int) puzzle.State { return puzzle.State((uint32(s) + 2) % 100) }
	if _, err := Decode(other, file); !errors.Is(err, ErrMismatch) {
		t.Errorf("changed moves: %v, want ErrMismatch", err)
	}
	renamed := ring(100, false)
	renamed.Name = "other"
	if _, err := Decode(renamed, file); !errors.Is(err, ErrMismatch) {
		t.Errorf("other name: %v, want ErrMismatch", err)
	}
	if _, err := Decode(ring(100, true), file); !errors.Is(err, ErrMismatch) {
		t.Errorf("directed definition: %v, want ErrMismatch", err)
	}
}

// A header written by a future version is refused as such.
func TestVersion(t *testing.T) {
	def := ring(50, false)
	dist := ringDistances(50, false)
	file := encode(t, def, dist)
	binary.LittleEndian.PutUint16(file[len(magic):], Version+1)
	if _, err := Decode(def, file); !errors.Is(err, ErrVersion) {
		t.Errorf("got %v, want ErrVersion", err)
	}
}

func FuzzDecode(f *testing.F) {
	def := ring(64, false)
	good, err := Encode(def, ringDistances(64, false))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte("GODTABLE"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		// Paged or whole, a damaged table is refused, an intact one
		// answers as encoded.
		if p, err := OpenPaged(def, bytes.NewReader(data), int64(len(data)), 1); err == nil {
			for r := range uint64(64) {
				v, err := p.At(r)
				if err != nil {
					break
				}
				if v != ringDistances(64, false)[r]%3 {
					t.Fatalf("paged: accepted a different table at rank %d", r)
				}
			}
		}
		lv, err := Decode(def, data)
		if err != nil {
			var te *Error
			if !errors.As(err, &te) && err.Error() == "" {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		// Anything accepted must be exactly the table that was encoded.
		want := ringDistances(64, false)
		for r := range want {
			if lv.At(uint64(r)) != want[r]%3 {
				t.Fatalf("accepted a different table at rank %d", r)
			}
		}
	})
}

// A table whose header names another codec (version 2's DEFLATE, say),
// its checksums intact, is refused with a clear error, not decoded as
// Huff0.
func TestUnknownCodec(t *testing.T) {
	def, file := ringFile(t, 64, false)
	h, off, err := ReadHeader(def.Name, file)
	if err != nil {
		t.Fatal(err)
	}
	h.Codec = 1
	head, err := appendHeader(nil, h)
	if err != nil {
		t.Fatal(err)
	}
	bad := append(head, file[off:]...)
	_, err = Decode(def, bad)
	var te *Error
	if !errors.As(err, &te) || !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "unknown codec 1") {
		t.Fatalf("err %v", err)
	}
}

// CheckCounts finds the header's counts in the stored levels, of a
// mod-3 and of a full table, and refuses counts moved from one distance to
// another; a folded table has nothing to compare. Inspect opens a table
// with no definition and checks the same.
func TestCheckCounts(t *testing.T) {
	for _, directed := range []bool{false, true} {
		_, file := ringFile(t, 101, directed)
		lv, err := Inspect("ring", bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		if checked, err := lv.CheckCounts(); !checked || err != nil {
			t.Fatalf("directed=%v: %v, %v", directed, checked, err)
		}
		h, off, err := ReadHeader("ring", file)
		if err != nil {
			t.Fatal(err)
		}
		h.Counts[1]--
		h.Counts[2]++
		head, err := appendHeader(nil, h)
		if err != nil {
			t.Fatal(err)
		}
		bad, err := Inspect("ring", bytes.NewReader(append(head, file[off:]...)))
		if err != nil {
			t.Fatal(err)
		}
		if checked, err := bad.CheckCounts(); !checked || err == nil {
			t.Fatalf("directed=%v: moved counts pass: %v", directed, checked)
		}
		h.Entries = h.Size - 1
		if checked, _ := (&Levels{Header: *h}).CheckCounts(); checked {
			t.Fatal("a folded table's counts were compared")
		}
	}
}

// A block index that gives a block more bytes than a block can take is
// refused, its checksum intact, before any is read: a reader takes each
// block into a buffer of its length.
func TestBlockLengthBound(t *testing.T) {
	def, file := ringFile(t, 300, false)
	lv, err := Decode(def, file)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []uint32{0, maxBlockLen + 1, 1<<32 - 1} {
		h := lv.Header
		h.Blocks = []Block{{Len: k, CRC: h.Blocks[0].CRC}}
		head, err := appendHeader(nil, &h)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := ReadHeader("ring", head); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "block 1 of 1: a length of") {
			t.Errorf("block of %d bytes: %v", k, err)
		}
	}
}
