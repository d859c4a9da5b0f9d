package table

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// countingReaderAt counts the calls and bytes read from its file.
type countingReaderAt struct {
	file         []byte
	calls, bytes int
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	c.calls++
	r := bytes.NewReader(c.file)
	n, err := r.ReadAt(p, off)
	c.bytes += n
	return n, err
}

// randomTable is a table of n entries of random levels below 40 (the
// walk never reads it, so nothing needs them to be a search's), Mod3 or
// Full8 as the ring's moves say: big enough for several blocks.
func randomTable(t *testing.T, n uint32, directed bool) (*puzzle.Def, []uint8, []byte) {
	t.Helper()
	def := ring(n, directed)
	rng := rand.New(rand.NewPCG(uint64(n), 7))
	dist := make([]uint8, n)
	for i := range dist {
		dist[i] = uint8(rng.IntN(40))
	}
	file := encode(t, def, dist)
	return def, dist, file
}

// A paged table opens by reading its header alone, then reads, for each
// level asked for, the one block that holds it, once while it stays
// cached: here 3 blocks of 32, and every answer the distances'.
func TestPagedReadsOnlyItsBlocks(t *testing.T) {
	const n = 4 << 20
	def, dist, file := randomTable(t, n, true)
	c := &countingReaderAt{file: file}
	p, err := OpenPaged(def, c, int64(len(file)), 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Blocks) != 32 {
		t.Fatalf("%d blocks, want 32", len(p.Blocks))
	}
	head := int(p.offsets[0])
	if c.bytes != head || c.calls > 3 {
		t.Fatalf("opening read %d bytes in %d calls; the header is %d bytes", c.bytes, c.calls, head)
	}
	blocks := []int{5, 17, 31}
	want := c.bytes
	for _, b := range blocks {
		want += int(p.Blocks[b].Len)
	}
	ask := func(b int) {
		t.Helper()
		for _, r := range []uint64{uint64(b) * blockSize, uint64(b)*blockSize + 999, min(uint64(b+1)*blockSize, n) - 1} {
			v, err := p.At(r)
			if err != nil {
				t.Fatal(err)
			}
			if v != dist[r] {
				t.Fatalf("rank %d: level %d, want %d", r, v, dist[r])
			}
		}
	}
	ask(5)
	ask(5)
	ask(17)
	if p.BlocksRead() != 2 || c.calls != 3+2 {
		t.Fatalf("two blocks asked for: %d read in %d calls", p.BlocksRead(), c.calls-3)
	}
	ask(31) // the cache holds two: block 5, the least recently used, goes
	if p.BlocksRead() != 3 || c.bytes != want {
		t.Fatalf("blocks 5, 17 and 31: %d read, %d bytes, want %d (the file is %d)", p.BlocksRead(), c.bytes, want, len(file))
	}
	ask(17)
	if p.BlocksRead() != 3 {
		t.Fatal("block 17 was read again while cached")
	}
	ask(5)
	if p.BlocksRead() != 4 {
		t.Fatal("block 5 was not read again after its eviction")
	}
	t.Logf("%d of %d bytes read in %d calls", c.bytes, len(file), c.calls)

	// With no cache size given, DefaultCacheBlocks stay cached.
	if p, err = OpenPaged(def, c, int64(len(file)), 0); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		for b := range DefaultCacheBlocks {
			ask(b)
		}
	}
	if p.BlocksRead() != DefaultCacheBlocks {
		t.Errorf("%d blocks asked for twice: %d read", DefaultCacheBlocks, p.BlocksRead())
	}
}

// A paged table answers as the decoded one on every rank: Mod3, Full8,
// folded, one block or many, version 3 or 4, and from several goroutines
// at once.
func TestPagedAnswersAsRead(t *testing.T) {
	type tc struct {
		name string
		def  *puzzle.Def
		file []byte
	}
	var cases []tc
	for _, directed := range []bool{false, true} {
		def, _, file := randomTable(t, 3*blockSize*4+17, directed)
		cases = append(cases, tc{"random " + def.Name, def, file})
		def = ring(300, directed)
		file, err := Encode(def, ringDistances(300, directed))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, tc{def.Name, def, file})
	}
	folded := foldedRing(300)
	file, err := Encode(folded, ringDistances(300, false))
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, tc{"folded", folded, file})
	// The same fold with its entries in reverse order, whose index is no
	// longer its own inverse: a rank indexed twice reads another entry.
	reversed := foldedRing(300)
	reversed.Fold = &puzzle.Fold{
		Entries: 151,
		Index:   func(r uint64) uint64 { return 150 - min(r, 300-r) },
		Rep:     func(e uint64) uint64 { return 150 - e },
	}
	if file, err = Encode(reversed, ringDistances(300, false)); err != nil {
		t.Fatal(err)
	}
	cases = append(cases, tc{"folded, reversed", reversed, file})
	for name, def := range v3Fixtures(t) {
		cases = append(cases, tc{name, def, readFixture(t, name)})
	}
	for _, c := range cases {
		lv, err := Decode(c.def, c.file)
		if err != nil {
			t.Fatal(err)
		}
		p, err := OpenPaged(c.def, bytes.NewReader(c.file), int64(len(c.file)), 1)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if p.Version != lv.Version || p.MaxDistance() != lv.MaxDistance() {
			t.Fatalf("%s: version %d, %d distances; read: %d, %d", c.name, p.Version, p.MaxDistance(), lv.Version, lv.MaxDistance())
		}
		var wg sync.WaitGroup
		errs := make([]error, 3)
		for g := range 3 {
			wg.Go(func() {
				// Each goroutine walks the ranks from its own start, so
				// that they ask for different blocks of one small cache.
				for k := range c.def.Size {
					r := (k + uint64(g)*c.def.Size/3) % c.def.Size
					v, err := p.At(r)
					if err == nil && v != lv.At(r) {
						err = errors.New("differs")
					}
					if err != nil {
						errs[g] = err
						return
					}
				}
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		}
	}
}

// Every flipped byte of a small version 4 table is refused: by
// OpenPaged, or, in the payload, by the first answer from its block; and
// every truncation at open. In a table of several blocks, a damaged block
// is named, and the others still answer.
func TestPagedRefusesDamage(t *testing.T) {
	for _, directed := range []bool{false, true} {
		def, file := ringFile(t, 300, directed)
		for what, bad := range flipped(file) {
			p, err := OpenPaged(def, bytes.NewReader(bad), int64(len(bad)), 0)
			if err == nil {
				_, err = p.At(0)
			}
			var te *Error
			if err == nil || !errors.As(err, &te) {
				t.Fatalf("%s: %v", what, err)
			}
		}
		for n := range len(file) {
			if _, err := OpenPaged(def, bytes.NewReader(file[:n]), int64(n), 0); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("truncated to %d bytes: %v", n, err)
			}
		}
	}

	def, dist, file := randomTable(t, 4*blockSize, true)
	p, err := OpenPaged(def, bytes.NewReader(file), int64(len(file)), 0)
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Clone(file)
	bad[p.offsets[2]+100] ^= 1
	p, err = OpenPaged(def, bytes.NewReader(bad), int64(len(bad)), 0)
	if err != nil {
		t.Fatal(err)
	}
	p.InFile("t.gdt", 1000)
	var te *Error
	_, err = p.At(2*blockSize + 5)
	if !errors.As(err, &te) || !errors.Is(err, ErrCorrupt) || te.Block != 3 || te.Offset != 1000+p.offsets[2] ||
		!strings.HasPrefix(err.Error(), "t.gdt: block 3 is damaged (checksum mismatch: ") ||
		!strings.HasSuffix(err.Error(), fmt.Sprintf(", at byte %d); run godtable check t.gdt", 1000+p.offsets[2])) {
		t.Errorf("damaged block 3: %v", err)
	}
	if v, err := p.At(3 * blockSize); err != nil || v != dist[3*blockSize] {
		t.Errorf("block 4, intact: %d, %v", v, err)
	}
	// Read again, the damaged block is refused again, the same way: a
	// failure is not kept in place of the block.
	if _, again := p.At(2*blockSize + 6); again == nil || again.Error() != err.Error() {
		t.Errorf("damaged block 3, read again: %v, want %v", again, err)
	}
	if at, n := p.BlockSpan(2); at != 1000+p.offsets[2] || n != int64(p.Blocks[2].Len) {
		t.Errorf("block 3 spans %d bytes from %d", n, at)
	}
}

// The levels of a table read in place fail apart: a read of a damaged
// block is the failure of the Checked levels it was made through alone,
// and their Err is nil again for levels that read intact blocks only; the
// same block read through any levels fails the same way every time.
func TestPagedFailuresApart(t *testing.T) {
	def, dist, file := randomTable(t, 4*blockSize, true)
	p, err := OpenPaged(def, bytes.NewReader(file), int64(len(file)), 1)
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Clone(file)
	bad[p.offsets[1]+7] ^= 0x20
	if p, err = OpenPaged(def, bytes.NewReader(bad), int64(len(bad)), 1); err != nil {
		t.Fatal(err)
	}
	lv := p.Levels()
	var first string
	for k := range 3 {
		damaged, intact := lv.Checked(), lv.Checked()
		if v := intact.At(0); v != dist[0] || intact.Err() != nil {
			t.Fatalf("round %d: rank 0, intact: %d, %v", k, v, intact.Err())
		}
		rd := damaged.Reader()
		if v := rd.At(blockSize + 3); damaged.ReachableLevel(v) || damaged.Err() == nil {
			t.Fatalf("round %d: a rank of the damaged block read as %d, %v", k, v, damaged.Err())
		}
		if first == "" {
			first = damaged.Err().Error()
		}
		if damaged.Err().Error() != first || !strings.Contains(first, "block 2 is damaged") {
			t.Fatalf("round %d: %v, want %s", k, damaged.Err(), first)
		}
		if v := intact.At(3 * blockSize); v != dist[3*blockSize] || intact.Err() != nil {
			t.Fatalf("round %d: the last block, after the failure: %d, %v", k, v, intact.Err())
		}
	}
	// Levels held never fail, and are their own Checked levels.
	whole, err := Decode(def, file)
	if err != nil {
		t.Fatal(err)
	}
	if whole.Checked() != whole || whole.Err() != nil {
		t.Error("levels held: another Checked, or a failure")
	}
}

// failingReaderAt fails every read that reaches [from, to) while failing
// is set, as a disk with a bad stretch might.
type failingReaderAt struct {
	file     []byte
	from, to int64
	failing  atomic.Bool
}

var errBadSector = errors.New("input/output error")

func (f *failingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if f.failing.Load() && off < f.to && off+int64(len(p)) > f.from {
		return 0, errBadSector
	}
	return bytes.NewReader(f.file).ReadAt(p, off)
}

// A block the file fails to read fails the reads of its levels with an
// *Error naming the block and carrying the reader's error, and no other
// block's; once the file reads again, so does the block: the failure was
// not kept.
func TestPagedUnreadableBlock(t *testing.T) {
	def, dist, file := randomTable(t, 4*blockSize, true)
	p, err := OpenPaged(def, bytes.NewReader(file), int64(len(file)), 0)
	if err != nil {
		t.Fatal(err)
	}
	r := &failingReaderAt{file: file, from: p.offsets[1], to: p.offsets[2]}
	if p, err = OpenPaged(def, r, int64(len(file)), 0); err != nil {
		t.Fatal(err)
	}
	p.InFile("t.gdt", 0)
	r.failing.Store(true)
	var te *Error
	_, err = p.At(blockSize + 1)
	if !errors.As(err, &te) || !errors.Is(err, errBadSector) || errors.Is(err, ErrCorrupt) || te.Block != 2 ||
		err.Error() != fmt.Sprintf("t.gdt: block 2, at byte %d, cannot be read: input/output error", p.offsets[1]) {
		t.Fatalf("unreadable block 2: %v", err)
	}
	if v, err := p.At(2 * blockSize); err != nil || v != dist[2*blockSize] {
		t.Fatalf("block 3, readable: %d, %v", v, err)
	}
	r.failing.Store(false)
	if v, err := p.At(blockSize + 1); err != nil || v != dist[blockSize+1] {
		t.Fatalf("block 2, readable again: %d, %v", v, err)
	}
}
