package tables_test

import (
	"bytes"
	"compress/flate"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/format/tablefiles"
	"github.com/godtable/godtable/internal/model/catalog"
	"github.com/godtable/godtable/tables/all"
	"github.com/klauspost/compress/zstd"
)

var write = flag.Bool("write", false, "rewrite stale files instead of failing")

// The committed tables and their Go files are exactly what go generate makes
// now, by the generator's own function: a change to a puzzle definition
// without go generate fails here.
func TestTablesAreCurrent(t *testing.T) {
	files, err := tablefiles.Files(catalog.Puzzles())
	if err != nil {
		t.Fatal(err)
	}
	for name, fresh := range files {
		path := filepath.FromSlash(name)
		disk, err := os.ReadFile(path)
		if err == nil && bytes.Equal(disk, fresh) {
			continue
		}
		if *write {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, fresh, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("stale: %s differs from a fresh generation (%d bytes on disk, %d fresh); run go generate ./tables", name, len(disk), len(fresh))
	}
	// Nothing else lies in the puzzles' directories: a table whose
	// definition has gone would still be embedded.
	dirs := []string{"all"}
	for _, p := range catalog.Puzzles() {
		if len(p.Defs()) > 0 {
			dirs = append(dirs, p.Name)
		}
	}
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if _, ok := files[dir+"/"+e.Name()]; !ok {
				t.Errorf("stale: %s/%s is not generated; remove it or run go generate ./tables", dir, e.Name())
			}
		}
	}
}

// BenchmarkDecode measures what a table's first use costs: checking the
// header and definition, decompressing and checksumming the payload.
func BenchmarkDecode(b *testing.B) {
	for _, def := range catalog.Defs() {
		data, err := all.File(def.Name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(def.Name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := table.Decode(def, data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCodecs compresses each table's packed distances with the tables'
// codec (table.Compress: Huffman coding alone, huff0, in blocks), with the
// standard library's DEFLATE at its best compression, and with zstd at its
// best (klauspost/compress), and decodes each: the comparison behind the
// codec (internal/format/table/huff.go). Each reports its compressed bytes beside
// the time to decode them.
func BenchmarkCodecs(b *testing.B) {
	zw, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1))
	if err != nil {
		b.Fatal(err)
	}
	zr, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		b.Fatal(err)
	}
	type codec struct {
		name string
		enc  func([]byte) ([]byte, error)
		dec  func(z []byte, n int) ([]byte, error)
	}
	codecs := []codec{
		{"huff0", table.Compress, func(z []byte, n int) ([]byte, error) { return table.Decompress(z, uint64(n)) }},
		{"deflate", func(p []byte) ([]byte, error) {
			var buf bytes.Buffer
			fw, err := flate.NewWriter(&buf, flate.BestCompression)
			if err != nil {
				return nil, err
			}
			fw.Write(p)
			err = fw.Close()
			return buf.Bytes(), err
		}, func(z []byte, n int) ([]byte, error) {
			out := make([]byte, n)
			_, err := io.ReadFull(flate.NewReader(bytes.NewReader(z)), out)
			return out, err
		}},
		{"zstd", func(p []byte) ([]byte, error) { return zw.EncodeAll(p, nil), nil },
			func(z []byte, n int) ([]byte, error) { return zr.DecodeAll(z, make([]byte, 0, n)) }},
	}
	for _, def := range catalog.Defs() {
		data, err := all.File(def.Name)
		if err != nil {
			b.Fatal(err)
		}
		lv, err := table.Decode(def, data)
		if err != nil {
			b.Fatal(err)
		}
		packed := lv.Packed()
		for _, c := range codecs {
			z, err := c.enc(packed)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(def.Name+"/"+c.name, func(b *testing.B) {
				for b.Loop() {
					got, err := c.dec(z, len(packed))
					if err != nil || !bytes.Equal(got, packed) {
						b.Fatalf("%s: %v", c.name, err)
					}
				}
				b.ReportMetric(float64(len(z)), "bytes")
			})
		}
	}
}
