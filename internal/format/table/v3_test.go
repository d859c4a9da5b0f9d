package table

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// foldedRing is the undirected ring folded by its reflection: rank r and
// rank n-r are equally far from 0 and share entry min(r, n-r).
func foldedRing(n uint32) *puzzle.Def {
	def := ring(n, false)
	def.Name = "ring-folded"
	def.Fold = &puzzle.Fold{
		Entries: uint64(n/2 + 1),
		Index:   func(r uint64) uint64 { return min(r, uint64(n)-r) },
		Rep:     func(e uint64) uint64 { return e },
	}
	return def
}

// v3Fixtures are tables of format version 3, written by the version 3
// encoder before version 4 replaced it, each with the definition it was
// written for: the 300-state rings, undirected (Mod3), directed (Full8)
// and folded.
func v3Fixtures(t *testing.T) map[string]*puzzle.Def {
	t.Helper()
	return map[string]*puzzle.Def{
		"v3-ring-mod3.table":   ring(300, false),
		"v3-ring-full8.table":  ring(300, true),
		"v3-ring-folded.table": foldedRing(300),
	}
}

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A version 3 table opens, and holds what the same distances written as
// version 4 hold: header, counts, packed distances, every level.
func TestVersion3Opens(t *testing.T) {
	for name, def := range v3Fixtures(t) {
		lv3, err := Decode(def, readFixture(t, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		file4, err := Encode(def, ringDistances(300, def.Name == "ring-directed"))
		if err != nil {
			t.Fatal(err)
		}
		lv4, err := Decode(def, file4)
		if err != nil {
			t.Fatal(err)
		}
		if lv3.Version != 3 || lv4.Version != Version {
			t.Fatalf("%s: versions %d and %d", name, lv3.Version, lv4.Version)
		}
		if lv3.Size != lv4.Size || lv3.Entries != lv4.Entries || lv3.Goal != lv4.Goal || lv3.Encoding != lv4.Encoding ||
			lv3.Definition != lv4.Definition || lv3.PackedCRC != lv4.PackedCRC || !slices.Equal(lv3.Counts, lv4.Counts) {
			t.Errorf("%s: headers differ:\n%+v\n%+v", name, lv3.Header, lv4.Header)
		}
		if !bytes.Equal(lv3.Packed(), lv4.Packed()) {
			t.Errorf("%s: distances differ", name)
		}
		for r := range def.Size {
			if lv3.At(r) != lv4.At(r) {
				t.Fatalf("%s: rank %d: level %d, version 4 has %d", name, r, lv3.At(r), lv4.At(r))
			}
		}
	}
}

// Every flipped byte and every truncation of a version 3 table is refused
// with a typed error, as a version 4 table's are.
func TestVersion3FlippedByteIsRefused(t *testing.T) {
	for name, def := range v3Fixtures(t) {
		file := readFixture(t, name)
		for what, bad := range flipped(file) {
			lv, err := Decode(def, bad)
			if err == nil || lv != nil {
				t.Fatalf("%s: %s: opened", name, what)
			}
			if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrVersion) && !errors.Is(err, ErrMismatch) {
				t.Fatalf("%s: %s: untyped error %v", name, what, err)
			}
		}
		for n := range len(file) {
			if _, err := Decode(def, file[:n]); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("%s: truncated to %d bytes: %v", name, n, err)
			}
		}
	}
}

// A folded table round-trips through version 4: every rank reads its
// entry's level, and every flipped byte is refused.
func TestFoldedRoundTrip(t *testing.T) {
	def := foldedRing(300)
	dist := ringDistances(300, false)
	file := encode(t, def, dist)
	lv, err := Decode(def, file)
	if err != nil {
		t.Fatal(err)
	}
	if lv.Entries != 151 || lv.Size != 300 || lv.Encoding != Mod3 {
		t.Fatalf("entries %d, size %d, encoding %v", lv.Entries, lv.Size, lv.Encoding)
	}
	for r, d := range dist {
		if got := lv.At(uint64(r)); got != d%3 {
			t.Fatalf("rank %d: level %d, want %d", r, got, d%3)
		}
	}
	for i := range file {
		bad := bytes.Clone(file)
		bad[i] ^= 0x20
		if lv, err := Decode(def, bad); err == nil || lv != nil {
			t.Fatalf("byte %d flipped: opened", i)
		}
	}
	// A fold that joins states at different distances is not written.
	dist[7] = 9
	if _, err := Encode(def, dist); err == nil {
		t.Error("a fold joining distances 7 and 9 was written")
	}
}
