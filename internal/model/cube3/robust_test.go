package cube3

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// A table file of the wrong size, header or checksum, or with classes out
// of range, is refused with its reason; OpenAt then builds it again (not
// tried here: a minute).
func TestDecodeRefuses(t *testing.T) {
	if _, err := Decode([]byte("short")); !errors.Is(err, ErrTableFile) || !strings.Contains(err.Error(), "bytes") {
		t.Fatalf("short file: %v", err)
	}
	data := make([]byte, FileSize)
	if _, err := Decode(data); !errors.Is(err, ErrTableFile) || !strings.Contains(err.Error(), "header") {
		t.Fatalf("no header: %v", err)
	}
	copy(data, fileMagic)
	if _, err := Decode(data); !errors.Is(err, ErrTableFile) || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("bad checksum: %v", err)
	}
	// Every class number 0xffff: out of range, though the checksum holds.
	for i := len(fileMagic); i < len(fileMagic)+2*nFlipSlice; i++ {
		data[i] = 0xff
	}
	binary.LittleEndian.PutUint32(data[FileSize-4:], crc32.Checksum(data[:FileSize-4], crcTable))
	if _, err := Decode(data); !errors.Is(err, ErrTableFile) || !strings.Contains(err.Error(), "out of range") {
		t.Fatalf("classes out of range: %v", err)
	}
	path := filepath.Join(t.TempDir(), "t.gdt")
	if err := os.WriteFile(path, data[:100], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); !errors.Is(err, ErrTableFile) || !strings.Contains(err.Error(), path) {
		t.Fatalf("Load names the file: %v", err)
	}
}

// The table written and read back is the same table (with the real table,
// not in -short runs).
func TestTableFileRoundTrip(t *testing.T) {
	tb := bigTable(t)
	path := filepath.Join(t.TempDir(), "t.gdt")
	if err := tb.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if again, err := Load(path); err != nil || again != back {
		t.Fatalf("the file loaded again is mapped again: %v", err)
	}
	if !slices.Equal(back.p.words, tb.p.words) || !slices.Equal(back.p.corners, tb.p.corners) || !slices.Equal(back.p.k.classOf, tb.p.k.classOf) ||
		!slices.Equal(back.p.k.symOf, tb.p.k.symOf) || !slices.Equal(back.p.k.rep, tb.p.k.rep) || !slices.Equal(back.p.k.stab, tb.p.k.stab) {
		t.Fatal("the table read back differs")
	}
}

// Searches from many goroutines at once, each on several workers, answer
// as one search alone does (run under -race by make test).
func TestSearchConcurrent(t *testing.T) {
	p := zeroTable()
	layer := bfs5()[4]
	rng := rand.New(rand.NewPCG(23, 24))
	cubes := make([]Cubie, 8)
	want := make([][]Move, len(cubes))
	for i := range cubes {
		cubes[i] = layer[rng.IntN(len(layer))]
		want[i] = p.Search(cubes[i], Options{Workers: 1}).Solutions[0]
	}
	var wg sync.WaitGroup
	for i := range cubes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := p.Search(cubes[i], Options{Workers: 3}).Solutions[0]; !slices.Equal(got, want[i]) {
				t.Errorf("concurrent answer %s, alone %s", FormatMoves(got), FormatMoves(want[i]))
			}
		}()
	}
	wg.Wait()
}

// Parsing any string never panics, and what it accepts reads back.
func FuzzParse(f *testing.F) {
	f.Add(Solved.Facelets())
	f.Add(Solved.ApplyMoves([]Move{0, 4, 8}).Facelets())
	f.Add(strings.Repeat("U", 54))
	f.Fuzz(func(t *testing.T, s string) {
		for _, parse := range []func(string) (Cubie, error){Parse, ParseURFDLB} {
			c, err := parse(s)
			if err != nil {
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("a message of two lines: %q", err)
				}
				continue
			}
			if d, err := Parse(c.Facelets()); err != nil || d != c {
				t.Fatalf("%q reads as a cube that does not read back", s)
			}
		}
	})
}

// A file without the corner table is written and read back as such, and
// its search answers as the full tables' does (with the real table, not in
// -short runs).
func TestTableFileNoCorners(t *testing.T) {
	tb := bigTable(t)
	small := &Tables{&pruneTable{k: tb.p.k, mt: tb.p.mt, words: tb.p.words}}
	path := filepath.Join(t.TempDir(), "t.gdt")
	if err := small.Save(path); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path); err != nil || st.Size() != int64(FileSizeNoCorners) {
		t.Fatalf("the file: %v, %v bytes, want %d", err, st.Size(), FileSizeNoCorners)
	}
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Contents() != NoCorners || !slices.Equal(back.p.words, tb.p.words) {
		t.Fatal("the table read back differs")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 3 {
		c := Solved
		for range 11 {
			c = c.Apply(Move(rng.IntN(NMoves)))
		}
		want, got := tb.Search(c, Options{Workers: 2}), back.Search(c, Options{Workers: 2})
		if !slices.EqualFunc(want.Solutions, got.Solutions, slices.Equal) {
			t.Fatalf("%s: %v without the corner table, %v with it", c.Facelets(), got.Solutions, want.Solutions)
		}
	}
}

// ContentsFor takes the largest tables that fit, and refuses a size that
// holds neither, saying the least that works.
func TestContentsFor(t *testing.T) {
	for _, c := range []struct {
		size int64
		want Contents
	}{{int64(FileSize), Both}, {1 << 40, Both}, {int64(FileSize - 1), NoCorners}, {int64(FileSizeNoCorners), NoCorners}} {
		if got, err := ContentsFor(c.size); err != nil || got != c.want {
			t.Errorf("ContentsFor(%d) = %v, %v; want %v", c.size, got, err, c.want)
		}
	}
	if _, err := ContentsFor(int64(FileSizeNoCorners - 1)); err == nil || !strings.Contains(err.Error(), "at least") {
		t.Errorf("a size too small: %v", err)
	}
}
