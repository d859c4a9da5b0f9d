package pocket

import (
	"math/bits"
	"sync"
)

// The walk's last moves, looked up. Near the goal the walk's steps cost as
// much as anywhere else, and there are few positions: within five quarter
// turns of the goal there are 2,944, within four moves of the half-turn
// metric 2,232. So the specialised walk walks until the rest of its way is
// that short (the endgame's radius) and then reads it from an endgame: for
// each of those positions, the moves the walk takes from there to the goal.
//
// An endgame is worked out on first use from the move tables alone: a
// breadth-first search from the goal out to the radius gives those
// positions' exact distances, which are all the walk's rule needs there
// (whether a move descends, and in the quarter-turn metric whether the
// walk can go on after it, asks only about positions nearer the goal). The
// distance table is not read. TestEndgame checks every entry against the
// walk through the table, and the every-position tests compare the walks
// that use it with the reference walk.
//
// The walk knows a position's distance only mod 3 (its level), so it
// cannot tell when the rest of its way is short. It takes the likeliest
// distance of the position it starts from: the most common among those of
// its level (and in the quarter-turn metric, of its permutation's parity:
// every quarter turn is an odd permutation of the corners, so a position's
// distance is even exactly where its permutation is). Where the guess is
// right the walk looks its last moves up once it has gone the guess less
// the radius; where the position is nearer than the guess, the walk
// reaches the goal first, or finds its position in the endgame; where it is
// farther, the position it has reached is not in the endgame, and the walk
// goes on and tries again a period later (3 or 6 moves: the distances its
// level and parity allow).

// Endgame radii: the quarter-turn metric's steps are more, and each reads
// less, so its endgame reaches farther for the same size.
const (
	htmEndgameRadius = 4
	qtmEndgameRadius = 5
)

// A tail is the walk's moves from a position to the goal: how many in bits
// 0..2, and the moves above as the digits of a number in base 9, the first
// the least significant. Five moves take 19 bits.
type tail uint32

// tailNone is a tail that is no answer: the walk goes on.
const tailNone tail = 7

// len returns the number of moves.
func (t tail) len() int { return int(t & 7) }

// first returns the first move.
func (t tail) first() Move { return Move(t >> 3 % 9) }

// plus returns the tail with move m after its moves.
func (t tail) plus(m Move) tail {
	w := tail(1)
	for range t.len() {
		w *= 9
	}
	return t + tail(m)*w<<3 + 1
}

// An endgame maps positions within its radius of the goal to the walk's
// moves from there. Its slots are a hash table: each entry packs its
// position's key (entryKey, plus one, so that 0 is an empty slot), the
// moves the walk takes from it and, in the quarter-turn metric, the moves
// it takes when the walk arrived by a turn of the first one's face, which
// it may then not take (tailNone where no walk arrives so).
type endgame struct {
	slots  []uint64
	shift  uint32 // 32 less the table's size in bits
	radius int
	// guess[level][parity] is the distance the walk takes its start to be
	// (parity is always 0 in the half-turn metric), and period what to
	// add when that guess turns out short.
	guess  [4][2]int
	period int
	// odd has bit p set where permutation p is odd (the quarter-turn
	// metric's only).
	odd []uint64
}

// Fields of an endgame entry.
const (
	endKeyBits  = 23 // bits 0..22: the key, plus one
	endTailBits = 19
	endTail     = endKeyBits               // the walk's moves
	endTail2    = endKeyBits + endTailBits // the moves after a turn of the first one's face
)

// parity returns 1 where permutation p is odd and the endgame is the
// quarter-turn metric's, else 0.
func (e *endgame) parity(p uint32) int {
	if len(e.odd) == 0 {
		return 0
	}
	return int(e.odd[p/64&uint32(len(e.odd)-1)] >> (p % 64) & 1)
}

// entryKey is the endgame's key of the position of permutation p and twist
// halves t.
func entryKey(p, t uint32) uint32 { return p<<10 | t }

// slot returns the first slot of key k.
func (e *endgame) slot(k uint32) uint32 { return (k * 0x9e3779b1) >> e.shift }

// tail returns the walk's moves from the position of permutation p and
// twist halves t after a turn of face last (-1 for none), and whether the
// endgame has them.
func (e *endgame) tail(p, t uint32, last int) (tail, bool) {
	k := entryKey(p, t) + 1
	mask := uint32(len(e.slots) - 1)
	for i := e.slot(k - 1); ; i = (i + 1) & mask {
		x := e.slots[i&mask]
		if x == 0 {
			return 0, false
		}
		if uint32(x)&(1<<endKeyBits-1) == k {
			moves := tail(x>>endTail) & (1<<endTailBits - 1)
			if moves.len() > 0 && int(moves.first())/3 == last {
				moves = tail(x>>endTail2) & (1<<endTailBits - 1)
			}
			return moves, moves != tailNone
		}
	}
}

var (
	htmEndgame = sync.OnceValue(func() *endgame { return newEndgame(false) })
	qtmEndgame = sync.OnceValue(func() *endgame { return newEndgame(true) })
)

// newEndgame works out the endgame of the metric (qtm: the quarter-turn
// metric).
func newEndgame(qtm bool) *endgame {
	rule := newEndgameRule(qtm)
	// At most half full: the smallest power of two twice the positions.
	sizeBits := bits.Len(uint(2*len(rule.rank) - 1))
	size := 1 << sizeBits
	e := &endgame{slots: make([]uint64, size), shift: uint32(32 - sizeBits), radius: rule.radius}
	// The likeliest distance of each level and parity, from the published
	// distance counts (SPEC.md): in the half-turn metric 9, 10 and 8 for
	// levels 0, 1, 2; in the quarter-turn metric 12, 13, 8, 9, 10 and 11
	// for distances 0..5 mod 6.
	if qtm {
		e.odd = oddPerms()
		e.period = 6
		for d := range 6 {
			e.guess[d%3][d%2] = [6]int{12, 13, 8, 9, 10, 11}[d]
		}
	} else {
		e.period = 3
		for l := range 3 {
			e.guess[l] = [2]int{[3]int{9, 10, 8}[l], 0}
		}
	}
	// An unreachable level (3) never comes to the endgame.
	e.guess[3] = [2]int{1 << 30, 1 << 30}
	for i, r := range rule.rank {
		moves := rule.walk(i, -1)
		moves2 := moves
		if qtm && moves.len() > 0 {
			moves2 = rule.walk(i, int(moves.first())/3)
		}
		p, t := r/NTwist, halves(r%NTwist)
		k := entryKey(p, t)
		x := uint64(k+1) | uint64(moves)<<endTail | uint64(moves2)<<endTail2
		for j := e.slot(k); ; j = (j + 1) & uint32(size-1) {
			if e.slots[j] == 0 {
				e.slots[j] = x
				break
			}
		}
	}
	return e
}

// oddPerms returns the odd permutations, a bit each: those an odd number
// of quarter turns from the solved one, found by a breadth-first search.
// Its length is a power of two, so that it is read with a mask.
func oddPerms() []uint64 {
	mt := MoveTables()
	odd := make([]uint64, 128)
	seen := make([]bool, NPerm)
	seen[0] = true
	queue := []uint16{0}
	for head := 0; head < len(queue); head++ {
		p := queue[head]
		for _, m := range QTMMoves {
			q := mt.Perm[9*int(p)+int(m)]
			if !seen[q] {
				seen[q] = true
				if odd[p/64]>>(p%64)&1 == 0 {
					odd[q/64] |= 1 << (q % 64)
				}
				queue = append(queue, q)
			}
		}
	}
	return odd
}

// endgameRule is the walk's rule (walk.Walker.SolveReference) on the exact
// distances near the goal, for the positions within radius of it,
// numbered in the order of a breadth-first search from the goal.
type endgameRule struct {
	qtm    bool
	radius int
	rank   []uint32
	dist   []int8
	// after[i][m] is the number of the position step m leads to from
	// position i, -1 where that is farther than radius.
	after [][9]int32
	// down[i] has bit m set where step m descends from position i: goes
	// nearer by its cost (in the quarter-turn metric a half turn costs
	// two, and descends where its quarter turn and then it do).
	down []uint16
}

// newEndgameRule searches from the goal out to the metric's radius, in the
// metric's moves (in the quarter-turn metric the quarter turns).
func newEndgameRule(qtm bool) *endgameRule {
	mt := MoveTables()
	e := &endgameRule{qtm: qtm, radius: htmEndgameRadius, rank: []uint32{0}, dist: []int8{0}}
	if qtm {
		e.radius = qtmEndgameRadius
	}
	number := newRankNumbers(1 << 13)
	number.put(0, 0)
	for head := 0; head < len(e.rank); head++ {
		if int(e.dist[head]) == e.radius {
			continue
		}
		for m := Move(0); m < 9; m++ {
			if qtm && m%3 == 2 {
				continue
			}
			s := mt.Apply(e.rank[head], m)
			if _, seen := number.get(s); !seen {
				number.put(s, int32(len(e.rank)))
				e.rank = append(e.rank, s)
				e.dist = append(e.dist, e.dist[head]+1)
			}
		}
	}
	e.after = make([][9]int32, len(e.rank))
	e.down = make([]uint16, len(e.rank))
	for i, r := range e.rank {
		for m := Move(0); m < 9; m++ {
			j, ok := number.get(mt.Apply(r, m))
			if !ok {
				j = -1
			}
			e.after[i][m] = j
		}
	}
	for i := range e.rank {
		d := e.dist[i]
		for m := Move(0); m < 9; m++ {
			j := e.after[i][m]
			if j < 0 {
				continue
			}
			if !qtm || m%3 != 2 {
				if e.dist[j] == d-1 {
					e.down[i] |= 1 << m
				}
			} else if q := e.after[i][m-2]; e.dist[j] == d-2 && q >= 0 && e.dist[q] == d-1 {
				e.down[i] |= 1 << m
			}
		}
	}
	return e
}

// faceSteps has bits 3g..3g+2 set for face g.
func faceSteps(g int) uint16 { return 7 << (3 * g) }

// walk returns the walk's moves from position i to the goal after a turn
// of face last (-1 for none); tailNone where no step can follow such a
// turn (the walk then never makes it: the step before would not have let
// it go on).
func (e *endgameRule) walk(i int, last int) tail {
	var moves tail
	for i != 0 {
		m, ok := e.choose(i, last)
		if !ok {
			return tailNone
		}
		moves = moves.plus(m)
		i, last = int(e.after[i][m]), int(m)/3
	}
	return moves
}

// choose returns the walk's step from position i after a turn of face
// last, if there is one: the first, in order, of another face that descends and, in the
// quarter-turn metric, after which some step of another face descends (or
// the goal is reached).
func (e *endgameRule) choose(i int, last int) (Move, bool) {
	for m := Move(0); m < 9; m++ {
		if e.down[i]&(1<<m) == 0 || e.qtm && int(m)/3 == last {
			continue
		}
		j := e.after[i][m]
		if !e.qtm || j == 0 || e.down[j]&^faceSteps(int(m)/3) != 0 {
			return m, true
		}
	}
	return 0, false
}

// rankNumbers numbers ranks: a hash table of fixed size, a power of two at
// least twice the ranks it is to hold and at most 1<<16 (a map took most of an endgame's
// making).
type rankNumbers struct {
	keys []uint32 // rank plus one, 0 for an empty slot
	nums []int32
}

func newRankNumbers(size int) *rankNumbers {
	return &rankNumbers{keys: make([]uint32, size), nums: make([]int32, size)}
}

// find returns the slot of rank r, or of the empty slot where it would go.
func (t *rankNumbers) find(r uint32) int {
	mask := len(t.keys) - 1
	i := int((r*0x9e3779b1)>>16) & mask
	for t.keys[i] != 0 && t.keys[i] != r+1 {
		i = (i + 1) & mask
	}
	return i
}

func (t *rankNumbers) put(r uint32, n int32) {
	i := t.find(r)
	t.keys[i], t.nums[i] = r+1, n
}

func (t *rankNumbers) get(r uint32) (int32, bool) {
	i := t.find(r)
	return t.nums[i], t.keys[i] != 0
}
