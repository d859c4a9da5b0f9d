// Package zstdcodec registers the zstd decoder with the table package, for
// tables compressed with zstd. The generated table packages whose tables
// need it import it, so that a program that opens only DEFLATE tables does
// not carry it.
package zstdcodec

import (
	"fmt"
	"sync"

	"github.com/godtable/godtable/internal/table"
	"github.com/klauspost/compress/zstd"
)

func init() { table.RegisterCodec(table.Zstd, decompress) }

// decoder is one zstd decoder for all tables, made on first use.
var decoder = sync.OnceValues(func() (*zstd.Decoder, error) {
	return zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(64<<20))
})

// decompress returns the n bytes a zstd payload holds.
func decompress(payload []byte, n uint32) ([]byte, error) {
	d, err := decoder()
	if err != nil {
		return nil, err
	}
	out, err := d.DecodeAll(payload, make([]byte, 0, n))
	if err != nil {
		return nil, err
	}
	if uint32(len(out)) != n {
		return nil, fmt.Errorf("holds %d bytes, want %d", len(out), n)
	}
	return out, nil
}
