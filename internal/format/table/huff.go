package table

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/huff0"
)

// The payload of a table is its packed distances cut into blocks of
// blockSize bytes (the last one shorter), each compressed on its own with
// huff0 (klauspost/compress): Huffman coding alone, in four interleaved
// streams that the decoder reads side by side. Packed distances leave LZ77
// matching little to find: zstd and DEFLATE at their best compression come
// within about 3% of Huffman coding alone on every table here, either way
// (`go test -run '^$' -bench Codecs ./tables`). Huffman decodes about as
// fast as zstd (within a factor of two either way) and eight to twelve times
// as fast as the standard library's DEFLATE, and a first answer waits for
// its table's decoding; unlike zstd's, its package sets nothing up when a
// program starts (zstd's builds a CRC-32C table at init and links
// crypto/rand, which costs a one-shot program more than its answer:
// BenchmarkProgramRun/zstd in lookup/pocket, and docs/MEASUREMENTS.md).
// Each block is a kind byte, then:
//
//	blockStored  the block's bytes as they are (huff0 found no gain)
//	blockRepeat  uint32 length, then the one byte of which the block is made
//	             (huff0 takes none)
//	blockHuff0   uint32 length, then that many bytes: huff0's table and streams
const (
	blockStored = 0
	blockRepeat = 1
	blockHuff0  = 2
)

// blockSize is the packed bytes a block holds: under huff0's limit
// (huff0.BlockSizeMax), and small enough that each of its four streams
// stays within the 16-bit lengths of its jump table whatever the data.
const blockSize = 128 << 10

// Compress is the payload of a table with these packed distances, as
// Encode writes it. huff0's encoder depends on nothing but its input, so
// the payload, and with it every table file, is the same whichever Go
// release runs the generator.
func Compress(packed []byte) ([]byte, error) {
	var out []byte
	err := compressBlocks(packed, func(b []byte) error {
		out = append(out, b...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// compressBlocks compresses packed a block at a time, as Compress does, and
// hands each compressed block (kind byte and all), in order, to emit, so
// that a large table need not be held compressed in memory. Blocks are
// compressed on every core, a window of them at a time; each is compressed
// on its own from a fresh state, so the bytes are the same whatever the
// number of cores. The slice emit gets is only valid during the call.
func compressBlocks(packed []byte, emit func([]byte) error) error {
	const window = 64 // blocks at a time: 8 MB of packed distances
	nblocks := (len(packed) + blockSize - 1) / blockSize
	outs := make([][]byte, window)
	errs := make([]error, window)
	workers := runtime.GOMAXPROCS(0)
	for w0 := 0; w0 < nblocks; w0 += window {
		n := min(window, nblocks-w0)
		var next atomic.Int64
		var wg sync.WaitGroup
		for range min(workers, n) {
			wg.Go(func() {
				for {
					j := int(next.Add(1) - 1)
					if j >= n {
						return
					}
					i := (w0 + j) * blockSize
					outs[j], errs[j] = compressBlock(outs[j][:0], packed[i:min(i+blockSize, len(packed))])
				}
			})
		}
		wg.Wait()
		for j := range n {
			if errs[j] != nil {
				return errs[j]
			}
			if err := emit(outs[j]); err != nil {
				return err
			}
		}
	}
	return nil
}

// compressBlock appends block, compressed, to out.
func compressBlock(out, block []byte) ([]byte, error) {
	var s huff0.Scratch
	z, _, err := huff0.Compress4X(block, &s)
	switch {
	case err == nil:
		out = append(out, blockHuff0)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(z)))
		out = append(out, z...)
	case errors.Is(err, huff0.ErrUseRLE):
		out = append(out, blockRepeat)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(block)))
		out = append(out, block[0])
	case errors.Is(err, huff0.ErrIncompressible):
		out = append(out, blockStored)
		out = append(out, block...)
	default:
		return out, err
	}
	return out, nil
}

// Decompress returns the n packed bytes a payload holds, refusing a
// payload that holds more or fewer, or that does not decode. (Decode checks
// the payload's checksum before, and the packed bytes' after.)
func Decompress(payload []byte, n uint64) ([]byte, error) {
	if err := canHold(int64(len(payload)), n); err != nil {
		return nil, err
	}
	out := make([]byte, n)
	r := bytes.NewReader(payload)
	if err := decompress(r, out); err != nil {
		return nil, err
	}
	if r.Len() != 0 {
		return nil, leftOver(n, int64(r.Len()))
	}
	return out, nil
}

// canHold refuses a payload of size bytes that cannot hold n packed bytes:
// every block takes at least 6 bytes (a repeated byte's), so a payload
// cannot hold more blocks than that, whatever n claims, and a damaged n is
// refused before it is allocated.
func canHold(size int64, n uint64) error {
	if blocks := blocksOf(n); blocks > uint64(size)/6+1 {
		return fmt.Errorf("%d bytes of payload cannot hold %d bytes", size, n)
	}
	return nil
}

// leftOver is the error of a payload with left bytes past the n it was to
// hold.
func leftOver(n uint64, left int64) error {
	return fmt.Errorf("holds more than %d bytes (%d left over)", n, left)
}

// readChunk is the most bytes decompress asks of r at once for a block's
// compressed bytes, so that a block whose length field is damaged grows its
// buffer only as far as r really holds bytes, not to what the field claims.
const readChunk = 64 << 10

// decompress reads the payload's blocks from r, in order, decoding each
// into its place in out until out is full: a block at a time, so that the
// compressed bytes are never held whole. It stops at the first block that
// cannot be decoded, or that r ends in; what follows the last block is
// left unread.
func decompress(r io.Reader, out []byte) error {
	var s huff0.Scratch
	var buf []byte   // a block's compressed bytes
	var head [5]byte // a block's kind byte, and its length or repeated byte
	for i := 0; i < len(out); i += blockSize {
		end := min(i+blockSize, len(out))
		if _, err := io.ReadFull(r, head[:1]); err != nil {
			return fmt.Errorf("holds fewer than %d bytes (ends before byte %d)", len(out), i)
		}
		cutShort := func() error { return fmt.Errorf("block at byte %d is cut short", i) }
		switch kind := head[0]; kind {
		case blockStored:
			if _, err := io.ReadFull(r, out[i:end]); err != nil {
				return cutShort()
			}
		case blockRepeat:
			if _, err := io.ReadFull(r, head[:5]); err != nil {
				return cutShort()
			}
			if k := binary.LittleEndian.Uint32(head[:]); uint64(k) != uint64(end-i) {
				return fmt.Errorf("block at byte %d holds %d bytes, want %d", i, k, end-i)
			}
			for j := i; j < end; j++ {
				out[j] = head[4]
			}
		case blockHuff0:
			if _, err := io.ReadFull(r, head[:4]); err != nil {
				return cutShort()
			}
			z := int64(binary.LittleEndian.Uint32(head[:]))
			buf = buf[:0]
			for int64(len(buf)) < z {
				k := int(min(z-int64(len(buf)), readChunk))
				buf = slices.Grow(buf, k)
				got, err := io.ReadFull(r, buf[len(buf):len(buf)+k])
				buf = buf[:len(buf)+got]
				if err != nil {
					return cutShort()
				}
			}
			sc, streams, err := huff0.ReadTable(buf, &s)
			if err != nil {
				return fmt.Errorf("block at byte %d: %v", i, err)
			}
			// The decoder fills dst to its capacity: the block's place
			// in out.
			got, err := sc.Decoder().Decompress4X(out[i:i:end], streams)
			if err != nil {
				return fmt.Errorf("block at byte %d: %v", i, err)
			}
			if len(got) != end-i || (len(got) > 0 && &got[0] != &out[i]) {
				return fmt.Errorf("block at byte %d holds %d bytes, want %d", i, len(got), end-i)
			}
		default:
			return fmt.Errorf("block at byte %d of unknown kind %d", i, kind)
		}
	}
	return nil
}

// decodeBlock decodes one whole compressed block, b (its kind byte and
// all, as a version 4 block index delimits it), into out, which is the
// block's place in the packed distances; b must hold nothing more. s is
// huff0's scratch, kept from block to block.
func decodeBlock(b, out []byte, s *huff0.Scratch) error {
	if len(b) == 0 {
		return fmt.Errorf("empty")
	}
	body := b[1:]
	switch kind := b[0]; kind {
	case blockStored:
		if len(body) != len(out) {
			return fmt.Errorf("stored block of %d bytes, want %d", len(body), len(out))
		}
		copy(out, body)
	case blockRepeat:
		if len(body) != 5 {
			return fmt.Errorf("repeated byte in %d bytes, want 5", len(body))
		}
		if k := binary.LittleEndian.Uint32(body); uint64(k) != uint64(len(out)) {
			return fmt.Errorf("holds %d bytes, want %d", k, len(out))
		}
		for j := range out {
			out[j] = body[4]
		}
	case blockHuff0:
		if len(body) < 4 || uint64(binary.LittleEndian.Uint32(body)) != uint64(len(body)-4) {
			return fmt.Errorf("huff0 block's length does not match its index entry")
		}
		sc, streams, err := huff0.ReadTable(body[4:], s)
		if err != nil {
			return err
		}
		got, err := sc.Decoder().Decompress4X(out[:0:len(out)], streams)
		if err != nil {
			return err
		}
		if len(got) != len(out) || (len(got) > 0 && &got[0] != &out[0]) {
			return fmt.Errorf("holds %d bytes, want %d", len(got), len(out))
		}
	default:
		return fmt.Errorf("of unknown kind %d", kind)
	}
	return nil
}
