package table

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
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
// crypto/rand: linking it alone costs a program 0.7 ms and 0.6 MB,
// BenchmarkProgramRun/zstd in lookup/pocket). Each block is a kind byte,
// then:
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
func Decompress(payload []byte, n uint32) ([]byte, error) {
	// Every block takes at least 6 bytes (a repeated byte's): a payload
	// cannot hold more blocks than that, whatever n claims, so that a
	// damaged n is refused before it is allocated.
	if blocks := (uint64(n) + blockSize - 1) / blockSize; blocks > uint64(len(payload))/6+1 {
		return nil, fmt.Errorf("%d bytes of payload cannot hold %d bytes", len(payload), n)
	}
	out := make([]byte, n)
	var s huff0.Scratch
	for i := 0; i < len(out); i += blockSize {
		end := min(i+blockSize, len(out))
		if len(payload) == 0 {
			return nil, fmt.Errorf("holds fewer than %d bytes (ends before byte %d)", n, i)
		}
		kind := payload[0]
		payload = payload[1:]
		switch kind {
		case blockStored:
			if len(payload) < end-i {
				return nil, fmt.Errorf("block at byte %d is cut short", i)
			}
			copy(out[i:end], payload)
			payload = payload[end-i:]
		case blockRepeat:
			if len(payload) < 5 {
				return nil, fmt.Errorf("block at byte %d is cut short", i)
			}
			if k := binary.LittleEndian.Uint32(payload); uint64(k) != uint64(end-i) {
				return nil, fmt.Errorf("block at byte %d holds %d bytes, want %d", i, k, end-i)
			}
			for j := i; j < end; j++ {
				out[j] = payload[4]
			}
			payload = payload[5:]
		case blockHuff0:
			if len(payload) < 4 {
				return nil, fmt.Errorf("block at byte %d is cut short", i)
			}
			z := binary.LittleEndian.Uint32(payload)
			payload = payload[4:]
			if uint64(z) > uint64(len(payload)) {
				return nil, fmt.Errorf("block at byte %d is cut short", i)
			}
			sc, streams, err := huff0.ReadTable(payload[:z], &s)
			if err != nil {
				return nil, fmt.Errorf("block at byte %d: %v", i, err)
			}
			// The decoder fills dst to its capacity: the block's place
			// in out.
			got, err := sc.Decoder().Decompress4X(out[i:i:end], streams)
			if err != nil {
				return nil, fmt.Errorf("block at byte %d: %v", i, err)
			}
			if len(got) != end-i || (len(got) > 0 && &got[0] != &out[i]) {
				return nil, fmt.Errorf("block at byte %d holds %d bytes, want %d", i, len(got), end-i)
			}
			payload = payload[z:]
		default:
			return nil, fmt.Errorf("block at byte %d of unknown kind %d", i, kind)
		}
	}
	if len(payload) != 0 {
		return nil, fmt.Errorf("holds more than %d bytes (%d left over)", n, len(payload))
	}
	return out, nil
}
