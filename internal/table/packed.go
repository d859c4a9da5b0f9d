package table

import (
	"fmt"
	"hash/crc32"

	"github.com/godtable/godtable/internal/puzzle"
)

// EncodePacked is Encode for an undirected definition whose distances are
// already packed as a Mod3 table packs them (two bits a rank, 3 for an
// unreachable rank, 0 past the last rank), with counts[d] ranks at distance
// d: what a two-bit search makes, written without a byte a state.
func EncodePacked(def *puzzle.Def, packed []byte, counts []uint64) ([]byte, error) {
	if !def.Undirected() || def.Fold != nil {
		return nil, fmt.Errorf("table %s: packed distances need an undirected, unfolded definition", def.Name)
	}
	if want := packedLen(Mod3, def.Size); uint32(len(packed)) != want {
		return nil, fmt.Errorf("table %s: %d packed bytes for %d states", def.Name, len(packed), def.Size)
	}
	if len(counts) > 254 {
		return nil, fmt.Errorf("table %s: distance %d too large", def.Name, len(counts)-1)
	}
	c32 := make([]uint32, len(counts))
	for d, c := range counts {
		c32[d] = uint32(c)
	}
	h := Header{
		Version:    Version,
		Name:       def.Name,
		Size:       def.Size,
		Entries:    def.Size,
		Goal:       def.Rank(def.Goal),
		Encoding:   Mod3,
		Counts:     c32,
		Definition: def.Fingerprint(),
		PackedLen:  uint32(len(packed)),
		PackedCRC:  crc32.ChecksumIEEE(packed),
	}
	payload, err := Compress(packed)
	if err != nil {
		return nil, err
	}
	h.Codec = Huff0
	h.PayloadCRC = crc32.ChecksumIEEE(payload)
	return append(appendHeader(nil, &h), payload...), nil
}
