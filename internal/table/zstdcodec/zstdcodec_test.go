package zstdcodec

import (
	"bytes"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// A zstd payload decodes to exactly what was compressed; one that holds
// more or fewer bytes than the header says, or is damaged, is refused.
func TestDecompress(t *testing.T) {
	want := bytes.Repeat([]byte{1, 2, 3, 0xff}, 5000)
	zw, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	payload := zw.EncodeAll(want, nil)
	got, err := decompress(payload, uint32(len(want)))
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("decompress: %v, equal %v", err, bytes.Equal(got, want))
	}
	if _, err := decompress(payload, uint32(len(want))+1); err == nil {
		t.Error("a payload shorter than the header says is accepted")
	}
	bad := bytes.Clone(payload)
	bad[len(bad)/2] ^= 0x40
	if _, err := decompress(bad, uint32(len(want))); err == nil {
		t.Error("a damaged payload is accepted")
	}
}
