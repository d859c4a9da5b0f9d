// Package answer holds what every puzzle answers with: a Solution (a
// sequence of moves written in the puzzle's notation) and a Verdict (the
// check of a proposed solution). The public lookup package and each puzzle's
// package share these types, so that every puzzle's answers have one shape.
package answer

import (
	"encoding/binary"
	"slices"
	"strings"

	"github.com/godtable/godtable/internal/engine/walk"
)

// Notation names a puzzle's moves and says how a solution is written.
type Notation struct {
	names []string
	sep   string // between moves
	cost  []int  // each move's cost in the metric
	// words holds each move as it is written, when every move and its
	// separator fit in 8 bytes: Append then writes a move with one store.
	words []moveWord
}

// moveWord is a move as written first (name) and after another (separator
// and name), as little-endian words with their lengths.
type moveWord struct {
	first, rest   uint64
	nFirst, nRest int
}

// StepNotation is the notation of a walk's steps: their names, joined by
// sep, and their costs.
func StepNotation(steps []walk.Step, sep string) *Notation {
	names := make([]string, len(steps))
	cost := make([]int, len(steps))
	for i, s := range steps {
		names[i], cost[i] = s.Name, len(s.Paths[0])
	}
	return NewNotation(names, cost, sep)
}

// NewNotation is the notation of moves with the given names and costs,
// written with sep between moves.
func NewNotation(names []string, cost []int, sep string) *Notation {
	n := &Notation{sep: sep, names: names, cost: cost}
	for _, name := range n.names {
		rest := sep + name
		if len(rest) > 8 {
			n.words = nil
			break
		}
		var a, b [8]byte
		copy(a[:], name)
		copy(b[:], rest)
		n.words = append(n.words, moveWord{
			first: binary.LittleEndian.Uint64(a[:]), nFirst: len(name),
			rest: binary.LittleEndian.Uint64(b[:]), nRest: len(rest),
		})
	}
	return n
}

// Solution is a sequence of moves. The zero Solution is empty, and every
// method takes it as such. A Solution belongs to the puzzle that gave it:
// only that puzzle's Apply reads it correctly.
//
// A solution of up to walk.MaxSteps moves (every built-in puzzle's) is held
// in the value itself, so that answering allocates nothing; a longer one,
// which a definition's puzzle may have, in a string of its own, so that
// Solutions stay comparable with ==.
type Solution struct {
	nt    *Notation
	n     uint8
	steps [walk.MaxSteps]uint8
	long  string // the moves, when there are more than steps holds
}

// New returns the solution of the given steps in the notation.
func New(nt *Notation, steps []uint8) Solution {
	if len(steps) > walk.MaxSteps {
		return Solution{nt: nt, long: string(steps)}
	}
	s := Solution{nt: nt, n: uint8(len(steps))}
	copy(s.steps[:], steps)
	return s
}

// list returns the solution's moves: in place when they are held inline,
// else a copy.
func (s *Solution) list() []uint8 {
	if s.long != "" {
		return []uint8(s.long)
	}
	return s.steps[:s.n]
}

// Len returns the number of moves (0 for the empty solution).
func (s Solution) Len() int {
	if s.long != "" {
		return len(s.long)
	}
	return int(s.n)
}

// Cost returns the solution's length in its metric: the number of moves,
// except in the quarter-turn metric, where a half turn counts 2 (0 for the
// empty solution).
func (s Solution) Cost() int {
	c := 0
	for _, i := range s.list() {
		c += s.nt.cost[i]
	}
	return c
}

// Moves returns the moves' names (an empty slice for the empty solution).
func (s Solution) Moves() []string {
	list := s.list()
	out := make([]string, len(list))
	for k, i := range list {
		out[k] = s.nt.names[i]
	}
	return out
}

// String writes the solution in the puzzle's notation; the empty solution is
// the empty string.
func (s Solution) String() string { return string(s.Append(nil)) }

// Append appends the solution, as String writes it, to b (nothing for the
// empty solution).
func (s Solution) Append(b []byte) []byte {
	list := s.list()
	if len(list) == 0 {
		return b
	}
	if words := s.nt.words; words != nil {
		// Room for a whole word per move; each move stores 8 bytes and
		// keeps its length, the next overwriting what is past it.
		n := len(b)
		b = slices.Grow(b, 8*len(list))
		out := b[n : n+8*len(list)]
		pos := 0
		for k, i := range list {
			w := &words[i]
			word, size := w.rest, w.nRest
			if k == 0 {
				word, size = w.first, w.nFirst
			}
			binary.LittleEndian.PutUint64(out[pos:pos+8], word)
			pos += size
		}
		return b[:n+pos]
	}
	for k, i := range list {
		if k > 0 {
			b = append(b, s.nt.sep...)
		}
		b = append(b, s.nt.names[i]...)
	}
	return b
}

// Parse reads moves written in the notation: separated by white space when
// the notation has a separator, else one letter each (white space ignored).
// It returns the index of each move, or the first bad token.
func (nt *Notation) Parse(s string) ([]uint8, string, bool) {
	var out []uint8
	if nt.sep != "" {
		for _, tok := range strings.Fields(s) {
			i := nt.index(tok)
			if i < 0 {
				return nil, tok, false
			}
			out = append(out, uint8(i))
		}
		return out, "", true
	}
	for _, r := range s {
		if r == ' ' || r == '\t' {
			continue
		}
		i := nt.index(string(r))
		if i < 0 {
			return nil, string(r), false
		}
		out = append(out, uint8(i))
	}
	return out, "", true
}

// Format writes a sequence of moves in the notation.
func (nt *Notation) Format(seq []uint8) string {
	return New(nt, seq).String()
}

func (nt *Notation) index(tok string) int {
	for i, name := range nt.names {
		if name == tok {
			return i
		}
	}
	return -1
}

// StepsOf returns the solution's moves if it is written in one of the given
// notations (the empty solution is in all of them), and none otherwise: a
// solution of another puzzle does not move this one.
func StepsOf(s Solution, nts ...*Notation) []uint8 {
	if s.Len() == 0 {
		return nil
	}
	for _, nt := range nts {
		if s.nt == nt {
			return s.list()
		}
	}
	return nil
}

// Reversed returns the solution with its moves in reverse order, each
// replaced by inv of it: the solution that undoes s, when inv names each
// move's inverse.
func Reversed(s Solution, inv func(step uint8) uint8) Solution {
	list := s.list()
	if s.long != "" {
		rev := make([]uint8, len(list))
		for k := range list {
			rev[k] = inv(list[len(list)-1-k])
		}
		return New(s.nt, rev)
	}
	out := s
	for k := range list {
		out.steps[k] = inv(list[len(list)-1-k])
	}
	return out
}

// Steps returns the solution's moves as step indices of its notation.
func (s Solution) Steps() []uint8 { return slices.Clone(s.list()) }
