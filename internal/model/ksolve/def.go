// Package ksolve reads permutation puzzles written in the ksolve/twsearch
// definition format (.tws) and models them: sets of pieces, the solved
// state, and moves with their powers.
//
// A state is kept as twsearch keeps it, in the "state" representation: for
// each set, a row mapping each slot to the piece in it (a label; identical
// pieces share one) and a row mapping each slot to that piece's orientation.
// A move is a state too (the state the move makes of the identity), and
// applying move m to state s gives, slot by slot,
//
//	piece[i] = s.piece[m.piece[i]]
//	ori[i]   = s.ori[m.piece[i]] + m.ori[i]   (mod the set's modulus)
//
// The file writes a move's orientation row per piece, not per slot (the
// ksolve convention); Parse converts it. An orientation the Solved block
// gives as "?" is a wildcard: that piece's orientation never counts, and it
// stays a wildcard wherever the piece goes.
//
// The format, as this package reads it:
//
//	Name NAME
//	Set NAME PIECES ORIENTATIONS           (one line per set)
//	Solved                                  (then, per set: its name, a
//	NAME                                    permutation row and an optional
//	1 2 3 ...                               orientation row; sets left out
//	0 0 0 ...                               are solved as 1 2 3 ... and 0s)
//	End
//	Move NAME ... End                       (as Solved; sets left out are
//	                                        unchanged)
//	MoveSequence NAME MOVE MOVE ...         (a move made of other moves)
//	MoveAlias NAME MOVE                     (another name, for input only)
//	Illegal SET POSITION VALUE ...          (after Solved: a state whose
//	                                        slot POSITION, from 1, of SET
//	                                        holds piece VALUE is illegal)
//
// Lines starting with # are comments. Each base move of order k gives the
// moves X, X2, ..., X2', X' (the powers 1..k-1, each named by the smaller
// exponent, primed when it is negative), as twsearch names them.
package ksolve

import "fmt"

// Wild is the orientation of a piece whose orientation is ignored.
const Wild = 0xff

// Limits of what Parse accepts.
const (
	// MaxPieces is the most pieces a set may have.
	MaxPieces = 255
	// MaxMod is the largest orientation modulus.
	MaxMod = 127
	// MaxOrder is the largest order a move may have.
	MaxOrder = 255
)

// Set is one set (orbit) of pieces.
type Set struct {
	Name string
	// Size is the number of slots (and pieces).
	Size int
	// Mod is the number of orientations of a piece (1: none).
	Mod int
	// Off is where the set's rows start in a State: the pieces at Off,
	// the orientations at Off+Size.
	Off int
}

// State is a position: for each set in turn, Size labels (0-based, packed
// so that the labels in use are 0..L-1) and Size orientations (Wild for an
// ignored orientation).
type State []uint8

// Clone returns a copy of s.
func (s State) Clone() State { return append(State(nil), s...) }

// Move is one move of the puzzle: a power of a base move.
type Move struct {
	// Name is the move's name: the base's name with the power's suffix.
	Name string
	// Base is the index of the base move in Def.Bases.
	Base int
	// Power is the exponent, 1..order-1, of the base move.
	Power int
	// Turn is the signed exponent the name writes: Power, or Power-order
	// when that is smaller in size (X2' for the power order-2).
	Turn int
	// Perm is the move as a state (see the package doc).
	Perm State
}

// Base is a move as the definition gives it, with its order.
type Base struct {
	Name  string
	Order int
	// Line is where the definition gives it.
	Line int
	// Kind says how it was defined.
	Kind BaseKind
}

// BaseKind says how a base move was defined.
type BaseKind uint8

const (
	// Plain is a Move block.
	Plain BaseKind = iota
	// Sequence is a MoveSequence: a move of the puzzle made of others.
	Sequence
	// Alias is a MoveAlias: a name for input only, not a move the search
	// makes.
	Alias
	// Rotation is a whole-puzzle rotation (x, y, z, or capitals followed by
	// v): read in input, not a move the search makes unless listed in a
	// move restriction.
	Rotation
)

// Def is a parsed definition.
type Def struct {
	Name string
	Sets []Set
	// Width is the length of a State.
	Width int
	// Solved is the goal state.
	Solved State
	// Bases are the base moves, in the order the file gives them (Move
	// blocks, then sequences and aliases as they resolve).
	Bases []Base
	// Moves are every power of every base, base by base, powers in
	// increasing exponent.
	Moves []Move
	// Labels[s] is the number of distinct labels of set s in Solved.
	Labels []int
	// Numbers[s][l] is the number the file writes label l of set s with.
	Numbers [][]int
	// File names the definition, as Parse was given it.
	File string
	// Text is the definition as it was read.
	Text string

	// setAt finds a set by name (Parse makes it).
	setAt map[string]int
	// illegal are the slots the Illegal lines forbid pieces, one entry a
	// slot (see Legal). Unexported, so that a definition made from this
	// one (a projection's) leaves them out unless it means to keep them.
	illegal []illegalSlot
}

// Identity returns the state of the identity permutation: every slot
// holding the piece of its own number, orientation 0.
func (d *Def) Identity() State {
	s := make(State, d.Width)
	for _, set := range d.Sets {
		for i := 0; i < set.Size; i++ {
			s[set.Off+i] = uint8(i)
		}
	}
	return s
}

// Apply returns s after move m (a state in move form), written into dst
// (which must not be s) and returned.
func (d *Def) Apply(dst, s, m State) State {
	dst = append(dst[:0], s...)
	for _, set := range d.Sets {
		n, off := set.Size, set.Off
		for i := 0; i < n; i++ {
			from := off + int(m[off+i])
			dst[off+i] = s[from]
			o := s[from+n]
			if o != Wild && set.Mod > 1 {
				o = uint8((int(o) + int(m[off+n+i])) % set.Mod)
			}
			dst[off+n+i] = o
		}
	}
	return dst
}

// Compose returns the move a then b, as a move (a state of the identity's
// pieces).
func (d *Def) Compose(a, b State) State {
	return d.Apply(nil, a, b)
}

// String writes the move's name.
func (m Move) String() string { return m.Name }

// powerName is the name twsearch gives the power with signed exponent tw of
// base.
func powerName(base string, tw int) string {
	switch {
	case tw == 1:
		return base
	case tw == -1:
		return base + "'"
	case tw < 0:
		return fmt.Sprintf("%s%d'", base, -tw)
	}
	return fmt.Sprintf("%s%d", base, tw)
}

// signedTurn is the exponent twsearch writes for power p of a move of the
// given order: p, or p-order when that is smaller in size (ties go to p).
func signedTurn(p, order int) int {
	if order-p < p {
		return p - order
	}
	return p
}
