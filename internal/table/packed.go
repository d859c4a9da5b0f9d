package table

import (
	"fmt"
	"hash/crc32"
	"io"
	"math"

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
	if def.Size > math.MaxUint32 {
		return nil, fmt.Errorf("table %s: %d states, more than a table of version %d holds", def.Name, def.Size, Version)
	}
	if want := packedLen(Mod3, uint32(def.Size)); uint32(len(packed)) != want {
		return nil, fmt.Errorf("table %s: %d packed bytes for %d states", def.Name, len(packed), def.Size)
	}
	if len(counts) > MaxDistances {
		return nil, fmt.Errorf("table %s: %d distances, more than a table holds (%d)", def.Name, len(counts), MaxDistances)
	}
	c32 := make([]uint32, len(counts))
	for d, c := range counts {
		c32[d] = uint32(c)
	}
	return &Header{
		Version:    Version,
		Name:       def.Name,
		Size:       uint32(def.Size),
		Entries:    uint32(def.Size),
		Goal:       uint32(def.Rank(def.Goal)),
		Encoding:   Mod3,
		Codec:      Huff0,
		Counts:     c32,
		Definition: def.Fingerprint(),
		PackedLen:  uint32(len(packed)),
		PackedCRC:  crc32.ChecksumIEEE(packed),
	}, nil
}

// PackedLevels returns the levels of packed distances (see PackedHeader),
// as Decode would return them from the table file WritePacked writes, using
// packed in place.
func PackedLevels(h *Header, packed []byte) *Levels { return newLevels(h, packed) }

// WritePacked writes the table file of the packed distances h was made
// for, as Encode would write it, streaming: it compresses the distances
// twice, once for the payload's checksum (which the header holds) and once
// to write it, so that the compressed table is never held whole.
func WritePacked(w io.Writer, h *Header, packed []byte) (int64, error) {
	crc := crc32.NewIEEE()
	if err := compressBlocks(packed, func(b []byte) error {
		crc.Write(b)
		return nil
	}); err != nil {
		return 0, err
	}
	hd := *h
	hd.PayloadCRC = crc.Sum32()
	n, err := w.Write(appendHeader(nil, &hd))
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
