package tablebuild

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/catalog"
	"github.com/godtable/godtable/internal/model/pocket"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/proof"
)

func histogram(dist []uint8) []int {
	var h []int
	for _, d := range dist {
		if d == table.Unreachable {
			continue
		}
		for int(d) >= len(h) {
			h = append(h, 0)
		}
		h[d]++
	}
	return h
}

// The published distribution of the 3,674,160 positions (SPEC section 1).
func TestPocketHTMDistribution(t *testing.T) {
	htm := pocket.HTM()
	got := histogram(distances(htm))
	want := []int{1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644}
	if !slices.Equal(got, want) {
		t.Fatalf("HTM distribution\n got %v\nwant %v", got, want)
	}
}

// The published quarter-turn distribution goes to 14.
func TestPocketQTMDistribution(t *testing.T) {
	qtm := pocket.QTM()
	got := histogram(distances(qtm))
	want := []int{1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276}
	if !slices.Equal(got, want) {
		t.Fatalf("QTM distribution\n got %v\nwant %v", got, want)
	}
}

// Regeneration is deterministic: two builds give identical bytes.
func TestBuildDeterministic(t *testing.T) {
	for _, d := range catalog.Defs() {
		a, err := Build(d)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Build(d)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a, b) {
			t.Errorf("%s: two builds differ", d.Name)
		}
	}
}

func BenchmarkDistances(b *testing.B) {
	for _, d := range catalog.Defs() {
		b.Run(d.Name, func(b *testing.B) {
			for b.Loop() {
				distances(d)
			}
		})
	}
}

func BenchmarkBuild(b *testing.B) {
	for _, d := range catalog.Defs() {
		b.Run(d.Name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Build(d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// On a ring the distances are known in closed form, in both directions.
func TestDistancesRing(t *testing.T) {
	const n = 97
	for _, directed := range []bool{false, true} {
		steps := []uint32{1, n - 1}
		inverse := []int{1, 0}
		if directed {
			// Forward by 1 or by 3 only: predecessors by going round.
			steps, inverse = []uint32{1, 3}, []int{-1, -1}
		}
		def := &puzzle.Def{
			Name: "ring", Size: n, Moves: []string{"a", "b"}, Inverse: inverse,
			Unrank: func(r uint64) puzzle.State { return puzzle.State(r) },
			Rank:   func(s puzzle.State) uint64 { return uint64(s) },
			Apply:  func(s puzzle.State, m int) puzzle.State { return puzzle.State((uint32(s) + steps[m]) % n) },
		}
		dist := distances(def)
		for r := uint32(0); r < n; r++ {
			k := (n - r) % n
			want := min(r, k)
			if directed {
				want = k/3 + k%3
			}
			if uint32(dist[r]) != want {
				t.Errorf("directed=%v: distance of %d is %d, want %d", directed, r, dist[r], want)
			}
		}
	}
}

// BenchmarkBuildPocketBoth builds the two pocket tables at once, one per
// core, as go generate does.
func BenchmarkBuildPocketBoth(b *testing.B) {
	htm, qtm := pocket.HTM(), pocket.QTM()
	for b.Loop() {
		var wg sync.WaitGroup
		for _, d := range []*puzzle.Def{htm, qtm} {
			wg.Go(func() {
				if _, err := Build(d); err != nil {
					b.Error(err)
				}
			})
		}
		wg.Wait()
	}
}

// The byte-a-state distances of every built-in table, directed and folded
// puzzles' included, are those of proof's own breadth-first search, which
// shares no code with bfs.
func TestDistancesAgainstProof(t *testing.T) {
	for _, d := range catalog.Defs() {
		if got, want := distances(d), proof.Distances(d); !slices.Equal(got, want) {
			t.Errorf("%s: the distances differ from a plain breadth-first search's", d.Name)
		}
	}
}

// Tables of version 3 (the format before this one, committed as built by
// it) still open, and read exactly as the tables built now do.
func TestVersion3Opens(t *testing.T) {
	for _, name := range []string{"msquare", "pocket-htm"} {
		def := catalog.Def(name)
		old, err := os.ReadFile(filepath.Join("testdata", name+".gdt"))
		if err != nil {
			t.Fatal(err)
		}
		if v := binary.LittleEndian.Uint16(old[8:]); v != 3 {
			t.Fatalf("%s: the fixture is version %d", name, v)
		}
		lv3, err := table.Decode(def, old)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		now, err := Build(def)
		if err != nil {
			t.Fatal(err)
		}
		lv4, err := table.Decode(def, now)
		if err != nil {
			t.Fatal(err)
		}
		if lv4.Version != table.Version || lv3.Version != 3 {
			t.Fatalf("%s: versions %d and %d", name, lv3.Version, lv4.Version)
		}
		if !slices.Equal(lv3.Counts, lv4.Counts) || !bytes.Equal(lv3.Packed(), lv4.Packed()) {
			t.Fatalf("%s: the version 3 table reads otherwise than the one built now", name)
		}
	}
}
