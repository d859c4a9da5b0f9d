package pocket

import (
	"sync"
	"sync/atomic"
)

// A first answer without the tables: the move tables and the fold's index
// take a few milliseconds to build (about 300 KB written), which a program
// answering one position would spend almost wholly on them. Until they are
// built, a position's moves are applied to its corners directly
// (coldApply) and its table entry is found by trying the symmetries
// (coldEntry), a microsecond or two a read: a first walk reads a few dozen
// entries.

// classReps are the representative permutations (ranks) of the 78 classes,
// in class order: the fold's own (see foldPerms), written out so that an
// entry can be found, and an entry's position named, before the fold is
// built. TestClassRepsAreTheFolds checks them against the fold.
var classReps = [NClasses]uint16{
	0x0, 0x1, 0x2, 0x3, 0x7, 0x8, 0x9, 0xa, 0xc, 0xe, 0x10, 0x11, 0x12,
	0x17, 0x19, 0x1a, 0x1b, 0x1c, 0x20, 0x21, 0x24, 0x25, 0x27, 0x28, 0x29,
	0x2c, 0x2e, 0x33, 0x34, 0x39, 0x3e, 0x40, 0x51, 0x56, 0x8f, 0xa1, 0x2d2,
	0x2d3, 0x2d4, 0x2d6, 0x2d7, 0x2d8, 0x2d9, 0x2da, 0x2db, 0x2dc, 0x2dd,
	0x2e1, 0x2e2, 0x2e6, 0x2e7, 0x2e9, 0x2ef, 0x2f5, 0x2fc, 0x30a, 0x30f,
	0x310, 0x31f, 0x322, 0x34c, 0x353, 0x359, 0x35a, 0x35f, 0x38d, 0x38e,
	0x3a6, 0x5a3, 0x5a9, 0x5b6, 0x5b7, 0x5c8, 0x5d5, 0x619, 0x61f, 0x686,
	0x737,
}

// classOfRep[p] is 1 plus the class whose representative is permutation p,
// 0 for a permutation that represents none.
var classOfRep = sync.OnceValue(func() *[NPerm]uint8 {
	var c [NPerm]uint8
	for k, p := range classReps {
		c[p] = uint8(k + 1)
	}
	return &c
})

// coldEntry returns an entry of the folded tables that holds the distance
// of the position of rank r, without the fold's index. Some symmetry s and
// one of the three renamings that keep the down-back-left corner's name
// take the position to one whose permutation is its class's representative
// (the fold's own index takes it there too, which is what makes it an
// index); the entry is that class and that position's twist. Where the
// class has symmetries of its own, several s do, reaching the
// representative with other twists, and the entry may differ from the
// index's; every one of them holds the position's distance (the positions
// are symmetric images of one another, as far from solved). TestColdEntry
// proves the distance the same as the index's on every position, in both
// metrics.
func coldEntry(r uint32) uint32 {
	c := FromRank(r)
	syms := allSymmetries()
	reps := classOfRep()
	for si := range syms {
		y := syms[si].conj(c)
		for o := range relabel[y.CP[DBL]] {
			x := relabel[y.CP[DBL]][o].Mul(y)
			if k := reps[x.PermRank()]; k != 0 {
				t := uint32(0)
				for i := DBL; i >= 0; i-- {
					t = 3*t + uint32(x.CO[i])
				}
				return uint32(k-1)*NFoldTwist + t
			}
		}
	}
	panic("pocket: a position that no symmetry takes to a representative")
}

// coldApply returns the rank after move m from the position of rank r,
// from the corners: Tables.Apply without the tables.
func coldApply(r uint32, m Move) uint32 { return FromRank(r).Mul(moveCubie[m]).Rank() }

// The tables once built, for the definitions' Apply and fold Index to use
// instead of the cold ways: nil until then.
var (
	builtMoves atomic.Pointer[Tables]
	builtFold  atomic.Pointer[foldIndex]
)

// coldLimit is how many moves and entries are found the cold way before
// the tables are built anyway: a few milliseconds of cold reads, about what
// the tables cost, so that a program reading many states (a count, a
// sweep, the generator) soon reads them through the tables, while a first
// answer (the definition's fingerprint, 576 moves, and a walk) does not
// wait for them.
const coldLimit = 4096

// coldReads counts the moves and entries found the cold way.
var coldReads atomic.Uint32

// applyMoveCold is the definitions' Apply before the move tables are built.
func applyMoveCold(r uint32, m Move) uint32 {
	if coldReads.Add(1) > coldLimit {
		return MoveTables().Apply(r, m)
	}
	return coldApply(r, m)
}

// foldEntryCold is the fold's Index before the fold's index is built.
func foldEntryCold(r uint32) uint32 {
	if coldReads.Add(1) > coldLimit {
		return theFold().index(r)
	}
	return coldEntry(r)
}
