// Package puzzle defines what the table machinery needs to know about a puzzle:
// how many states it has, which one is the goal, and how its moves act on them.
//
// The breadth-first search (internal/engine/bfs, through internal/engine/tablebuild) and the downhill walk
// (internal/engine/walk) see every puzzle only through a Def, so adding a puzzle
// means writing a Def, not copying either of them. A Def is a plain value:
// it can be built at run time as well as compiled in.
package puzzle

import (
	"encoding/binary"
	"hash/fnv"
	"math/bits"
)

// State is a puzzle's working encoding of one position. Each puzzle picks the
// encoding whose moves are cheapest (a rank, a bit mask, packed cells); Rank
// maps it to the dense index used by the table.
type State uint64

// Def is a puzzle's state graph as the table machinery sees it.
type Def struct {
	// Name names the table, for example "pocket-htm".
	Name string
	// Size is the number of ranks; every rank in [0, Size) is a state.
	Size uint64
	// Goal is the state every distance is measured to.
	Goal State
	// Moves names the moves, in the order the walk tries them.
	Moves []string
	// Inverse[m] is the move that undoes move m, or -1 when the puzzle has no
	// such single move (then the graph is directed and the table stores full
	// distances rather than distances mod 3).
	Inverse []int
	// Unrank returns the state with the given rank.
	Unrank func(r uint64) State
	// Rank returns the dense index of a state.
	Rank func(s State) uint64
	// Apply returns the state after move m.
	Apply func(s State, m int) State
	// Fold, if set, stores the table by classes of states that are equally
	// far from the goal (the positions one symmetry of the puzzle makes of
	// each other) rather than state by state.
	Fold *Fold
	// Canonical, if set, returns the representative of the class of the
	// state of rank r under the puzzle's symmetries: the rank of the
	// least of the states they make of it, which are all equally far from
	// the goal. A table of classes (table.SymClasses) keeps one entry a
	// class and finds a state's through it.
	Canonical func(r uint64) uint64
	// ClassIndex, if set, keys a table by an index of the classes of
	// states under the puzzle's symmetries (table.SymClassIndex): one
	// entry an index, a state's found from its class.
	ClassIndex *ClassIndex
	// Accel holds optional accelerations of the walk. They are not part of
	// what the puzzle is: a Def without them answers the same, and the
	// table does not record them.
	Accel Accel
}

// Accel are a Def's optional accelerations: faster ways to compute what
// Rank, Apply and the table already say, which the walk takes when they are
// present. Each must agree with the Def on every state; the registry's tests
// check that on every state of every built-in puzzle, and the walk's tests
// prove the walk's answers the same with and without state-as-rank and the
// coordinate tables on every state (the lower bound: on 20,000 boards of
// the rotation game, the one puzzle with one).
type Accel struct {
	// StateIsRank says that a state is its own rank (Rank is the identity),
	// so that the walk can skip the call.
	StateIsRank bool
	// Coords, if set, describes the moves as coordinate move tables, which
	// lets the walk apply a move with two table reads instead of a call to
	// Apply. It must agree with Apply on every state, and needs StateIsRank.
	Coords *Coords
	// MakeCoords, if set where Coords is not, makes coordinate move tables
	// as Coords describes them, for a definition whose tables take time to
	// make: the walk makes them only when it derives its next-step table,
	// which a program answering a few positions never does, and walks
	// through them from then on. It needs StateIsRank.
	MakeCoords func() *Coords
	// LowerBound, if not nil, returns a cheap lower bound on a state's
	// distance to the goal. A walk over several coordinates uses it to stop
	// walking a coordinate that cannot be the nearest.
	LowerBound func(s State) int
}

// A Fold maps the ranks of a puzzle's states onto fewer table entries, each
// entry standing for states that are all equally far from the goal. The
// table keeps one distance per entry. The generator proves the fold keeps
// every distance: it builds the table from a search over all the states and
// checks every state's distance against its entry's.
type Fold struct {
	// Entries is the number of table entries.
	Entries uint64
	// Index returns the entry of the state of rank r.
	Index func(r uint64) uint64
	// Rep returns the rank of a state whose entry is e.
	Rep func(e uint64) uint64
}

// A ClassIndex numbers the classes of a puzzle's states under its
// symmetries directly, each class one entry, some entries standing for no
// class.
type ClassIndex struct {
	// Entries is the number of table entries.
	Entries uint64
	// Entry returns the entry of the class of the state of rank r, or
	// NoEntry for a state that has none (one the moves never reach).
	Entry func(r uint64) uint64
}

// NoEntry is what ClassIndex.Entry gives a state with no entry.
const NoEntry = ^uint64(0)

// Entries is the number of entries of the def's table: Fold.Entries if the
// table is folded, else one per state.
func (d *Def) Entries() uint64 {
	if d.Fold != nil {
		return d.Fold.Entries
	}
	return d.Size
}

// Undirected reports whether every move has an inverse among the moves. Then
// neighbouring states differ in distance by at most one, which is what lets a
// table keep only the distance mod 3.
func (d *Def) Undirected() bool {
	for _, inv := range d.Inverse {
		if inv < 0 {
			return false
		}
	}
	return len(d.Inverse) == len(d.Moves)
}

// Fingerprint is a checksum of the definition: its name, size, goal, moves,
// the action of every move on a spread of states, and the fold of those
// states into table entries. A table records the fingerprint of the
// definition it was built from, so a table built for a different encoding,
// move set or fold is refused instead of giving wrong answers.
//
// It guards against mistakes, not against forgery, so it is two FNV-1a
// hashes of 128 bits (the second of the stream after a different first
// byte): a cryptographic hash would add its code to every program that opens
// a table.
func (d *Def) Fingerprint() [32]byte {
	h1, h2 := fnv.New128a(), fnv.New128a()
	h2.Write([]byte{0x5a})
	var buf [8]byte
	write := func(b []byte) {
		h1.Write(b)
		h2.Write(b)
	}
	put := func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		write(buf[:])
	}
	write([]byte(d.Name))
	put(uint64(d.Size))
	put(uint64(d.Rank(d.Goal)))
	for i, m := range d.Moves {
		write([]byte(m))
		put(uint64(int64(d.Inverse[i])))
	}
	// 64 ranks: the first 16, then 48 spread over the rest of the range:
	// enough to notice any change of encoding, move definition or fold (any
	// such change moves most states), cheap enough to run every time a
	// table is opened, which a one-shot answer pays (before its move tables
	// are built, each pocket move is applied from the corners).
	const samples, first = 64, 16
	for i := uint64(0); i < samples; i++ {
		s := d.Unrank(sampleRank(i, samples, first, d.Size))
		for m := range d.Moves {
			put(uint64(d.Rank(d.Apply(s, m))))
		}
	}
	if d.Fold != nil {
		// A fold is what its entries stand for: the state each entry's
		// distance is of (its index is proven against that by the
		// generator, which refuses a state put in an entry of another
		// distance, and by the tests).
		put(uint64(d.Fold.Entries))
		for i := uint64(0); i < samples; i++ {
			put(uint64(d.Fold.Rep(sampleRank(i, samples, first, d.Fold.Entries))))
		}
	}
	if c := d.ClassIndex; c != nil {
		// The numbering of the classes: the entries of the sampled
		// states.
		put(c.Entries)
		for i := uint64(0); i < samples; i++ {
			put(c.Entry(sampleRank(i, samples, first, d.Size)))
		}
	}
	var sum [32]byte
	copy(sum[:16], h1.Sum(nil))
	copy(sum[16:], h2.Sum(nil))
	return sum
}

// sampleRank is the i-th of n samples of the ranks 0..size-1: the first
// `first` ranks in turn, then the rest spread evenly over the others (every
// sample i%size where size is at most n).
func sampleRank(i, n, first, size uint64) uint64 {
	switch {
	case size <= n:
		return i % size
	case i < first:
		return i
	}
	// (i-first)*(size-first)/(n-first), in 128 bits: i-first < n-first, so
	// the quotient fits.
	hi, lo := bits.Mul64(i-first, size-first)
	q, _ := bits.Div64(hi, lo, n-first)
	return first + q
}

// Coords are coordinate move tables: a rank is major*Minor + minor, and move
// m takes it to
//
//	Major[major*M+m]*Minor + MinorMoves[(Class[major]*Minor+minor)*M+m]
//
// where M is the number of moves. Class groups the majors whose minor
// coordinate moves alike (nil: one class for all), so that a minor table
// need not be kept per major.
type Coords struct {
	Minor      uint64
	Major      []uint16
	Class      []uint8
	MinorMoves []uint16
}

// Apply returns the rank after move m from rank r, through the tables.
func (c *Coords) Apply(r uint64, m, moves int) uint64 {
	majors, minors := c.Rows(r, uint64(moves))
	return uint64(majors[m])*c.Minor + uint64(minors[m])
}

// Rows returns rank r's rows of the two tables: move m takes r to
// majors[m]*Minor + minors[m].
func (c *Coords) Rows(r, moves uint64) (majors, minors []uint16) {
	major, minor := r/c.Minor, r%c.Minor
	class := uint64(0)
	if c.Class != nil {
		class = uint64(c.Class[major])
	}
	row := (class*c.Minor + minor) * moves
	return c.Major[major*moves : major*moves+moves], c.MinorMoves[row : row+moves]
}
