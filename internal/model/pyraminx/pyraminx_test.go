package pyraminx

import (
	"slices"
	"sync"
	"testing"

	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/tier"
)

// publishedBody is the published number of body positions (tips left out)
// at each distance 0..11.
var publishedBody = []int{1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32}

// bodyDistances is a plain breadth-first search over the body ranks through
// Position.Apply, from the solved body.
var bodyDistances = sync.OnceValue(func() []uint8 {
	dist := make([]uint8, NBody)
	for i := range dist {
		dist[i] = 0xff
	}
	dist[Solved.Body] = 0
	frontier := []uint32{Solved.Body}
	for d := uint8(1); len(frontier) > 0; d++ {
		var next []uint32
		for _, r := range frontier {
			for m := MoveU; m < NBodyMoves; m++ {
				n := Position{Body: r}.Apply(m).Body
				if dist[n] == 0xff {
					dist[n] = d
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	return dist
})

// histogram counts the ranks at each distance; an unreached rank fails.
func histogram(t *testing.T, dist []uint8) []int {
	t.Helper()
	var h []int
	for r, d := range dist {
		if d == 0xff {
			t.Fatalf("body rank %d is not reached", r)
		}
		for int(d) >= len(h) {
			h = append(h, 0)
		}
		h[d]++
	}
	return h
}

// Every body position is reached, and as many at each distance as published
// (God's number 11).
func TestBodyDistribution(t *testing.T) {
	if h := histogram(t, bodyDistances()); !slices.Equal(h, publishedBody) {
		t.Fatalf("distribution %v, published %v", h, publishedBody)
	}
}

// The table definition names the moves in the walk's order, with their
// inverses, and its moves are Position.Apply's (so the search above is the
// definition's).
func TestDef(t *testing.T) {
	def := Def()
	if def.Name != "pyraminx" || def.Size != NBody || !def.Undirected() || !def.Accel.StateIsRank || def.Goal != 0 {
		t.Fatalf("definition %q size %d goal %d undirected %v", def.Name, def.Size, def.Goal, def.Undirected())
	}
	if !slices.Equal(def.Moves, []string{"U", "U'", "L", "L'", "R", "R'", "B", "B'"}) {
		t.Fatalf("moves %v", def.Moves)
	}
	for r := uint32(0); r < NBody; r++ {
		for m := range def.Moves {
			if got, want := uint32(def.Apply(puzzle.State(r), m)), (Position{Body: r}).Apply(Move(m)).Body; got != want {
				t.Fatalf("rank %d, %s: definition gives %d, Position.Apply %d", r, def.Moves[m], got, want)
			}
			if back := def.Apply(def.Apply(puzzle.State(r), m), def.Inverse[m]); back != puzzle.State(r) {
				t.Fatalf("rank %d: %s then %s gives %d", r, def.Moves[m], def.Moves[def.Inverse[m]], back)
			}
		}
	}
}

// The coordinate tables given to the walk agree with Apply on every state
// and move.
func TestDefCoords(t *testing.T) {
	def := Def()
	for r := uint64(0); r < NBody; r++ {
		for m := range def.Moves {
			if got, want := def.Accel.Coords.Apply(r, m, len(def.Moves)), uint64(def.Apply(puzzle.State(r), m)); got != want {
				t.Fatalf("rank %d, %s: coordinates give %d, Apply %d", r, def.Moves[m], got, want)
			}
		}
	}
}

// Every body rank is a valid position (even edge permutation, even flips,
// its stickers read back as itself) whose rank is the rank; so are all the
// tip settings.
func TestRankRoundTrip(t *testing.T) {
	for r := uint32(0); r < NBody; r++ {
		q := Position{Body: r, Tips: uint8(r % NTips)}
		p := q.Pieces()
		if p.EdgeParity() != 0 || p.EdgeFlip() != 0 {
			t.Fatalf("rank %d: %+v has an odd edge permutation or flip", r, p)
		}
		if got := p.Position(); got != q {
			t.Fatalf("%+v: pieces %+v rank as %+v", q, p, got)
		}
	}
	for tips := 0; tips < NTips; tips++ {
		q := Position{Body: uint32(tips) * 11519, Tips: uint8(tips)}
		if got := q.Pieces().Position(); got != q {
			t.Fatalf("%+v ranks as %+v", q, got)
		}
	}
}

// Every move followed by its inverse, and every move three times, leaves
// every state as it was.
func TestInverses(t *testing.T) {
	for r := uint32(0); r < NBody; r++ {
		q := Position{Body: r, Tips: uint8(r % NTips)}
		for m := MoveU; m < NMoves; m++ {
			if got := q.Apply(m).Apply(m.Inverse()); got != q {
				t.Fatalf("%+v: %s %s gives %+v", q, m, m.Inverse(), got)
			}
			if got := q.Apply(m).Apply(m).Apply(m); got != q {
				t.Fatalf("%+v: %s three times gives %+v", q, m, got)
			}
		}
	}
}

// The coordinate moves (tables), the piece moves and the sticker cycles
// agree: on every body state and move, the tables and the pieces; on every
// state, the stickers for one move (a different one from state to state),
// and for every move on a spread of states. (Under -short, on tier.Ranks'
// sample of the states.)
func TestMovesAgree(t *testing.T) {
	for _, r := range tier.Ranks(NBody) {
		q := Position{Body: r, Tips: uint8(r % NTips)}
		p := q.Pieces()
		for m := MoveU; m < NMoves; m++ {
			if got, want := q.Apply(m), p.Apply(m).Position(); got != want {
				t.Fatalf("%+v, %s: tables give %+v, pieces %+v", q, m, got, want)
			}
		}
		faces := p.Faces()
		moves := []Move{Move(r % NMoves)}
		if r%97 == 0 {
			moves = []Move{MoveU, MoveUi, MoveL, MoveLi, MoveR, MoveRi, MoveB, MoveBi, MoveTipU, MoveTipUi, MoveTipL, MoveTipLi, MoveTipR, MoveTipRi, MoveTipB, MoveTipBi}
		}
		for _, m := range moves {
			after, err := fromFaces(m.ApplyStickers(faces), FaceNames)
			if err != nil || after.Position() != q.Apply(m) {
				t.Fatalf("%+v, %s: stickers give %+v (%v), tables %+v", q, m, after.Position(), err, q.Apply(m))
			}
		}
	}
}

// With the tips: the distance of a position is its body's distance plus its
// unsolved tips (tips twisted relative to their centres). Proof, checked
// here on every state: a corner turn changes the body by one move and
// leaves the relative tip twists alone; a tip turn leaves the body alone
// and changes one tip; so no move lowers the sum by more than one, and the
// body's shortest solution followed by one tip turn per unsolved tip
// reaches it. The distribution is then the body's convolved with the tips',
// which gives the published count and God's number.
func TestWithTips(t *testing.T) {
	dist := bodyDistances()
	for r := uint32(0); r < NBody; r++ {
		q := Position{Body: r, Tips: uint8(r % NTips)}
		for m := MoveU; m < NMoves; m++ {
			n := q.Apply(m)
			if m.TipOnly() {
				if n.Body != q.Body {
					t.Fatalf("%+v: tip move %s changes the body", q, m)
				}
			} else if n.Tips != q.Tips {
				t.Fatalf("%+v: corner turn %s changes the tips relative to the centres", q, m)
			}
		}
	}
	var tipCount [5]int
	for tips := 0; tips < NTips; tips++ {
		q := Position{Tips: uint8(tips)}
		u := q.UnsolvedTips()
		tipCount[u]++
		solvedBy := 0
		for m := MoveTipU; m < NMoves; m++ {
			d := q.Apply(m).UnsolvedTips() - u
			if d < -1 || d > 1 {
				t.Fatalf("tips %d: %s changes the unsolved tips by %d", tips, m, d)
			}
			if d == -1 {
				solvedBy++
			}
		}
		// Every unsolved tip is solved by exactly one of its two turns.
		if solvedBy != u {
			t.Fatalf("tips %d: %d unsolved, %d moves solve one", tips, u, solvedBy)
		}
	}
	body := histogram(t, dist)
	var all []int
	for d, n := range body {
		for u, k := range tipCount {
			for d+u >= len(all) {
				all = append(all, 0)
			}
			all[d+u] += n * k
		}
	}
	total := 0
	for _, n := range all {
		total += n
	}
	if total != 75_582_720 || len(all)-1 != 15 {
		t.Fatalf("with tips: %d positions, God's number %d; published 75,582,720 and 15 (distribution %v)", total, len(all)-1, all)
	}
	t.Logf("with tips, by distance: %v", all)
}
