package table

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
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
				if got := lv.At(uint32(rank)); got != want {
					t.Fatalf("%s: rank %d reads level %d, want %d", def.Name, rank, got, want)
				}
			}
		}
	}
}

// A damaged table read through a reader is refused as Decode refuses it; a
// reader that fails gives its own error.
func TestReadRefuses(t *testing.T) {
	def := ring(101, false)
	file, err := Encode(def, ringDistances(101, false))
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Clone(file)
	bad[len(bad)-1] ^= 1
	var te *Error
	if _, err := Read(def, bytes.NewReader(bad)); !errors.As(err, &te) || !errors.Is(err, ErrCorrupt) {
		t.Fatalf("damaged: %v, want an *Error wrapping ErrCorrupt", err)
	}
	boom := errors.New("boom")
	if _, err := Read(def, failingReader{boom}); !errors.Is(err, boom) || errors.As(err, &te) {
		t.Fatalf("failing reader: %v, want its own error", err)
	}
}

// failingReader fails every read.
type failingReader struct{ err error }

func (f failingReader) ReadAt([]byte, int64) (int, error) { return 0, f.err }
