package table

import (
	"fmt"
	"hash/crc32"
	"io"
	"slices"

	"github.com/godtable/godtable/internal/puzzle"
)

// PackedHeader is the header of an undirected definition's table whose
// distances are already packed as a Mod3 table packs them (two bits a
// rank, 3 for an unreachable rank, 0 past the last rank), with counts[d]
// ranks at distance d: what a two-bit search makes, with no byte a state
// ever held. The payload's length and checksum are left for WritePacked.
func PackedHeader(def *puzzle.Def, packed []byte, counts []uint64) (*Header, error) {
	if !def.Undirected() || def.Fold != nil {
		return nil, fmt.Errorf("table %s: packed distances need an undirected, unfolded definition", def.Name)
	}
	if want := packedLen(Mod3, def.Size); uint64(len(packed)) != want {
		return nil, fmt.Errorf("table %s: %d packed bytes for %d states", def.Name, len(packed), def.Size)
	}
	if len(counts) > MaxDistances {
		return nil, fmt.Errorf("table %s: %d distances, more than a table holds (%d)", def.Name, len(counts), MaxDistances)
	}
	return &Header{
		Version:    Version,
		Name:       def.Name,
		Size:       def.Size,
		Entries:    def.Size,
		Goal:       def.Rank(def.Goal),
		Encoding:   Mod3,
		Codec:      Huff0,
		Counts:     slices.Clone(counts),
		Definition: def.Fingerprint(),
		PackedLen:  uint64(len(packed)),
		PackedCRC:  crc32.ChecksumIEEE(packed),
	}, nil
}

// PackedLevels returns the levels of packed distances under h, as Decode
// would return them from the table WritePacked writes.
func PackedLevels(h *Header, packed []byte) *Levels { return newLevels(h, packed) }

// WritePacked writes the table file of the packed distances h was made
// for, as Encode would write it, streaming: it compresses the distances
// twice, once for the blocks' lengths and checksums (which the header
// holds) and once to write them, so that the compressed table is never
// held whole.
func WritePacked(w io.Writer, h *Header, packed []byte) (int64, error) {
	hd := *h
	hd.Blocks = nil
	if err := compressBlocks(packed, func(b []byte) error {
		hd.Blocks = append(hd.Blocks, Block{Len: uint32(len(b)), CRC: crc32.ChecksumIEEE(b)})
		return nil
	}); err != nil {
		return 0, err
	}
	head, err := appendHeader(nil, &hd)
	if err != nil {
		return 0, err
	}
	n, err := w.Write(head)
	total := int64(n)
	if err != nil {
		return total, err
	}
	err = compressBlocks(packed, func(b []byte) error {
		n, err := w.Write(b)
		total += int64(n)
		return err
	})
	return total, err
}

// Packed returns the packed distances the levels read (not a copy).
func (l *Levels) Packed() []byte { return l.data }
