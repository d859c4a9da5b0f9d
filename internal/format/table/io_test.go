package table

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// A table written to an io.Writer is Encode's bytes, and reads back through
// any io.ReaderAt (bytes, a file) as the distances it was made from.
func TestWriteRead(t *testing.T) {
	for _, directed := range []bool{false, true} {
		def := ring(101, directed)
		dist := ringDistances(101, directed)
		var buf bytes.Buffer
		if err := Write(&buf, def, dist); err != nil {
			t.Fatal(err)
		}
		file, err := Encode(def, dist)
		if err != nil || !bytes.Equal(buf.Bytes(), file) {
			t.Fatalf("%s: Write wrote %d bytes, Encode gives %d (%v)", def.Name, buf.Len(), len(file), err)
		}
		path := filepath.Join(t.TempDir(), def.Name+".gdt")
		if err := os.WriteFile(path, file, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for _, r := range []io.ReaderAt{bytes.NewReader(file), f} {
			lv, err := Read(def, r)
			if err != nil {
				t.Fatalf("%s: %v", def.Name, err)
			}
			for rank, d := range dist {
				want := d
				if !directed {
					want = d % 3
				}
				if got := lv.At(uint64(rank)); got != want {
					t.Fatalf("%s: rank %d reads level %d, want %d", def.Name, rank, got, want)
				}
			}
		}
	}
}

// A damaged table read through a reader is refused as Decode refuses it; a
// reader that fails gives its own error.
func TestReadRefuses(t *testing.T) {
	def, file := ringFile(t, 101, false)
	bad := bytes.Clone(file)
	bad[len(bad)-1] ^= 1
	var te *Error
	if _, err := Read(def, bytes.NewReader(bad)); !errors.As(err, &te) || !errors.Is(err, ErrCorrupt) {
		t.Fatalf("damaged: %v, want an *Error wrapping ErrCorrupt", err)
	}
	boom := errors.New("boom")
	// Failing at once, in the header, or in the payload (which a file
	// read whole would have met before decoding anything).
	for _, at := range []int64{0, 10, int64(len(file)) - 1} {
		if _, err := Read(def, failingReader{file, at, boom}); !errors.Is(err, boom) || errors.As(err, &te) {
			t.Fatalf("reader failing at byte %d: %v, want its own error", at, err)
		}
	}
}

// failingReader serves file up to byte at, and fails any read past it.
type failingReader struct {
	file []byte
	at   int64
	err  error
}

func (f failingReader) ReadAt(p []byte, off int64) (int, error) {
	if off+int64(len(p)) > f.at {
		return copy(p, f.file[min(off, f.at):f.at]), f.err
	}
	return copy(p, f.file[off:]), nil
}

// meteredReader serves a file through ReadAt as a file on disk would,
// refusing any call that asks for more than limit bytes at once and
// recording any byte read twice.
type meteredReader struct {
	file  []byte
	limit int
	reads []int // reads[i]: how many times byte i was read
	most  int   // the most bytes asked for in one call
}

func (m *meteredReader) ReadAt(p []byte, off int64) (int, error) {
	m.most = max(m.most, len(p))
	if len(p) > m.limit {
		return 0, fmt.Errorf("asked for %d bytes at once, more than %d", len(p), m.limit)
	}
	if off >= int64(len(m.file)) {
		return 0, io.EOF
	}
	n := copy(p, m.file[off:])
	for i := range n {
		m.reads[int(off)+i]++
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// Read streams a table: it reads each byte of the file once, in calls of
// at most a mebibyte, and holds no more than the distances it returns and
// the blocks being decoded besides (two a core), never the file (here 2.7
// MB compressed, 4 MiB of distances, in 32 blocks).
func TestReadStreams(t *testing.T) {
	// Two cores, as here: with as many as the file has blocks, the blocks
	// being decoded would be all of it.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	const n = 4 << 20
	def := ring(n, true)
	rng := rand.New(rand.NewPCG(4, 5))
	dist := make([]uint8, n)
	for i := range dist {
		dist[i] = uint8(rng.IntN(40))
	}
	file := encode(t, def, dist)
	const mib = 1 << 20
	if len(file) < 2*mib {
		t.Fatalf("the table is %d bytes: too small to show streaming", len(file))
	}
	m := &meteredReader{file: file, limit: mib, reads: make([]int, len(file))}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	lv, err := Read(def, m)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatalf("Read: %v (the most asked for at once: %d bytes)", err, m.most)
	}
	for i, k := range m.reads {
		if k != 1 {
			t.Fatalf("byte %d of %d read %d times", i, len(file), k)
		}
	}
	if !bytes.Equal(lv.Packed(), dist) {
		t.Fatal("the distances read are not the table's")
	}
	// The distances are kept; what else was allocated is the buffers, not
	// a copy of the file.
	if extra := int64(after.TotalAlloc-before.TotalAlloc) - n; extra > mib/2+2*2*blockSize {
		t.Errorf("Read allocated %d bytes beside the %d of the distances; the file is %d", extra, n, len(file))
	}
	t.Logf("%d bytes read, at most %d at once; %d allocated", len(file), m.most, after.TotalAlloc-before.TotalAlloc)
}
