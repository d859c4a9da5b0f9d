package table

import (
	"io"
	"math"

	"github.com/godtable/godtable/internal/puzzle"
)

// Read reads a table file from r, from its first byte to its end, and
// checks and decodes it as Decode does: a file on disk, a table fetched or
// built at run time, as well as bytes (bytes.NewReader). Damage or a
// mismatch gives an *Error; a failure to read gives the reader's error as
// it is.
func Read(def *puzzle.Def, r io.ReaderAt) (*Levels, error) {
	file, err := io.ReadAll(io.NewSectionReader(r, 0, math.MaxInt64))
	if err != nil {
		return nil, err
	}
	return Decode(def, file)
}

// Write encodes the distances of def's states as Encode does and writes
// the table file to w.
func Write(w io.Writer, def *puzzle.Def, dist []uint8) error {
	file, err := Encode(def, dist)
	if err != nil {
		return err
	}
	_, err = w.Write(file)
	return err
}
